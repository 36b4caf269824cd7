// The award entry wizard's payload (SPEC §2.5 steps 1–3, §3 Entry, §5 Award), shared by the /entry island,
// its no-JavaScript fallback and the server: the browser checks early, the server always checks again.
// Browser-safe: imports only zod and options.ts. Messages are message keys. Business limits that span
// fields (sub designers, files per work type, digital content, declarations) live in `entryIssues`, which
// the schemas and domain/award/entry-rules.ts both use, so there is one copy of each rule. Unknown fields
// (a `fee`, a `status`, a `user_id`) are dropped: the server decides those. Request bodies are bounded by
// the route's size limit, so arrays carry no extra cap here.
import * as z from "zod";
import {
  DESIGN_CATEGORIES,
  EXHIBITOR_TYPES,
  type ExhibitorType,
  MAX_ATTACHMENTS,
  MAX_DETAIL_IMAGES,
  MAX_SUB_DESIGNERS,
  MAX_VIDEO_SECONDS,
  SCHOOL_TYPES,
  WORK_TYPES,
  type WorkType,
} from "./options.ts";

/** The wizard's steps: entrant info, upload work, submission info / confirm, completion. */
export const ENTRY_STEP_COUNT = 4;

// ---------- Field helpers ----------

const EMAIL = z.regexes.email;
const PHONE = /^\+?[0-9][0-9 ()-]{6,19}$/;
const str = () => z.string({ error: "award.invalid" }).trim();
/** A text checked by rules in order; only the first broken rule is reported. Missing means "". */
const text = (max: number, ...rules: [(v: string) => boolean, string][]) =>
  str().superRefine((v, ctx) => {
    const broken = v.length > max ? "award.too_long" : rules.find(([ok]) => !ok(v))?.[1];
    if (broken) ctx.addIssue({ code: "custom", message: broken });
  }).prefault("");
const filled = (key: string): [(v: string) => boolean, string] => [(v) => v !== "", key];
const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true" || v === "yes", z.boolean());
/** Digits from a form become a number; anything else is left for the number check to refuse. */
const digits = (v: unknown) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v);
const blank = (v: unknown) => v === undefined || v === null || v === "";
/** An uploaded file's id: a positive integer, or nothing. */
const fileId = z.preprocess(
  (v) => (blank(v) ? undefined : digits(v)),
  z.number({ error: "award.file_invalid" }).int("award.file_invalid").positive("award.file_invalid").optional(),
);
/** Several file ids (one value or many); always an array. */
const fileIds = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).map(digits)),
  z.array(z.number({ error: "award.file_invalid" }).int("award.file_invalid").positive("award.file_invalid")),
);
/** Rows whose every field is empty are the no-JavaScript form's spare rows: dropped. */
const rows = <T extends z.ZodType>(row: T) =>
  z.preprocess(
    (v) => {
      if (blank(v)) return [];
      const list = Array.isArray(v) ? v : typeof v === "object" ? Object.values(v as object) : v;
      if (!Array.isArray(list)) return list;
      return list.filter((r) => !(r && typeof r === "object" && Object.values(r).every(blank)));
    },
    z.array(row, { error: "award.invalid" }),
  );

/** SPEC §5 URL: http or https with a host (the HEAD check that it plays is the server's, not this). */
export function isPlayableUrl(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username;
  } catch {
    return false;
  }
}

// ---------- Cross-field rules ----------

export interface EntryIssue {
  path: (string | number)[];
  message: string;
}

/** What the cross-field rules read; every field optional so a step's partial data can be checked. */
export interface EntryContent {
  exhibitor_type?: ExhibitorType;
  company?: string;
  school_type?: string;
  sub_designers?: readonly unknown[];
  work_type?: WorkType;
  url?: string;
  video_seconds?: number;
  thumbnail_id?: number;
  detail_ids?: readonly number[];
  attachment_ids?: readonly number[];
  declare_not_prized?: boolean;
}

/** How many items a value holds when it is a list (a malformed value counts as none). */
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);

export function entrantIssues(v: EntryContent): EntryIssue[] {
  const issues: EntryIssue[] = [];
  if (v.exhibitor_type === "company" && !v.company) {
    issues.push({ path: ["company"], message: "award.company_required" });
  }
  if (v.exhibitor_type === "student" && !v.school_type) {
    issues.push({ path: ["school_type"], message: "award.school_type_required" });
  }
  if (count(v.sub_designers) > MAX_SUB_DESIGNERS) {
    issues.push({ path: ["sub_designers"], message: "award.sub_designers_max" });
  }
  return issues;
}

export function workIssues(v: EntryContent): EntryIssue[] {
  const issues: EntryIssue[] = [];
  const digital = v.work_type === "digital";
  if (digital && !isPlayableUrl(v.url)) issues.push({ path: ["url"], message: "award.digital_needs_url" });
  if (!digital && v.url && !isPlayableUrl(v.url)) issues.push({ path: ["url"], message: "award.url_invalid" });
  if (typeof v.video_seconds === "number" && v.video_seconds > MAX_VIDEO_SECONDS) {
    issues.push({ path: ["video_seconds"], message: "award.video_too_long" });
  }
  // Only a missing id is "no file"; a malformed one is the id field's own error.
  if (v.thumbnail_id === undefined || v.thumbnail_id === null) {
    issues.push({ path: ["thumbnail_id"], message: digital ? "award.digital_needs_image" : "award.no_files" });
  }
  // An image or data work is its files: at least one detail image or attachment.
  if (v.work_type && !digital && !count(v.detail_ids) && !count(v.attachment_ids)) {
    issues.push({ path: ["detail_ids"], message: "award.no_files" });
  }
  if (count(v.detail_ids) > MAX_DETAIL_IMAGES) {
    issues.push({ path: ["detail_ids"], message: "award.too_many_files" });
  }
  if (count(v.attachment_ids) > MAX_ATTACHMENTS) {
    issues.push({ path: ["attachment_ids"], message: "award.too_many_files" });
  }
  return issues;
}

