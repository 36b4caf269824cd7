// Issue 20 §2 and §3: sign-in limits that slow a guesser without locking the owner out, count failures
// only (a computer lab behind one address signs in freely), tell the owner by mail, and read the client
// address from the rightmost X-Forwarded-For hop, so a spoofed leftmost one escapes nothing.
import assert from "node:assert/strict";
import { and, eq, like } from "drizzle-orm";
import { outbox, rateLimits, userRoles, users } from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, randomAddress } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const WRONG = "Wrong#2026x";

async function attempt(username: string, password: string, forwardedFor = randomAddress()) {
  const res = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": forwardedFor }),
    body: JSON.stringify({ username, password }),
  });
  await res.body?.cancel();
  return res;
}

async function createMember(username: string, locale = "ko") {
  const [user] = await db.insert(users).values({
    username,
    email: `${username}@example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: `회원 ${username}`,
    nameEn: `Member ${username}`,
    locale,
  }).returning();
  await db.insert(userRoles).values({ userId: user.id, roleCode: "member", approved: true });
  return user;
}

const mailsTo = (to: string) => db.select().from(outbox).where(eq(outbox.to, to));

appTest("failures from many addresses never lock the administrator out of a clean address", async () => {
  for (let i = 0; i < 12; i++) assert.equal((await attempt("admin", WRONG)).status, 401, `guess ${i + 1}`);
  assert.equal((await attempt("admin", DEMO_PASSWORD)).status, 200, "the owner still signs in");
});

appTest("5 failures from one address: that address waits (1 minute, then doubling), others do not", async () => {
  await createMember("pair-owner");
  const attacker = "198.51.100.20";
  for (let i = 0; i < 5; i++) assert.equal((await attempt("pair-owner", WRONG, attacker)).status, 401);
  const waiting = await attempt("pair-owner", DEMO_PASSWORD, attacker);
  assert.equal(waiting.status, 429, "the failing address waits, even with the right password");
  const seconds = Number(waiting.headers.get("retry-after"));
  assert.ok(seconds > 50 && seconds <= 60, `retry after ${seconds}s`);
  assert.equal((await attempt("pair-owner", DEMO_PASSWORD, "198.51.100.21")).status, 200, "the owner elsewhere");

  // Once the minute has passed, the next failure doubles the wait.
  await db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.bucket, `login:pair:pair-owner:${attacker}:wait`));
  assert.equal((await attempt("pair-owner", WRONG, attacker)).status, 401);
  const longer = await attempt("pair-owner", WRONG, attacker);
  assert.equal(longer.status, 429);
  const doubled = Number(longer.headers.get("retry-after"));
  assert.ok(doubled > 110 && doubled <= 120, `retry after ${doubled}s`);
});

appTest("a good sign-in from the failing address forgets its failures", async () => {
  await createMember("pair-forgive");
  const address = "198.51.100.30";
  for (let i = 0; i < 4; i++) assert.equal((await attempt("pair-forgive", WRONG, address)).status, 401);
  assert.equal((await attempt("pair-forgive", DEMO_PASSWORD, address)).status, 200);
  for (let i = 0; i < 4; i++) assert.equal((await attempt("pair-forgive", WRONG, address)).status, 401);
  assert.equal((await attempt("pair-forgive", DEMO_PASSWORD, address)).status, 200, "4 + 4 failures, no wait");
});

appTest("a computer lab behind one address: 20 good sign-ins in a minute are all let in", async () => {
  const lab = "203.0.113.50";
  for (let i = 0; i < 20; i++) {
    const username = ["member", "staff", "tester", "company"][i % 4];
    assert.equal((await attempt(username, DEMO_PASSWORD, lab)).status, 200, `sign-in ${i + 1}`);
  }
});

appTest("one address: 10 failures a minute across accounts, good sign-ins not counted, then 429", async () => {
  const address = "203.0.113.60";
  for (let i = 0; i < 9; i++) assert.equal((await attempt(`nobody-${i}`, WRONG, address)).status, 401);
  for (let i = 0; i < 5; i++) assert.equal((await attempt("member", DEMO_PASSWORD, address)).status, 200);
  assert.equal((await attempt("nobody-9", WRONG, address)).status, 401, "the 10th failure");
  const limited = await attempt("member", DEMO_PASSWORD, address);
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
});

appTest("spoofed leftmost X-Forwarded-For hops do not escape the per-address limit", async () => {
  const real = "203.0.113.70";
  const spoofed = () => `${randomAddress()}, ${real}`;
  for (let i = 0; i < 10; i++) assert.equal((await attempt(`spoof-${i}`, WRONG, spoofed())).status, 401);
  assert.equal((await attempt("member", DEMO_PASSWORD, spoofed())).status, 429, "the real address is limited");
  assert.equal((await attempt("member", DEMO_PASSWORD, `${real}, ${randomAddress()}`)).status, 200, "another one");
});

appTest("past 100 failures an hour, failing addresses wait; a clean address still signs in", async () => {
  await createMember("capped");
  const reset = new Date(Date.now() + 30 * 60_000);
  await db.insert(rateLimits).values({ bucket: "login:fail:capped", count: 100, resetAt: reset });
  const guesser = "198.51.100.40";
  assert.equal((await attempt("capped", WRONG, guesser)).status, 401, "a first failure from this address");
  const refused = await attempt("capped", WRONG, guesser);
  assert.equal(refused.status, 429, "then no further guess until the hour ends");
  const seconds = Number(refused.headers.get("retry-after"));
  assert.ok(seconds > 1700 && seconds <= 1800, `retry after ${seconds}s`);
  assert.equal((await attempt("capped", DEMO_PASSWORD, guesser)).status, 429);
  assert.equal((await attempt("capped", DEMO_PASSWORD, "198.51.100.41")).status, 200, "the owner from elsewhere");
});

appTest("the owner is told by mail of repeated failures, in their language, once an hour", async () => {
  const ko = await createMember("notice-ko");
  for (let i = 0; i < 9; i++) await attempt("notice-ko", WRONG);
  assert.equal((await mailsTo(ko.email)).length, 0, "9 failures: no mail yet");
  await attempt("notice-ko", WRONG, "198.51.100.50");
  const [mail, ...more] = await mailsTo(ko.email);
  assert.equal(more.length, 0);
  assert.match(mail.subject, /로그인 실패/);
  assert.match(mail.body, /notice-ko에 잘못된 비밀번호로 로그인하려는 시도가 10번/);
  assert.match(mail.body, /198\.51\.100\.50/);
  for (let i = 0; i < 5; i++) await attempt("notice-ko", WRONG);
  assert.equal((await mailsTo(ko.email)).length, 1, "at most one mail an hour");

  const en = await createMember("notice-en", "en");
  for (let i = 0; i < 10; i++) await attempt("notice-en", WRONG);
  const [english] = await mailsTo(en.email);
  assert.match(english.subject, /failed sign-ins/);
  assert.match(english.body, /10 attempts to sign in as notice-en/);
  assert.match(english.body, /\/en\/profile/);

  // Unknown accounts get the same answers and counters, and mail nobody.
  for (let i = 0; i < 10; i++) assert.equal((await attempt("notice-ghost", WRONG)).status, 401);
  const counted = await db.select().from(rateLimits).where(like(rateLimits.bucket, "login:fail:notice-ghost"));
  assert.equal(counted[0]?.count, 10);
  assert.equal((await db.select().from(outbox).where(and(like(outbox.body, "%notice-ghost%")))).length, 0);
});

appTest("close", async () => {
  await t.close();
});
