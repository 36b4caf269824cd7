// The one zod schema built from a form's tree that decides on a submission (issue 14 §1): every field of
// the tree with its type's rules, nothing the tree does not have (a strict object: a value the form does
// not have is refused), repeated groups within their bounds, dates in order, conditional fields required
// only when shown, files by their sniffed kind and size. Pure and browser-safe; messages are i18n keys.
import { z } from "zod";
import {
  ADDRESS_PARTS,
  type AddressAnswer,
  type FileFacts,
  type FormComponent,
  levelFields,
  MAX_FILES_PER_FIELD,
  MAX_GROUP_ITEMS,
  MAX_TEXT,
} from "./model.ts";

export type Answers = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "" and whitespace-only are no answer; so are an empty list and `false`. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === "object") return Object.values(value as object).every(isEmpty);
  return false;
}

function isRealDate(value: string): boolean {
  const m = value.match(DATE);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const str = z.string().max(MAX_TEXT * 2, "programme.form.too_long").transform((s) => s.trim());

/** The schema of one field's present value (emptiness and `required` are decided by the level). */
function valueSchema(c: FormComponent): z.ZodType {
  switch (c.type) {
    case "text":
    case "textarea": {
      const max = c.maxLength ?? (c.type === "text" ? 200 : MAX_TEXT);
      let s = str.pipe(
        z.string().min(c.minLength ?? 0, "programme.form.too_short").max(max, "programme.form.too_long"),
      );
      if (c.pattern) {
        const re = new RegExp(`^(?:${c.pattern})$`, "u");
        s = s.refine((v) => re.test(v), "programme.form.pattern") as typeof s;
      }
      return s;
    }
    case "email":
      return str.pipe(z.string().max(254, "programme.form.too_long").regex(EMAIL, "programme.form.email"));
    case "phone":
      return str.pipe(z.string().regex(PHONE, "programme.form.phone"));
    case "number": {
      const n = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], {
        error: "programme.form.number",
      })
        .pipe(
          z.number({ error: "programme.form.number" })
            .min(c.min ?? -1e15, "programme.form.too_small").max(c.max ?? 1e15, "programme.form.too_large"),
        );
      return c.integer ? n.refine((v) => Number.isInteger(v), "programme.form.integer") : n;
    }
    case "date":
      return str.pipe(
        z.string().refine(isRealDate, "programme.form.date")
          .refine((v) => !c.minDate || v >= c.minDate, "programme.form.date_early")
          .refine((v) => !c.maxDate || v <= c.maxDate, "programme.form.date_late"),
      );
    case "choice": {
      const values = (c.options ?? []).map((o) => o.value);
      return str.pipe(z.string().refine((v) => values.includes(v), "programme.form.choice"));
    }
    case "checkboxes": {
      const values = (c.options ?? []).map((o) => o.value);
      return z.preprocess(
        (v) => (Array.isArray(v) ? v : [v]).filter((x) => !isEmpty(x)),
        z.array(z.string().refine((v) => values.includes(v), "programme.form.choice"))
          .max(values.length, "programme.form.too_many")
          .refine((a) => new Set(a).size === a.length, "programme.form.choice")
          .refine((a) => a.length >= (c.minChoices ?? 0), "programme.form.too_few")
          .refine((a) => a.length <= (c.maxChoices ?? values.length), "programme.form.too_many"),
      );
    }
    case "agreement":
      return z.union([z.literal(true), z.enum(["on", "1", "true", "yes"])], { error: "programme.form.agree" })
        .transform(() => true);
    case "address":
      return z.strictObject(
        Object.fromEntries(
          ADDRESS_PARTS.map((p) => [p, z.string().max(200, "programme.form.too_long").trim().default("")]),
        ),
        { error: "programme.form.unknown_field" },
      ).refine((a) => a.zip !== "" && a.road !== "", "programme.form.address").transform((a) =>
        a as unknown as AddressAnswer
      );
    case "file": {
      const kinds = c.accept ?? ["pdf", "jpeg", "png"];
      const maxBytes = c.maxBytes ?? 10 * 1024 * 1024;
      const file = z.strictObject({
        name: z.string().max(255),
        size: z.number().int().min(1, "programme.form.file_empty").max(maxBytes, "programme.form.file_size"),
        kind: z.string().refine((k) => (kinds as string[]).includes(k), "programme.form.file_type"),
        id: z.number().int().positive().optional(),
      });
      return z.array(file).max(Math.min(c.maxFiles ?? 1, MAX_FILES_PER_FIELD), "programme.form.too_many_files");
    }
    case "group":
      return groupSchema(c);
    case "section":
      return z.never();
  }
}

/** A repeated group: rows keyed by index ("0", "1" … from a plain form) or a list; blank rows are dropped. */
function groupSchema(c: FormComponent): z.ZodType {
  const row = levelSchema(c.children ?? []);
  const max = Math.min(c.maxItems ?? MAX_GROUP_ITEMS, MAX_GROUP_ITEMS);
  return z.preprocess(
    (v) => {
      if (v && typeof v === "object" && !Array.isArray(v)) {
        const entries = Object.entries(v as Record<string, unknown>);
        // Indexes past the largest group allowed are refused, not allocated.
        if (entries.some(([k]) => !/^\d{1,2}$/.test(k))) return v;
        v = entries.sort(([a], [b]) => +a - +b).map(([, row]) => row);
      }
      return Array.isArray(v) ? v.filter((r) => !isEmpty(r)) : v;
    },
    z.array(row).max(max, "programme.form.group_max").min(
      c.required ? Math.max(1, c.minItems ?? 1) : 0,
      "programme.form.group_min",
    ),
  );
}

