// The form builder's edits as pure functions over a tree (issue 14 §1): add a component at the top or
// inside a section or group, change one, move it up or down among its siblings, remove it. A component
// is named by its index path ("2.0" is the first child of the third). The plain form of the builder
// screen sends one component as flat fields, read here into a FormComponent; the result of every edit is
// checked whole (checkTree) before it is saved.
import { z } from "zod";
import { COMPONENT_TYPES, CONTAINER_TYPES, FORM_FILE_KINDS, type FormComponent } from "./model.ts";

export const PathParam = z.string().regex(/^\d{1,3}(\.\d{1,3}){0,5}$/, "programme.form.bad_tree");

const indexes = (path: string) => path.split(".").map(Number);

/** The list holding the component at `path` and its index there; null when there is none. */
function slot(tree: FormComponent[], path: string): { list: FormComponent[]; index: number } | null {
  const steps = indexes(path);
  let list = tree;
  for (const [i, step] of steps.entries()) {
    if (step >= list.length) return null;
    if (i === steps.length - 1) return { list, index: step };
    list = list[step].children ?? [];
  }
  return null;
}

const copy = (tree: FormComponent[]): FormComponent[] => structuredClone(tree);

export function componentAt(tree: FormComponent[], path: string): FormComponent | null {
  const s = slot(tree, path);
  return s ? s.list[s.index] : null;
}

/** Every container (section, group) with its path, for the "put it in" choice. */
export function containers(tree: FormComponent[], prefix = ""): { path: string; component: FormComponent }[] {
  return tree.flatMap((c, i) => {
    const path = `${prefix}${i}`;
    if (!CONTAINER_TYPES.includes(c.type)) return [];
    return [{ path, component: c }, ...containers(c.children ?? [], `${path}.`)];
  });
}

export function addComponent(tree: FormComponent[], parent: string | null, component: FormComponent): FormComponent[] {
  const next = copy(tree);
  if (parent === null) {
    next.push(component);
    return next;
  }
  const host = componentAt(next, parent);
  if (!host || !CONTAINER_TYPES.includes(host.type)) throw new RangeError("programme.form.children_not_allowed");
  (host.children ??= []).push(component);
  return next;
}

/** Replaces the component at `path`, keeping its children. */
export function updateComponent(tree: FormComponent[], path: string, component: FormComponent): FormComponent[] {
  const next = copy(tree);
  const s = slot(next, path);
  if (!s) throw new RangeError("programme.form.bad_tree");
  const children = s.list[s.index].children;
  s.list[s.index] = CONTAINER_TYPES.includes(component.type) ? { ...component, children: children ?? [] } : component;
  return next;
}

export function moveComponent(tree: FormComponent[], path: string, by: -1 | 1): FormComponent[] {
  const next = copy(tree);
  const s = slot(next, path);
  if (!s) throw new RangeError("programme.form.bad_tree");
  const to = s.index + by;
  if (to < 0 || to >= s.list.length) return next;
  [s.list[s.index], s.list[to]] = [s.list[to], s.list[s.index]];
  return next;
}

export function removeComponent(tree: FormComponent[], path: string): FormComponent[] {
  const next = copy(tree);
  const s = slot(next, path);
  if (!s) throw new RangeError("programme.form.bad_tree");
  s.list.splice(s.index, 1);
  return next;
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const num = z.preprocess(blank, z.coerce.number().finite().optional());
const int = z.preprocess(blank, z.coerce.number().int().min(0).max(1_000_000).optional());
const str = z.preprocess(blank, z.string().trim().max(1000).optional());
const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** One component as the builder's plain form sends it (checked again whole by checkTree). */
export const ComponentForm = z.object({
  key: z.string().trim(),
  type: z.enum(COMPONENT_TYPES),
  label: z.string().trim().max(200),
  label_en: z.string().trim().max(200).default(""),
  help: str,
  help_en: str,
  required: z.preprocess((v) => v === "on", z.boolean()),
  min_length: int,
  max_length: int,
  pattern: str,
  min: num,
  max: num,
  integer: z.preprocess((v) => v === "on", z.boolean()),
  not_above: str,
  min_date: str,
  max_date: str,
  after: str,
  options: z.string().max(10_000).default(""),
  min_choices: int,
  max_choices: int,
  accept: z.preprocess(list, z.array(z.enum(FORM_FILE_KINDS))),
  max_mb: z.preprocess(blank, z.coerce.number().min(0.1).max(20).optional()),
  max_files: int,
  min_items: int,
  max_items: int,
  show_if_key: str,
  show_if_equals: str,
}).transform((f): FormComponent => {
  const options = f.options.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const [value, label = value, labelEn = ""] = line.split("|").map((s) => s.trim());
    return { value, label, labelEn };
  });
  const c: FormComponent = { key: f.key, type: f.type, label: f.label, labelEn: f.label_en };
  const set = <K extends keyof FormComponent>(k: K, v: FormComponent[K] | undefined) => {
    if (v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0)) c[k] = v;
  };
  set("help", f.help);
  set("helpEn", f.help_en);
  set("required", f.required);
  if (f.type === "text" || f.type === "textarea") {
    set("minLength", f.min_length);
    set("maxLength", f.max_length);
    set("pattern", f.pattern);
  }
  if (f.type === "number") {
    set("min", f.min);
    set("max", f.max);
    set("integer", f.integer);
    set("notAbove", f.not_above);
  }
  if (f.type === "date") {
    set("minDate", f.min_date);
    set("maxDate", f.max_date);
    set("after", f.after);
  }
  if (f.type === "choice" || f.type === "checkboxes") set("options", options);
  if (f.type === "checkboxes") {
    set("minChoices", f.min_choices);
    set("maxChoices", f.max_choices);
  }
  if (f.type === "file") {
    set("accept", f.accept);
    set("maxBytes", f.max_mb ? Math.round(f.max_mb * 1024 * 1024) : undefined);
    set("maxFiles", f.max_files);
  }
  if (f.type === "group") {
    set("minItems", f.min_items);
    set("maxItems", f.max_items);
  }
  if (f.show_if_key) c.showIf = { key: f.show_if_key, equals: f.show_if_equals ?? "" };
  if (CONTAINER_TYPES.includes(f.type)) c.children = [];
  return c;
});

/** A component's values for the builder's edit form. */
export function componentFormValues(c: FormComponent | null): Record<string, string | string[]> {
  if (!c) return { type: "text" };
  const s = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  return {
    key: c.key,
    type: c.type,
    label: c.label,
    label_en: c.labelEn,
    help: s(c.help),
    help_en: s(c.helpEn),
    required: c.required ? "on" : "",
    min_length: s(c.minLength),
    max_length: s(c.maxLength),
    pattern: s(c.pattern),
    min: s(c.min),
    max: s(c.max),
    integer: c.integer ? "on" : "",
    not_above: s(c.notAbove),
    min_date: s(c.minDate),
    max_date: s(c.maxDate),
    after: s(c.after),
    options: (c.options ?? []).map((o) => [o.value, o.label, o.labelEn].join("|")).join("\n"),
    min_choices: s(c.minChoices),
    max_choices: s(c.maxChoices),
    accept: c.accept ?? [],
    max_mb: c.maxBytes ? String(Math.round(c.maxBytes / 1024 / 1024 * 10) / 10) : "",
    max_files: s(c.maxFiles),
    min_items: s(c.minItems),
    max_items: s(c.maxItems),
    show_if_key: s(c.showIf?.key),
    show_if_equals: s(c.showIf?.equals),
  };
}
