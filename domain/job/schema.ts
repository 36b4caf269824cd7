// The payloads of the job portal and talent sharing (SPEC §3, §5), shared by the JSON calls, the plain
// forms and the wizard islands: the employer wizard's two input steps, the resume's two steps, the share's
// type and details, an application, and the public lists' queries. Field names are the forms' (snake_case);
// every refusal is a message key of i18n/*/job.ts. Browser-safe (zod and the code lists only).
import { z } from "zod";
import {
  APPLY_METHODS,
  APPROVED_MAX,
  CAREERS,
  COMPANY_TYPES,
  EDUCATIONS,
  EMPLOY_TYPES,
  GENDERS,
  HIRE_MAX,
  HOLIDAY_TYPES,
  INSURANCES,
  isWebUrl,
  OCCUPATIONS,
  PAY_MAX,
  REGIONS,
  SALARY_TYPES,
  SHARE_IMAGES_MAX,
  SHARE_TYPES,
  WORK_HOURS,
  WORKER_NUMS,
} from "./options.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());
const text = (max: number) => z.string().trim().max(max, "job.too_long").default("");
const required = (max: number) =>
  z.string({ message: "job.required" }).trim().min(1, "job.required").max(max, "job.too_long");
const code = <const T extends readonly [string, ...string[]]>(values: T, message = "job.code_invalid") =>
  z.enum(values, { message });
const region = code(REGIONS, "job.region_invalid");
const salaryType = code(SALARY_TYPES, "job.salary_type_invalid");
/** One value or a repeated form field, as a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));
/** Integer KRW, empty meaning 0 (by agreement). */
const won = z.preprocess(
  (v) => (blank(v) === undefined ? 0 : typeof v === "string" ? v.replace(/[,\s]/g, "") : v),
  z.coerce.number({ message: "job.pay_invalid" }).int("job.pay_invalid").min(0, "job.pay_invalid").max(
    PAY_MAX,
    "job.pay_invalid",
  ),
);
const count = (max: number) =>
  z.coerce.number({ message: "job.count_invalid" }).int("job.count_invalid").min(1, "job.count_invalid").max(
    max,
    "job.count_invalid",
  );
/** A file id from the upload pipeline (checked as the member's own upload when stored). */
const fileId = z.preprocess(blank, z.coerce.number().int().min(1).max(2_147_483_647).optional());
/** A calendar day YYYY-MM-DD that exists. */
export const Day = z.string({ message: "job.date_invalid" }).regex(/^\d{4}-\d{2}-\d{2}$/, "job.date_invalid")
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
  }, "job.date_invalid");
const webUrl = z.string().trim().max(500, "job.too_long").refine((v) => v === "" || isWebUrl(v), "job.url_invalid")
  .default("");

// ---------- Employer wizard (SPEC §2.5: company info, recruitment info, completion) ----------

export const CompanyStep = z.object({
  company: required(100),
  company_en: text(100),
  company_type: code(COMPANY_TYPES),
  worker_num: code(WORKER_NUMS),
  contact: text(200),
  logo_id: fileId,
});

export const PositionStep = z.object({
  title: required(200),
  title_en: text(200),
  occupation: code(OCCUPATIONS),
  duties: required(5000),
  duties_en: text(5000),
  region,
  education: code(EDUCATIONS),
  career: code(CAREERS),
  salary: won,
  salary_type: salaryType,
  employ_type: code(EMPLOY_TYPES),
  holiday_type: code(HOLIDAY_TYPES),
  work_hour: code(WORK_HOURS),
  welfare: text(2000),
  preferences: text(2000),
  severance: flag,
  insurance: list(code(INSURANCES)).transform((v) => [...new Set(v)]),
  apply_method: code(APPLY_METHODS),
  papers: text(1000),
  hire_count: count(HIRE_MAX),
  close_on: Day,
});

export const POSTING_STEPS = { 1: CompanyStep, 2: PositionStep } as const;
export type PostingStep = keyof typeof POSTING_STEPS;
export const PostingInput = CompanyStep.extend(PositionStep.shape);
export type PostingInput = z.infer<typeof PostingInput>;
export const POSTING_DRAFT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(CompanyStep.shape),
  ...Object.keys(PositionStep.shape),
]);

// ---------- Job seeker wizard (SPEC §2.5: 2 steps) ----------

