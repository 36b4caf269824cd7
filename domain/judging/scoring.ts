// A judge's pools, their entries as a blind view, and saving a score (issue 11 parts 2–3): the facts are
// loaded here and decided by rules.ts. A score is saved at once, with the client's idempotency key (a
// replayed key is answered from its receipt, counted once) and the version the client last saw (another
// device's change answers 409 with the score as it now stands, never silently overwritten).
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { type AwardPoolKind, awardPools, awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import {
  criteria,
  type CriterionRow,
  type PanelJudgeRow,
  panelJudges,
  poolCategories,
  poolJudges,
  scoreReceipts,
  type ScoreRow,
  scores,
} from "../../db/schema/judging.ts";
import { HttpError } from "../../framework/errors.ts";
import type { AwardFamily, DesignCategory, EntryStatus } from "../award/options.ts";
import { isAuditPeriod } from "../award/phase.ts";
import type { Viewer } from "../member/permissions.ts";
import { badValues, scoreTotal } from "./aggregate.ts";
import {
  type EntryFacts,
  entryRefusal,
  hasConflict,
  judgedCategories,
  type JudgePerson,
  judgingRefusal,
} from "./rules.ts";

/** Entries each round judges: the first round every entry that reached the judges, the final the finalists. */
export const ROUND_STATUSES: Record<AwardPoolKind, EntryStatus[]> = {
  first: ["submitted", "pay_complete", "complete", "examine", "final", "eliminated"],
  final: ["final", "selected"],
};

export interface JudgingContext {
  award: typeof awards.$inferSelect;
  pool: typeof awardPools.$inferSelect;
  judge: PanelJudgeRow;
  person: JudgePerson;
  /** The categories this judge scores in this pool. */
  categories: number[];
  criteria: CriterionRow[];
}

/** A pool of an award of this family on whose panel the viewer sits, with whether it runs now. */
export interface JudgePool {
  poolId: number;
  kind: AwardPoolKind;
  awardId: number;
  year: number;
  title: string;
  titleEn: string;
  startAt: Date | null;
  finishAt: Date | null;
  open: boolean;
}

/** The pools the viewer is assigned to, of one family (newest award first). */
export async function poolsOfJudge(
  tx: Tx,
  viewer: Viewer,
  family: AwardFamily,
  now = new Date(),
): Promise<JudgePool[]> {
  if (viewer.id <= 0) return [];
  const rows = await tx.select({ pool: awardPools, award: awards }).from(poolJudges)
    .innerJoin(panelJudges, eq(panelJudges.id, poolJudges.judgeId))
    .innerJoin(awardPools, eq(awardPools.id, poolJudges.poolId))
    .innerJoin(awards, eq(awards.id, awardPools.awardId))
    .where(and(eq(panelJudges.userId, viewer.id), eq(awards.family, family)))
    .orderBy(sql`${awards.year} desc`, asc(awardPools.id));
  return rows.map(({ pool, award }) => ({
    poolId: pool.id,
    kind: pool.kind,
    awardId: award.id,
    year: award.year,
    title: award.title,
    titleEn: award.titleEn,
    startAt: pool.startAt,
    finishAt: pool.finishAt,
    open: isAuditPeriod(pool, now),
  }));
}

/** The joined row judgingContext decides on: the pool, its award and the viewer's panel row and assignment. */
interface PoolFacts {
  pool: typeof awardPools.$inferSelect;
  award: typeof awards.$inferSelect;
  judge: PanelJudgeRow | null;
  assignment: typeof poolJudges.$inferSelect | null;
  name: string | null;
  nameEn: string | null;
}

/** The columns of PoolFacts. */
const POOL_FACTS = {
  pool: awardPools,
  award: awards,
  judge: panelJudges,
  assignment: poolJudges,
  name: users.name,
  nameEn: users.nameEn,
};

/** The viewer's panel row, assignment and names joined to a pool and its award (left joins: one query). */
const panelOf = (viewer: Viewer) =>
  and(eq(panelJudges.awardId, awards.id), eq(panelJudges.userId, Math.max(0, viewer.id)));
const assignmentOf = () => and(eq(poolJudges.poolId, awardPools.id), eq(poolJudges.judgeId, panelJudges.id));

/** The rules of rules.ts on the loaded facts: throws the refusal, or answers who judges and in what. */
function allowedJudge(viewer: Viewer, found: PoolFacts | undefined, family: AwardFamily | null, now: Date) {
  const award = found && (!family || found.award.family === family) ? found.award : null;
  const judge = award ? found!.judge : null;
  const assignment = judge ? found!.assignment : null;
  const refusal = judgingRefusal(viewer, {
    award: award ?? null,
    pool: award ? found!.pool : null,
    judge: judge ?? null,
    assigned: assignment?.categories ?? null,
  }, now);
  if (refusal) throw refusal;
  return { found: found!, award: award!, judge: judge!, assignment: assignment! };
}

/** The context once the judge is allowed: the categories judged here and the round's criteria. */
function contextOf(
  viewer: Viewer,
  allowed: ReturnType<typeof allowedJudge>,
  poolCats: number[],
  list: CriterionRow[],
): JudgingContext {
  const { found, award, judge, assignment } = allowed;
  const offered = award.categories.length ? award.categories : null;
  const categories = judgedCategories(assignment.categories, poolCats)
    .filter((c) => !offered || (offered as number[]).includes(c));
  return {
    award,
    pool: found.pool,
    judge,
    person: { userId: viewer.id, name: found.name ?? "", nameEn: found.nameEn ?? "", affiliation: judge.affiliation },
    categories,
    criteria: list,
  };
}

/**
 * The judging context of a pool for this viewer, or the refusal (401, 404, 403 with SPEC §8's keys). A pool
 * of another family than the screen's is 404, as an unknown one.
 */
export async function judgingContext(
  tx: Tx,
  viewer: Viewer,
  poolId: number,
  family: AwardFamily | null,
  now = new Date(),
): Promise<JudgingContext> {
  const [found] = await tx.select(POOL_FACTS).from(awardPools)
    .innerJoin(awards, eq(awards.id, awardPools.awardId))
    .leftJoin(panelJudges, panelOf(viewer))
    .leftJoin(poolJudges, assignmentOf())
    .leftJoin(users, eq(users.id, panelJudges.userId))
    .where(eq(awardPools.id, poolId));
  const allowed = allowedJudge(viewer, found, family, now);
  const list = await tx.select().from(criteria)
    .where(and(eq(criteria.awardId, allowed.award.id), eq(criteria.round, found.pool.kind)))
    .orderBy(asc(criteria.sort), asc(criteria.id));
  return contextOf(viewer, allowed, await poolCategoriesOf(tx, poolId), list);
}

/** The categories a pool judges (empty: every category of the award). */
export async function poolCategoriesOf(tx: Tx, poolId: number): Promise<number[]> {
  const rows = await tx.select({ category: poolCategories.category }).from(poolCategories)
    .where(eq(poolCategories.poolId, poolId));
  return rows.map((r) => r.category).sort((a, b) => a - b);
}

/** What a judge sees of an entry (issue 11 part 2, blind judging): no entrant, company, email or file name. */
export interface BlindEntry {
  id: number;
  category: number;
  title: string;
  title_en: string;
  description: string;
  work_type: string;
  url: string;
  /** The entry's pictures as audit_image derivatives (the thumbnail first). */
  images: string[];
}

export interface JudgeScore {
  entry: number;
  values: Record<string, number>;
  /** Points of 100 (two decimals), null when abstained. */
  total: number | null;
  comment: string;
  abstained: boolean;
  reason: string;
  version: number;
  updated_at: string;
}

export interface JudgeEntry extends BlindEntry {
  score: JudgeScore | null;
}

export function presentScore(row: ScoreRow): JudgeScore {
  return {
    entry: row.entryId,
    values: row.values,
    total: row.total === null ? null : row.total / 100,
    comment: row.comment,
    abstained: row.abstained,
    reason: row.abstainReason,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

const auditImage = (id: number) => `/api/file/${id}/audit_image.jpg`;

const entryFacts = (row: typeof entries.$inferSelect): EntryFacts => ({
  id: row.id,
  awardId: row.awardId,
  userId: row.userId,
  category: row.category,
  company: row.company,
  designerName: row.designerName,
  designerNameEn: row.designerNameEn,
  designerAffiliation: row.designerAffiliation,
  subDesigners: row.subDesigners,
});

function blind(row: typeof entries.$inferSelect): BlindEntry {
  const pictures = [row.thumbnailId, row.previewId, ...row.detailIds].filter((id): id is number => id !== null);
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    title_en: row.titleEn,
    description: row.description,
    work_type: row.workType,
    url: row.url,
    images: [...new Set(pictures)].map(auditImage),
  };
}

/** The entries the judge scores in this pool, conflicts withheld, with the judge's own scores. */
export async function entriesToJudge(tx: Tx, ctx: JudgingContext): Promise<JudgeEntry[]> {
  if (!ctx.categories.length) return [];
  const where: SQL[] = [
    eq(entries.awardId, ctx.award.id),
    inArray(entries.category, ctx.categories as DesignCategory[]),
    inArray(entries.status, ROUND_STATUSES[ctx.pool.kind]),
  ];
  const rows = await tx.select().from(entries).where(and(...where)).orderBy(asc(entries.category), asc(entries.id));
  const mine = await tx.select().from(scores).where(
    and(eq(scores.poolId, ctx.pool.id), eq(scores.judgeId, ctx.judge.id)),
  );
  const byEntry = new Map(mine.map((s) => [s.entryId, s]));
  return rows.filter((r) => !hasConflict(ctx.person, entryFacts(r))).map((r) => {
    const score = byEntry.get(r.id);
    return { ...blind(r), score: score ? presentScore(score) : null };
  });
}

/** What deciding on an entry reads of it: the conflict facts and its state. */
type JudgedEntry = EntryFacts & { status: EntryStatus };

/** The entry (loaded) may be judged in this context: its refusal thrown otherwise. */
function checkEntryToJudge(ctx: JudgingContext, entry: JudgedEntry | null | undefined): void {
  const refusal = entryRefusal(ctx.person, ctx.award.id, ctx.categories, entry ?? null);
  if (refusal) throw refusal;
  if (!ROUND_STATUSES[ctx.pool.kind].includes(entry!.status)) {
    throw new HttpError(404, "judging.error.entry_not_found");
  }
}

/** The entry may be judged in this context (its refusal otherwise); answers its row. */
async function assertEntryToJudge(tx: Tx, ctx: JudgingContext, entryId: number) {
  const [row] = await tx.select().from(entries).where(eq(entries.id, entryId));
  checkEntryToJudge(ctx, row ? { ...entryFacts(row), status: row.status } : null);
  return row;
}

/** One entry to judge, or its refusal (another award's 404, outside the categories or a conflict 403). */
export async function entryToJudge(tx: Tx, ctx: JudgingContext, entryId: number): Promise<JudgeEntry> {
  const row = await assertEntryToJudge(tx, ctx, entryId);
  const [score] = await tx.select().from(scores)
    .where(and(eq(scores.poolId, ctx.pool.id), eq(scores.entryId, row.id), eq(scores.judgeId, ctx.judge.id)));
  return { ...blind(row), score: score ? presentScore(score) : null };
}

export interface Progress {
  total: number;
  scored: number;
  abstained: number;
  todo: number;
}

export function progressOf(list: readonly JudgeEntry[]): Progress {
  const scored = list.filter((e) => e.score && !e.score.abstained).length;
  const abstained = list.filter((e) => e.score?.abstained).length;
  return { total: list.length, scored, abstained, todo: list.length - scored - abstained };
}

// ---------- Saving ----------

const blank = (v: unknown) => (v === undefined || v === null ? "" : v);

/** The score a judge sends (JSON from the island, or the plain form's fields `c<criterion id>`). */
export const ScoreInput = z.object({
  pool: z.coerce.number().int().min(1).max(2_147_483_647),
  entry: z.coerce.number().int().min(1).max(2_147_483_647),
  /** The user id of the judge who gave the score (the island's queue): only that judge's session sends it. */
  judge: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  values: z.record(z.string().regex(/^\d{1,10}$/), z.number()).default({}),
  comment: z.preprocess(blank, z.string().trim().max(2000, "judging.error.too_long")),
  abstain: z.preprocess((v) => v === true || v === "1" || v === "on" || v === "true", z.boolean()),
  reason: z.preprocess(blank, z.string().trim().max(500, "judging.error.too_long")),
  /** The client's idempotency key: one per change it makes (a UUID or similar). */
  key: z.string().trim().min(8, "judging.error.key").max(100, "judging.error.key").regex(
    /^[\w-]+$/,
    "judging.error.key",
  ),
  /** The version the client last saw; 0 for a first score. */
  version: z.coerce.number().int().min(0).max(1_000_000),
}).refine((s) => !s.abstain || s.reason.length > 0, { path: ["reason"], message: "judging.error.reason_required" });
export type ScoreInput = z.infer<typeof ScoreInput>;

/** A plain form's fields as a ScoreInput's shape (`c12=7` → values["12"] = 7; blank values left out). */
export function scoreFromForm(body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, number> = {};
  for (const [name, value] of Object.entries(body)) {
    const m = /^c(\d{1,10})$/.exec(name);
    if (m && typeof value === "string" && value.trim() !== "") values[m[1]] = Number(value);
  }
  return { ...body, values };
}

export interface SavedScore {
  score: JudgeScore;
  /** The key was seen before: nothing changed, the stored result is answered again. */
  replayed: boolean;
}

/** A score row as raw SQL answers it (snake_case), as Drizzle's row. */
function scoreRowOf(r: Record<string, unknown>): ScoreRow {
  const values = typeof r.values === "string" ? JSON.parse(r.values) : r.values;
  return {
    id: Number(r.id),
    poolId: Number(r.pool_id),
    entryId: Number(r.entry_id),
    judgeId: Number(r.judge_id),
    values: values as Record<string, number>,
    total: r.total === null ? null : Number(r.total),
    comment: String(r.comment),
    abstained: r.abstained === true,
    abstainReason: String(r.abstain_reason),
    version: Number(r.version),
    updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at)),
  };
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** A key already used: the stored result again (replayed), or 409 when it was given to another score. */
function replayOf(receipt: ScoreRow, input: ScoreInput): SavedScore {
  if (receipt.entryId !== input.entry || receipt.poolId !== input.pool) {
    throw new HttpError(409, "judging.error.key_reused");
  }
  return { score: presentScore(receipt), replayed: true };
}

/**
 * Saves one score in two statements (issue 11's bench: 50 judges saving at once). The first reads every
 * fact the rules need in one query — pool, award, the judge's panel row, assignment and names, the pool's
 * categories, the round's criteria, the entry and the key's receipt — and rules.ts decides on them as the
 * screens do. The second writes the score and its receipt in one statement (a data-modifying CTE, atomic
 * on its own): the insert of a first score does nothing when one exists, a change updates only the version
 * the client saw, and the receipt is written only with a score. When nothing was written the key's receipt
 * is looked for again (a replay that raced its original is answered from it, counted once), otherwise
 * another device changed the score: 409 with the score as it stands. The receipt's primary key refuses a
 * key sent at once for two different scores: the whole statement is undone and the key reported reused.
 */
export async function saveScore(db: Db, viewer: Viewer, input: ScoreInput, now = new Date()): Promise<SavedScore> {
  // A score queued on a shared device under one judge never counts as another's.
  if (input.judge !== undefined && input.judge !== viewer.id) throw new HttpError(403, "judging.error.other_judge");
  // The criteria, the entry and the key's receipt as JSON subqueries of the pool's row: each is planned on its
  // own (a few index lookups), where joining them made one 9-table join the planner searched on every save.
  const poolCats = sql<number[]>`coalesce((select array_agg(pc.category) from ${poolCategories} pc
    where pc.pool_id = ${awardPools.id}), '{}')::int[]`;
  const roundCriteria = sql<CriterionRow[] | string>`(select coalesce(json_agg(json_build_object('id', c.id,
    'awardId', c.award_id, 'round', c.round, 'name', c.name, 'nameEn', c.name_en, 'weight', c.weight,
    'scale', c.scale, 'kind', c.kind, 'sort', c.sort) order by c.sort, c.id), '[]'::json) from ${criteria} c
    where c.award_id = ${awards.id} and c.round = ${awardPools.kind})`;
  const entry = sql<JudgedEntry | string | null>`(select json_build_object('id', e.id, 'awardId', e.award_id,
    'userId', e.user_id, 'category', e.category, 'company', e.company, 'designerName', e.designer_name,
    'designerNameEn', e.designer_name_en, 'designerAffiliation', e.designer_affiliation,
    'subDesigners', e.sub_designers, 'status', e.status) from ${entries} e where e.id = ${input.entry})`;
  const keyReceipt = sql<Record<string, unknown> | string | null>`(select row_to_json(s) from ${scoreReceipts} r
    join ${scores} s on s.id = r.score_id where r.judge_id = ${panelJudges.id} and r.key = ${input.key})`;
  const [first] = await db.select({ ...POOL_FACTS, poolCats, roundCriteria, entry, keyReceipt }).from(awardPools)
    .innerJoin(awards, eq(awards.id, awardPools.awardId))
    .leftJoin(panelJudges, panelOf(viewer))
    .leftJoin(poolJudges, assignmentOf())
    .leftJoin(users, eq(users.id, panelJudges.userId))
    .where(eq(awardPools.id, input.pool));
  const allowed = allowedJudge(viewer, first, null, now);
  const parsed = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) : v);
  const cats = first.poolCats.map(Number).sort((x, y) => x - y);
  const ctx = contextOf(viewer, allowed, cats, parsed(first.roundCriteria));
  if (first.keyReceipt) return replayOf(scoreRowOf(parsed(first.keyReceipt)), input);
  checkEntryToJudge(ctx, first.entry ? parsed(first.entry) : null);

  let total: number | null = null;
  let values: Record<string, number> = {};
  if (!input.abstain) {
    if (!ctx.criteria.length) throw new HttpError(409, "judging.error.no_criteria");
    const bad = badValues(ctx.criteria, input.values);
    if (bad.length) {
      throw new HttpError(422, "judging.error.out_of_scale", undefined, {
        fields: Object.fromEntries(bad.map((id) => [`c${id}`, ["judging.error.out_of_scale"]])),
      });
    }
    values = Object.fromEntries(ctx.criteria.map((c) => [String(c.id), input.values[String(c.id)]]));
    total = scoreTotal(ctx.criteria, values);
  }
  const judgeId = ctx.judge.id;
  const comment = input.comment, abstained = input.abstain, reason = input.abstain ? input.reason : "";
  const json = JSON.stringify(values);
  const stamp = now.toISOString();
  const write = input.version === 0
    ? sql`insert into ${scores} (pool_id, entry_id, judge_id, "values", total, comment, abstained, abstain_reason,
        updated_at, version)
      values (${input.pool}, ${input.entry}, ${judgeId}, ${json}::jsonb, ${total}, ${comment}, ${abstained},
        ${reason}, ${stamp}::timestamptz, 1)
      on conflict (pool_id, entry_id, judge_id) do nothing returning *`
    : sql`update ${scores} set "values" = ${json}::jsonb, total = ${total}, comment = ${comment},
        abstained = ${abstained}, abstain_reason = ${reason}, updated_at = ${stamp}::timestamptz, version = version + 1
      where pool_id = ${input.pool} and entry_id = ${input.entry} and judge_id = ${judgeId}
        and version = ${input.version} returning *`;
  let saved: ScoreRow | undefined;
  try {
    const result = await db.execute(sql`with saved as (${write}),
      receipt as (insert into ${scoreReceipts} (judge_id, key, score_id, version)
        select judge_id, ${input.key}, id, version from saved)
      select * from saved`);
    const [row] = rowsOf(result);
    saved = row ? scoreRowOf(row) : undefined;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  if (saved) return { score: presentScore(saved), replayed: false };
  const [receipt] = await db.select({ score: scores }).from(scoreReceipts)
    .innerJoin(scores, eq(scores.id, scoreReceipts.scoreId))
    .where(and(eq(scoreReceipts.judgeId, judgeId), eq(scoreReceipts.key, input.key)));
  if (receipt) return replayOf(receipt.score, input);
  const [current] = await db.select().from(scores).where(
    and(eq(scores.poolId, input.pool), eq(scores.entryId, input.entry), eq(scores.judgeId, judgeId)),
  );
  throw new HttpError(409, "judging.error.version_conflict", undefined, {
    current: current ? presentScore(current) : null,
  });
}

/**
 * Whether the viewer judges one of these entries now (the files of an entry are its judges'): on the
 * award's panel and not excluded, assigned to a pool in its audit period whose categories take the entry's,
 * the entry in that round, and no conflict of interest — the very checks of scoring one entry.
 */
export async function judgesAnyEntry(
  tx: Tx,
  viewer: Viewer,
  held: readonly { id: number; awardId: number }[],
  now = new Date(),
): Promise<boolean> {
  if (viewer.id <= 0 || !held.length) return false;
  const pools = await tx.select({ id: awardPools.id, awardId: awardPools.awardId }).from(poolJudges)
    .innerJoin(panelJudges, eq(panelJudges.id, poolJudges.judgeId))
    .innerJoin(awardPools, eq(awardPools.id, poolJudges.poolId))
    .where(and(eq(panelJudges.userId, viewer.id), inArray(awardPools.awardId, held.map((e) => e.awardId))));
  for (const pool of pools) {
    try {
      const ctx = await judgingContext(tx, viewer, pool.id, null, now);
      for (const entry of held.filter((e) => e.awardId === pool.awardId)) {
        try {
          await assertEntryToJudge(tx, ctx, entry.id);
          return true;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
        }
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return false;
}
