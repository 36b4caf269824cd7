// SPEC §7 session calls and §2.4 route rules, with the attacks of issue 3: wrong and unknown users, rate
// limits, tampered and alg:none tokens, expiry and idle timeout, revocation, CSRF, open redirects.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { sessions, userRoles, users } from "../../db/schema/member.ts";
import manifest from "../../routes.gen.ts";
import { createApp } from "../../app.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { cookieFrom, DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
let ip = 0;
/** Each call from its own client address, so the per-address limits stay out of the way. */
const fresh = () => ({ "x-forwarded-for": `10.0.${Math.floor(++ip / 250)}.${ip % 250}` });

const loginJson = (body: unknown, headers: Record<string, string> = fresh()) =>
  t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", ...headers }),
    body: JSON.stringify(body),
  });
const identify = async (cookie?: string) => {
  const res = await t.request("/api/identify", { headers: cookie ? { cookie } : {} });
  return { res, body: await res.json() };
};

appTest("identify: anonymous is user 0 with role anonymous", async () => {
  const { res, body } = await identify();
  assert.equal(res.status, 200);
  assert.deepEqual(body, { jwt: null, user: { id: 0 }, roles: ["anonymous"] });
});

appTest("login sets an httpOnly SameSite session cookie; identify names the member", async () => {
  const res = await loginJson({ username: "Member", password: DEMO_PASSWORD });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.roles, ["member"]);
  assert.equal(body.user.username, "member");
  const raw = res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
  assert.match(raw, /HttpOnly/);
  assert.match(raw, /SameSite=Lax/);
  assert.doesNotMatch(raw, /Secure/, "not over plain http");
  const who = await identify(raw.split(";")[0]);
  assert.equal(who.body.user.username, "member");
  assert.equal(who.body.jwt, body.jwt);
  assert.deepEqual(who.body.roles, ["member"]);
});

appTest("over https the session cookie is Secure", async () => {
  const res = await loginJson({ username: "member", password: DEMO_PASSWORD }, {
    ...fresh(),
    "x-forwarded-proto": "https",
  });
  assert.equal(res.status, 403, "the origin http://localhost is not the https site");
  const ok = await t.request("https://localhost/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", ...fresh() }, "https://localhost"),
    body: JSON.stringify({ username: "member", password: DEMO_PASSWORD }),
  });
  assert.equal(ok.status, 200);
  assert.match(ok.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))!, /Secure/);
});

appTest("a wrong password and an unknown user get the same answer", async () => {
  const wrong = await loginJson({ username: "member", password: "Wrong#2026x" });
  const unknown = await loginJson({ username: "nobody-here", password: "Wrong#2026x" });
  assert.equal(wrong.status, 401);
  assert.equal(unknown.status, 401);
  assert.deepEqual(await wrong.json(), await unknown.json());
});

appTest("bad input is 422 with field errors; a non-JSON, non-form body is 415", async () => {
  const res = await loginJson({ username: "", password: "" });
  assert.equal(res.status, 422);
  const body = await res.json();
  assert.ok(body.errors.username && body.errors.password);
  const xml = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "text/xml" }),
    body: "<x/>",
  });
  assert.equal(xml.status, 415);
  const broken = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json" }),
    body: "{",
  });
  assert.equal(broken.status, 400);
});

appTest("a design company awaiting approval, and a rejected one, cannot sign in", async () => {
  const waiting = await loginJson({ username: "design", password: DEMO_PASSWORD });
  assert.equal(waiting.status, 403);
  assert.equal((await waiting.json()).key, "auth.awaiting_approval");
  const [design] = await db.select().from(users).where(eq(users.username, "design"));
  await db.update(userRoles).set({ rejected: true, reason: "서류 미비" }).where(eq(userRoles.userId, design.id));
  const rejected = await loginJson({ username: "design", password: DEMO_PASSWORD });
  assert.equal(rejected.status, 403);
  assert.equal((await rejected.json()).key, "auth.join_rejected");
  await db.update(userRoles).set({ rejected: false, reason: "" }).where(eq(userRoles.userId, design.id));
});

