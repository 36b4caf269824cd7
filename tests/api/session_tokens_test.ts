// Issue 20 §6 and §9: a browser's session token never reaches page scripts; a bearer token is issued only
// to a client that asks, lives an hour, works only as a bearer header, and is listed and ended on /profile.
// The session cookie is a browser-session cookie unless remembered, and `__Host-session` over https.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { cookieFrom, DEMO_PASSWORD, randomAddress, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;

function login(body: Record<string, unknown>, headers: Record<string, string> = {}, origin?: string) {
  return t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders(
      { "content-type": "application/json", "x-forwarded-for": randomAddress(), ...headers },
      origin,
    ),
    body: JSON.stringify({ username: "member", password: DEMO_PASSWORD, ...body }),
  });
}

async function identify(headers: Record<string, string>) {
  return await (await t.request("/api/identify", { headers })).json();
}

appTest("a browser sign-in answers jwt null, and identify never shows the cookie's token", async () => {
  const res = await login({});
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.jwt, null);
  assert.equal(body.user.username, "member");
  const cookie = cookieFrom(res, "session")!;
  const who = await identify({ cookie });
  assert.equal(who.user.username, "member");
  assert.equal(who.jwt, null);
  assert.equal(who.client, undefined, "a browser is no client");
});

appTest("a bearer token only on request: no cookie, an hour at most, listed with its client's name", async () => {
  const res = await login({ bearer: true, client: "grading script" });
  assert.equal(res.status, 200);
  assert.equal(cookieFrom(res, "session"), undefined);
  const { jwt, client } = await res.json();
  assert.match(jwt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
  const who = await identify({ authorization: `Bearer ${jwt}` });
  assert.equal(who.user.username, "member");
  assert.equal(who.jwt, jwt);

  const [row] = await db.select().from(sessions).where(eq(sessions.label, "grading script"));
  assert.equal(row.kind, "bearer");
  // SPEC §3 Client: the id the profile lists it under, and when it expires (to the second).
  assert.deepEqual(client, {
    id: row.id,
    expire: new Date(Math.floor(row.expiresAt.getTime() / 1000) * 1000).toISOString(),
  });
  assert.deepEqual(who.client, client);
  assert.ok(row.expiresAt.getTime() - row.createdAt.getTime() <= 60 * 60_000);

  const cookie = await signIn(t, "member");
  const profile = await (await t.request("/profile", { headers: { cookie } })).text();
  assert.match(profile, /grading script/);
  assert.match(profile, new RegExp(`name="id" value="${row.id}"`));
});

appTest("a token counts only where its kind travels: cookie tokens are no bearer tokens and the reverse", async () => {
  const browser = cookieFrom(await login({}), "session")!.split("=")[1];
  assert.deepEqual((await identify({ authorization: `Bearer ${browser}` })).roles, ["anonymous"]);
  const bearer = (await (await login({ bearer: true })).json()).jwt;
  assert.deepEqual((await identify({ cookie: `session=${bearer}` })).roles, ["anonymous"]);
});

appTest("the member ends a token from /profile; another member's id ends nothing", async () => {
  const { jwt } = await (await login({ bearer: true, client: "to be ended" })).json();
  const [row] = await db.select().from(sessions).where(eq(sessions.label, "to be ended"));
  const other = await signIn(t, "company");
  const refused = await t.request("/profile/sessions", {
    method: "POST",
    headers: csrfHeaders({ cookie: other, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams({ id: row.id }),
    redirect: "manual",
  });
  assert.equal(refused.status, 404);
  await refused.body?.cancel();
  assert.equal((await identify({ authorization: `Bearer ${jwt}` })).user.username, "member");

  const owner = await signIn(t, "member");
  const ended = await t.request("/profile/sessions", {
    method: "POST",
    headers: csrfHeaders({ cookie: owner, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams({ id: row.id }),
    redirect: "manual",
  });
  assert.equal(ended.status, 303);
  assert.equal(ended.headers.get("location"), "/profile#sessions");
  assert.deepEqual((await identify({ authorization: `Bearer ${jwt}` })).roles, ["anonymous"]);
  assert.equal((await identify({ cookie: owner })).user.username, "member", "the member's own session goes on");
});

appTest("the session cookie lasts the browser session unless the member asked to be remembered", async () => {
  const raw = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
  const plain = raw(await login({}));
  assert.doesNotMatch(plain, /Max-Age|Expires/i);
  assert.match(plain, /HttpOnly/);
  const remembered = raw(await login({ remember: true }));
  assert.match(remembered, /Max-Age=\d{4,}/);
});

appTest(
  "over https the session cookie is __Host-session (Secure, Path=/, no Domain); a plain one is ignored",
  async () => {
    const https = { "x-forwarded-proto": "https" };
    const res = await login({}, https, "https://localhost");
    assert.equal(res.status, 200);
    const raw = res.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    assert.ok(raw, res.headers.getSetCookie().join(" | "));
    assert.match(raw, /; Secure/);
    assert.match(raw, /; Path=\//);
    assert.doesNotMatch(raw, /Domain=/i);
    const token = raw.split(";")[0].split("=")[1];
    assert.equal((await identify({ ...https, cookie: `__Host-session=${token}` })).user.username, "member");
    assert.deepEqual((await identify({ ...https, cookie: `session=${token}` })).roles, ["anonymous"]);
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
