// The form-builder kit's model (issue 14 §1): a form is a tree of components with bilingual labels, help,
// required and per-type limits. This file says what a valid tree is (checked when staff save one, bounded
// so a tree of 10,000 nested components is refused cleanly before any recursion) and how its fields map
// to answer names. Browser-safe: islands and the renderer read the same definitions.
import { z } from "zod";
import type { FileKind } from "../file/rules.ts";

export const COMPONENT_TYPES = [
  "section",
  "text",
  "textarea",
  "number",
  "email",
  "phone",
  "date",
  "choice",
  "checkboxes",
  "file",
  "agreement",
  "address",
  "group",
] as const;
export type ComponentType = typeof COMPONENT_TYPES[number];

/** Components that hold other components: a section only groups visually, a group repeats its fields. */
export const CONTAINER_TYPES: readonly ComponentType[] = ["section", "group"];

/** File kinds a file component may accept (domain/file/rules.ts kinds, sniffed from the bytes). */
export const FORM_FILE_KINDS = ["pdf", "jpeg", "png", "zip"] as const satisfies readonly FileKind[];
export type FormFileKind = typeof FORM_FILE_KINDS[number];

/** Limits of a tree: more components or deeper nesting is refused (form.too_big). */
export const MAX_COMPONENTS = 200;
export const MAX_DEPTH = 4;
export const MAX_OPTIONS = 50;
export const MAX_TEXT = 5_000;
export const MAX_GROUP_ITEMS = 20;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_PER_FIELD = 5;

export interface ChoiceOption {
  value: string;
  label: string;
  labelEn: string;
}

/** Shows a component only when another answer of the same level equals a value (conditional fields). */
export interface ShowIf {
  key: string;
  equals: string;
}

export interface FormComponent {
  /** The answer's name, unique among the fields of one level (sections do not make a level; groups do). */
  key: string;
  type: ComponentType;
  label: string;
  labelEn: string;
  help?: string;
  helpEn?: string;
  required?: boolean;
  /** text, textarea */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** number */
  min?: number;
  max?: number;
  integer?: boolean;
  /** number: SPEC §5 'lower-than' — another number field of the same level this one must not exceed. */
  notAbove?: string;
  /** date: YYYY-MM-DD bounds, and another date field of the same level this one must not precede. */
  minDate?: string;
  maxDate?: string;
  after?: string;
  /** choice, checkboxes */
  options?: ChoiceOption[];
  minChoices?: number;
  maxChoices?: number;
  /** file */
  accept?: FormFileKind[];
  maxBytes?: number;
  maxFiles?: number;
  /** group */
  minItems?: number;
  maxItems?: number;
  showIf?: ShowIf;
  children?: FormComponent[];
}

/** An address answer (the postal lookup fills the first five; detail is typed). */
export interface AddressAnswer {
  zip: string;
  road: string;
  building: string;
  city: string;
  district: string;
  detail: string;
}
export const ADDRESS_PARTS = ["zip", "road", "building", "city", "district", "detail"] as const;

/** What the validator knows of an uploaded file (sniffed kind, bytes); the id once stored. */
export interface FileFacts {
  name: string;
  size: number;
  kind: string;
  id?: number;
}

export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().max(max);
const count = (max: number) => z.number().int().min(0).max(max);

/** A pattern staff may set: at most 200 characters and a valid regular expression. */
const Pattern = z.string().max(200).refine((p) => {
  try {
    new RegExp(p, "u");
    return true;
  } catch {
    return false;
  }
}, "programme.form.bad_pattern");

const ComponentFields = z.object({
  key: z.string().regex(KEY_PATTERN, "programme.form.bad_key"),
  type: z.enum(COMPONENT_TYPES),
  label: text(200).min(1, "programme.form.label_required"),
  labelEn: text(200).default(""),
  help: text(1000).optional(),
  helpEn: text(1000).optional(),
  required: z.boolean().optional(),
  minLength: count(MAX_TEXT).optional(),
  maxLength: z.number().int().min(1).max(MAX_TEXT).optional(),
  pattern: Pattern.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
  minDate: z.string().regex(DATE).optional(),
  maxDate: z.string().regex(DATE).optional(),
  after: z.string().regex(KEY_PATTERN).optional(),
  notAbove: z.string().regex(KEY_PATTERN).optional(),
  options: z.array(z.object({
    value: z.string().trim().min(1).max(100),
    label: text(200).min(1),
    labelEn: text(200).default(""),
  })).max(MAX_OPTIONS).optional(),
  minChoices: count(MAX_OPTIONS).optional(),
  maxChoices: z.number().int().min(1).max(MAX_OPTIONS).optional(),
  accept: z.array(z.enum(FORM_FILE_KINDS)).min(1).optional(),
  maxBytes: z.number().int().min(1).max(MAX_FILE_BYTES).optional(),
  maxFiles: z.number().int().min(1).max(MAX_FILES_PER_FIELD).optional(),
  minItems: count(MAX_GROUP_ITEMS).optional(),
  maxItems: z.number().int().min(1).max(MAX_GROUP_ITEMS).optional(),
  showIf: z.object({ key: z.string().regex(KEY_PATTERN), equals: z.string().max(100) }).optional(),
});

const ComponentSchema: z.ZodType<FormComponent> = z.lazy(() =>
  z.strictObject({ ...ComponentFields.shape, children: z.array(ComponentSchema).optional() })
);

