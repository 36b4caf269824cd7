// The page builder's one catalogue of components (SPEC §3 Page builder: components grouped basic, custom,
// layout): each type's properties as plain data, from which domain/builder/tree.ts makes the zod schema of
// that type and the builder island its properties panel. GET /api/{cms}/component answers it.
import type { MessageKey } from "../../i18n/mod.ts";

export type ComponentGroup = "basic" | "custom" | "layout";
export const COMPONENT_GROUPS: readonly ComponentGroup[] = ["basic", "custom", "layout"];

export type FieldKind =
  | "text"
  | "textarea"
  | "richtext"
  | "url"
  | "image"
  | "number"
  | "select"
  | "boolean"
  | "items"
  | "rows"
  | "slides";

export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Longest text (characters) or largest number. */
  max?: number;
  min?: number;
  options?: readonly string[];
  default: unknown;
}

/** Which children a node takes: none, any component, or only its own part type (column, tab). */
export type ChildRule = "none" | "any" | "column" | "tab";

export interface ComponentDef {
  type: string;
  group: ComponentGroup;
  fields: readonly FieldDef[];
  children: ChildRule;
  /** A part that lives only inside this parent type (a column in columns, a tab in tabs). */
  partOf?: string;
}

const text = (name: string, max: number, def = "", required = false): FieldDef => ({
  name,
  kind: "text",
  max,
  default: def,
  required,
});
const count = (max: number, def: number): FieldDef => ({ name: "count", kind: "number", min: 1, max, default: def });

/** The slider's interval by default (SPEC §9 'slider default 5000 ms'). */
export const SLIDER_INTERVAL_MS = 5000;

export const COMPONENTS: readonly ComponentDef[] = [
  // ----- basic -----
  {
    type: "heading",
    group: "basic",
    children: "none",
    fields: [
      text("text", 200, "", true),
      { name: "level", kind: "select", options: ["2", "3", "4"], default: "2" },
    ],
  },
  {
    type: "text",
    group: "basic",
    children: "none",
    fields: [{ name: "html", kind: "richtext", max: 20000, default: "" }],
  },
  {
    type: "image",
    group: "basic",
    children: "none",
    fields: [
      { name: "src", kind: "image", required: true, max: 500, default: "" },
      text("alt", 300),
      text("caption", 300),
      { name: "href", kind: "url", max: 2048, default: "" },
    ],
  },
  {
    type: "button",
    group: "basic",
    children: "none",
    fields: [
      text("label", 80, "", true),
      { name: "href", kind: "url", required: true, max: 2048, default: "" },
      { name: "variant", kind: "select", options: ["primary", "secondary"], default: "primary" },
    ],
  },
  {
    type: "list",
    group: "basic",
    children: "none",
    fields: [
      { name: "items", kind: "items", max: 300, default: [] },
      { name: "ordered", kind: "boolean", default: false },
    ],
  },
  {
    type: "table",
    group: "basic",
    children: "none",
    fields: [
      text("caption", 200, "", true),
      { name: "header", kind: "items", max: 100, default: [] },
      { name: "rows", kind: "rows", max: 300, default: [] },
    ],
  },
  { type: "divider", group: "basic", children: "none", fields: [] },
  {
    type: "spacer",
    group: "basic",
    children: "none",
    fields: [{ name: "size", kind: "select", options: ["s", "m", "l"], default: "m" }],
  },
  {
    type: "video",
    group: "basic",
    children: "none",
    fields: [text("title", 200, "", true), { name: "url", kind: "url", required: true, max: 2048, default: "" }],
  },
  {
    type: "map",
    group: "basic",
    children: "none",
    fields: [
      text("label", 120, "", true),
      text("address", 300, "", true),
      { name: "provider", kind: "select", options: ["kakao", "naver", "google"], default: "kakao" },
    ],
  },
  {
    type: "slider",
    group: "basic",
    children: "none",
    fields: [
      text("label", 120, "", true),
      { name: "slides", kind: "slides", max: 300, default: [] },
      { name: "interval", kind: "number", min: 2000, max: 20000, default: SLIDER_INTERVAL_MS },
    ],
  },
  // ----- custom: live data -----
  {
    type: "award",
    group: "custom",
    children: "none",
    fields: [{ name: "family", kind: "select", options: ["award", "ibda"], default: "award" }],
  },
  {
    type: "notices",
    group: "custom",
    children: "none",
    fields: [text("board", 40, "notice", true), count(10, 5)],
  },
  { type: "contests", group: "custom", children: "none", fields: [count(8, 4)] },
  {
    type: "gallery",
    group: "custom",
    children: "none",
    fields: [{ name: "kind", kind: "select", options: ["photo", "designer", "video"], default: "photo" }, count(12, 6)],
  },
  { type: "events", group: "custom", children: "none", fields: [count(10, 5)] },
  {
    type: "content",
    group: "custom",
    children: "none",
    fields: [{ name: "block", kind: "number", min: 1, max: 2_147_483_647, default: 1 }],
  },
  // ----- layout -----
  {
    type: "section",
    group: "layout",
    children: "any",
    fields: [text("title", 200), {
      name: "tone",
      kind: "select",
      options: ["plain", "muted", "accent"],
      default: "plain",
    }],
  },
  {
    type: "columns",
    group: "layout",
    children: "column",
    fields: [{ name: "ratio", kind: "select", options: ["1-1", "1-2", "2-1", "1-1-1", "1-1-1-1"], default: "1-1" }],
  },
  { type: "column", group: "layout", children: "any", partOf: "columns", fields: [] },
  {
    type: "grid",
    group: "layout",
    children: "any",
    fields: [{ name: "columns", kind: "select", options: ["2", "3", "4"], default: "3" }],
  },
  { type: "tabs", group: "layout", children: "tab", fields: [] },
  { type: "tab", group: "layout", children: "any", partOf: "tabs", fields: [text("label", 80, "", true)] },
];

export const COMPONENT_TYPES = COMPONENTS.map((c) => c.type);
const BY_TYPE = new Map(COMPONENTS.map((c) => [c.type, c]));

export function componentDef(type: string): ComponentDef | undefined {
  return BY_TYPE.get(type);
}

/** How many columns a columns node has: the parts of its ratio. */
export function columnCount(ratio: unknown): number {
  return typeof ratio === "string" ? ratio.split("-").length : 2;
}

/** The default properties of a type, as the palette inserts them. */
export function defaultProps(type: string): Record<string, unknown> {
  const def = BY_TYPE.get(type);
  return Object.fromEntries((def?.fields ?? []).map((f) => [f.name, structuredClone(f.default)]));
}

export const componentLabel = (type: string) => `builder.component.${type}` as MessageKey;
export const fieldLabel = (name: string) => `builder.field.${name}` as MessageKey;
export const optionLabel = (name: string, option: string) => `builder.option.${name}.${option}` as MessageKey;
