// Issue 11 part 6 over HTTP, for both families: /api/{award|ibda}/pool/{id}/categories, /api/{award|ibda}/
// {id}/entries with sect and sort (audits only to the panel and administrators; anonymous and entrants
// refused), /api/user/judges and /api/user/prizes in SPEC §7's pagination shape.
import assert from "node:assert/strict";
import { and, eq, isNotNull } from "drizzle-orm";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { panelJudges, poolCategories } from "../../db/schema/judging.ts";
import { users } from "../../db/schema/member.ts";

const t = await openTestApp();
const db = t.app.database.db;

const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
const [first] = await db.select().from(awardPools).where(
  and(eq(awardPools.awardId, judged.id), eq(awardPools.kind, "first")),
);
const [open] = await db.select().from(awards).where(eq(awards.family, "award")).orderBy(awards.year);
const judge = await signIn(t, "judge-ibda");
const admin = await signIn(t, "admin");
const member = await signIn(t, "member");

async function json(path: string, status: number, cookie?: string) {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Signs in as the entrant who owns an entry (seeded entrants get the demo password here). */
async function asOwnerOf(entryId: number): Promise<string> {
  const [entry] = await db.select().from(entries).where(eq(entries.id, entryId));
  const [demo] = await db.select().from(users).where(eq(users.username, "member"));
  const [owner] = await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, entry.userId))
    .returning();
  return await signIn(t, owner.username);
}

appTest("pool categories: the pool's own categories, labelled; another family's pool 404", async () => {
  const all = await json(`/api/ibda/pool/${first.id}/categories?lang=en`, 200);
  assert.deepEqual(all.categories.map((c: { value: number }) => c.value), [...judged.categories].sort((a, b) => a - b));
  await db.delete(poolCategories).where(
    and(eq(poolCategories.poolId, first.id), eq(poolCategories.category, judged.categories[0])),
  );
  const fewer = await json(`/api/ibda/pool/${first.id}/categories`, 200);
  assert.ok(!fewer.categories.some((c: { value: number }) => c.value === judged.categories[0]));
  await db.insert(poolCategories).values({ poolId: first.id, category: judged.categories[0] });
  await json(`/api/award/pool/${first.id}/categories`, 404);
  await json("/api/ibda/pool/abc/categories", 400);
});

