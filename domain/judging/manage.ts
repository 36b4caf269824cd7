// Running the judging (issue 11 part 5), for /management/pool and /management/judge: pools with their
// periods, categories and assigned judges, progress per judge with a reminder mail, the criteria of each
// round, the ranking of a pool's entries, bulk decisions, the final round's ranks, and publishing results
// with mail to every entrant. Every multi-row change runs in one transaction.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { userRoles, users } from "../../db/schema/member.ts";
import {
  awardResults,
  certificates,
  criteria,
  panelJudges,
  poolCategories,
  poolJudges,
  scores,
} from "../../db/schema/judging.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, formatDate, toLocale } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import { pushOfMail } from "../notify/push.ts";
import { mailLink } from "../mail/templates.ts";
import {
  type AwardFamily,
  type AwardRank,
  type DesignCategory,
  isDesignCategory,
  JUDGE_CATEGORIES,
  labelKey,
  PANEL_ROLES,
  type PanelRole,
} from "../award/options.ts";
import { parseAwardDate } from "../award/phase.ts";
import { aggregateRound, type EntryAggregate, rankEntries, type RankingSort } from "./aggregate.ts";
import { DECISIONS, isPrizeRank, JUDGING_STATUSES, resultsVisible } from "./decisions.ts";
import { issueAppointments, issuePrizeCertificates, revokeEntryCertificates } from "./certificates.ts";
import { hasConflict } from "./rules.ts";
import { ROUND_STATUSES } from "./scoring.ts";
import { registerFromAward } from "../market/auto-register.ts";
import { JOB_LOCKS, runExclusive } from "../ops/exclusive.ts";

type MailConfig = Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;

export interface PoolSummary {
  id: number;
  kind: "first" | "final";
  awardId: number;
  family: string;
  year: number;
  title: string;
  startAt: Date | null;
  finishAt: Date | null;
  categories: number[];
  judges: number;
  scores: number;
}

/** Every pool, newest award first (a few per award: no paging needed). */
export async function listPools(tx: Tx): Promise<PoolSummary[]> {
  const rows = await tx.select({ pool: awardPools, award: awards }).from(awardPools)
    .innerJoin(awards, eq(awards.id, awardPools.awardId)).orderBy(
      desc(awards.year),
      asc(awards.family),
      asc(awardPools.id),
    );
  const ids = rows.map((r) => r.pool.id);
  if (!ids.length) return [];
  const cats = await tx.select().from(poolCategories).where(inArray(poolCategories.poolId, ids));
  const judges = await tx.select({ poolId: poolJudges.poolId, n: sql<number>`count(*)::int` }).from(poolJudges)
    .where(inArray(poolJudges.poolId, ids)).groupBy(poolJudges.poolId);
  const counts = await tx.select({ poolId: scores.poolId, n: sql<number>`count(*)::int` }).from(scores)
    .where(inArray(scores.poolId, ids)).groupBy(scores.poolId);
  return rows.map(({ pool, award }) => ({
    id: pool.id,
    kind: pool.kind,
    awardId: award.id,
    family: award.family,
    year: award.year,
    title: award.title,
    startAt: pool.startAt,
    finishAt: pool.finishAt,
    categories: cats.filter((c) => c.poolId === pool.id).map((c) => c.category),
    judges: judges.find((j) => j.poolId === pool.id)?.n ?? 0,
    scores: counts.find((c) => c.poolId === pool.id)?.n ?? 0,
  }));
}

export interface PanelMember {
  id: number;
  userId: number;
  username: string;
  name: string;
  nameEn: string;
  role: string;
  category: string;
  affiliation: string;
  position: string;
  classification: string;
  /** The judge's term of appointment (SPEC §3 Judge start, finish): days in Seoul, null when open-ended. */
  startOn: Date | null;
  finishOn: Date | null;
  excludedAt: Date | null;
}

