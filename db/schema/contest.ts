// Company-hosted design contests (SPEC §1, §3 Contest and contest ranks, §4 contest statuses and extension,
// §9 refunds and the 4.4 % withholding): the contests a company hosts, the designers' entries, the
// council's counselling, and the settlement (refund to the host, payouts to the winners). The public status
// (preparing, ongoing, judging, terminated) is derived from the approval and the dates
// (domain/contest/rules.ts), never stored. The prize money is paid through the payment module (pay.ts,
// target_type 'contest_prize').
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import { files } from "./file.ts";
import { payments } from "./pay.ts";
import type {
  ContestApproval,
  ContestEntryStatus,
  ContestField,
  ContestLanguage,
  ContestRank,
  EntryRestriction,
  LogoStyle,
  PayoutStatus,
  WebsiteStyle,
} from "../../domain/contest/options.ts";

const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: "set null" });

export const contests = pgTable("contests", {
  id: serial("id").primaryKey(),
  /** The company member who hosts it (SPEC §6: signed-in company members host). */
  hostId: integer("host_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  // Step 1: field.
  field: text("field").$type<ContestField>().notNull(),
  subField: label("sub_field"),
  /** What the host wants designed, one item per line. */
  detailItems: label("detail_items"),
  // Step 2: recruitment content (bilingual where visitors see it).
  title: text("title").notNull(),
  titleEn: label("title_en"),
  company: label("company"),
  companyEn: label("company_en"),
  contactEmail: label("contact_email"),
  summary: label("summary"),
  summaryEn: label("summary_en"),
  request: label("request"),
  requestEn: label("request_en"),
  commercial: boolean("commercial").notNull().default(false),
  logoStyle: text("logo_style").$type<LogoStyle>(),
  websiteStyle: text("website_style").$type<WebsiteStyle>(),
  referenceSites: label("reference_sites"),
  /** Checked http(s) URLs with a public host (domain/contest/urls.ts). */
  referenceUrls: text("reference_urls").array().notNull().default(sql`'{}'::text[]`),
  sns: label("sns"),
  preferredColor: label("preferred_color"),
  style: label("style"),
  /** Exposure languages: at least one (SPEC §5). */
  languages: text("languages").array().$type<ContestLanguage[]>().notNull(),
  /** A member type entry is restricted to, or 'any' (SPEC §6). */
  entryRestriction: text("entry_restriction").$type<EntryRestriction>().notNull().default("any"),
  // Step 3: schedule and prizes (integer KRW).
  openAt: at("open_at").notNull(),
  closeAt: at("close_at").notNull(),
  resultAt: at("result_at").notNull(),
  prize1: integer("prize1").notNull(),
  prize2: integer("prize2").notNull().default(0),
  prize3: integer("prize3").notNull().default(0),
  /** Extensions so far (at most 2, SPEC §4). */
  extendCount: integer("extend_count").notNull().default(0),
  /** Winners are shown publicly after the result date. */
  public: boolean("public").notNull().default(true),
  // The council's side.
  approval: text("approval").$type<ContestApproval>().notNull().default("unpaid"),
  rejectReason: label("reject_reason"),
  decidedAt: at("decided_at"),
  /** The results published by the council (winners picked and confirmed). */
  publishedAt: at("published_at"),
  /** The settlement was made (refund and payouts computed and recorded), exactly once. */
  settledAt: at("settled_at"),
  /** The host's daily digest of new entries was last sent (entries created after it are new). */
  digestedAt: at("digested_at"),
  /** The closing reminder was sent (once, the day before close_at). */
  remindedAt: at("reminded_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // The public list: approved contests, newest first (and per language through the array filter).
  index("contests_list_idx").on(t.approval, t.id),
  index("contests_host_idx").on(t.hostId, t.id),
  index("contests_close_idx").on(t.approval, t.closeAt),
]);

export const contestEntries = pgTable("contest_entries", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").notNull().references(() => contests.id, { onDelete: "restrict" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  status: text("status").$type<ContestEntryStatus>().notNull().default("submitted"),
  title: text("title").notNull(),
  description: label("description"),
  imageIds: integer("image_ids").array().notNull().default(sql`'{}'::integer[]`),
  thumbnailId: fileRef("thumbnail_id"),
  referenceId: fileRef("reference_id"),
  attachmentIds: integer("attachment_ids").array().notNull().default(sql`'{}'::integer[]`),
  /** The host's comment on the entry while judging. */
  hostComment: label("host_comment"),
  /** The rank the host gave (SPEC contest ranks) and the prize place (1–3) it earns, if any. */
  rank: text("rank").$type<ContestRank>(),
  place: integer("place"),
  withdrawnAt: at("withdrawn_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  index("contest_entries_contest_idx").on(t.contestId, t.status, t.id),
  index("contest_entries_user_idx").on(t.userId, t.id),
  // One live entry per member and contest; a withdrawn one may be followed by a new one.
  uniqueIndex("contest_entries_member_idx").on(t.contestId, t.userId).where(sql`${t.status} = 'submitted'`),
  uniqueIndex("contest_entries_place_idx").on(t.contestId, t.place).where(sql`${t.place} is not null`),
]);

/** The host's request for the council's counselling and the staff's answer. */
export const contestCounsels = pgTable("contest_counsels", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").notNull().references(() => contests.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  /** At least 50 characters (SPEC §5). */
  opinion: text("opinion").notNull(),
  answer: label("answer"),
  answeredBy: integer("answered_by").references(() => users.id, { onDelete: "set null" }),
  answeredAt: at("answered_at"),
  createdAt: now("created_at"),
}, (t) => [index("contest_counsels_contest_idx").on(t.contestId, t.id)]);

/** The host's refund of a contest (at most one per contest: a second is refused by the unique index). */
export const contestRefunds = pgTable("contest_refunds", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").notNull().references(() => contests.id, { onDelete: "restrict" }),
  paymentId: integer("payment_id").notNull().references(() => payments.id, { onDelete: "restrict" }),
  /** Integer KRW given back. */
  amount: integer("amount").notNull(),
  reason: label("reason"),
  /** How the money went back: the provider's cancel (whole or partial), or a bank transfer to the host. */
  method: text("method").$type<"cancel" | "partial_cancel" | "bank_transfer">().notNull().default("cancel"),
  byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: now("created_at"),
}, (t) => [uniqueIndex("contest_refunds_contest_idx").on(t.contestId)]);

