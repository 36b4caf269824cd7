// The design award and the IBDA (SPEC §3 Award, Entry, option lists; §4 states): awards of both families,
// their judging pools, the judges shown on the public judges page, and the entries. Phase and status are
// derived from the dates (domain/award/phase.ts), never stored. Option values are those of
// domain/award/options.ts; payments live in pay.ts.
import { at, label, now } from "./columns.ts";
import { files } from "./file.ts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./member.ts";
import type {
  AwardFamily,
  AwardRank,
  DesignCategory,
  EntryStatus,
  ExhibitorType,
  WorkType,
} from "../../domain/award/options.ts";

const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: "set null" });

export const awards = pgTable("awards", {
  id: serial("id").primaryKey(),
  family: text("family").$type<AwardFamily>().notNull(),
  /** The award's year: one award per family and year (the public URLs and /awards/{year} name it). */
  year: integer("year").notNull(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  posterId: fileRef("poster_id"),
  thumbnailId: fileRef("thumbnail_id"),
  /** The seal printed on the award's certificates (an uploaded PNG or JPEG; a drawn seal without one). */
  sealId: fileRef("seal_id"),
  host: label("host"),
  hostEn: label("host_en"),
  sponsor: label("sponsor"),
  sponsorEn: label("sponsor_en"),
  subject: label("subject"),
  subjectEn: label("subject_en"),
  place: label("place"),
  placeEn: label("place_en"),
  /** Plain text shown on the award home (the call for entries). */
  description: label("description"),
  descriptionEn: label("description_en"),
  // SPEC §3 dates, instants (entered and shown as UTC+9 wall-clock times); see AwardSchedule.
  /** Entry start … entry end. */
  submitFrom: at("submit_from"),
  submitTo: at("submit_to"),
  /** First audit (judging starts after this). */
  auditAt: at("audit_at"),
  /** First announcement (judging ends, offline reception starts). */
  preAt: at("pre_at"),
  /** Offline deadline (results after this). */
  offTo: at("off_to"),
  /** Final result announcement. */
  resultAt: at("result_at"),
  /** Exhibition start and end. */
  displayFrom: at("display_from"),
  displayTo: at("display_to"),
  /** Event end. */
  closeAt: at("close_at"),
  /** Judges may audit (with the approved ibda judge role, during a pool's period). */
  auditable: boolean("auditable").notNull().default(false),
  /** The design branches offered; empty means every branch. */
  categories: integer("categories").array().$type<DesignCategory[]>().notNull().default(sql`'{}'::integer[]`),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [uniqueIndex("awards_family_year_idx").on(t.family, t.year)]);

/** The judging pools of an award: the first round and the final round, each with its period. */
export const AWARD_POOL_KINDS = ["first", "final"] as const;
export type AwardPoolKind = typeof AWARD_POOL_KINDS[number];

export const awardPools = pgTable("award_pools", {
  id: serial("id").primaryKey(),
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "cascade" }),
  kind: text("kind").$type<AwardPoolKind>().notNull(),
  startAt: at("start_at"),
  finishAt: at("finish_at"),
}, (t) => [uniqueIndex("award_pools_award_kind_idx").on(t.awardId, t.kind)]);

/** The judges of an award as the public judges page lists them (not the judge accounts). */
export const awardJudges = pgTable("award_judges", {
  id: serial("id").primaryKey(),
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  nameEn: label("name_en"),
  affiliation: label("affiliation"),
  affiliationEn: label("affiliation_en"),
  position: label("position"),
  positionEn: label("position_en"),
  /** The design branch judged; null for the whole award (e.g. the chair). */
  category: integer("category").$type<DesignCategory>(),
  photoId: fileRef("photo_id"),
  sort: integer("sort").notNull().default(0),
}, (t) => [index("award_judges_award_idx").on(t.awardId, t.sort)]);

/** A co-designer of an entry (at most 3, SPEC §5). */
export interface SubDesigner {
  name: string;
  name_en: string;
  affiliation: string;
}

