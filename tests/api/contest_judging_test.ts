// The host's judging (issue 12 §6) and the extension (SPEC §4): winners only after close and only for the
// host's own contest, one entry per prize place, comments, counselling of at least 50 characters answered by
// staff, at most two extensions of 15 days while fewer than 5 entries; then the settlement pays the winners
// their prize less 4.4 %.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import { contestCounsels, contestEntries, contestPayouts, contests } from "../../db/schema/contest.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const admin = await signIn(t, "admin");
const userId = async (name: string) => (await db.select().from(users).where(eq(users.username, name)))[0].id;

const byTitle = async (titleEn: string) => (await db.select().from(contests).where(eq(contests.titleEn, titleEn)))[0];
const judging = await byTitle("Hanbit goods design contest");
const ongoing = await byTitle("Hanbit Works brand logo design contest");

function post(path: string, cookie: string, fields: Record<string, string>) {
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
    body: new URLSearchParams(fields).toString(),
  });
}

async function expect(res: Response, status: number, text?: string) {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 400));
  if (text) assert.ok(body.includes(text), `shows ${text}`);
}

const entriesOf = async (contestId: number) =>
  await db.select().from(contestEntries).where(
    and(eq(contestEntries.contestId, contestId), eq(contestEntries.status, "submitted")),
  ).orderBy(contestEntries.id);

appTest("the host's screen is the host's: another member gets 404, anonymous signs in", async () => {
  await expect(await t.request(`/contest/${judging.id}/judge`, { headers: { cookie: company } }), 200, "심사하기");
  await expect(await t.request(`/contest/${judging.id}/judge`, { headers: { cookie: member } }), 404);
  const anonymous = await t.request(`/contest/${judging.id}/judge`);
  assert.equal(anonymous.status, 303);
  await anonymous.body?.cancel();
});

appTest("winners: not before close, not for another host's contest, one entry per place", async () => {
  const [open] = await entriesOf(ongoing.id);
  await expect(
    await post(`/contest/${ongoing.id}/judge`, company, {
      _action: "pick",
      entry_id: String(open.id),
      rank: "gold",
      place: "1",
    }),
    409,
    "응모 마감 후에 심사할 수 있습니다.",
  );
  // Another host's contest (tester hosts a copy of the judging one) is no contest for company.
  const { id: _id, ...rest } = judging;
  const [others] = await db.insert(contests).values({ ...rest, hostId: await userId("tester"), title: "남의 공모전" })
    .returning();
  const [foreign] = await db.insert(contestEntries).values({
    contestId: others.id,
    userId: await userId("member"),
    title: "x",
  })
    .returning();
  await expect(
    await post(`/contest/${others.id}/judge`, company, {
      _action: "pick",
      entry_id: String(foreign.id),
      rank: "gold",
      place: "1",
    }),
    404,
  );
  assert.equal((await db.select().from(contestEntries).where(eq(contestEntries.id, foreign.id)))[0].rank, null);

  const [a, b] = await entriesOf(judging.id);
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "pick",
      entry_id: String(a.id),
      rank: "grand",
      place: "1",
    }),
    303,
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "pick",
      entry_id: String(b.id),
      rank: "gold",
      place: "1",
    }),
    409,
    "이미 다른 응모작이 받은 상입니다.",
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "pick",
      entry_id: String(b.id),
      rank: "gold",
      place: "2",
    }),
    303,
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "pick",
      entry_id: String(b.id),
      rank: "bogus",
      place: "",
    }),
    422,
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, { _action: "comment", entry_id: String(a.id), comment: "" }),
    422,
    "의견을 입력해 주십시오.",
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "comment",
      entry_id: String(a.id),
      comment: "좋습니다",
    }),
    303,
  );
  const [ranked, second] = await entriesOf(judging.id);
  assert.deepEqual([ranked.rank, ranked.place, ranked.hostComment], ["grand", 1, "좋습니다"]);
  assert.deepEqual([second.rank, second.place], ["gold", 2]);

  // The results date passes; the council publishes and settles: winners paid the prize less 4.4 %.
  await db.update(contests).set({ resultAt: new Date(Date.now() - 1000) }).where(eq(contests.id, judging.id));
  await expect(await post(`/management/contest/${judging.id}`, admin, { _action: "publish" }), 303);
  await expect(await post(`/management/contest/${judging.id}`, admin, { _action: "settle" }), 303);
  const payouts = await db.select().from(contestPayouts).where(eq(contestPayouts.contestId, judging.id))
    .orderBy(contestPayouts.place);
  assert.deepEqual(payouts.map((p) => [p.place, p.prize, p.tax, p.net]), [
    [1, 1_000_000, 44_000, 956_000],
    [2, 500_000, 22_000, 478_000],
  ]);
  const statement = await (await t.request(`/contest/${judging.id}/judge`, { headers: { cookie: company } })).text();
  assert.ok(statement.includes("₩956,000") && statement.includes("₩44,000"), "the host's statement");
  await expect(
    await post(`/contest/${judging.id}/judge`, company, {
      _action: "pick",
      entry_id: String(a.id),
      rank: "silver",
      place: "",
    }),
    409,
  );
  const pub = await (await t.request(`/api/contest/${judging.id}`)).json();
  assert.equal(pub.results, "published");
  assert.equal(pub.winners[0].rank, "grand");
});

