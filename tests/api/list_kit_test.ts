// The list kit on the database (issue 22): statistics and role counts kept by triggers equal a full recount
// after inserts, updates (status, category, fee, payment) and deletes; the search expression is the one its
// trigram index covers; a bounded count gives an estimate flagged as such; a 1-character search answers
// the SPEC §8 message.
import assert from "node:assert/strict";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { roles, userRoles, users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { countOf } from "../../domain/common/list.ts";
import { searchCondition, selectivePieces } from "../../domain/common/search.ts";
import { readSample } from "../../domain/common/search-sample.ts";
import { awardStatistics, awardStatisticsRecount, familyFees } from "../../domain/award/manage-stats.ts";
import { roleSummary } from "../../domain/member/management.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const [award] = await db.select().from(awards).where(eq(awards.family, "award")).limit(1);
const [member] = await db.select().from(users).where(eq(users.username, "member"));

async function assertStatsMatch(step: string) {
  assert.deepEqual(await awardStatistics(db, award), await awardStatisticsRecount(db, award), step);
  const fees = await db.execute(sql`select a.year, count(e.id) filter (where e.status <> 'cancel')::int as entries,
    coalesce(sum(e.fee) filter (where e.status not in ('pay_incomplete', 'cancel')), 0)::int as fees
    from awards a left join entries e on e.award_id = a.id where a.family = 'award' group by a.id, a.year
    order by a.year`);
  const rows = (Array.isArray(fees) ? fees : (fees as { rows: unknown[] }).rows) as Record<string, unknown>[];
  assert.deepEqual(
    await familyFees(db, "award"),
    rows.map((r) => ({ year: Number(r.year), entries: Number(r.entries), fees: Number(r.fees) })),
    step,
  );
}

const entry = (i: number, status: string, category: number, fee: number) => ({
  awardId: award.id,
  userId: member.id,
  status: status as "submitted",
  exhibitorType: (i % 2 ? "company" : "student") as "company",
  designerName: `김디자이너${i}`,
  category: category as 10,
  title: `시험 작품 ${i}`,
  workType: "image" as const,
  fee,
});

appTest("award statistics from summaries equal a full recount through inserts, updates and deletes", async () => {
  await assertStatsMatch("seeded");
  const added = await db.insert(entries).values([
    entry(1, "pay_incomplete", 10, 100_000),
    entry(2, "submitted", 20, 0),
    entry(3, "complete", 30, 50_000),
    entry(4, "pay_incomplete", 10, 100_000),
  ]).returning();
  await assertStatsMatch("after insert");
  const ids = added.map((e) => e.id);
  // A payment goes through: the entry is paid and its order recorded.
  const [pay] = await db.insert(payments).values({
    orderId: `T-${crypto.randomUUID()}`,
    provider: "test",
    targetType: "award_entry",
    targetId: ids[0],
    amount: 100_000,
    status: "ready",
  }).returning();
  await assertStatsMatch("after a ready payment");
  await db.transaction(async (tx) => {
    await tx.update(payments).set({ status: "paid" }).where(eq(payments.id, pay.id));
    await tx.update(entries).set({ status: "complete" }).where(eq(entries.id, ids[0]));
  });
  await assertStatsMatch("after payment");
  await db.update(entries).set({ category: 40 as 10 }).where(eq(entries.id, ids[1]));
  await assertStatsMatch("after category change");
  await db.update(entries).set({ status: "cancel" }).where(inArray(entries.id, [ids[0], ids[3]]));
  await db.update(payments).set({ status: "cancelled" }).where(eq(payments.id, pay.id));
  await assertStatsMatch("after refund and cancel");
  await db.update(entries).set({ fee: 70_000 }).where(eq(entries.id, ids[2]));
  await db.update(entries).set({ display: true }).where(inArray(entries.id, ids));
  await assertStatsMatch("after fee and flag changes");
  await db.delete(payments).where(eq(payments.id, pay.id));
  await db.delete(entries).where(inArray(entries.id, ids.slice(0, 2)));
  await assertStatsMatch("after delete");
  await db.delete(entries).where(inArray(entries.id, ids.slice(2)));
  await assertStatsMatch("back to the seed");
});

async function recountRoles() {
  const rows = await db.select({
    code: userRoles.roleCode,
    approved: sql<number>`count(*) filter (where ${userRoles.approved} or not ${roles.needsApproval})::int`,
    rejected: sql<number>`count(*) filter (where ${userRoles.rejected})::int`,
    waiting: sql<number>`count(*) filter (where ${roles.needsApproval} and not ${userRoles.approved}
      and not ${userRoles.rejected})::int`,
  }).from(userRoles).innerJoin(roles, eq(roles.code, userRoles.roleCode))
    .innerJoin(users, and(eq(users.id, userRoles.userId), isNull(users.withdrawnAt)))
    .groupBy(userRoles.roleCode);
  return Object.fromEntries(
    rows.map((
      r,
    ) => [r.code, { approved: Number(r.approved), waiting: Number(r.waiting), rejected: Number(r.rejected) }]),
  );
}

async function assertRolesMatch(step: string) {
  const kept = Object.fromEntries(
    (await roleSummary(db)).filter((r) => r.approved + r.waiting + r.rejected > 0)
      .map((r) => [r.code, { approved: r.approved, waiting: r.waiting, rejected: r.rejected }]),
  );
  assert.deepEqual(kept, await recountRoles(), step);
}

appTest("role counts kept by triggers equal a recount through role changes and withdrawals", async () => {
  await assertRolesMatch("seeded");
  const [user] = await db.insert(users).values({
    username: "counted",
    email: "counted@example.com",
    passwordHash: "x",
    name: "카운트",
  }).returning();
  await db.insert(userRoles).values([
    { userId: user.id, roleCode: "member", approved: true },
    { userId: user.id, roleCode: "design" },
  ]);
  await assertRolesMatch("after insert");
  await db.update(userRoles).set({ rejected: true }).where(
    and(eq(userRoles.userId, user.id), eq(userRoles.roleCode, "design")),
  );
  await assertRolesMatch("after rejection");
  await db.update(users).set({ withdrawnAt: new Date() }).where(eq(users.id, user.id));
  await assertRolesMatch("after withdrawal");
  await db.delete(userRoles).where(eq(userRoles.userId, user.id));
  await assertRolesMatch("after delete of a withdrawn member's roles");
});

appTest("search: the trigram index serves each search expression; Korean, English, usernames, e-mails", async () => {
  const found = async (q: string) =>
    (await db.select({ username: users.username }).from(users)
      .where(and(isNull(users.withdrawnAt), searchCondition("users", q)))).map((r) => r.username);
  assert.ok((await found("member")).includes("member"));
  assert.ok((await found("MEMBER@")).includes("member"));
  const [{ name }] = await db.select({ name: users.name }).from(users).where(eq(users.username, "member"));
  assert.ok((await found(name)).includes("member"), `Korean name ${name}`);
  assert.deepEqual(await found("50%_없는"), []);
  // Members and entries are searched in their stored, lower-cased search text (migration 0050), which the
  // trigram index holds: the plan tests that column, with LIKE, and the index is on it.
  for (
    const [table, where] of [
      ["users", sql`${isNull(users.withdrawnAt)} and ${searchCondition("users", "member")}`],
      ["entries", searchCondition("entries", "디자인")],
    ] as const
  ) {
    const plan = JSON.stringify(await db.execute(sql`explain select 1 from ${sql.raw(table)} where ${where}`));
    assert.match(plan, /\(search_text ~~ '%(member|디자인)%'::text\)/, plan);
    const def = JSON.stringify(
      await db.execute(sql`select pg_get_indexdef(${`${table}_search_trgm_idx`}::regclass) as def`),
    );
    assert.ok(def.includes(`gin (search_text gin_trgm_ops)`), def);
  }
  // The stored text follows the member's name as it changes.
  await db.update(users).set({ nameEn: "Zebulon Quark" }).where(eq(users.username, "member"));
  assert.deepEqual(await found("zebulon QUARK"), ["member"]);
});

appTest(
  "search: with a sample, the index is asked for a keyword's rare pieces and the same rows are found",
  async () => {
    await db.execute(sql`insert into users (username, email, password_hash, name, name_en)
    select 'scale' || g, 'scale' || g || '@example.com', 'x', '김' || g, 'Kim ' || g from generate_series(1, 300) g`);
    await db.execute(sql`analyze users`);
    const sample = await readSample(db, "users", 0);
    assert.ok(sample && sample.rows >= 300, String(sample?.rows));
    // "sca", "cal", "ale" and "le2" are in more than a fifth of the rows; "277" in one.
    assert.deepEqual(selectivePieces("scale277@", sample), ["e277"]);
    // No common trigram, or no rare one: the whole keyword.
    assert.equal(selectivePieces("member", sample), null);
    assert.equal(selectivePieces("scale", sample), null);
    const usernames = async (q: string, withSample: boolean) =>
      (await db.select({ username: users.username }).from(users)
        .where(and(isNull(users.withdrawnAt), searchCondition("users", q, withSample ? sample : null)))
        .orderBy(users.username)).map((r) => r.username);
    for (const q of ["scale277@", "SCALE27", "scale2", "e277@ex", "김27", "Kim 3", "member", "le27"]) {
      assert.deepEqual(await usernames(q, true), await usernames(q, false), q);
    }
    assert.deepEqual(await usernames("scale277@", true), ["scale277"]);
    const pruned = JSON.stringify(
      await db.execute(sql`explain select 1 from users where ${searchCondition("users", "scale277@", sample)}`),
    );
    assert.match(pruned, /search_text ~~ '%e277%'::text/, pruned);
  },
);

appTest("bounded count: exact up to the limit, an estimate flagged above it", async () => {
  const query = () => db.select({ id: users.id }).from(users).$dynamic();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  assert.deepEqual(await countOf(db, query()), { total: Number(n), estimated: false });
  await db.execute(sql`analyze users`);
  // Above the limit, the planner's estimate of the whole list (not of the capped count statement), without
  // counting; a list of one row is counted exactly.
  const near = (total: number) => Math.abs(total - Number(n)) <= Math.max(2, Number(n) / 10);
  const small = await countOf(db, query(), { limit: 2 });
  assert.equal(small.estimated, true);
  assert.ok(Number(n) > 6 && near(small.total), `${small.total} for ${n}`);
  const one = () => db.select({ id: users.id }).from(users).where(eq(users.username, "admin")).$dynamic();
  assert.deepEqual(await countOf(db, one(), { limit: 2 }), { total: 1, estimated: false });
  // Three rows the unique username index estimates exactly: above the limit, flagged as an estimate.
  const three = () =>
    db.select({ id: users.id }).from(users).where(inArray(users.username, ["admin", "member", "company"])).$dynamic();
  assert.deepEqual(await countOf(db, three(), { limit: 2 }), { total: 3, estimated: true });
});

appTest("a 1-character search answers SPEC §8's message (400) on the members and entries lists", async () => {
  const admin = await signIn(t, "admin");
  for (const path of ["/management/user?q=a", "/management/award/entries?q=a"]) {
    const res = await t.request(path, { headers: { cookie: admin } });
    assert.equal(res.status, 400, path);
    const html = await res.text();
    assert.match(html, /두 글자 이상|at least two characters/, path);
  }
  await t.close();
});
