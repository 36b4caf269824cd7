// Issue 20 §7: whatever a signed-in member is answered — every page of the route manifest, its error
// screens, the API, private files — is kept in no cache (no-store); only what is public stays cacheable.
import assert from "node:assert/strict";
import { pathOf, routeCalls } from "../support/routes.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";

const t = await openTestApp();

const year = new Date().getFullYear();
/** Values for the routes' parameters that reach real rows of the seeded demo where one is needed. */
const PARAMS: Record<string, string> = {
  id: "1",
  year: String(year),
  section: "bbs",
  rest: "1",
  file: "text.json",
  doc: "business_cert",
  provider: "test",
  path: "about/greeting",
};

/** Every page of the manifest (not the API, not _app/_layout…) with a GET. */
const paths = routeCalls().filter((call) => !call.api && call.method === "GET")
  .map((call) => pathOf(call, (segment) => PARAMS[segment.value]));

appTest("the walk covers the member's, the management and the public pages", () => {
  for (const p of ["/mypage", "/profile", "/withdraw", "/management/user", "/award", "/about/greeting"]) {
    assert.ok(paths.includes(p), p);
  }
});

appTest("every page answered to a signed-in member or administrator is no-store, in both languages", async () => {
  for (const who of ["member", "admin"]) {
    const cookie = await signIn(t, who);
    const wrong: string[] = [];
    for (const path of paths) {
      for (const prefix of ["", "/en"]) {
        const res = await t.request(prefix + path, { headers: { cookie }, redirect: "manual" });
        const cache = res.headers.get("cache-control") ?? "";
        if (/\bno-store\b/.test(cache)) {
          await res.body?.cancel();
          continue;
        }
        // A route may mark an answer public (a feed) only when it is the very answer anybody gets.
        const anonymous = await t.request(prefix + path, { redirect: "manual" });
        const same = res.status === 200 && /\bpublic\b/.test(cache) &&
          (await res.text()) === (await anonymous.text());
        if (!same) wrong.push(`${who} ${prefix}${path} ${res.status}: "${cache}"`);
      }
    }
    assert.deepEqual(wrong, []);
  }
});

appTest("signing in, the API and error screens of a signed-in member are no-store", async () => {
  const login = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": "10.200.0.1" }),
    body: JSON.stringify({ username: "member", password: "Hanbit#2026" }),
  });
  assert.equal(login.status, 200);
  assert.match(login.headers.get("cache-control") ?? "", /no-store/);
  await login.body?.cancel();
  const cookie = await signIn(t, "member");
  for (const path of ["/api/user/awards", "/api/identify", "/no/such/page", "/api/no/such", "/api/entry/0"]) {
    const res = await t.request(path, { headers: { cookie } });
    await res.body?.cancel();
    assert.match(res.headers.get("cache-control") ?? "", /no-store/, path);
  }
});

appTest("a private file is no-store; a public one and static assets stay cacheable", async () => {
  const cookie = await signIn(t, "member");
  const upload = await t.request("/api/file?purpose=signature&name=signature.jpg", {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/octet-stream" }),
    body: (await photo(64, 48)) as Uint8Array<ArrayBuffer>,
  });
  assert.equal(upload.status, 201, await upload.clone().text());
  const { data: [file] } = await upload.json();
  const own = await t.request(`/api/file/binary/${file.id}`, { headers: { cookie } });
  await own.body?.cancel();
  assert.equal(own.status, 200);
  assert.equal(own.headers.get("cache-control"), "no-store");

  const css = await t.request("/css/site.css", { headers: { cookie } });
  await css.body?.cancel();
  assert.match(css.headers.get("cache-control") ?? "", /public/);
  const anonymousPage = await t.request("/about/greeting");
  await anonymousPage.body?.cancel();
  assert.doesNotMatch(anonymousPage.headers.get("cache-control") ?? "", /no-store/);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