export async function panelOf(tx: Tx, awardId: number): Promise<PanelMember[]> {
  const rows = await tx.select({ j: panelJudges, username: users.username, name: users.name, nameEn: users.nameEn })
    .from(panelJudges)
    .innerJoin(users, eq(users.id, panelJudges.userId)).where(eq(panelJudges.awardId, awardId)).orderBy(
      asc(panelJudges.id),
    );
  return rows.map(({ j, username, name, nameEn }) => ({
    id: j.id,
    userId: j.userId,
    username,
    name,
    nameEn,
    role: j.role,
    category: j.category,
    affiliation: j.affiliation,
    position: j.position,
    classification: j.classification,
    startOn: j.startOn,
    finishOn: j.finishOn,
    excludedAt: j.excludedAt,
  }));
}

export interface JudgeProgress {
  judge: PanelMember;
  assigned: boolean;
  categories: number[];
  total: number;
  scored: number;
  abstained: number;
  todo: number;
  remindedAt: Date | null;
}

export interface PoolDetail {
  pool: typeof awardPools.$inferSelect;
  award: typeof awards.$inferSelect;
  categories: number[];
  /** The categories the award offers (every branch when it names none). */
  offered: number[];
  progress: JudgeProgress[];
  criteria: (typeof criteria.$inferSelect)[];
  published: boolean;
}

async function poolAndAward(tx: Tx, poolId: number) {
  const [row] = await tx.select({ pool: awardPools, award: awards }).from(awardPools)
    .innerJoin(awards, eq(awards.id, awardPools.awardId)).where(eq(awardPools.id, poolId));
  if (!row) throw new HttpError(404, "judging.error.pool_not_found");
  return row;
}

/** The entries of the pool's round in the pool's categories. */
async function poolEntries(tx: Tx, pool: typeof awardPools.$inferSelect, cats: number[]) {
  const where = [eq(entries.awardId, pool.awardId), inArray(entries.status, ROUND_STATUSES[pool.kind])];
  if (cats.length) where.push(inArray(entries.category, cats as DesignCategory[]));
  return await tx.select().from(entries).where(and(...where)).orderBy(asc(entries.id));
}

export async function poolDetail(tx: Tx, poolId: number): Promise<PoolDetail> {
  const { pool, award } = await poolAndAward(tx, poolId);
  const categories = (await tx.select().from(poolCategories).where(eq(poolCategories.poolId, poolId))).map((c) =>
    c.category
  );
  const offered = award.categories.length ? [...award.categories] : [10, 20, 30, 40, 50, 110];
  const panel = await panelOf(tx, award.id);
  const assigned = await tx.select().from(poolJudges).where(eq(poolJudges.poolId, poolId));
  const list = await poolEntries(tx, pool, categories);
  const given = await tx.select({ judgeId: scores.judgeId, entryId: scores.entryId, abstained: scores.abstained })
    .from(scores).where(eq(scores.poolId, poolId));
  const progress = panel.map((judge): JudgeProgress => {
    const a = assigned.find((x) => x.judgeId === judge.id);
    const cats = a?.categories ?? [];
    const person = { userId: judge.userId, name: judge.name, nameEn: judge.nameEn, affiliation: judge.affiliation };
    const theirs = a ? list.filter((e) => cats.includes(e.category) && !hasConflict(person, e)) : [];
    const mine = given.filter((s) => s.judgeId === judge.id && theirs.some((e) => e.id === s.entryId));
    const abstained = mine.filter((s) => s.abstained).length;
    const scored = mine.length - abstained;
    return {
      judge,
      assigned: !!a,
      categories: cats,
      total: theirs.length,
      scored,
      abstained,
      todo: theirs.length - mine.length,
      remindedAt: a?.remindedAt ?? null,
    };
  });
  const rounds = await tx.select().from(criteria).where(
    and(eq(criteria.awardId, award.id), eq(criteria.round, pool.kind)),
  )
    .orderBy(asc(criteria.sort), asc(criteria.id));
  const [published] = await tx.select().from(awardResults).where(eq(awardResults.awardId, award.id));
  return { pool, award, categories, offered, progress, criteria: rounds, published: !!published };
}

// ---------- Forms ----------

