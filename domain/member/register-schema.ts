// Member registration payload (SPEC §3 User, §5 Registration), shared by POST /api/register, the /register
// page and the RegisterWizard island: the island validates as the visitor types with these same rules, the
// server always validates again. Pure: no database, no Node modules, so the browser bundle can import it.
import * as z from "zod";
import { passwordSchema } from "./password-rules.ts";
import { careerDateProblem, currentMonth, isAcademicPosition, judgeQualification } from "./judge-qualification.ts";
import { JUDGE_FAMILIES, type JudgeFamily, type RoleCode } from "./permissions.ts";

export const MEMBER_TYPES = ["individual", "design", "company", "judge"] as const;
export type MemberType = typeof MEMBER_TYPES[number];
export const isMemberType = (v: unknown): v is MemberType => (MEMBER_TYPES as readonly unknown[]).includes(v);

/** The judge roles a judge applicant chooses among (SPEC §5: IBDA, DCB, shoes/KFDA). */
export const JUDGE_ROLES = JUDGE_FAMILIES;
export type JudgeRole = JudgeFamily;

export const DEGREES = ["bachelor", "master", "doctor", "other"] as const;

/** Uploads (SPEC §3 User: business_cert, design_cert, regional design-company proof). */
export const DOCUMENT_KINDS = ["business_cert", "design_cert", "regional_proof"] as const;
export type DocumentKind = typeof DOCUMENT_KINDS[number];
export const DOCUMENTS_BY_TYPE: Record<MemberType, { allowed: DocumentKind[]; required: DocumentKind[] }> = {
  individual: { allowed: [], required: [] },
  judge: { allowed: [], required: [] },
  design: { allowed: ["business_cert", "design_cert", "regional_proof"], required: ["business_cert"] },
  company: { allowed: ["business_cert"], required: ["business_cert"] },
};
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS = 3;
/** A registration with its files never needs more; larger requests are refused with 413 unread. */
export const MAX_REGISTER_BODY_BYTES = 20 * 1024 * 1024;
export const MAX_CAREERS = 20;
export const MAX_EDUCATIONS = 10;

/**
 * The roles a member type applies for: the ONLY source of roles (a `roles` or `approved` field in the
 * request is never read). The individual member counts at once; every other role waits for an
 * administrator (SPEC §6, migration 0003).
 */
export function rolesFor(
  type: MemberType,
  judgeRoles: readonly JudgeRole[] = [],
): { code: RoleCode; approved: boolean }[] {
  switch (type) {
    case "individual":
      return [{ code: "member", approved: true }];
    case "design":
      return [{ code: "design", approved: false }];
    case "company":
      return [{ code: "company", approved: false }];
    case "judge":
      return [
        { code: "member", approved: true },
        { code: "judge", approved: false },
        ...JUDGE_ROLES.filter((r) => judgeRoles.includes(r)).map((code) => ({ code, approved: false })),
      ];
  }
}

// ---------- Fields ----------

export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** zod's own e-mail pattern (what `z.email()` checks). */
const EMAIL = z.regexes.email;
const PHONE = /^\+?[0-9][0-9 ()-]{6,19}$/;

const str = () => z.string({ error: "register.invalid" }).trim();
/** An optional text: missing means "". */
const opt = (max: number) => str().max(max, "register.too_long").prefault("");
/**
 * A text checked by rules in order; only the first broken rule is reported. (Not zod's `abort`: an aborted
 * field would keep the cross-field rules below from running, and the form should show every problem.)
 */
const text = (max: number, ...rules: [(v: string) => boolean, string][]) =>
  str().superRefine((v, ctx) => {
    const broken = v.length > max ? "register.too_long" : rules.find(([ok]) => !ok(v))?.[1];
    if (broken) ctx.addIssue({ code: "custom", message: broken });
  }).prefault("");
const filled = (key: string): [(v: string) => boolean, string] => [(v) => v !== "", key];
const req = (key: string, max: number) => text(max, filled(key));
const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true" || v === "yes", z.boolean());
const month = str().refine((v) => v === "" || MONTH.test(v), "register.month_invalid").prefault("");

const isJudgeRole = (v: unknown): v is JudgeRole => (JUDGE_ROLES as readonly unknown[]).includes(v);
/** One of DEGREES or nothing. */
const degree = () => text(10, [(v) => v === "" || (DEGREES as readonly string[]).includes(v), "register.invalid"]);