appTest("CSRF: no token, a wrong token, or another origin are refused", async () => {
  const body = JSON.stringify({ username: "member", password: DEMO_PASSWORD });
  const noToken = await t.request("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost", ...fresh() },
    body,
  });
  assert.equal(noToken.status, 403);
  assert.equal((await noToken.json()).key, "auth.csrf");
  const wrong = await t.request("/api/login", {
    method: "POST",
    headers: { ...csrfHeaders({ "content-type": "application/json", ...fresh() }), "x-xsrf-token": "x".repeat(26) },
    body,
  });
  assert.equal(wrong.status, 403);
  const foreign = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", ...fresh() }, "https://evil.example"),
    body,
  });
  assert.equal(foreign.status, 403);
});

appTest("a page hands out the CSRF cookie that forms send back", async () => {
  const res = await t.request("/login");
  const cookie = cookieFrom(res, "XSRF-TOKEN")!;
  const token = cookie.split("=")[1];
  assert.match(await res.text(), new RegExp(`name="_token" value="${token}"`));
  assert.doesNotMatch(res.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="))!, /HttpOnly/);
});

appTest("tampered, alg:none and foreign-key tokens are anonymous and the cookie is cleared", async () => {
  const cookie = await signIn(t, "member");
  const token = cookie.slice("session=".length);
  const [h, p, s] = token.split(".");
  const payload = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const forged = [
    `${h}.${b64({ ...payload, uid: 1 })}.${s}`,
    `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...payload, uid: 1 })}.`,
    await new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("k".repeat(40))),
    "not-a-jwt",
  ];
  for (const value of forged) {
    const res = await t.request("/api/identify", { headers: { cookie: `session=${value}` } });
    assert.deepEqual((await res.json()).roles, ["anonymous"], value.slice(0, 20));
    assert.match(res.headers.getSetCookie().join("\n"), /session=; Path=\/; SameSite=Lax; Max-Age=0/);
  }
});

appTest("a bearer token identifies like the cookie, and bearer-only calls need no CSRF token", async () => {
  const login = await loginJson({ username: "member", password: DEMO_PASSWORD, bearer: true });
  const { jwt } = await login.json();
  const res = await t.request("/api/identify", { headers: { authorization: `Bearer ${jwt}` } });
  assert.equal((await res.json()).user.username, "member");
  const device = await t.request("/api/device", {
    method: "POST",
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
    body: JSON.stringify({ device: "bearer-device", token: "push-token", lang: "ko" }),
  });
  assert.ok(device.status < 400, `${device.status} ${await device.text()}`);
});

appTest("logout revokes the session: the old cookie is anonymous afterwards", async () => {
  const cookie = await signIn(t, "member");
  const out = await t.request("/api/logout", { headers: { cookie } });
  assert.equal(out.status, 200);
  assert.match(out.headers.getSetCookie().join("\n"), /session=; /);
  assert.deepEqual((await identify(cookie)).body.roles, ["anonymous"]);
});