/** Shown unless its condition names another answer that differs. */
function shown(c: FormComponent, raw: Record<string, unknown>): boolean {
  if (!c.showIf) return true;
  const other = raw[c.showIf.key];
  return Array.isArray(other) ? other.includes(c.showIf.equals) : other === c.showIf.equals;
}

/**
 * One level's answers: a strict object of its fields. A field that is hidden by its condition or left
 * empty is dropped (refused first when required and shown); dates with `after` are checked in order, and
 * numbers with `notAbove` against their target (SPEC §5 'lower-than').
 */
function levelSchema(components: readonly FormComponent[]): z.ZodType<Answers> {
  const fields = levelFields(components);
  const shape = Object.fromEntries(fields.map((c) => [c.key, z.unknown().optional()]));
  const values = new Map(fields.map((c) => [c.key, valueSchema(c)]));
  return z.strictObject(shape, { error: "programme.form.unknown_field" }).transform((raw, ctx) => {
    const out: Answers = {};
    for (const c of fields) {
      const value = raw[c.key];
      const isGroup = c.type === "group";
      if (!shown(c, raw) || (!isGroup && isEmpty(value))) {
        if (c.required && shown(c, raw)) {
          ctx.addIssue({ code: "custom", message: "programme.form.required", path: [c.key] });
        }
        continue;
      }
      const parsed = values.get(c.key)!.safeParse(isGroup && value === undefined ? [] : value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          // A nested unknown name keeps its own path (members.0.age), like a top-level one.
          const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
          for (const k of keys) {
            const path = [c.key, ...issue.path, ...(k === undefined ? [] : [k])];
            ctx.addIssue({ code: "custom", message: issue.message, path });
          }
        }
        continue;
      }
      if (c.type === "file" && c.required && (parsed.data as unknown[]).length === 0) {
        ctx.addIssue({ code: "custom", message: "programme.form.required", path: [c.key] });
        continue;
      }
      if (isGroup && (parsed.data as unknown[]).length === 0) continue;
      out[c.key] = parsed.data;
    }
    for (const c of fields) {
      const mine = out[c.key];
      const before = c.after ? out[c.after] : undefined;
      if (typeof mine === "string" && typeof before === "string" && mine < before) {
        ctx.addIssue({ code: "custom", message: "programme.form.date_order", path: [c.key] });
      }
      const ceiling = c.notAbove ? out[c.notAbove] : undefined;
      if (typeof mine === "number" && typeof ceiling === "number" && mine > ceiling) {
        ctx.addIssue({ code: "custom", message: "programme.form.not_above", path: [c.key] });
      }
    }
    return out;
  }) as unknown as z.ZodType<Answers>;
}

/** Built schemas by tree (its JSON): building one costs ~20× checking with it, and trees change rarely. */
const built = new Map<string, z.ZodType<Answers>>();
const BUILT_MAX = 200;

/** The schema a submission of this tree is checked with (issue 14: one zod schema built from the tree). */
export function answerSchema(tree: readonly FormComponent[]): z.ZodType<Answers> {
  const key = JSON.stringify(tree);
  let schema = built.get(key);
  if (schema) {
    built.delete(key); // most recently used last
  } else {
    schema = levelSchema(tree);
    if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
  }
  built.set(key, schema);
  return schema;
}

/**
 * A plain form's flat names ("members.0.name", "address.zip", repeated "topics") as the nested answers the
 * schema reads; only names that look like answer paths are taken (the caller drops _token and the like).
 */
export function unflatten(body: Record<string, unknown>): Answers {
  const out: Answers = {};
  for (const [name, value] of Object.entries(body)) {
    const parts = name.split(".");
    if (parts.length > 3 || parts.some((p) => !/^[a-z0-9_]{1,40}$/.test(p))) {
      out[name] = value; // kept whole: the strict schema refuses it as a field the form does not have
      continue;
    }
    let node: Record<string, unknown> = out;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (!next || typeof next !== "object" || Array.isArray(next)) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return out;
}

/** The file facts of every file field, put where the schema reads them (files only at the top level). */
export function withFiles(answers: Answers, files: Record<string, FileFacts[]>): Answers {
  const out = { ...answers };
  for (const [key, list] of Object.entries(files)) out[key] = list;
  return out;
}

/** Every file id the answers name (what the application holds). */
export function answerFileIds(tree: readonly FormComponent[], answers: Answers): number[] {
  const ids: number[] = [];
  for (const c of levelFields(tree)) {
    if (c.type !== "file") continue;
    for (const f of (answers[c.key] as FileFacts[] | undefined) ?? []) if (f.id) ids.push(f.id);
  }
  return ids;
}

/** Field → message keys of a refused submission (the one validation shape of STYLE §8). */
export function answerErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.message.startsWith("programme.form.") ? issue.message : "programme.form.invalid";
    const path = issue.code === "unrecognized_keys"
      ? [...issue.path, ...(issue as unknown as { keys: string[] }).keys].join(".")
      : issue.path.join(".");
    (fields[path || "_"] ??= []).push(key);
  }
  return fields;
}