/** A text that may come as one value or as several (a checkbox group); always an array. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/** Rows whose every field is empty are the no-JavaScript form's spare rows: dropped. */
const rows = <T extends z.ZodType>(row: T, max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === "") return [];
      const array = Array.isArray(v) ? v : typeof v === "object" && v !== null ? Object.values(v) : v;
      if (!Array.isArray(array)) return array;
      return array.filter((r) =>
        !(r && typeof r === "object" && Object.values(r).every((x) => x === undefined || x === null || x === ""))
      );
    },
    z.array(row, { error: "register.invalid" }).max(max, "register.too_many_rows"),
  );

export const CareerInput = z.object({
  organization: req("register.career_organization_required", 100),
  position: opt(100),
  from: month,
  to: month,
  role: text(10, [(v) => isJudgeRole(v), "register.career_role_required"]) as z.ZodType<JudgeRole, unknown>,
});
export type CareerInput = z.infer<typeof CareerInput>;

export const EducationInput = z.object({
  school: req("register.school_required", 100),
  major: opt(100),
  degree: degree(),
});
export type EducationInput = z.infer<typeof EducationInput>;

export const MemberTypeInput = z.enum(MEMBER_TYPES, { error: "register.type_required" });

/** Judge fields of another member type are ignored, never validated or stored. */
const JUDGE_ONLY = [
  "judge_fields",
  "judge_category",
  "academic_position",
  "degree",
  "specialty",
  "careers",
  "educations",
];
function dropOtherTypesFields(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  if (record.type === "judge") return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => !JUDGE_ONLY.includes(k)));
}

/** The whole payload for the given password rules (the server passes `passwordSchema`). */
export function makeRegisterInput(password: z.ZodType<string, string>) {
  return z.preprocess(dropOtherTypesFields, makeObject(password));
}

function makeObject(password: z.ZodType<string, string>) {
  return z.object({
    type: MemberTypeInput,
    username: text(
      254,
      filled("register.username_required"),
      [(v) => v.length >= 3 && v.length <= 20, "register.username_length"],
      [(v) => USERNAME_PATTERN.test(v), "register.username_format"],
    ),
    password: z.string({ error: "register.invalid" }).min(1, "register.password_required").pipe(password)
      .prefault(""),
    password_confirmation: z.string({ error: "register.invalid" }).prefault(""),
    name: req("register.name_required", 100),
    name_en: opt(100),
    email: text(254, filled("register.email_required"), [(v) => EMAIL.test(v), "register.email_invalid"]),
    phone: text(20, filled("register.phone_required"), [(v) => PHONE.test(v), "register.phone_invalid"]),
    zip: opt(10),
    address1: opt(200),
    address2: opt(200),
    affiliation: opt(100),
    department: opt(100),
    position: opt(100),
    business_no: opt(20),
    judge_fields: list(z.enum(JUDGE_ROLES, { error: "register.invalid" })).prefault([]),
    judge_category: opt(100),
    // The years of career are not typed in: they are computed from the career entries (judge-qualification.ts).
    academic_position: text(30, [(v) => v === "" || isAcademicPosition(v), "register.invalid"]),
    degree: degree(),
    specialty: opt(100),
    careers: rows(CareerInput, MAX_CAREERS).prefault([]),
    educations: rows(EducationInput, MAX_EDUCATIONS).prefault([]),
    marketing_email: flag.prefault(false),
    marketing_sms: flag.prefault(false),
    agree_terms: flag.prefault(false).refine((v) => v, "register.agree_terms_required"),
    agree_privacy: flag.prefault(false).refine((v) => v, "register.agree_privacy_required"),
  }).superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.password && v.password_confirmation !== v.password) {
      issue(["password_confirmation"], "register.password_mismatch");
    }
    if (v.type === "design" || v.type === "company") {
      const digits = (v.business_no ?? "").replace(/-/g, "");
      if (!digits) issue(["business_no"], "register.business_no_required");
      else if (!/^\d{10}$/.test(digits)) issue(["business_no"], "register.business_no_invalid");
    }
    if (v.type === "judge") judgeRules(v, issue);
  });
}

/**
 * SPEC §5 judge registration: at least one judging field, career and education entries, and for EACH
 * selected role (IBDA, DCB, shoes) at least one career entry supporting it; no career month in the future;
 * and the qualification (10 years of career, overlaps counted once, or an assistant professor or above),
 * reported on `academic_position` with `judge.not_qualified`.
 */
