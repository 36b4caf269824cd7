// Issue 16 §7 (PIPA): what is kept of a withdrawn member is destroyed after the retention period, winners
// keeping only their names in the awards' record; payment records are kept five years without the
// provider's personal fields; the access log of personal data is written on every management read and
// can be neither edited nor deleted (but past two years, by the job); only one instance runs the job.
import assert from "node:assert/strict";
import { and, desc, eq, sql } from "drizzle-orm";
import { entries } from "../../db/schema/award.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { auditLog, sessions, users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { enforceRetention } from "../../domain/member/retention.ts";
import { withdrawMember, WITHDRAWN_NAME } from "../../domain/member/withdraw.ts";
import { JOB_LOCKS, runExclusive } from "../../domain/ops/exclusive.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const POLICY = { withdrawnDays: 30, paymentYears: 5 };
const DAY = 86_400_000;

async function userId(username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

/** A member of our own with two entries (one a winner), a draft and a paid fee, then withdrawn `daysAgo`. */
async function withdrawnEntrant(username: string, daysAgo: number) {
  const [source] = await db.select().from(users).where(eq(users.username, "member"));
  const { id: _id, ...fields } = source;
  const [user] = await db.insert(users).values({
    ...fields,
    username,
    email: `${username}@example.org`,
  }).returning();
  const [template] = await db.select().from(entries).limit(1);
  const { id: _e, ...entryFields } = template;
  const made = await db.insert(entries).values([
    {
      ...entryFields,
      userId: user.id,
      rank: "gold",
      designerName: "수상 디자이너",
      designerEmail: "w@example.org",
      designerPhone: "010-1111-2222",
      subDesigners: [{ name: "공동", name_en: "Co", affiliation: "한빛대" }],
    },
    {
      ...entryFields,
      userId: user.id,
      rank: null,
      designerName: "미수상 디자이너",
      designerEmail: "n@example.org",
      designerPhone: "010-3333-4444",
      subDesigners: [{ name: "공동2", name_en: "Co2", affiliation: "한빛대" }],
    },
  ]).returning();
  await db.insert(wizardDrafts).values({
    userId: user.id,
    kind: "award_entry",
    ref: template.awardId,
    data: { title: "draft" },
  });
  await db.insert(payments).values({
    orderId: `T-ret-${user.id}`,
    provider: "test",
    targetType: "award_entry",
    targetId: made[0].id,
    userId: user.id,
    amount: 100_000,
    status: "paid",
    raw: { buyerName: "홍길동", buyerEmail: "w@example.org", buyerTel: "010-1111-2222" },
  });
  await withdrawMember(
    db,
    user.id,
    { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, confirm: "on" },
    "10.1.1.1",
    { config: t.config },
  );
  await db.update(users).set({ withdrawnAt: new Date(Date.now() - daysAgo * DAY) }).where(eq(users.id, user.id));
  return { user, winner: made[0], other: made[1] };
}

appTest("after the retention period a withdrawn member's remaining personal data is destroyed", async () => {
  const old = await withdrawnEntrant("retention-old", 31);
  const recent = await withdrawnEntrant("retention-new", 5);
  const report = await enforceRetention(db, POLICY);
  assert.ok(report, "the job ran");
  assert.ok(report.entriesCleared >= 2);

  const [winner] = await db.select().from(entries).where(eq(entries.id, old.winner.id));
  assert.equal(winner.designerName, "수상 디자이너", "a winner stays named in the awards' record");
  assert.equal(winner.designerEmail, "");
  assert.equal(winner.designerPhone, "");
  assert.deepEqual(winner.subDesigners, [{ name: "공동", name_en: "Co" }]);
  const [other] = await db.select().from(entries).where(eq(entries.id, old.other.id));
  assert.equal(other.designerName, WITHDRAWN_NAME);
  assert.equal(other.designerEmail, "");
  assert.deepEqual(other.subDesigners, []);
  assert.equal((await db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, old.user.id))).length, 0);
  assert.equal((await db.select().from(sessions).where(eq(sessions.userId, old.user.id))).length, 0);
  const [paid] = await db.select().from(payments).where(eq(payments.userId, old.user.id));
  assert.equal(paid.raw, null, "the payment stays, without the provider's personal fields");
  assert.equal(paid.amount, 100_000);

  // Within the period nothing more is destroyed yet.
  const [kept] = await db.select().from(entries).where(eq(entries.id, recent.other.id));
  assert.equal(kept.designerEmail, "n@example.org");
  const [keptPayment] = await db.select().from(payments).where(eq(payments.userId, recent.user.id));
  assert.ok(keptPayment.raw);

  // A second run finds nothing left to do.
  const again = await enforceRetention(db, POLICY);
  assert.equal(again?.entriesCleared, 0);
});

appTest("payment records are kept five years, then deleted", async () => {
  const member = await userId("member");
  const [entry] = await db.select().from(entries).limit(1);
  const make = (orderId: string, yearsAgo: number) => {
    const createdAt = new Date();
    createdAt.setUTCFullYear(createdAt.getUTCFullYear() - yearsAgo);
    return db.insert(payments).values({
      orderId,
      provider: "test",
      targetType: "award_entry",
      targetId: entry.id,
      userId: member,
      amount: 100_000,
      status: "paid",
      createdAt,
    });
  };
  await make("T-ret-6y", 6);
  await make("T-ret-4y", 4);
  await enforceRetention(db, POLICY);
  const left = (await db.select({ orderId: payments.orderId }).from(payments)).map((p) => p.orderId);
  assert.ok(!left.includes("T-ret-6y"));
  assert.ok(left.includes("T-ret-4y"));
});

appTest("a management read of a member is logged; the log can be neither edited nor deleted", async () => {
  const admin = await signIn(t, "admin");
  const target = await userId("company");
  const page = await t.request(`/management/user/${target}`, { headers: { cookie: admin } });
  assert.equal(page.status, 200);
  await page.body?.cancel();
  const [logged] = await db.select().from(auditLog)
    .where(and(eq(auditLog.action, "member.viewed"), eq(auditLog.targetUserId, target))).orderBy(desc(auditLog.id));
  assert.equal(logged.actorId, await userId("admin"));

  await assert.rejects(() => db.update(auditLog).set({ action: "nothing" }).where(eq(auditLog.id, logged.id)));
  await assert.rejects(() => db.delete(auditLog).where(eq(auditLog.id, logged.id)));
  await assert.rejects(() => db.execute(sql`truncate audit_log`));
  assert.equal((await db.select().from(auditLog).where(eq(auditLog.id, logged.id))).length, 1);

  // Past two years the job deletes it (and only then may anything).
  const [ancient] = await db.insert(auditLog).values({
    actorId: logged.actorId,
    action: "member.viewed",
    targetUserId: target,
    createdAt: new Date(Date.now() - 3 * 365 * DAY),
  }).returning();
  const report = await enforceRetention(db, POLICY);
  assert.ok((report?.auditDeleted ?? 0) >= 1);
  assert.equal((await db.select().from(auditLog).where(eq(auditLog.id, ancient.id))).length, 0);
  assert.equal((await db.select().from(auditLog).where(eq(auditLog.id, logged.id))).length, 1);
});

appTest("the job runs on one instance at a time: while another holds it, a run is skipped", async () => {
  if (t.app.database.kind !== "postgres") return; // PGlite has one connection: no second instance to race
  let inner: unknown = "not run";
  await runExclusive(db, JOB_LOCKS.retention, async () => {
    inner = await enforceRetention(db, POLICY);
  });
  assert.equal(inner, null);
  assert.ok(await enforceRetention(db, POLICY), "free again afterwards");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