/** SPEC §5: works that won a prize in another contest are barred; the entrant declares they did not. */
export function submissionIssues(v: EntryContent): EntryIssue[] {
  return v.declare_not_prized === true ? [] : [{ path: ["declare_not_prized"], message: "award.prized_elsewhere" }];
}

/** Every cross-field rule of a whole entry. */
export function entryIssues(v: EntryContent): EntryIssue[] {
  return [...entrantIssues(v), ...workIssues(v), ...submissionIssues(v)];
}

/**
 * Adds the cross-field issues even when a field is already wrong (a missing enum aborts, and zod would
 * then skip refinements), so the form shows every problem at once. The rules read values defensively.
 */
const refineWith = <T extends z.ZodObject>(schema: T, check: (v: EntryContent) => EntryIssue[]) =>
  schema.superRefine((v, ctx) => {
    for (const issue of check(v as EntryContent)) ctx.addIssue({ code: "custom", ...issue });
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null });

// ---------- Steps ----------

const OBJECT = { error: "award.invalid" };

const designerShape = {
  name: text(100, filled("award.designer_name_required")),
  name_en: text(100, filled("award.designer_name_en_required")),
  email: text(254, filled("award.designer_email_required"), [(v) => EMAIL.test(v), "award.designer_email_invalid"]),
  phone: text(20, filled("award.designer_phone_required"), [(v) => PHONE.test(v), "award.designer_phone_invalid"]),
  affiliation: text(100),
};

const SubDesignerInput = z.object({
  name: text(100, filled("award.sub_designer_name_required")),
  name_en: text(100),
  affiliation: text(100),
}, OBJECT);

const entrantShape = {
  exhibitor_type: z.enum(EXHIBITOR_TYPES, { error: "award.exhibitor_type_required" }),
  company: text(100),
  school_type: z.union([z.enum(SCHOOL_TYPES), z.literal("")], { error: "award.invalid" }).prefault(""),
  department: text(100),
  designer: z.object(designerShape, OBJECT).prefault({}),
  sub_designers: rows(SubDesignerInput).prefault([]),
};

const workShape = {
  category: z.preprocess(
    digits,
    z.number({ error: "award.category_required" }).refine(
      (c) => (DESIGN_CATEGORIES as readonly number[]).includes(c),
      "award.category_required",
    ),
  ),
  title: text(200, filled("award.title_required")),
  title_en: text(200, filled("award.title_en_required")),
  description: text(4000, filled("award.description_required")),
  work_type: z.enum(WORK_TYPES, { error: "award.work_type_required" }),
  url: text(2000),
  video_seconds: z.preprocess(
    (v) => (blank(v) ? undefined : digits(v)),
    z.number({ error: "award.invalid" }).int("award.invalid").nonnegative("award.invalid").optional(),
  ),
  thumbnail_id: fileId,
  preview_id: fileId,
  detail_ids: fileIds.prefault([]),
  reference_id: fileId,
  attachment_ids: fileIds.prefault([]),
};

const submissionShape = {
  agree_rules: flag.prefault(false).refine((v) => v, "award.agree_rules_required"),
  declare_not_prized: flag.prefault(false),
  market_auto_register: flag.prefault(false),
  commercial_image: flag.prefault(false),
};

/** Step 1: who enters (exhibitor type, company or school, the main designer, up to 3 sub designers). */
export const EntrantInput = refineWith(z.object(entrantShape, OBJECT), entrantIssues);
export type EntrantInput = z.infer<typeof EntrantInput>;

/** Step 2: the work and its files (ids of files uploaded beforehand). */
export const WorkInput = refineWith(z.object(workShape, OBJECT), workIssues);
export type WorkInput = z.infer<typeof WorkInput>;

/** Step 3: declarations and flags, confirmed with the summary. */
export const SubmissionInput = refineWith(z.object(submissionShape, OBJECT), submissionIssues);
export type SubmissionInput = z.infer<typeof SubmissionInput>;

/** The whole entry as it is submitted (or edited) for one award. */
export const EntryInput = refineWith(
  z.object({
    award_id: z.preprocess(
      digits,
      z.number({ error: "award.not_found" }).int("award.not_found").positive("award.not_found"),
    ),
    ...entrantShape,
    ...workShape,
    ...submissionShape,
  }, OBJECT),
  entryIssues,
);
export type EntryInput = z.infer<typeof EntryInput>;

/** The schema a wizard step validates with (step 4, completion, has no input). */
export const ENTRY_STEPS = { 1: EntrantInput, 2: WorkInput, 3: SubmissionInput } as const;
export type EntryStep = keyof typeof ENTRY_STEPS;