appTest("counselling needs 50 characters; staff answer it and the host is told", async () => {
  await expect(
    await post(`/contest/${judging.id}/judge`, company, { _action: "counsel", opinion: "가".repeat(49) }),
    422,
    "상담 의견은 50자 이상 입력해 주십시오.",
  );
  await expect(
    await post(`/contest/${judging.id}/judge`, company, { _action: "counsel", opinion: "나".repeat(50) }),
    303,
  );
  const [counsel] = await db.select().from(contestCounsels).where(eq(contestCounsels.contestId, judging.id));
  assert.equal(counsel.opinion.length, 50);
  await expect(
    await post(`/management/contest/${judging.id}`, admin, {
      _action: "answer",
      counsel_id: String(counsel.id),
      answer: "이렇게 하십시오.",
    }),
    303,
  );
  const [mail] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  assert.equal(mail.to, "company@design-center.example");
  assert.ok(mail.body.includes("이렇게 하십시오."));
});

appTest("extension: 15 days each, at most twice, refused with 5 entries", async () => {
  const before = await byTitle("Hanbit Works brand logo design contest");
  await expect(await post(`/contest/${before.id}/judge`, company, { _action: "extend" }), 303);
  const once = await byTitle("Hanbit Works brand logo design contest");
  assert.equal(once.closeAt.getTime() - before.closeAt.getTime(), 15 * 86_400_000);
  assert.equal(once.resultAt.getTime() - before.resultAt.getTime(), 15 * 86_400_000);
  assert.equal(once.extendCount, 1);
  await expect(await post(`/contest/${before.id}/judge`, company, { _action: "extend" }), 303);
  await expect(
    await post(`/contest/${before.id}/judge`, company, { _action: "extend" }),
    409,
    "더 이상 연장할 수 없습니다(최대 2회).",
  );
  assert.equal((await byTitle("Hanbit Works brand logo design contest")).extendCount, 2);
  await expect(await post(`/contest/${before.id}/judge`, member, { _action: "extend" }), 404);

  // A contest with 5 entries cannot be extended.
  const { id: _id, ...rest } = before;
  const [five] = await db.insert(contests).values({ ...rest, extendCount: 0, title: "다섯 응모" }).returning();
  for (const name of ["member", "tester", "judge-ibda", "judge-dcb", "judge-shoes"]) {
    await db.insert(contestEntries).values({ contestId: five.id, userId: await userId(name), title: name });
  }
  await expect(
    await post(`/contest/${five.id}/judge`, company, { _action: "extend" }),
    409,
    "응모작이 5건 이상이면 연장할 수 없습니다.",
  );
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
