// The payloads of the contest area (SPEC §5 contest validation), shared by the JSON calls, the plain forms
// and the wizard islands: the hosting wizard's three input steps, the whole contest, an entry, a comment,
// winners, counselling and the management decisions. Field names are the forms' (snake_case).
import { z } from "zod";
import {
  CONTEST_FIELDS,
  CONTEST_LANGUAGES,
  CONTEST_RANKS,
  COUNSEL_MIN_LENGTH,
  ENTRY_RESTRICTIONS,
  LOGO_STYLES,
  MIN_PRIZE_TOTAL,
  SUB_FIELDS,
  WEBSITE_STYLES,
} from "./options.ts";
import { referenceUrlProblem } from "./urls.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
/** A checkbox of a plain form ("on") or a JSON boolean. */
export const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());
const text = (max: number) => z.string().trim().max(max).default("");
const required = (max: number) => z.string().trim().min(1, "contest.required").max(max);
/** One value or a repeated form field, as a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));
/** Integer KRW, empty meaning 0. */
const won = z.preprocess(
  (v) => (blank(v) === undefined ? 0 : typeof v === "string" ? v.replace(/[,\s]/g, "") : v),
  z.coerce.number().int("contest.prize_invalid").min(0, "contest.prize_invalid").max(1_000_000_000),
);

/** A calendar day (YYYY-MM-DD) in Asia/Seoul, stored as its first instant (UTC+9, SPEC §3 dates). */
export const SeoulDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "contest.date_invalid").transform((day, ctx) => {
  const date = new Date(`${day}T00:00:00+09:00`);
  if (Number.isNaN(date.getTime()) || seoulDay(date) !== day) {
    ctx.addIssue({ code: "custom", message: "contest.date_invalid" });
    return z.NEVER;
  }
  return date;
});

