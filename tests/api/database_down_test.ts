// Issue 16 §4: with its database unreachable the app answers at once — 503 with the maintenance screen
// for pages, `{ status: 503, key: "error.503" }` under /api, Retry-After — instead of a 500 or a hang.
// (`deno task faults postgres` restarts a real PostgreSQL under load; this is its quick in-process twin.)
import assert from "node:assert/strict";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";

const t = await openTestApp();

appTest("database gone: pages answer the 503 screen and the API a JSON 503, quickly", async () => {
  if (t.app.database.kind !== "postgres") return; // PGlite lives in the process: it cannot go away alone
  const cookie = await signIn(t, "member");
  assert.equal((await t.request("/mypage/awards", { headers: { cookie } })).status, 200);
  await t.app.database.close();
  try {
    const started = performance.now();
    const page = await t.request("/mypage/awards", { headers: { cookie, accept: "text/html" } });
    const html = await page.text();
    assert.equal(page.status, 503, html.slice(0, 300));
    assert.equal(page.headers.get("retry-after"), "5");
    assert.match(html, /<html/);

    const api = await t.request("/api/login", {
      method: "POST",
      headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
      body: JSON.stringify({ username: "member", password: "whatever-it-is" }),
    });
    const body = await api.json();
    assert.equal(api.status, 503, JSON.stringify(body));
    assert.equal(body.key, "error.503");
    assert.ok(performance.now() - started < 5000, "answered without waiting for the database");
  } finally {
    await t.close().catch(() => {});
  }
});