const blank = (v: unknown) => (v === undefined || v === null ? "" : v);
const list = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);
const ids = z.preprocess(list, z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(5000));
const date = z.preprocess(blank, z.string().trim()).transform((v, ctx) => {
  if (!v) return null;
  const d = parseAwardDate(v);
  if (!d) ctx.addIssue({ code: "custom", message: "judging.error.date" });
  return d;
});
const categoryList = z.preprocess(
  list,
  z.array(z.coerce.number().int().refine(isDesignCategory, "award.category_invalid")),
);

export const PeriodInput = z.object({ start_at: date, finish_at: date, categories: categoryList })
  .refine((p) => !p.start_at || !p.finish_at || p.start_at < p.finish_at, {
    path: ["finish_at"],
    message: "judging.error.date",
  });

/** The pool's period and categories (SPEC §3 pool start_at, finish_at). */
export async function updatePool(db: Tx, poolId: number, input: z.infer<typeof PeriodInput>): Promise<void> {
  await db.transaction(async (tx) => {
    await poolAndAward(tx, poolId);
    await tx.update(awardPools).set({ startAt: input.start_at, finishAt: input.finish_at }).where(
      eq(awardPools.id, poolId),
    );
    await tx.delete(poolCategories).where(eq(poolCategories.poolId, poolId));
    const unique = [...new Set(input.categories)];
    if (unique.length) await tx.insert(poolCategories).values(unique.map((category) => ({ poolId, category })));
  });
}

/** The assignment form: `judges[]` the panel ids assigned, `cats_<id>[]` each one's categories. */
export function assignmentFrom(body: Record<string, unknown>): { judge: number; categories: number[] }[] {
  const chosen = ids.parse(body.judges ?? []);
  return chosen.map((judge) => ({ judge, categories: categoryList.parse(body[`cats_${judge}`] ?? []) }));
}

export async function assignJudges(db: Tx, poolId: number, chosen: { judge: number; categories: number[] }[]) {
  await db.transaction(async (tx) => {
    const { award } = await poolAndAward(tx, poolId);
    const panel = await tx.select({ id: panelJudges.id }).from(panelJudges).where(eq(panelJudges.awardId, award.id));
    if (chosen.some((c) => !panel.some((p) => p.id === c.judge))) {
      throw new HttpError(404, "judging.error.judge_not_found");
    }
    const before = await tx.select().from(poolJudges).where(eq(poolJudges.poolId, poolId));
    await tx.delete(poolJudges).where(eq(poolJudges.poolId, poolId));
    if (chosen.length) {
      await tx.insert(poolJudges).values(chosen.map((c) => ({
        poolId,
        judgeId: c.judge,
        categories: [...new Set(c.categories)],
        remindedAt: before.find((b) => b.judgeId === c.judge)?.remindedAt ?? null,
      })));
    }
  });
}

/** Mail to each assigned judge with work still to do; returns how many were written to. */
export async function remindJudges(db: Tx, config: MailConfig, poolId: number, now = new Date()): Promise<number> {
  return await db.transaction(async (tx) => {
    const detail = await poolDetail(tx, poolId);
    const behind = detail.progress.filter((p) => p.assigned && p.todo > 0 && !p.judge.excludedAt);
    for (const p of behind) {
      const [user] = await tx.select().from(users).where(eq(users.id, p.judge.userId));
      const locale = toLocale(user.locale);
      const t = createTranslator(locale);
      const path = detail.award.family === "ibda" ? "/audit" : "/audit-award";
      await queueMail(tx, config, {
        to: user.email,
        locale,
        subject: t("judging.mail.reminderSubject"),
        body: t("judging.mail.reminderBody", {
          name: locale === "en" && user.nameEn ? user.nameEn : user.name,
          award: locale === "en" && detail.award.titleEn ? detail.award.titleEn : detail.award.title,
          round: t(`judging.round.${detail.pool.kind}`),
          todo: p.todo,
          finish: detail.pool.finishAt ? formatDate(detail.pool.finishAt, locale, "datetime") : "–",
          link: mailLink(config, locale, path, { pool: String(poolId) }),
        }),
      });
      await tx.update(poolJudges).set({ remindedAt: now })
        .where(and(eq(poolJudges.poolId, poolId), eq(poolJudges.judgeId, p.judge.id)));
    }
    return behind.length;
  });
}