function judgeRules(
  v: {
    judge_fields?: JudgeRole[];
    careers?: CareerInput[];
    educations?: EducationInput[];
    academic_position?: string;
    specialty?: string;
  },
  issue: (path: (string | number)[], message: string) => void,
) {
  const fields = Array.isArray(v.judge_fields) ? v.judge_fields : [];
  const careers = Array.isArray(v.careers) ? v.careers : [];
  const educations = Array.isArray(v.educations) ? v.educations : [];
  if (fields.length === 0) issue(["judge_fields"], "register.judge_field_required");
  if (!v.specialty) issue(["specialty"], "register.specialty_required");
  if (careers.length === 0) issue(["careers"], "register.career_required");
  else {
    for (const role of JUDGE_ROLES) {
      if (fields.includes(role) && !careers.some((c) => c?.role === role)) {
        issue(["careers"], `register.career_for_${role}`);
      }
    }
  }
  if (educations.length === 0) issue(["educations"], "register.education_required");
  careerRules(careers, v.academic_position ?? "", issue);
}

/**
 * The career dates and the judge qualification (SPEC §5), shared by registration and conversion: each
 * row's dates (not in the future, the end not before the start), then 10 years or a professor's position.
 */
export function careerRules(
  careers: readonly (CareerInput | undefined)[],
  academicPosition: string,
  issue: (path: (string | number)[], message: string) => void,
  today: string = currentMonth(),
) {
  const periods = careers.filter((c): c is CareerInput => !!c && typeof c === "object")
    .map((c) => ({ from: c.from ?? "", to: c.to ?? "" }));
  careers.forEach((c, i) => {
    const problem = c ? careerDateProblem({ from: c.from ?? "", to: c.to ?? "" }, today) : null;
    if (problem) issue(["careers", i, problem.field], problem.key);
  });
  if (periods.length > 0 && !judgeQualification({ careers: periods, academicPosition }, today).qualified) {
    issue(["academic_position"], "judge.not_qualified");
  }
}

/** What the browser and the server validate with. */
export const RegisterFormInput = makeRegisterInput(passwordSchema);
export type RegisterInput = z.infer<typeof RegisterFormInput>;

// ---------- Form data ----------

const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);
const MAX_ROW_INDEX = 49;

/**
 * Bracketed form names into nested values: `careers[0][role]` → `{ careers: [{ role }] }`. Keys that could
 * reach an object's prototype and absurd indexes are dropped; holes in arrays close up.
 */
export function unflatten(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const match = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    if (!match) continue;
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])].filter((p) => p !== "");
    if (path.some((p) => UNSAFE_KEYS.has(p))) continue;
    if (path.some((p, i) => i > 0 && /^\d+$/.test(p) && Number(p) > MAX_ROW_INDEX)) continue;
    let node: Record<string, unknown> = out;
    for (let i = 0; i < path.length - 1; i++) {
      const next = node[path[i]];
      if (next === undefined || typeof next !== "object" || next === null) node[path[i]] = {};
      node = node[path[i]] as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
  }
  return compactRows(out) as Record<string, unknown>;
}

/** `{ "0": a, "2": b }` (numeric keys) becomes `[a, b]`, recursively. */
function compactRows(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => compactRows(v));
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, compactRows(v)]));
}

/** The text entries of a form (files left out), `name[]` and repeated names as arrays, as readBody does. */
export function formEntries(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (typeof value !== "string") continue;
    const name = key.endsWith("[]") ? key.slice(0, -2) : key;
    if (key.endsWith("[]") || name in body) body[name] = [...[body[name] ?? []].flat(), value];
    else body[name] = value;
  }
  return body;
}

/** Field → message keys, the one error shape (STYLE §8). */
export function issuesToFields(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    const list = fields[key] ??= [];
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** The values a form may show again: no password, nothing but strings. */
export function redisplayValues(input: Record<string, unknown>): Record<string, unknown> {
  const clean = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return v.slice(0, 300);
    if (depth > 3 || !v || typeof v !== "object") return undefined;
    if (Array.isArray(v)) {
      return v.slice(0, MAX_ROW_INDEX + 1).map((x) => clean(x, depth + 1)).filter((x) => x !== undefined);
    }
    return Object.fromEntries(
      Object.entries(v).filter(([k]) => !UNSAFE_KEYS.has(k)).map(([k, x]) => [k, clean(x, depth + 1)])
        .filter(([, x]) => x !== undefined),
    );
  };
  const { password: _p, password_confirmation: _c, _token: _t, step: _s, nav: _n, ...rest } = input;
  return clean(rest, 0) as Record<string, unknown>;
}