export const ResumeBasicsStep = z.object({
  title: required(200),
  title_en: text(200),
  gender: code(GENDERS),
  occupation: code(OCCUPATIONS),
  region,
  career: code(CAREERS),
  education: code(EDUCATIONS),
  employ_type: code(EMPLOY_TYPES),
  photo_id: fileId,
});

export const ResumeAboutStep = z.object({
  portfolio_url: webUrl,
  introduction: required(5000),
  introduction_en: text(5000),
  desired_pay: won,
  desired_pay_type: salaryType,
  /** SPEC §4 resume status: looking (true) or completed (false). */
  looking: flag,
});

export const RESUME_STEPS = { 1: ResumeBasicsStep, 2: ResumeAboutStep } as const;
export type ResumeStep = keyof typeof RESUME_STEPS;
export const ResumeInput = ResumeBasicsStep.extend(ResumeAboutStep.shape);
export type ResumeInput = z.infer<typeof ResumeInput>;
export const RESUME_DRAFT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(ResumeBasicsStep.shape),
  ...Object.keys(ResumeAboutStep.shape),
]);

// ---------- Talent share wizard (SPEC §2.5: type, details, completion) ----------

export const ShareTypeStep = z.object({ type: code(SHARE_TYPES) });

export const ShareDetailsStep = z.object({
  talent: required(200),
  talent_en: text(200),
  field: code(OCCUPATIONS),
  period_from: Day,
  period_to: Day,
  times: text(200),
  target: text(200),
  description: required(5000),
  description_en: text(5000),
  image_ids: list(z.coerce.number().int().min(1).max(2_147_483_647)).pipe(
    z.array(z.number()).max(SHARE_IMAGES_MAX, "job.share.images_too_many"),
  ),
  institution: text(200),
  region,
  approved_number: count(APPROVED_MAX),
}).superRefine((v, ctx) => {
  if (v.period_to < v.period_from) {
    ctx.addIssue({ code: "custom", path: ["period_to"], message: "job.share.period_order" });
  }
});

export const SHARE_STEPS = { 1: ShareTypeStep, 2: ShareDetailsStep } as const;
export type ShareStep = keyof typeof SHARE_STEPS;
export type ShareInput = z.infer<typeof ShareTypeStep> & z.infer<typeof ShareDetailsStep>;
export const SHARE_DRAFT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(ShareTypeStep.shape),
  "talent",
  "talent_en",
  "field",
  "period_from",
  "period_to",
  "times",
  "target",
  "description",
  "description_en",
  "image_ids",
  "institution",
  "region",
  "approved_number",
]);

// ---------- Applications ----------

export const ApplyBody = z.object({ message: text(2000) });
export const ShareApplyBody = z.object({ message: text(2000), contact: text(200) });

// ---------- Public lists (SPEC §7 pagination; §5 search at least 2 characters) ----------

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const page = optional(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1);
const perpage = optional(z.coerce.number().int().min(1).max(100)).transform((v) => v ?? 8);
const keyword = optional(z.string().trim().min(2, "manage.search_short").max(100));

/** GET /api/job/recruit and /job/recruit: region, occupation, career, employ_type, keyword. */
export const PostingListQuery = z.object({
  page,
  perpage,
  region: optional(region),
  occupation: optional(code(OCCUPATIONS)),
  career: optional(code(CAREERS)),
  employ_type: optional(code(EMPLOY_TYPES)),
  keyword,
  /** Recruiting by default; `done` lists the closed ones. */
  status: optional(z.enum(["recruiting", "done"])).transform((v) => v ?? "recruiting"),
  lang: optional(z.enum(["ko", "en"])),
});
export type PostingListQuery = z.infer<typeof PostingListQuery>;

/** GET /api/job/search and /job/search: the looking resumes. */
export const ResumeListQuery = z.object({
  page,
  perpage,
  region: optional(region),
  occupation: optional(code(OCCUPATIONS)),
  career: optional(code(CAREERS)),
  employ_type: optional(code(EMPLOY_TYPES)),
  keyword,
  lang: optional(z.enum(["ko", "en"])),
});
export type ResumeListQuery = z.infer<typeof ResumeListQuery>;

/** GET /api/share/{donate,request}: region, field, keyword; open ones by default, `all` for every public one. */
export const ShareListQuery = z.object({
  page,
  perpage,
  region: optional(region),
  field: optional(code(OCCUPATIONS)),
  keyword,
  status: optional(z.enum(["open", "all"])).transform((v) => v ?? "all"),
  lang: optional(z.enum(["ko", "en"])),
});
export type ShareListQuery = z.infer<typeof ShareListQuery>;
