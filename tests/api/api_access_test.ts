// Issue 10 §1: every member-only call answers 401 to anyone not signed in, whatever its input, and a
// call behind a permission answers 403 to a member without it, before anything is validated
// (authenticate → authorise → validate). The calls open to anonymous visitors are listed here by name:
// a route that turns public, or a new public route, must be added to this list on purpose.
import assert from "node:assert/strict";
import { pathOf, type RouteCall, routeCalls } from "../support/routes.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

/** Calls anyone may make (SPEC §7: content, award lists, the session calls, files checked per file). */
const PUBLIC_CALLS = [
  "GET /api/:host/page/current",
  // The postal lookup: registration asks it before anyone signs in (rate limited per address).
  "GET /api/address",
  "GET /api/award",
  "GET /api/award/:id",
  "GET /api/award/awards",
  "GET /api/award/awards/:year",
  "GET /api/award/judges/:year",
  "GET /api/award/latest",
  "GET /api/award/nominee",
  "GET /api/award/pool/:id/categories",
  // Boards (issue 13): visitors read, write where a board takes anonymous posts, open and change
  // anonymous posts with their password, and comment where the comment right names anonymous (changing
  // or removing an anonymous comment with its password).
  "GET /api/bbs/:id",
  "POST /api/bbs/:id",
  "GET /api/bbs/:id/latest",
  "GET /api/bbs/:id/list",
  "POST /api/bbs/post/:id",
  "PATCH /api/bbs/post/:id",
  "DELETE /api/bbs/post/:id",
  "POST /api/bbs/post/:id/comment",
  "PATCH /api/bbs/post/:id/comment",
  "DELETE /api/comment/:id",
  "GET /api/bbs/post/:id/edit",
  "POST /api/bbs/post/:id/password",
  "GET /api/bbs/post/:id/read",
  "GET /api/akfw/designer",
  "GET /api/akfw/designer/:id",
  "GET /api/akfw/photo",
  "GET /api/akfw/photo/:id",
  "GET /api/akfw/video",
  "GET /api/akfw/video/:id",
  "GET /api/search",
  "GET /api/contest",
  "GET /api/contest/:id",
  "GET /api/contest/awards",
  // The design market (issue 18): both markets' lists and their products.
  "GET /api/market/:type",
  "GET /api/market/:type/:id",
  // The job portal and talent sharing (issue 19): postings, looking resumes (summaries), shares.
  "GET /api/job/recruit",
  "GET /api/job/recruit/:id",
  "GET /api/job/search",
  "GET /api/share/donate",
  "GET /api/share/request",
  "GET /api/share/:type/:id",
  "GET /api/file/:id/:name",
  "GET /api/form/:id/components",
  "GET /api/file/binary/:id",
  "GET /api/file/download/:id",
  "POST /api/file/download",
  "GET /api/file/image/:id",
  "GET /api/file/thumbnail/:id",
  "GET /api/ibda",
  "GET /api/ibda/:id",
  "GET /api/ibda/awards",
  "GET /api/ibda/awards/:year",
  "GET /api/ibda/judges/:year",
  "GET /api/ibda/latest",
  "GET /api/ibda/nominee",
  "GET /api/ibda/pool/:id/categories",
  "GET /api/identify",
  "POST /api/login",
  "GET /api/logout",
  "GET /api/menu/:siteId",
  "GET /api/password/reset",
  "POST /api/password/reset",
  "PATCH /api/password/reset",
  "POST /api/pay/:host/return",
  "GET /api/program/:id",
  "GET /api/program/:id/list",
  "POST /api/register",
  "GET /api/support",
  "GET /api/support/:id",
  "GET /api/text.json",
  "GET /api/user/reapplication",
  "POST /api/user/reapplication",
  "GET /api/validation/unique",
];

/** Input that every validator refuses: wrong types, out-of-range numbers, a foreign domain, odd paths. */
const HOSTILE_QUERY = "?id=abc&page=-1&perpage=99999999&price=1e99&domain=evil.example&type=zzz&url=//manager";
const HOSTILE_BODY = JSON.stringify({ ids: "x", id: [[[]]], username: 5, price: -1, step: "z".repeat(5000) });

const t = await openTestApp();
const calls = routeCalls().filter((call) => call.api);

function hostileRequest(call: RouteCall, cookie?: string): Promise<Response> {
  const hasBody = call.method !== "GET";
  return t.request(pathOf(call, () => "not-an-id") + HOSTILE_QUERY, {
    method: call.method,
    headers: csrfHeaders({ "content-type": "application/json", ...(cookie ? { cookie } : {}) }),
    body: hasBody ? HOSTILE_BODY : undefined,
  });
}

appTest("the manifest has API calls of every kind (the walk below is not empty)", () => {
  assert.ok(calls.length > 40, `${calls.length} calls`);
  assert.ok(calls.some((c) => c.access === undefined || c.access === "signed-in"));
  assert.ok(calls.some((c) => typeof c.access === "function"));
});

appTest("the calls open to anonymous visitors are exactly the listed ones", () => {
  const declared = calls.filter((c) => c.access === "public").map((c) => c.key).sort();
  assert.deepEqual(declared, [...PUBLIC_CALLS].sort());
});

appTest("every other API call answers 401 to an anonymous caller, whatever the input", async () => {
  const wrong: string[] = [];
  for (const call of calls.filter((c) => c.access !== "public")) {
    const res = await hostileRequest(call);
    const body = await res.json().catch(() => null);
    if (res.status !== 401 || body?.key !== "error.401") wrong.push(`${call.key}: ${res.status} ${body?.key}`);
  }
  assert.deepEqual(wrong, []);
});

appTest("a call behind a permission answers 403 to a member without it, before reading the input", async () => {
  const member = await signIn(t, "member");
  const guarded = calls.filter((c) => typeof c.access === "function");
  const wrong: string[] = [];
  for (const call of guarded) {
    const res = await hostileRequest(call, member);
    const body = await res.json().catch(() => null);
    if (res.status !== 403 || body?.key !== "error.403") wrong.push(`${call.key}: ${res.status} ${body?.key}`);
  }
  assert.deepEqual(wrong, []);
});

appTest("the payment request of the issue: anonymous 401, a member gets the validation error", async () => {
  const path = "/api/pay/request?domain=www&price=100000&id=1&type=award";
  const anonymous = await t.request(path);
  assert.equal(anonymous.status, 401);
  assert.equal((await anonymous.json()).key, "error.401");
  const member = await signIn(t, "member");
  const signedIn = await t.request("/api/pay/request?domain=evil.example&price=x&id=abc", {
    headers: { cookie: member },
  });
  assert.equal(signedIn.status, 400);
  await signedIn.body?.cancel();
});