/** The Seoul calendar day of an instant, as the forms show it. */
export function seoulDay(date: Date): string {
  return new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

// ---------- Hosting wizard (SPEC §2.5: select field, recruitment content, schedule, completion) ----------

export const FieldStep = z.object({
  field: z.enum(CONTEST_FIELDS, { message: "contest.field_required" }),
  sub_field: z.string().trim().max(40).default(""),
  detail_items: text(2000),
}).superRefine((v, ctx) => {
  if (v.sub_field && !SUB_FIELDS[v.field].includes(v.sub_field)) {
    ctx.addIssue({ code: "custom", path: ["sub_field"], message: "contest.sub_field_invalid" });
  }
});

export const ReferenceUrls = z.preprocess(
  (v) => typeof v === "string" ? v.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : Array.isArray(v) ? v : [],
  z.array(z.string().max(500)).max(5, "contest.url_too_many"),
).superRefine((urls, ctx) => {
  urls.forEach((url, i) => {
    const problem = referenceUrlProblem(url);
    if (problem) ctx.addIssue({ code: "custom", path: [i], message: problem });
  });
});

export const ContentStep = z.object({
  title: required(200),
  title_en: text(200),
  company: required(100),
  company_en: text(100),
  contact_email: z.string().trim().email("contest.email_invalid").max(200),
  summary: required(2000),
  summary_en: text(2000),
  request: required(5000),
  request_en: text(5000),
  commercial: flag,
  logo_style: z.preprocess(blank, z.enum(LOGO_STYLES).optional()),
  website_style: z.preprocess(blank, z.enum(WEBSITE_STYLES).optional()),
  reference_sites: text(1000),
  reference_urls: ReferenceUrls,
  sns: text(300),
  preferred_color: text(100),
  style: text(300),
  languages: list(z.enum(CONTEST_LANGUAGES)).pipe(
    z.array(z.enum(CONTEST_LANGUAGES)).min(1, "contest.no_language"),
  ),
  entry_restriction: z.preprocess(blank, z.enum(ENTRY_RESTRICTIONS).default("any")),
});

export const ScheduleStep = z.object({
  open_at: SeoulDay,
  close_at: SeoulDay,
  result_at: SeoulDay,
  prize1: won,
  prize2: won,
  prize3: won,
  public: flag,
}).superRefine((v, ctx) => {
  if (v.prize1 <= 0) ctx.addIssue({ code: "custom", path: ["prize1"], message: "contest.first_prize_required" });
  if (v.prize1 + v.prize2 + v.prize3 < MIN_PRIZE_TOTAL) {
    ctx.addIssue({ code: "custom", path: ["prize1"], message: "contest.prize_below_minimum" });
  }
  if (v.prize3 > 0 && v.prize2 <= 0) {
    ctx.addIssue({ code: "custom", path: ["prize2"], message: "contest.second_before_third" });
  }
  if (v.close_at.getTime() <= v.open_at.getTime()) {
    ctx.addIssue({ code: "custom", path: ["close_at"], message: "contest.close_before_open" });
  }
  if (v.result_at.getTime() <= v.close_at.getTime()) {
    ctx.addIssue({ code: "custom", path: ["result_at"], message: "contest.result_before_close" });
  }
});

export const HOST_STEPS = { 1: FieldStep, 2: ContentStep, 3: ScheduleStep } as const;
export type HostStep = keyof typeof HOST_STEPS;

export type ContestInput =
  & z.infer<typeof FieldStep>
  & z.infer<typeof ContentStep>
  & z.infer<typeof ScheduleStep>;

/** The fields a hosting draft may keep. */
export const HOST_DRAFT_FIELDS: ReadonlySet<string> = new Set([
  "field",
  "sub_field",
  "detail_items",
  "title",
  "title_en",
  "company",
  "company_en",
  "contact_email",
  "summary",
  "summary_en",
  "request",
  "request_en",
  "commercial",
  "logo_style",
  "website_style",
  "reference_sites",
  "reference_urls",
  "sns",
  "preferred_color",
  "style",
  "languages",
  "entry_restriction",
  "open_at",
  "close_at",
  "result_at",
  "prize1",
  "prize2",
  "prize3",
  "public",
]);

// ---------- Entries, judging, counselling, management ----------

const fileId = z.coerce.number().int().min(1).max(2_147_483_647);

export const EntryInput = z.object({
  title: required(200),
  description: text(5000),
  image_ids: list(fileId).pipe(z.array(z.number()).min(1, "contest.no_files").max(5, "file.too_many")),
  thumbnail_id: z.preprocess(blank, fileId),
  reference_id: z.preprocess(blank, fileId.optional()),
  attachment_ids: list(fileId).pipe(z.array(z.number()).max(5, "file.too_many")),
});
export type EntryInput = z.infer<typeof EntryInput>;

export const CommentInput = z.object({ comment: z.string().trim().min(1, "contest.comment_empty").max(2000) });

export const WinnerInput = z.object({
  entry_id: fileId,
  rank: z.preprocess(blank, z.enum(CONTEST_RANKS).nullable().default(null)),
  place: z.preprocess((v) => (blank(v) === undefined ? null : v), z.coerce.number().int().min(1).max(3).nullable()),
});

export const CounselInput = z.object({
  opinion: z.string().trim().min(1, "contest.no_opinion").min(COUNSEL_MIN_LENGTH, "contest.counsel_too_short")
    .max(5000),
});

export const DecisionInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason: z.string().trim().min(1, "contest.reason_required").max(1000) }),
]);

/** What the council may edit of a contest (texts, languages, who may enter, the winners' public flag). */
export const EditInput = ContentStep.pick({
  title: true,
  title_en: true,
  company: true,
  company_en: true,
  summary: true,
  summary_en: true,
  request: true,
  request_en: true,
  languages: true,
  entry_restriction: true,
}).extend({ public: flag });
export type EditInput = z.infer<typeof EditInput>;