export const CriterionInput = z.object({
  name: z.preprocess(blank, z.string().trim().min(1, "awardAdmin.error.required").max(100, "judging.error.too_long")),
  name_en: z.preprocess(blank, z.string().trim().max(100, "judging.error.too_long")),
  weight: z.coerce.number().int().min(1).max(100),
  kind: z.enum(["score", "verdict"]),
  scale: z.coerce.number().int().min(1).max(100),
});

export async function addCriterion(db: Tx, poolId: number, input: z.infer<typeof CriterionInput>) {
  const { pool, award } = await poolAndAward(db, poolId);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(criteria)
    .where(and(eq(criteria.awardId, award.id), eq(criteria.round, pool.kind)));
  await db.insert(criteria).values({
    awardId: award.id,
    round: pool.kind,
    name: input.name,
    nameEn: input.name_en,
    weight: input.weight,
    kind: input.kind,
    scale: input.kind === "verdict" ? 2 : input.scale,
    sort: n,
  });
}

/** A criterion goes only while no score of its round names it (scores keep their meaning). */
export async function removeCriterion(db: Tx, poolId: number, criterionId: number) {
  const { pool, award } = await poolAndAward(db, poolId);
  const [used] = await db.select({ id: scores.id }).from(scores).where(eq(scores.poolId, pool.id)).limit(1);
  if (used) throw new HttpError(409, "judging.error.criteria_in_use");
  const gone = await db.delete(criteria)
    .where(and(eq(criteria.id, criterionId), eq(criteria.awardId, award.id), eq(criteria.round, pool.kind)))
    .returning({ id: criteria.id });
  if (!gone.length) throw new HttpError(404, "judging.error.criterion_not_found");
}

// ---------- Ranking and decisions ----------

export interface RankingRow extends EntryAggregate {
  title: string;
  titleEn: string;
  category: number;
  status: string;
  rank: AwardRank | null;
  nominee: boolean;
}

/** The pool's entries with their figures (every judge's scores in this pool), in the chosen order. */
export async function ranking(
  tx: Tx,
  poolId: number,
  sort: RankingSort = "calibrated",
  category?: number,
): Promise<RankingRow[]> {
  const { pool } = await poolAndAward(tx, poolId);
  const cats = (await tx.select().from(poolCategories).where(eq(poolCategories.poolId, poolId))).map((c) => c.category);
  const list = (await poolEntries(tx, pool, cats)).filter((e) => !category || e.category === category);
  const points = (await tx.select().from(scores).where(eq(scores.poolId, poolId)))
    .map((s) => ({
      entryId: s.entryId,
      judgeId: s.judgeId,
      points: s.abstained || s.total === null ? null : s.total / 100,
    }));
  const figures = aggregateRound(points);
  const rows = list.map((e): RankingRow => ({
    ...(figures.get(e.id) ?? {
      entryId: e.id,
      count: 0,
      abstentions: 0,
      raw: null,
      trimmed: null,
      calibrated: null,
      spread: null,
      disagreement: false,
    }),
    title: e.title,
    titleEn: e.titleEn,
    category: e.category,
    status: e.status,
    rank: e.rank,
    nominee: e.nominee,
  }));
  return rankEntries(rows, sort);
}

export const DecisionInput = z.object({
  decision: z.enum(["final", "eliminated"]),
  entries: ids.refine((v) => v.length > 0, "judging.error.none_chosen"),
});

/** Bulk decision on entries of the pool's award: all in one transaction, each through the status machine. */
export async function decideEntries(db: Tx, poolId: number, input: z.infer<typeof DecisionInput>): Promise<number> {
  return await db.transaction(async (tx) => {
    const { award } = await poolAndAward(tx, poolId);
    const rows = await tx.select().from(entries).where(
      and(eq(entries.awardId, award.id), inArray(entries.id, input.entries)),
    );
    if (rows.length !== new Set(input.entries).size) throw new HttpError(404, "judging.error.entry_not_found");
    for (const row of rows) {
      if (!DECISIONS.isStatus(row.status)) throw new HttpError(409, "judging.error.decision");
      DECISIONS.next(input.decision, row.status);
    }
    const done = await tx.update(entries).set({ status: input.decision, updatedAt: new Date() })
      .where(and(inArray(entries.id, input.entries), DECISIONS.fromCondition(entries.status, input.decision)))
      .returning({ id: entries.id });
    if (done.length !== rows.length) throw new HttpError(409, "judging.error.decision");
    return done.length;
  });
}