appTest("an idle session expires: pages go home with the notice, the API answers 401", async () => {
  const cookie = await signIn(t, "member");
  await db.update(sessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` })
    .where(
      sql`${sessions.revokedAt} is null and ${sessions.userId} = (select id from users where username = 'member')`,
    );
  const page = await t.request("/about/greeting", { headers: { cookie } });
  assert.equal(page.status, 303);
  assert.equal(page.headers.get("location"), "/");
  const flash = cookieFrom(page, "flash")!;
  assert.equal(flash, "flash=auth.session_expired");
  const home = await t.request("/", { headers: { cookie: flash } });
  assert.match(await home.text(), /로그인 시간이 만료되었습니다/);
  const again = await signIn(t, "member");
  await db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(
      sql`${sessions.revokedAt} is null and ${sessions.userId} = (select id from users where username = 'member')`,
    );
  const api = await t.request("/api/text.json", { headers: { cookie: again } });
  assert.equal(api.status, 401);
  assert.equal((await api.json()).key, "auth.session_expired");
});

appTest("rate limits: 10 failures a minute per address, then 429 with Retry-After", async () => {
  const headers = { "x-forwarded-for": "192.0.2.77" };
  for (let i = 0; i < 10; i++) {
    const res = await loginJson({ username: `probe${i}`, password: "Wrong#2026x" }, headers);
    assert.equal(res.status, 401);
    await res.body?.cancel();
  }
  const limited = await loginJson({ username: "company", password: DEMO_PASSWORD }, headers);
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.equal((await limited.json()).key, "error.429");
});

appTest("5 failures for one account from one address: that address waits; the owner elsewhere signs in", async () => {
  const headers = { "x-forwarded-for": "192.0.2.78" };
  for (let i = 0; i < 5; i++) {
    const res = await loginJson({ username: "tester", password: "Wrong#2026x" }, headers);
    assert.equal(res.status, 401);
    await res.body?.cancel();
  }
  const waiting = await loginJson({ username: "tester", password: DEMO_PASSWORD }, headers);
  assert.equal(waiting.status, 429);
  const seconds = Number(waiting.headers.get("retry-after"));
  assert.ok(seconds > 50 && seconds <= 60, `retry after ${seconds}s`);
  await waiting.body?.cancel();
  const owner = await loginJson({ username: "tester", password: DEMO_PASSWORD });
  assert.equal(owner.status, 200, "a correct password from an address that has not been failing");
  await owner.body?.cancel();
});

appTest("the login screen: form sign-in without JavaScript, safe redirects only", async () => {
  const post = (redirect: string, password = DEMO_PASSWORD) =>
    t.request("/login", {
      method: "POST",
      headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded", ...fresh() }),
      body: new URLSearchParams({ username: "member", password, redirect, _token: "ignored-header-wins" }),
    });
  const ok = await post("/about/history");
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/about/history");
  assert.ok(cookieFrom(ok, "session"));
  for (
    const evil of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/api/logout",
      "/login?x=1",
      "/en/register",
    ]
  ) {
    assert.equal((await post(evil)).headers.get("location"), "/", evil);
  }
  const wrong = await post("/", "Wrong#2026x");
  assert.equal(wrong.status, 401);
  assert.match(await wrong.text(), /아이디 또는 비밀번호가 올바르지 않습니다/);
});

appTest("signed-in visitors on /login go home; remember stores the user ID", async () => {
  const cookie = await signIn(t, "member");
  const res = await t.request("/login", { headers: { cookie } });
  assert.equal(res.status, 303);
  const remembered = await loginJson({ username: "member", password: DEMO_PASSWORD, remember: true });
  const keep = cookieFrom(remembered, "remember_username")!;
  assert.equal(keep, "remember_username=member");
  const form = await (await t.request("/login", { headers: { cookie: keep } })).text();
  assert.match(form, /name="username"[^>]*value="member"|value="member"[^>]*name="username"/);
});

appTest("the header shows the member's name, my page and sign out; management only for staff", async () => {
  const member = await (await t.request("/about/greeting", { headers: { cookie: await signIn(t, "member") } })).text();
  assert.match(member, /김민지님/);
  assert.match(member, /href="\/mypage"/);
  assert.match(member, /<form method="post" action="\/logout"/);
  assert.doesNotMatch(member, /href="\/management"/);
  const staff = await (await t.request("/about/greeting", { headers: { cookie: await signIn(t, "staff") } })).text();
  assert.match(staff, /href="\/management"/);
  const anonymous = await (await t.request("/about/greeting")).text();
  assert.match(anonymous, /href="\/login\?redirect=%2Fabout%2Fgreeting"/);
});

appTest("an anonymous visitor on a member screen is sent to sign in and back", async () => {
  const memberOnly = {
    handler: {
      GET: (ctx: { state: { viewer: Parameters<typeof requireSignedIn>[0] } }) => {
        requireSignedIn(ctx.state.viewer);
        return new Response("welcome");
      },
    },
  };
  const app = await createApp({
    config: t.config,
    database: t.app.database,
    manifest: { ...manifest, routes: { ...manifest.routes, "members/only.ts": memberOnly } },
  });
  const res = await app.fetch(new Request("http://localhost/en/members/only?tab=2"));
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/en/login?redirect=%2Fen%2Fmembers%2Fonly%3Ftab%3D2");
  const cookie = await signIn(t, "member");
  const ok = await app.fetch(new Request("http://localhost/members/only", { headers: { cookie } }));
  assert.equal(await ok.text(), "welcome");
});

appTest("close", () => t.close());
