// Issue 23 §10: web push over the registered devices. An approval writes a notification for each of the
// member's devices in their language beside the mail; the push loop sends it encrypted (aes128gcm) with
// VAPID to the subscription's endpoint — here a local push service that records what it receives — once;
// a subscription the service says is gone takes its device with it; a kind the member turned off in the
// profile writes nothing; the profile shows the settings and, with VAPID keys, the button's island.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import ece from "http_ece";
import webpush from "web-push";
import { devices, users } from "../../db/schema/member.ts";
import { pushMessages } from "../../db/schema/push.ts";
import { deliverPushes, queuePush, vapidSender } from "../../domain/notify/push.ts";
import { queueMail } from "../../domain/mail/outbox.ts";
import { applicationMail } from "../../domain/programme/mail.ts";
import { mailMember } from "../../domain/contest/mail.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const vapid = webpush.generateVAPIDKeys();
const t = await openTestApp({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
const db = t.app.database.db;

interface Received {
  path: string;
  headers: Headers;
  body: Buffer;
}
const received: Received[] = [];
const pushService = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
  const path = new URL(req.url).pathname;
  received.push({ path, headers: req.headers, body: Buffer.from(await req.arrayBuffer()) });
  return new Response(null, { status: path === "/gone" ? 410 : 201 });
});
globalThis.addEventListener("unload", () => pushService.shutdown());

function subscription(path: string) {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const auth = randomBytes(16);
  const token = JSON.stringify({
    endpoint: `http://127.0.0.1:${pushService.addr.port}${path}`,
    keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  });
  const open = (body: Buffer) =>
    JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret: auth.toString("base64url") }));
  return { token, open };
}

const form = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
    body,
    redirect: "manual",
  });
};

appTest("an approval reaches the member's devices once, encrypted, in each device's language", async () => {
  const [design] = await db.select().from(users).where(eq(users.username, "design"));
  const english = subscription("/push/en");
  const gone = subscription("/gone");
  const [kept] = await db.insert(devices).values({
    userId: design.id,
    deviceId: "laptop",
    token: english.token,
    lang: "en",
  })
    .returning();
  const [stale] = await db.insert(devices).values({ userId: design.id, deviceId: "old", token: gone.token, lang: "ko" })
    .returning();

  const admin = await signIn(t, "admin");
  const decided = await form(`/management/user/${design.id}`, admin, { action: "approve_role", role: "design" });
  assert.equal(decided.status, 303);
  const queued = await db.select().from(pushMessages).where(eq(pushMessages.kind, "account"));
  assert.equal(queued.length, 2, "one per device");
  const en = queued.find((m) => m.deviceId === kept.id)!;
  const ko = queued.find((m) => m.deviceId === stale.id)!;
  assert.match(en.title, /approved/i);
  assert.match(ko.title, /승인/);

  const report = await deliverPushes(db, vapidSender(t.config)!);
  assert.deepEqual(report, { sent: 1, retrying: 0, failed: 0, gone: 1 });
  const delivered = received.filter((r) => r.path === "/push/en");
  assert.equal(delivered.length, 1);
  assert.equal(delivered[0].headers.get("content-encoding"), "aes128gcm");
  assert.match(delivered[0].headers.get("authorization") ?? "", new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
  const payload = english.open(delivered[0].body);
  assert.deepEqual(payload, { title: en.title, body: "", url: "/mypage" });
  assert.equal((await db.select().from(devices).where(eq(devices.id, stale.id))).length, 0, "a gone subscription");

  // Sent once: nothing more on the next run.
  assert.deepEqual(await deliverPushes(db, vapidSender(t.config)!), { sent: 0, retrying: 0, failed: 0, gone: 0 });
  assert.equal(received.filter((r) => r.path === "/push/en").length, 1);
});

appTest("a kind turned off in the profile writes no notification; the settings refuse unknown kinds", async () => {
  const cookie = await signIn(t, "member");
  const [member] = await db.select().from(users).where(eq(users.username, "member"));
  await db.insert(devices).values({ userId: member.id, deviceId: "phone", token: subscription("/push/m").token });

  const page = await (await t.request("/profile", { headers: { cookie } })).text();
  assert.match(page, /id="notifications"/);
  assert.match(page, /data-island="PushSubscribe"/, "with VAPID keys the button's island is there");
  assert.match(page, /name="kinds" value="account" checked/);

  const saved = await form("/profile/notifications", cookie, { kinds: ["payment", "result"] });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/profile#notifications");
  const [after] = await db.select({ off: users.pushOff }).from(users).where(eq(users.id, member.id));
  assert.deepEqual(after.off.sort(), ["account", "application", "board", "contest"]);

  const title = { ko: "승인", en: "Approved" };
  assert.equal(await queuePush(db, { userId: member.id, kind: "account", title }), 0, "turned off");
  assert.equal(await queuePush(db, { userId: member.id, kind: "payment", title }), 1, "still on");

  assert.equal((await form("/profile/notifications", cookie, { kinds: "everything" })).status, 422);
  const anonymous = await t.request("/profile/notifications", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded" }),
    body: "kinds=payment",
    redirect: "manual",
  });
  assert.notEqual(anonymous.status, 303);
  assert.ok(anonymous.status >= 400, `anonymous: ${anonymous.status}`);
});

appTest("the areas' mails reach the member's devices too: a programme decision, a contest mail", async () => {
  const [company] = await db.select().from(users).where(eq(users.username, "company"));
  const [phone] = await db.insert(devices).values({
    userId: company.id,
    deviceId: "company-phone",
    token: subscription("/push/c").token,
    lang: "en",
  }).returning();
  await db.transaction(async (tx) => {
    const mail = applicationMail(t.config, company, { title: "창업 지원", titleEn: "Start-up support" }, {
      status: "accepted",
      reason: "",
    });
    await queueMail(tx, t.config, mail);
    await mailMember(tx, t.config, company.id, { id: 7, title: "로고 공모", titleEn: "Logo contest" }, "approved");
  });
  const queued = await db.select().from(pushMessages).where(eq(pushMessages.deviceId, phone.id));
  const byKind = Object.fromEntries(queued.map((m) => [m.kind, m]));
  assert.deepEqual(Object.keys(byKind).sort(), ["application", "contest"]);
  assert.equal(byKind.application.url, "/mypage/supports");
  assert.equal(byKind.contest.url, "/contest/7");
  // The mail's subject in the member's language, whatever language the device was registered in.
  assert.ok(byKind.application.title.length > 0 && byKind.contest.title.length > 0);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