/** The ranks form of the final round: `rank_<entry>` (blank: none) and `nominee[]`. */
export function ranksFrom(
  body: Record<string, unknown>,
): { entry: number; rank: AwardRank | null; nominee: boolean }[] {
  const nominees = new Set(ids.parse(body.nominee ?? []));
  const out: { entry: number; rank: AwardRank | null; nominee: boolean }[] = [];
  for (const [name, value] of Object.entries(body)) {
    const m = /^rank_(\d{1,10})$/.exec(name);
    if (!m) continue;
    if (value !== "" && !isPrizeRank(value)) {
      throw new HttpError(422, "error.validation", undefined, { fields: { [name]: ["judging.error.rank"] } });
    }
    out.push({
      entry: Number(m[1]),
      rank: value === "" ? null : value as AwardRank,
      nominee: nominees.has(Number(m[1])),
    });
  }
  return out;
}

/**
 * The final round's ranks and nominees, in one transaction: a rank makes an entry `selected`, a withdrawn
 * one returns it to `final` and revokes its certificate; once results are published the certificates follow.
 */
export async function setRanks(
  db: Tx,
  poolId: number,
  ranks: ReturnType<typeof ranksFrom>,
  now = new Date(),
): Promise<number> {
  return await db.transaction(async (tx) => {
    const { pool, award } = await poolAndAward(tx, poolId);
    if (pool.kind !== "final") throw new HttpError(409, "judging.error.rank_needs_final");
    const rows = ranks.length
      ? await tx.select().from(entries).where(
        and(eq(entries.awardId, award.id), inArray(entries.id, ranks.map((r) => r.entry))),
      )
      : [];
    let changed = 0;
    for (const r of ranks) {
      const row = rows.find((x) => x.id === r.entry);
      if (!row) throw new HttpError(404, "judging.error.entry_not_found");
      if (!DECISIONS.isStatus(row.status)) throw new HttpError(409, "judging.error.rank_needs_final");
      if (row.rank === r.rank && row.nominee === r.nominee) continue;
      const status = r.rank
        ? DECISIONS.next("rank", row.status)
        : row.status === "selected"
        ? DECISIONS.next("unrank", row.status)
        : row.status;
      if (r.rank && !["final", "selected"].includes(row.status)) {
        throw new HttpError(409, "judging.error.rank_needs_final");
      }
      await tx.update(entries).set({ rank: r.rank, nominee: r.nominee, status, updatedAt: now }).where(
        eq(entries.id, row.id),
      );
      if (row.rank && row.rank !== r.rank) await revokeEntryCertificates(tx, row.id, now);
      changed++;
    }
    const [published] = await tx.select().from(awardResults).where(eq(awardResults.awardId, award.id));
    if (published) await issuePrizeCertificates(tx, award.id, now);
    return changed;
  });
}

export { resultsVisible } from "./decisions.ts";

/**
 * Publishes the award's results: recorded once, certificates issued for each rank and letters of appointment
 * for the panel, the entries flagged for the market registered as waiting products — all in one transaction.
 * Entrants see the results from the award's result date (resultsVisible), and that is when they are mailed:
 * at once if the date has come, otherwise by the periodic job (mailDueResults). Answers how many entrants were
 * mailed now (0 while the result date is still ahead).
 */