/** Counts components and measures depth without recursion (so a 10,000-deep tree cannot overflow the stack). */
export function treeSize(tree: unknown): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const stack: [unknown, number][] = Array.isArray(tree) ? tree.map((c) => [c, 1]) : [];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    count++;
    depth = Math.max(depth, level);
    if (count > MAX_COMPONENTS || depth > MAX_DEPTH) break;
    const children = node && typeof node === "object" ? (node as { children?: unknown }).children : undefined;
    if (Array.isArray(children)) { for (const c of children) stack.push([c, level + 1]); }
  }
  return { count, depth };
}

/** The fields that share one answer object: a level's components with its sections opened up. */
export function levelFields(components: readonly FormComponent[]): FormComponent[] {
  const out: FormComponent[] = [];
  for (const c of components) {
    if (c.type === "section") out.push(...levelFields(c.children ?? []));
    else out.push(c);
  }
  return out;
}

export interface TreeProblem {
  path: string;
  key: string;
}

/** Rules zod's shape cannot say: unique keys per level, children only in containers, consistent limits. */
function treeProblems(components: readonly FormComponent[], path = ""): TreeProblem[] {
  const problems: TreeProblem[] = [];
  const fields = levelFields(components);
  const seen = new Set<string>();
  const at = (c: FormComponent) => `${path}${c.key}`;
  for (const c of fields) {
    if (seen.has(c.key)) problems.push({ path: at(c), key: "programme.form.duplicate_key" });
    seen.add(c.key);
  }
  const walk = (list: readonly FormComponent[]) => {
    for (const c of list) {
      const isContainer = CONTAINER_TYPES.includes(c.type);
      if (!isContainer && c.children?.length) {
        problems.push({ path: at(c), key: "programme.form.children_not_allowed" });
      }
      if (c.type === "section") walk(c.children ?? []);
      if (c.type === "group") {
        if (!c.children?.length) problems.push({ path: at(c), key: "programme.form.group_empty" });
        if ((c.children ?? []).some((k) => k.type === "group" || k.type === "file")) {
          problems.push({ path: at(c), key: "programme.form.group_nesting" });
        }
        problems.push(...treeProblems(c.children ?? [], `${at(c)}.`));
      }
      if ((c.type === "choice" || c.type === "checkboxes") && !c.options?.length) {
        problems.push({ path: at(c), key: "programme.form.options_required" });
      }
      if (c.options && new Set(c.options.map((o) => o.value)).size !== c.options.length) {
        problems.push({ path: at(c), key: "programme.form.duplicate_option" });
      }
      const pairs: [number | string | undefined, number | string | undefined][] = [
        [c.minLength, c.maxLength],
        [c.min, c.max],
        [c.minDate, c.maxDate],
        [c.minChoices, c.maxChoices],
        [c.minItems, c.maxItems],
      ];
      if (pairs.some(([lo, hi]) => lo !== undefined && hi !== undefined && lo > hi)) {
        problems.push({ path: at(c), key: "programme.form.bad_range" });
      }
      if (c.after && !fields.some((f) => f.key === c.after && f.type === "date" && f !== c)) {
        problems.push({ path: at(c), key: "programme.form.bad_after" });
      }
      if (c.notAbove && !fields.some((f) => f.key === c.notAbove && f.type === "number" && f !== c)) {
        problems.push({ path: at(c), key: "programme.form.bad_not_above" });
      }
      if (c.showIf && !fields.some((f) => f.key === c.showIf!.key && f !== c)) {
        problems.push({ path: at(c), key: "programme.form.bad_show_if" });
      }
    }
  };
  walk(components);
  return problems;
}

export type TreeCheck = { ok: true; tree: FormComponent[] } | { ok: false; fields: Record<string, string[]> };

/** Checks a tree sent to the builder: size first (form.too_big), then its shape, then the cross rules. */
export function checkTree(input: unknown): TreeCheck {
  if (!Array.isArray(input)) return { ok: false, fields: { components: ["programme.form.bad_tree"] } };
  const size = treeSize(input);
  if (size.count > MAX_COMPONENTS || size.depth > MAX_DEPTH) {
    return { ok: false, fields: { components: ["programme.form.too_big"] } };
  }
  const parsed = z.array(ComponentSchema).max(MAX_COMPONENTS).safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.message.startsWith("programme.form.") ? issue.message : "programme.form.bad_tree";
      (fields[`components.${issue.path.join(".")}`] ??= []).push(key);
    }
    return { ok: false, fields };
  }
  const problems = treeProblems(parsed.data);
  if (problems.length) {
    const fields: Record<string, string[]> = {};
    for (const p of problems) (fields[`components.${p.path}`] ??= []).push(p.key);
    return { ok: false, fields };
  }
  return { ok: true, tree: parsed.data };
}

/** A label in the viewer's language (English falls back to Korean when none was given). */
export function labelOf(c: { label: string; labelEn: string }, locale: string): string {
  return locale === "en" && c.labelEn ? c.labelEn : c.label;
}

export function helpOf(c: FormComponent, locale: string): string {
  return (locale === "en" && c.helpEn ? c.helpEn : c.help) ?? "";
}

/** Every file field of a tree with its answer path prefix (files are not allowed inside groups). */
export function fileFields(components: readonly FormComponent[]): FormComponent[] {
  return levelFields(components).filter((c) => c.type === "file");
}
