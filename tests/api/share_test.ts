// Talent sharing over HTTP (issue 19 §2, §4): SPEC §7's /api/share/donate, /api/share/request,
// /api/share/{type}/{id} and /api/user/share/{type}; the 3-step share wizard; applying, publishing,
// starting and ending; and the issue's attack "accepting more applicants than the approved number (also two
// accepts at once)", with SPEC §8's "no applications".
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { shareApplications, shares } from "../../db/schema/job.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { seoulDay } from "../../domain/job/status.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const company = await signIn(t, "company");
const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const memberId = await userId("member");
const share = async (talentEn: string) => (await db.select().from(shares).where(eq(shares.talentEn, talentEn)))[0];

async function json(path: string, status = 200, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

function post(path: string, cookie: string, fields: Record<string, string>, accept = "application/json") {
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept }),
    body: new URLSearchParams(fields).toString(),
  });
}

async function call(path: string, cookie: string, fields: Record<string, string>, status: number) {
  const res = await post(path, cookie, fields);
  const body = await res.json();
  assert.equal(res.status, status, `${path} ${JSON.stringify(fields)}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

appTest(
  "GET /api/share/{donate,request}: shares that are not inactive, paginated; filters; bad values 400",
  async () => {
    const donate = await json("/api/share/donate?perpage=100");
    for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) {
      assert.ok(
        key in donate,
        key,
      );
    }
    assert.ok(
      donate.data.every((s: { type: string; status: string }) => s.type === "donate" && s.status !== "inactive"),
    );
    assert.ok(donate.data.some((s: { status: string }) => s.status === "ended"));
    const open = await json("/api/share/request?status=open");
    assert.ok(
      open.data.length >= 1 &&
        open.data.every((s: { status: string; status_code: number }) =>
          s.status === "requesting" && s.status_code === 1
        ),
    );
    const jeonnam = await json("/api/share/request?region=46");
    assert.ok(jeonnam.data.every((s: { region: string }) => s.region === "46"));
    for (const q of ["region=00", "field=cooking", "keyword=x", "status=closed", "perpage=0"]) {
      await json(`/api/share/donate?${q}`, 400);
    }
  },
);

appTest(
  "GET /api/share/{type}/{id}: one share; inactive is 404 but for its owner; wrong type or id 404/400",
  async () => {
    const sharing = await share("Design class for children");
    const detail = await json(`/api/share/donate/${sharing.id}`);
    for (
      const key of [
        "talent",
        "period_from",
        "period_to",
        "times",
        "description",
        "images",
        "institution",
        "region",
        "approved_number",
        "accepted_count",
        "status",
      ]
    ) {
      assert.ok(key in detail, key);
    }
    await json(`/api/share/request/${sharing.id}`, 404);
    await json(`/api/share/lend/${sharing.id}`, 400);
    const inactive = await share("Logo advice for small shops");
    assert.equal((await json(`/api/share/donate/${inactive.id}`, 404)).key, "job.share.not_found");
    assert.equal((await json(`/api/share/donate/${inactive.id}`, 200, member)).status, "inactive");
  },
);

appTest("share wizard: type, details, completion; stored inactive; the owner publishes it", async () => {
  let res = await post("/share/register", tester, { _step: "1", type: "donate" }, "text/html");
  assert.equal(res.status, 303);
  await res.body?.cancel();
  const details = {
    _step: "2",
    talent: "타이포그래피 특강",
    talent_en: "Typography talk",
    field: "visual",
    period_from: seoulDay(new Date(), 1),
    period_to: seoulDay(new Date(), 30),
    times: "2회",
    target: "대학생",
    description: "글꼴 고르는 법을 나눕니다.",
    region: "11",
    approved_number: "1",
  };
  const order = await call("/share/register", tester, { ...details, period_to: seoulDay(new Date(), -1) }, 422);
  assert.deepEqual(order.errors.period_to, ["job.share.period_order"]);
  assert.deepEqual((await call("/share/register", tester, { ...details, region: "99" }, 422)).errors.region, [
    "job.region_invalid",
  ]);
  res = await post("/share/register", tester, details, "text/html");
  assert.equal(res.status, 303);
  await res.body?.cancel();
  res = await post("/share/register", tester, { _step: "3" }, "text/html");
  assert.equal(res.status, 303);
  const done = res.headers.get("location")!;
  await res.body?.cancel();
  const stored = await share("Typography talk");
  assert.equal(stored.status, "inactive");
  const page = await t.request(done, { headers: { cookie: tester } });
  assert.match(await page.text(), new RegExp(`/share/donate/${stored.id}`));
  const path = `/share/donate/${stored.id}`;
  await call(path, member, { _action: "status", action: "open" }, 404);
  assert.equal((await call(path, tester, { _action: "status", action: "open" }, 200)).status, "sharing");
  await call(path, tester, { _action: "status", action: "start" }, 409);
  assert.equal((await call(path, tester, { _action: "status", action: "end" }, 200)).status, "ended");
  await call(path, tester, { _action: "status", action: "open" }, 409);
});

appTest("applying: a member applies once while it is open; the owner is mailed; not to one's own", async () => {
  const requesting = await share("A poster for the village festival");
  const path = `/share/request/${requesting.id}`;
  assert.equal((await call(path, tester, { _action: "apply" }, 403)).key, "job.share.own");
  assert.equal((await call(path, member, { _action: "apply" }, 409)).key, "job.share.already_applied");
  const before = (await db.select({ id: outbox.id }).from(outbox)).length;
  assert.equal((await call(path, company, { _action: "apply", message: "함께하겠습니다" }, 200)).status, "applied");
  assert.equal((await db.select({ id: outbox.id }).from(outbox)).length, before + 1);
  const ended = await share("A new website for a cooperative");
  assert.equal((await call(`/share/request/${ended.id}`, member, { _action: "apply" }, 409)).key, "job.share.not_open");
  const res = await post(path, "", { _action: "apply" });
  assert.equal(res.status, 401);
  await res.body?.cancel();
});

appTest("SPEC §8 'no applications': deciding on none, and starting a request with nobody accepted", async () => {
  const requesting = await share("A poster for the village festival");
  const path = `/share/request/${requesting.id}`;
  assert.equal(
    (await call(path, tester, { _action: "accept", application: "99999999" }, 404)).key,
    "job.share.no_applications",
  );
  assert.equal(
    (await call(path, tester, { _action: "status", action: "start" }, 409)).key,
    "job.share.no_applications",
  );
  const [application] = await db.select().from(shareApplications)
    .where(and(eq(shareApplications.shareId, requesting.id), eq(shareApplications.userId, memberId)));
  await call(path, member, { _action: "accept", application: String(application.id) }, 404);
  assert.equal(
    (await call(path, tester, { _action: "accept", application: String(application.id) }, 200)).status,
    "accepted",
  );
  assert.equal((await call(path, tester, { _action: "status", action: "start" }, 200)).status, "in_progress");
});

appTest("attack: accepting more applicants than the approved number → 409 job.share.full", async () => {
  // Design class for children: 2 places, 1 taken (tester), company waiting.
  const sharing = await share("Design class for children");
  const path = `/share/donate/${sharing.id}`;
  const [waiting] = await db.select().from(shareApplications)
    .where(and(eq(shareApplications.shareId, sharing.id), eq(shareApplications.status, "applied")));
  assert.equal(
    (await call(path, member, { _action: "accept", application: String(waiting.id) }, 200)).status,
    "accepted",
  );
  const judge = await signIn(t, "judge-ibda");
  const late = await call(path, judge, { _action: "apply" }, 200);
  assert.equal(
    (await call(path, member, { _action: "accept", application: String(late.id) }, 409)).key,
    "job.share.full",
  );
  assert.equal((await share("Design class for children")).acceptedCount, 2);
  assert.equal(
    (await call(path, member, { _action: "decline", application: String(late.id) }, 200)).status,
    "declined",
  );
});

appTest(
  "attack: two accepts at once for the last place — one wins, the other is refused; never over the number",
  async () => {
    const [row] = await db.insert(shares).values({
      userId: memberId,
      type: "donate",
      talent: "동시 승인 시험",
      talentEn: "Two accepts at once",
      field: "visual",
      periodFrom: seoulDay(new Date()),
      periodTo: seoulDay(new Date(), 10),
      region: "11",
      approvedNumber: 1,
      status: "sharing",
    }).returning();
    const path = `/share/donate/${row.id}`;
    const a = await call(path, tester, { _action: "apply" }, 200);
    const b = await call(path, company, { _action: "apply" }, 200);
    const answers = await Promise.all([
      post(path, member, { _action: "accept", application: String(a.id) }),
      post(path, member, { _action: "accept", application: String(b.id) }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    const bodies = await Promise.all(answers.map((r) => r.json()));
    assert.deepEqual(statuses, [200, 409], JSON.stringify(bodies));
    assert.ok(bodies.some((body) => body.key === "job.share.full"));
    const accepted = await db.select().from(shareApplications)
      .where(and(eq(shareApplications.shareId, row.id), eq(shareApplications.status, "accepted")));
    assert.equal(accepted.length, 1);
    assert.equal((await share("Two accepts at once")).acceptedCount, 1);
  },
);

appTest("GET /api/user/share/{type}: default donate; applications to mine; mine to others; unknown 404", async () => {
  const mine = await json("/api/user/share", 200, member);
  assert.ok(mine.data.length >= 3 && mine.data.every((s: { type: string }) => s.type === "donate"));
  const requests = await json("/api/user/share/request", 200, tester);
  assert.ok(requests.data.every((s: { type: string }) => s.type === "request"));
  const received = await json("/api/user/share/applications", 200, member);
  assert.ok(received.data.length >= 1);
  const applied = await json("/api/user/share/applied", 200, member);
  assert.ok(applied.data.some((a: { share_type: string }) => a.share_type === "request"));
  await json("/api/user/share/bogus", 404, member);
  await json("/api/user/share", 401);
});

appTest("pages: both lists and a share in Korean and English, no script but the load-more island", async () => {
  const ko = await t.request("/share/donate");
  const html = await ko.text();
  assert.equal(ko.status, 200);
  assert.match(html, /어린이 디자인 교실/);
  assert.doesNotMatch(html, /소상공인 로고 상담/, "inactive shares are not listed");
  const en = await t.request("/en/share/request");
  assert.match(await en.text(), /A poster for the village festival/);
  const sharing = await share("Design class for children");
  const page = await t.request(`/en/share/donate/${sharing.id}`);
  assert.equal(page.status, 200);
  assert.doesNotMatch(await page.text(), /<script/);
});

appTest("my page share: every tab; withdrawing an undecided application", async () => {
  for (const type of ["", "?type=request", "?type=applications", "?type=applied"]) {
    const res = await t.request(`/mypage/share${type}`, { headers: { cookie: member } });
    assert.equal(res.status, 200, type);
    await res.body?.cancel();
  }
  const sharing = await share("Design class for children");
  const judge = await signIn(t, "judge-dcb");
  const applied = await call(`/share/donate/${sharing.id}`, judge, { _action: "apply" }, 200);
  await call("/mypage/share", member, { application: String(applied.id) }, 404);
  assert.equal((await call("/mypage/share", judge, { application: String(applied.id) }, 200)).status, "cancelled");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