/** A winner's prize money: the prize, the 4.4 % withheld and what is paid (integer KRW). */
export const contestPayouts = pgTable("contest_payouts", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").notNull().references(() => contests.id, { onDelete: "restrict" }),
  entryId: integer("entry_id").notNull().references(() => contestEntries.id, { onDelete: "restrict" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  place: integer("place").notNull(),
  prize: integer("prize").notNull(),
  tax: integer("tax").notNull(),
  net: integer("net").notNull(),
  status: text("status").$type<PayoutStatus>().notNull().default("pending"),
  paidAt: at("paid_at"),
  createdAt: now("created_at"),
}, (t) => [
  uniqueIndex("contest_payouts_entry_idx").on(t.entryId),
  index("contest_payouts_user_idx").on(t.userId, t.id),
  index("contest_payouts_contest_idx").on(t.contestId, t.place),
]);

/**
 * Contests the council lists but does not run (SPEC §1 "listed as award"; issue 23 §12): other bodies'
 * contests shown on /contest with an 'external' mark, linking to the organiser's page, managed under
 * /management/contest/external.
 */
export const externalContests = pgTable("external_contests", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  organiser: text("organiser").notNull(),
  organiserEn: label("organiser_en"),
  /** The organiser's page (http or https). */
  link: text("link").notNull(),
  /** The entry period, as calendar days (Asia/Seoul). */
  startOn: date("start_on", { mode: "string" }).notNull(),
  endOn: date("end_on", { mode: "string" }).notNull(),
  /** The prize as the organiser announces it (free text: "대상 500만 원 외"). */
  prize: label("prize"),
  prizeEn: label("prize_en"),
  posterId: integer("poster_id").references(() => files.id, { onDelete: "set null" }),
  published: boolean("published").notNull().default(true),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [index("external_contests_list_idx").on(t.published, t.endOn, t.id)]);

export type ExternalContestRow = typeof externalContests.$inferSelect;
export type ContestRow = typeof contests.$inferSelect;
export type ContestEntryRow = typeof contestEntries.$inferSelect;
export type ContestCounselRow = typeof contestCounsels.$inferSelect;
export type ContestPayoutRow = typeof contestPayouts.$inferSelect;