export async function publishResults(
  db: Tx,
  config: MailConfig,
  awardId: number,
  by: number,
  now = new Date(),
): Promise<{ mailed: number; visible: boolean }> {
  return await db.transaction(async (tx) => {
    const [award] = await tx.select().from(awards).where(eq(awards.id, awardId));
    if (!award) throw new HttpError(404, "award.not_found");
    const [saved] = await tx.insert(awardResults).values({ awardId, publishedAt: now, publishedBy: by })
      .onConflictDoNothing().returning();
    if (!saved) throw new HttpError(409, "judging.error.already_published");
    await issuePrizeCertificates(tx, awardId, now);
    await issueAppointments(tx, awardId, now);
    // Entries flagged "register in the market" wait for the council's approval as products (issue 18 §3).
    await registerFromAward(tx, awardId, now);
    if (!resultsVisible(saved, award.resultAt, now)) return { mailed: 0, visible: false };
    return { mailed: await mailResults(tx, config, award, now), visible: true };
  });
}

/** Mails every judged entrant of the award their result as it stands now, and records that it was done. */
async function mailResults(tx: Tx, config: MailConfig, award: typeof awards.$inferSelect, now: Date) {
  const judged = await tx.select({ entry: entries, user: users }).from(entries).innerJoin(
    users,
    eq(users.id, entries.userId),
  )
    .where(
      and(
        eq(entries.awardId, award.id),
        inArray(entries.status, [...JUDGING_STATUSES]),
        isNull(users.withdrawnAt),
      ),
    );
  for (const { entry, user } of judged) {
    const locale = toLocale(user.locale);
    const t = createTranslator(locale);
    const result = entry.rank
      ? t(labelKey("rank", entry.rank))
      : entry.nominee
      ? t("award.rank.nominee")
      : t(`award.entry_status.${entry.status}`);
    await queueMail(tx, config, {
      to: user.email,
      locale,
      subject: t("judging.mail.resultSubject"),
      push: pushOfMail(user.id, "result", locale, t("judging.mail.resultSubject"), "/mypage/prizes"),
      body: t("judging.mail.resultBody", {
        name: locale === "en" && user.nameEn ? user.nameEn : user.name,
        award: locale === "en" && award.titleEn ? award.titleEn : award.title,
        work: locale === "en" && entry.titleEn ? entry.titleEn : entry.title,
        result,
        date: award.resultAt ? formatDate(award.resultAt, locale, "datetime") : "–",
        link: mailLink(config, locale, "/mypage/prizes"),
      }),
    });
  }
  await tx.update(awardResults).set({ mailedAt: now }).where(eq(awardResults.awardId, award.id));
  return judged.length;
}

/**
 * The periodic job (main.ts): the results published ahead of their result date are mailed once the date has
 * come. One instance at a time (an advisory lock held by the transaction that sends them and sets `mailedAt`).
 */
export async function mailDueResults(db: Db, config: MailConfig, now = new Date()): Promise<number> {
  const due = await runExclusive(db, JOB_LOCKS.resultMail, async (tx) => {
    const waiting = await tx.select({ published: awardResults, award: awards }).from(awardResults)
      .innerJoin(awards, eq(awards.id, awardResults.awardId)).where(isNull(awardResults.mailedAt));
    let mailed = 0;
    for (const { published, award } of waiting) {
      if (resultsVisible(published, award.resultAt, now)) mailed += await mailResults(tx, config, award, now);
    }
    return mailed;
  });
  return due ?? 0;
}

// ---------- Panel ----------

/** A day of a judge's term (YYYY-MM-DD, a real date), or nothing for no limit. */
const termDay = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.iso.date("judging.error.term_day").optional(),
);

export const PanelInput = z.object({
  username: z.preprocess(blank, z.string().trim().toLowerCase().min(1, "awardAdmin.error.required").max(100)),
  category: z.preprocess(blank, z.string().trim().max(50)),
  affiliation: z.preprocess(blank, z.string().trim().max(200)),
  position: z.preprocess(blank, z.string().trim().max(100)),
  classification: z.preprocess(blank, z.string().trim().max(100)),
  start_on: termDay,
  finish_on: termDay,
}).refine((v) => !v.start_on || !v.finish_on || v.start_on <= v.finish_on, {
  message: "judging.error.term_order",
  path: ["finish_on"],
});

/** The first moment of a Seoul day and the last, for a judge's term. */
const seoulStart = (day: string) => new Date(`${day}T00:00:00+09:00`);
const seoulEnd = (day: string) => new Date(`${day}T23:59:59.999+09:00`);