appTest("entries: a judge gets blind entries and only their own audits; sect picks one part; sort orders", async () => {
  const all = await json(`/api/ibda/${judged.id}/entries`, 200, judge);
  assert.ok(Array.isArray(all.entries) && Array.isArray(all.audits) && all.award.id === judged.id);
  assert.ok(all.entries.length > 0);
  for (const e of all.entries) {
    for (const secret of ["designer_name", "designer_email", "company", "user_id", "designerName"]) {
      assert.ok(!(secret in e));
    }
  }
  const text = JSON.stringify(all.entries);
  const rows = await db.select().from(entries).where(eq(entries.awardId, judged.id));
  for (const r of rows) assert.ok(!text.includes(r.designerEmail), "no entrant e-mail");
  const down = await json(`/api/ibda/${judged.id}/entries?sect=entries&sort=-id`, 200, judge);
  assert.deepEqual(Object.keys(down), ["entries"]);
  const ids = down.entries.map((e: { id: number }) => e.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
  const audits = await json(`/api/ibda/${judged.id}/entries?sect=audits`, 200, judge);
  assert.deepEqual(Object.keys(audits), ["audits"]);
  assert.deepEqual(audits.audits, [], "judge-ibda has scored nothing; the other judges' scores are not shown");
  assert.deepEqual(Object.keys(await json(`/api/ibda/${judged.id}/entries?sect=award`, 200, judge)), ["award"]);
  await json(`/api/ibda/${judged.id}/entries?sect=secrets`, 400, judge);
  await json(`/api/ibda/${judged.id}/entries?sort=random`, 400, judge);
});

appTest("entries: administrators see each pool's figures; anonymous, members and entrants are refused", async () => {
  const body = await json(`/api/ibda/${judged.id}/entries?sect=audits`, 200, admin);
  const mine = body.audits.filter((a: { pool: number }) => a.pool === first.id);
  assert.ok(mine.some((a: { count: number; calibrated: number | null }) => a.count === 2 && a.calibrated !== null));
  await json(`/api/ibda/${judged.id}/entries?sect=audits`, 401);
  await json(`/api/ibda/${judged.id}/entries?sect=audits`, 403, member);
  const [theirs] = await db.select().from(entries).where(eq(entries.awardId, judged.id)).limit(1);
  await json(`/api/ibda/${judged.id}/entries?sect=audits`, 403, await asOwnerOf(theirs.id));
  // The design award is not auditable: refused to everyone, administrators too.
  await json(`/api/award/${open.id}/entries?sect=audits`, 403, admin);
  await json(`/api/award/${open.id}/entries`, 403, judge);
  await json(`/api/award/${judged.id}/entries`, 404, admin);
});

appTest("the design award's calls: its DCB panel judge reads the pool's categories and blind entries", async () => {
  // The seed puts judge-dcb on the panel of the design award that is open now; judging opens when the award is
  // made auditable and its first pool runs.
  const [dcbUser] = await db.select().from(users).where(eq(users.username, "judge-dcb"));
  const [seat] = await db.select().from(panelJudges).where(eq(panelJudges.userId, dcbUser.id));
  const [design] = await db.select().from(awards).where(eq(awards.id, seat.awardId));
  assert.equal(design.family, "award");
  const [pool] = await db.select().from(awardPools).where(eq(awardPools.awardId, design.id)).orderBy(awardPools.id);
  const hour = 3_600_000;
  await db.update(awards).set({ auditable: true }).where(eq(awards.id, design.id));
  await db.update(awardPools).set({ startAt: new Date(Date.now() - hour), finishAt: new Date(Date.now() + hour) })
    .where(eq(awardPools.id, pool.id));
  try {
    const dcb = await signIn(t, "judge-dcb");
    const categories = await json(`/api/award/pool/${pool.id}/categories`, 200, dcb);
    assert.ok(categories.categories.length > 0);
    const body = await json(`/api/award/${design.id}/entries?sect=entries`, 200, dcb);
    assert.deepEqual(Object.keys(body), ["entries"]);
    for (const e of body.entries) assert.ok(!("designer_email" in e) && !("company" in e), "blind");
    // Another family's judge and the IBDA route of this award are refused.
    await json(`/api/award/${design.id}/entries`, 403, judge);
    await json(`/api/ibda/${design.id}/entries`, 404, dcb);
  } finally {
    await db.update(awards).set({ auditable: false }).where(eq(awards.id, design.id));
    await db.update(awardPools).set({ startAt: pool.startAt, finishAt: pool.finishAt }).where(
      eq(awardPools.id, pool.id),
    );
  }
});

appTest("/api/user/judges: the awards I judge, their pools' periods and my progress, paginated", async () => {
  const body = await json("/api/user/judges", 200, judge);
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(key in body);
  assert.equal(body.per_page, 8);
  const now = body.data.find((j: { award: { id: number } }) => j.award.id === judged.id);
  const pool = now.pools.find((p: { id: number }) => p.id === first.id);
  assert.equal(pool.open, true);
  assert.ok(pool.progress.todo > 0);
  assert.equal(pool.link, `/audit?pool=${first.id}`);
  assert.equal((await json("/api/user/judges", 200, member)).total, 0);
  await json("/api/user/judges", 401);
  await json("/api/user/judges?perpage=0", 400, judge);
});

appTest("/api/user/prizes: my ranked entries whose results are out, with their certificate", async () => {
  const [lastIbda] = await db.select().from(awards).where(
    and(eq(awards.family, "ibda"), eq(awards.year, judged.year - 1)),
  );
  const [ranked] = await db.select().from(entries).where(and(isNotNull(entries.rank), eq(entries.awardId, lastIbda.id)))
    .limit(1);
  assert.ok(ranked, "last year's IBDA has ranked entries");
  const owner = await asOwnerOf(ranked.id);
  const body = await json("/api/user/prizes", 200, owner);
  assert.equal(body.per_page, 8);
  const mine = body.data.find((p: { entry: { id: number } }) => p.entry.id === ranked.id);
  assert.equal(mine.rank, ranked.rank);
  assert.match(mine.certificate.print, /^\/print\?certificate=\d+$/);
  assert.equal((await json("/api/user/prizes", 200, judge)).total, 0, "a judge entered nothing");
  await json("/api/user/prizes", 401);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