export const entries = pgTable("entries", {
  id: serial("id").primaryKey(),
  /** An award with entries is not deleted (domain/award/award-rules.ts), hence no cascade. */
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "restrict" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  status: text("status").$type<EntryStatus>().notNull(),
  // Step 1: entrant.
  exhibitorType: text("exhibitor_type").$type<ExhibitorType>().notNull(),
  company: label("company"),
  schoolType: label("school_type"),
  department: label("department"),
  designerName: text("designer_name").notNull(),
  designerNameEn: label("designer_name_en"),
  designerEmail: label("designer_email"),
  designerPhone: label("designer_phone"),
  designerAffiliation: label("designer_affiliation"),
  subDesigners: jsonb("sub_designers").$type<SubDesigner[]>().notNull().default(sql`'[]'::jsonb`),
  // Step 2: work.
  category: integer("category").$type<DesignCategory>().notNull(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  description: label("description"),
  workType: text("work_type").$type<WorkType>().notNull(),
  /** Digital content's playable URL (or an optional link of another work). */
  url: label("url"),
  videoSeconds: integer("video_seconds"),
  thumbnailId: fileRef("thumbnail_id"),
  previewId: fileRef("preview_id"),
  /** Detail images, in order (files.id; up to MAX_DETAIL_IMAGES). */
  detailIds: integer("detail_ids").array().notNull().default(sql`'{}'::integer[]`),
  referenceId: fileRef("reference_id"),
  attachmentIds: integer("attachment_ids").array().notNull().default(sql`'{}'::integer[]`),
  // Step 3: submission.
  agreedRulesAt: at("agreed_rules_at"),
  /** The entrant's declaration that the work has not won a prize elsewhere, and when it was made. */
  declaredNotPrizedAt: at("declared_not_prized_at"),
  marketAutoRegister: boolean("market_auto_register").notNull().default(false),
  commercialImage: boolean("commercial_image").notNull().default(false),
  /** Integer KRW decided by the server (entryFee), never read from the request. */
  fee: integer("fee").notNull().default(0),
  // Set by administrators.
  /** Shown in the exhibition during the display period. */
  display: boolean("display").notNull().default(false),
  rank: text("rank").$type<AwardRank>(),
  nominee: boolean("nominee").notNull().default(false),
  submittedAt: at("submitted_at"),
  cancelledAt: at("cancelled_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  index("entries_award_idx").on(t.awardId, t.category, t.id),
  index("entries_user_idx").on(t.userId, t.awardId),
  // The management list's order (id) under each filter: award alone, status (issue 22).
  index("entries_award_id_idx").on(t.awardId, t.id),
  index("entries_award_status_idx").on(t.awardId, t.status, t.id),
]);

/**
 * One award's entries and fees by category, status and entrant type, kept in the transaction of every
 * change by statement triggers on entries (migration 0012): the statistics pages read these few rows
 * instead of aggregating every entry (issue 22).
 */
export const awardEntryStats = pgTable("award_entry_stats", {
  awardId: integer("award_id").notNull(),
  category: integer("category").notNull(),
  status: text("status").notNull(),
  exhibitorType: text("exhibitor_type").notNull(),
  entries: integer("entries").notNull().default(0),
  /** Integer KRW: the sum of the entries' fees. */
  fees: bigint("fees", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.awardId, t.category, t.status, t.exhibitorType] })]);

/** One award's card payments by payment status, kept by statement triggers on payments (migration 0012). */
export const awardPaymentStats = pgTable("award_payment_stats", {
  awardId: integer("award_id").notNull(),
  status: text("status").notNull(),
  payments: integer("payments").notNull().default(0),
  /** Integer KRW. */
  amount: bigint("amount", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.awardId, t.status] })]);

export type AwardRow = typeof awards.$inferSelect;
export type AwardPoolRow = typeof awardPools.$inferSelect;
export type AwardJudgeRow = typeof awardJudges.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