/**
 * Whether a judge of the role may sit on a panel of the award's family in this category (SPEC §3 judge
 * categories: IBDA general/student on IBDA panels; DCB's 11 fields and shoes on the design award's).
 */
export function panelRefusal(family: AwardFamily, role: string, category: string): HttpError | null {
  if (!(PANEL_ROLES[family] as readonly string[]).includes(role)) {
    return new HttpError(422, "judging.error.role_family", undefined, {
      fields: { username: ["judging.error.role_family"] },
    });
  }
  if (!(JUDGE_CATEGORIES[role as PanelRole] as readonly string[]).includes(category)) {
    return new HttpError(422, "judging.error.judge_category", undefined, {
      fields: { category: ["judging.error.judge_category"] },
    });
  }
  return null;
}

/**
 * Adds an approved judge of the role to the award's panel (SPEC §6: the role plus judge, both approved; the
 * role one of the award family's, the category one of the role's), issues their letter of appointment and
 * tells them by mail, in the same transaction.
 */
export async function addToPanel(
  db: Tx,
  config: MailConfig,
  awardId: number,
  role: string,
  input: z.infer<typeof PanelInput>,
) {
  const [award] = await db.select().from(awards).where(eq(awards.id, awardId));
  if (!award) throw new HttpError(404, "award.not_found");
  const refusal = panelRefusal(award.family, role, input.category);
  if (refusal) throw refusal;
  const [user] = await db.select().from(users).where(
    and(eq(users.username, input.username), isNull(users.withdrawnAt)),
  );
  if (!user) throw new HttpError(404, "judging.error.user_not_found");
  const held = await db.select({ code: userRoles.roleCode }).from(userRoles)
    .where(
      and(eq(userRoles.userId, user.id), eq(userRoles.approved, true), inArray(userRoles.roleCode, ["judge", role])),
    );
  const codes = new Set(held.map((r) => r.code));
  if (!codes.has("judge") || !codes.has(role)) throw new HttpError(422, "judging.error.not_judge");
  await db.transaction(async (tx) => {
    const added = await tx.insert(panelJudges).values({
      awardId,
      userId: user.id,
      role,
      category: input.category,
      affiliation: input.affiliation || user.affiliation,
      position: input.position || user.position,
      classification: input.classification,
      startOn: input.start_on ? seoulStart(input.start_on) : null,
      finishOn: input.finish_on ? seoulEnd(input.finish_on) : null,
    }).onConflictDoNothing().returning({ id: panelJudges.id });
    if (!added.length) throw new HttpError(409, "judging.error.already_on_panel");
    // The letter of appointment is theirs from now on (issueAppointments skips those who have one).
    await issueAppointments(tx, awardId);
    const locale = toLocale(user.locale);
    const t = createTranslator(locale);
    await queueMail(tx, config, {
      to: user.email,
      locale,
      subject: t("judging.mail.appointedSubject"),
      body: t("judging.mail.appointedBody", {
        name: locale === "en" && user.nameEn ? user.nameEn : user.name,
        award: locale === "en" && award.titleEn ? award.titleEn : award.title,
        link: mailLink(config, locale, "/mypage/judge"),
      }),
    });
  });
}

/** Excludes a panel judge from now on (or takes the exclusion back). */
export async function setExcluded(db: Tx, judgeId: number, excluded: boolean, now = new Date()) {
  await db.transaction(async (tx) => {
    const [done] = await tx.update(panelJudges).set({ excludedAt: excluded ? now : null })
      .where(eq(panelJudges.id, judgeId)).returning({ id: panelJudges.id, awardId: panelJudges.awardId });
    if (!done) throw new HttpError(404, "judging.error.judge_not_found");
    // An excluded judge's letter of appointment no longer holds; a reinstated judge gets a new one.
    if (excluded) {
      await tx.update(certificates).set({ revokedAt: now })
        .where(and(eq(certificates.judgeId, judgeId), isNull(certificates.revokedAt)));
    } else await issueAppointments(tx, done.awardId, now);
  });
}
