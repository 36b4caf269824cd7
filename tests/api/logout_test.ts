// Issue 20 §5: another site cannot sign a member out with a link. A cross-site GET of /logout or
// /api/logout ends nothing and offers a sign-out button; the header signs out with a CSRF-checked POST.
import assert from "node:assert/strict";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();

const CROSS_SITE = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };

async function signedIn(cookie: string): Promise<boolean> {
  const res = await t.request("/api/identify", { headers: { cookie } });
  return (await res.json()).user.id > 0;
}

appTest("a cross-site GET /logout ends nothing and shows a sign-out form that posts", async () => {
  const cookie = await signIn(t, "member");
  for (const path of ["/logout", "/en/logout"]) {
    const res = await t.request(path, { headers: { cookie, ...CROSS_SITE }, redirect: "manual" });
    assert.equal(res.status, 200, path);
    assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith("session=")), path);
    assert.match(res.headers.get("cache-control") ?? "", /no-store/);
    const html = await res.text();
    assert.match(html, new RegExp(`<form method="post" action="${path}"`));
    assert.match(html, /name="_token"/);
  }
  assert.ok(await signedIn(cookie));
});

appTest("a cross-site GET /api/logout ends nothing and sends the browser to the sign-out page", async () => {
  const cookie = await signIn(t, "member");
  const res = await t.request("/api/logout", { headers: { cookie, ...CROSS_SITE }, redirect: "manual" });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/logout");
  assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith("session=")));
  assert.ok(await signedIn(cookie));
});

appTest("GET /api/logout from our own pages (SPEC §7) and from the address bar ends the session", async () => {
  for (const site of ["same-origin", "none", undefined]) {
    const cookie = await signIn(t, "member");
    const headers: Record<string, string> = { cookie, ...(site ? { "sec-fetch-site": site } : {}) };
    const res = await t.request("/api/logout", { headers });
    assert.equal(res.status, 200, String(site));
    assert.match(res.headers.get("set-cookie") ?? "", /^session=;/);
    assert.equal(await signedIn(cookie), false, String(site));
  }
});

appTest("POST /logout with the CSRF token signs out; without it, nothing happens", async () => {
  const cookie = await signIn(t, "member");
  const forged = await t.request("/logout", {
    method: "POST",
    headers: { cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  assert.equal(forged.status, 403);
  await forged.body?.cancel();
  assert.ok(await signedIn(cookie));

  const res = await t.request("/logout", {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
    body: "",
    redirect: "manual",
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/");
  assert.equal(await signedIn(cookie), false);
});

appTest("the header's sign-out is a POST form, never a link", async () => {
  const cookie = await signIn(t, "member");
  const html = await (await t.request("/mypage", { headers: { cookie } })).text();
  assert.match(html, /<form method="post" action="\/logout" class="utility-logout">/);
  assert.doesNotMatch(html, /href="\/logout"/);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
