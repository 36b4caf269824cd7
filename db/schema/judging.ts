// Judging, results and certificates (SPEC §1 judging, §3 Award pools, Judge, Entry ranks, §4 audit period;
// issue 11): the panel of each award (judge accounts by role and category), what each pool judges and who
// is assigned to it, the criteria of each round, the judges' scores (with the client's idempotency keys and a
// version for offline sync), the publication of an award's results, and the certificates issued for them.
// Entry states (examine, final, selected, eliminated) and ranks stay on `entries` (db/schema/award.ts).
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import { awardPools, awards, entries } from "./award.ts";
import { applications } from "./programme.ts";

/** SPEC §3 Judge: a judge account on an award's panel, by judge role (ibda, dcb, shoes) and category. */
export const panelJudges = pgTable("panel_judges", {
  id: serial("id").primaryKey(),
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The judge role the member judges with: ibda, dcb or shoes. */
  role: text("role").notNull(),
  /** The judge category of SPEC §3 option lists (ibda: general, student; dcb: one of 11 fields; shoes). */
  category: label("category"),
  /** Compared with entrants' companies and affiliations for conflicts of interest. */
  affiliation: label("affiliation"),
  position: label("position"),
  /** Chair, member, reserve …: free text shown on the panel and on the letter of appointment. */
  classification: label("classification"),
  startOn: at("start_on"),
  finishOn: at("finish_on"),
  /** Set when the judge is excluded from the panel: from then on they judge nothing. */
  excludedAt: at("excluded_at"),
  createdAt: now("created_at"),
}, (t) => [
  uniqueIndex("panel_judges_award_user_idx").on(t.awardId, t.userId),
  index("panel_judges_user_idx").on(t.userId, t.awardId),
]);

/** The design categories a pool judges (none: every category the award offers). */
export const poolCategories = pgTable("pool_categories", {
  poolId: integer("pool_id").notNull().references(() => awardPools.id, { onDelete: "cascade" }),
  category: integer("category").notNull(),
}, (t) => [primaryKey({ columns: [t.poolId, t.category] })]);

/** A panel judge assigned to a pool, for some of its categories. */
export const poolJudges = pgTable("pool_judges", {
  poolId: integer("pool_id").notNull().references(() => awardPools.id, { onDelete: "cascade" }),
  judgeId: integer("judge_id").notNull().references(() => panelJudges.id, { onDelete: "cascade" }),
  categories: integer("categories").array().notNull().default(sql`'{}'::integer[]`),
  /** The last reminder mail sent to this judge for this pool. */
  remindedAt: at("reminded_at"),
}, (t) => [
  primaryKey({ columns: [t.poolId, t.judgeId] }),
  index("pool_judges_judge_idx").on(t.judgeId),
]);

/** A criterion of an award's round: a score out of `scale`, or a verdict (0 fail, 1 hold, 2 pass). */
export const criteria = pgTable("criteria", {
  id: serial("id").primaryKey(),
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "cascade" }),
  /** first or final (AWARD_POOL_KINDS). */
  round: text("round").notNull(),
  name: text("name").notNull(),
  nameEn: label("name_en"),
  weight: integer("weight").notNull().default(1),
  scale: integer("scale").notNull().default(10),
  kind: text("kind").$type<"score" | "verdict">().notNull().default("score"),
  sort: integer("sort").notNull().default(0),
}, (t) => [index("criteria_award_round_idx").on(t.awardId, t.round, t.sort)]);

/** One judge's score of one entry in one pool; `version` grows with every change (two devices, §3 sync). */
export const scores = pgTable("scores", {
  id: serial("id").primaryKey(),
  poolId: integer("pool_id").notNull().references(() => awardPools.id, { onDelete: "cascade" }),
  entryId: integer("entry_id").notNull().references(() => entries.id, { onDelete: "cascade" }),
  judgeId: integer("judge_id").notNull().references(() => panelJudges.id, { onDelete: "cascade" }),
  /** criterion id → value. */
  values: jsonb("values").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  /** The weighted score in hundredths of the award's 100-point scale (0–10000); null when abstained. */
  total: integer("total"),
  comment: label("comment"),
  abstained: boolean("abstained").notNull().default(false),
  abstainReason: label("abstain_reason"),
  version: integer("version").notNull().default(1),
  updatedAt: now("updated_at"),
}, (t) => [
  uniqueIndex("scores_pool_entry_judge_idx").on(t.poolId, t.entryId, t.judgeId),
  index("scores_pool_judge_idx").on(t.poolId, t.judgeId),
]);

/** The idempotency keys a judge's browser sent: a replayed key is answered from here, counted once. */
export const scoreReceipts = pgTable("score_receipts", {
  judgeId: integer("judge_id").notNull().references(() => panelJudges.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  scoreId: integer("score_id").notNull().references(() => scores.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  createdAt: now("created_at"),
}, (t) => [primaryKey({ columns: [t.judgeId, t.key] })]);

/**
 * An award's results: published by an administrator, visible from the award's result date, when every entrant
 * is mailed (at once if the date has come, otherwise by the periodic job; `mailedAt` says it was done).
 */
export const awardResults = pgTable("award_results", {
  awardId: integer("award_id").primaryKey().references(() => awards.id, { onDelete: "cascade" }),
  publishedAt: now("published_at"),
  publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
  mailedAt: at("mailed_at"),
});

/**
 * A certificate for a ranked entry (`prize`), a letter of appointment for a judge (`appointment`), or a
 * course's certificate of completion (`completion`: the enrolment in application_id, no award; issue 14).
 */
export const certificates = pgTable("certificates", {
  id: serial("id").primaryKey(),
  serial: text("serial").notNull(),
  kind: text("kind").$type<"prize" | "appointment" | "completion">().notNull(),
  awardId: integer("award_id").references(() => awards.id, { onDelete: "cascade" }),
  applicationId: integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
  holderId: integer("holder_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  entryId: integer("entry_id").references(() => entries.id, { onDelete: "cascade" }),
  judgeId: integer("judge_id").references(() => panelJudges.id, { onDelete: "cascade" }),
  rank: text("rank"),
  issuedAt: now("issued_at"),
  revokedAt: at("revoked_at"),
}, (t) => [
  uniqueIndex("certificates_serial_idx").on(t.serial),
  index("certificates_holder_idx").on(t.holderId, t.issuedAt),
  uniqueIndex("certificates_entry_live_idx").on(t.entryId).where(sql`${t.revokedAt} is null`),
  uniqueIndex("certificates_application_live_idx").on(t.applicationId).where(sql`${t.revokedAt} is null`),
]);

export type PanelJudgeRow = typeof panelJudges.$inferSelect;
export type CriterionRow = typeof criteria.$inferSelect;
export type ScoreRow = typeof scores.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
