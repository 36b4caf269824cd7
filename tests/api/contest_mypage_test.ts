// My page contests (SPEC §7 /api/user/contests?type=host|entry, /api/user/prizes; §2.5 my page contests and
// prizes) on the seed: company hosts 9 contests; member entered 3 and won the first prize of one.
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const company = await signIn(t, "company");
const member = await signIn(t, "member");

async function json(path: string, cookie?: string, status = 200) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

appTest("GET /api/user/contests: hosted by default, entered with type=entry, paginated; 401 and 400", async () => {
  const hosted = await json("/api/user/contests", company);
  assert.equal(hosted.total, 9);
  assert.equal(hosted.per_page, 8);
  assert.equal(hosted.last_page, 2);
  const every = await json("/api/user/contests?perpage=100", company);
  const approvals = new Set(every.data.map((c: { approval: string }) => c.approval));
  assert.ok(approvals.has("unpaid") && approvals.has("pending") && approvals.has("rejected"));
  assert.equal((await json("/api/user/contests?type=host", member)).total, 0);
  const entered = await json("/api/user/contests?type=entry", member);
  assert.equal(entered.total, 3);
  const won = entered.data.find((e: { rank: string | null }) => e.rank === "grand");
  assert.ok(won, "the published win shows its rank");
  assert.equal(won.place, 1);
  const unpublished = entered.data.filter((e: { contest_status: string }) => e.contest_status !== "terminated");
  assert.ok(unpublished.every((e: { rank: string | null }) => e.rank === null));
  await json("/api/user/contests?type=other", member, 400);
  await json("/api/user/contests?page=0", member, 400);
  await json("/api/user/contests", undefined, 401);
  // The path form SPEC §7 writes: the same answers, another type 404.
  const byPath = await json("/api/user/contests/entry", member);
  assert.deepEqual(byPath.data, entered.data);
  assert.equal(byPath.links[1].url, "/api/user/contests/entry?page=1");
  assert.equal((await json("/api/user/contests/host?page=2", company)).current_page, 2);
  await json("/api/user/contests/other", member, 404);
  await json("/api/user/contests/host", undefined, 401);
});

appTest("GET /api/user/prizes: the contest prize money less 4.4 % joins the award prizes", async () => {
  const prizes = await json("/api/user/prizes?perpage=100", member);
  const contest = prizes.data.filter((p: { kind?: string }) => p.kind === "contest");
  assert.equal(contest.length, 1);
  assert.deepEqual([contest[0].prize, contest[0].tax, contest[0].net], [1_000_000, 44_000, 956_000]);
});

appTest("/mypage/contests: hosted and entered tabs, prizes; the my page links it", async () => {
  const hosted = await t.request("/mypage/contests?perpage=20", { headers: { cookie: company } });
  const html = await hosted.text();
  assert.equal(hosted.status, 200);
  assert.ok(html.includes("/pay/test/popup?type=contest&amp;id="), "pay the unpaid contest");
  assert.ok(html.includes("상금 지급 조건이 요강과 다릅니다."), "the rejection's reason");
  const entered = await (await t.request("/en/mypage/contests?type=entry", { headers: { cookie: member } })).text();
  assert.ok(entered.includes("Grand prize"));
  // The tabs kit (components/ui/Tabs.tsx, styled by site.css): the current tab says so.
  assert.match(entered, /<nav class="tabs" aria-label="[^"]+"><ul>/);
  assert.match(entered, /<a href="\/en\/mypage\/contests\?type=entry" aria-current="page">/);
  assert.ok(entered.includes("₩956,000") || entered.includes("KRW"), "prize money less tax");
  const index = await (await t.request("/mypage", { headers: { cookie: member } })).text();
  assert.ok(index.includes('href="/mypage/contests"'));
  const anonymous = await t.request("/mypage/contests");
  assert.equal(anonymous.status, 303);
  await anonymous.body?.cancel();
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
