// A page's content as component trees (issue 15 §1): what a node is, the limits a tree must keep, and the
// one check every tree passes before it is stored — structure first (depth, size: cheap, no recursion over
// hostile input), then each node's zod schema made from the catalogue, then the parent/child rules. Text
// properties lose any markup, rich text is sanitised (domain/common/rich-text.ts), and a URL property takes
// only same-site paths, http(s), mailto and tel: `javascript:` and the like are refused (422).
import { z } from "zod";
import { sanitizeRichText } from "../common/rich-text.ts";
import sanitizeHtml from "sanitize-html";
import { HttpError } from "../../framework/errors.ts";
import { columnCount, type ComponentDef, componentDef, COMPONENTS, type FieldDef } from "./catalogue.ts";
import { imageFileId, imageSrcOf, isStaticImage } from "./images.ts";

export interface BuilderNode {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: BuilderNode[];
}

export interface Trees {
  ko: BuilderNode[];
  /** null: the English page shows the Korean tree. */
  en: BuilderNode[] | null;
}

/** Deepest nesting (a section › columns › column › tabs › tab › … is 6) and most nodes per language. */
export const MAX_DEPTH = 12;
export const MAX_NODES = 1000;
/** Most children of one node. */
export const MAX_CHILDREN = 100;

const NODE_ID = /^[A-Za-z0-9_-]{1,40}$/;

// ---------- Text and URL properties ----------

const NON_TEXT = ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "template"];
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/** A plain text property without any markup (tags and their attributes dropped; what remains is text). */
export function plainProperty(value: string): string {
  if (!/[<>&]/.test(value)) return value.trim();
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT });
  return stripped.replace(/&(?:lt|gt|quot|#39|amp);/g, (e: string) => ENTITIES[e]).trim();
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\s\\]/;

/**
 * A link a visitor may follow: a same-site path (`/about`, never `//host` or `/\host`), a fragment,
 * http(s) with a host, mailto or tel. Anything else (`javascript:`, `data:`, `vbscript:`, entity or
 * control-character tricks) is refused.
 */
export function isSafeUrl(value: string): boolean {
  if (value === "") return true;
  if (value.length > 2048 || CONTROL.test(value) || /&#|%0|%09/i.test(value)) return false;
  if (value.startsWith("#")) return /^#[\w-]*$/.test(value);
  if (value.startsWith("/")) return !value.startsWith("//") && !/%2f|%5c/i.test(value.slice(0, 4));
  const scheme = value.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme === "mailto") return /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(value);
  if (scheme === "tel") return /^tel:\+?[\d-]{3,20}$/.test(value);
  if (scheme !== "http" && scheme !== "https") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !url.username;
  } catch {
    return false;
  }
}

/**
 * Images come from this site only — a stored file (SPEC §7's image URLs), static images, public storage — as
 * the CSP (img-src 'self') says too: never `data:`, `javascript:` or another host.
 */
export function isOwnImage(value: string): boolean {
  return imageFileId(value) !== null || isStaticImage(value);
}

/** An image property as stored: a stored file always as /api/file/image/{id} (the publish check reads it). */
const ownImage = (max: number) =>
  z.string().trim().max(max, "builder.too_long").refine(isOwnImage, "builder.image_refused").transform((v) => {
    const id = imageFileId(v);
    return id === null ? v : imageSrcOf(id);
  });

// ---------- zod schemas made from the catalogue ----------

const plain = (max: number) => z.string().max(max, "builder.too_long").transform(plainProperty);

function fieldSchema(field: FieldDef): z.ZodType {
  const max = field.max ?? 300;
  switch (field.kind) {
    case "text":
    case "textarea": {
      const base = plain(max);
      return field.required ? base.refine((v) => v.length > 0, "builder.required") : base;
    }
    case "richtext":
      return z.string().max(max, "builder.too_long").transform(sanitizeRichText);
    case "url": {
      const base = z.string().trim().max(max, "builder.too_long").refine(isSafeUrl, "builder.url_refused");
      return field.required ? base.refine((v) => v.length > 0, "builder.required") : base;
    }
    case "image":
      return ownImage(max);
    case "number":
      return z.number("builder.number").int("builder.number").min(field.min ?? 0, "builder.range")
        .max(field.max ?? 1_000_000, "builder.range");
    case "select":
      return z.enum(field.options as [string, ...string[]], "builder.option_invalid");
    case "boolean":
      return z.boolean("builder.boolean");
    case "items":
      return z.array(plain(max), "builder.list").max(50, "builder.too_many");
    case "rows":
      return z.array(z.array(plain(max)).max(8, "builder.too_many"), "builder.list").max(50, "builder.too_many");
    case "slides":
      return z.array(
        z.strictObject({
          src: ownImage(500),
          alt: plain(300),
          caption: plain(300).default(""),
        }),
        "builder.list",
      ).min(1, "builder.required").max(10, "builder.too_many");
  }
}

function propsSchema(def: ComponentDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    const schema = fieldSchema(field);
    shape[field.name] = field.required ? schema : schema.optional().default(structuredClone(field.default) as never);
  }
  return z.strictObject(shape, "builder.props");
}

/** The zod schema of each type's properties (exported for the catalogue's JSON schema). */
export const PROPS_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  COMPONENTS.map((def) => [def.type, propsSchema(def)]),
);

/** A node's own fields; its children are checked by the walk below (which knows depth and parents). */
const NodeHead = z.object({
  id: z.string().regex(NODE_ID, "builder.node_id"),
  type: z.string().max(40),
  props: z.record(z.string(), z.unknown()).default({}),
  children: z.array(z.unknown()).max(MAX_CHILDREN, "builder.too_many").optional(),
});

// ---------- The check ----------

export class TreeError extends HttpError {
  constructor(key: string, fields: Record<string, string[]>, status = 422) {
    super(status, key, "The page tree was refused", { fields });
  }
}

/**
 * Cheap structural limits on untrusted JSON before any schema runs: nesting and node count, counted with
 * an explicit stack (no recursion), stopping at the first excess.
 */
export function checkLimits(tree: unknown, at = "tree"): void {
  if (!Array.isArray(tree)) throw new TreeError("builder.tree_invalid", { [at]: ["builder.tree_invalid"] });
  let nodes = 0;
  const stack: [unknown, number][] = tree.map((n) => [n, 1]);
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (++nodes > MAX_NODES) throw new TreeError("builder.too_many_nodes", { [at]: ["builder.too_many_nodes"] });
    if (depth > MAX_DEPTH) throw new TreeError("builder.too_deep", { [at]: ["builder.too_deep"] });
    const children = node && typeof node === "object" ? (node as { children?: unknown }).children : undefined;
    if (Array.isArray(children)) { for (const child of children) stack.push([child, depth + 1]); }
  }
}

/** One language's tree, checked and cleaned; throws TreeError (422) with the path of each problem. */
export function parseTree(input: unknown, at = "tree"): BuilderNode[] {
  checkLimits(input, at);
  const errors: Record<string, string[]> = {};
  const ids = new Set<string>();
  const add = (path: string, key: string) => (errors[path] ??= []).push(key);

  const walk = (raw: unknown, path: string, parent: ComponentDef | null): BuilderNode | null => {
    const head = NodeHead.safeParse(raw);
    if (!head.success) {
      for (const issue of head.error.issues) add([path, ...issue.path].join("."), issue.message);
      return null;
    }
    const { id, type, props, children } = head.data;
    const def = componentDef(type);
    if (!def) {
      add(`${path}.type`, "builder.unknown_type");
      return null;
    }
    if (ids.has(id)) add(`${path}.id`, "builder.node_id_taken");
    ids.add(id);
    // Parts live only in their parent (a column in columns); a parent with parts takes nothing else.
    if (def.partOf && parent?.type !== def.partOf) add(`${path}.type`, "builder.misplaced");
    const rule = parent?.children ?? "any";
    if (parent && rule !== "any" && rule !== type) add(`${path}.type`, "builder.misplaced");
    const parsed = PROPS_SCHEMAS[type].safeParse(props);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) add([path, "props", ...issue.path].join("."), issue.message);
    }
    const node: BuilderNode = { id, type, props: parsed.success ? parsed.data as Record<string, unknown> : props };
    if (def.children === "none") {
      if (children?.length) add(`${path}.children`, "builder.no_children");
      return node;
    }
    const kids = (children ?? []).map((c, i) => walk(c, `${path}.children.${i}`, def));
    if (type === "columns" && kids.length !== columnCount(node.props.ratio)) {
      add(`${path}.children`, "builder.column_count");
    }
    if (type === "tabs" && kids.length === 0) add(`${path}.children`, "builder.required");
    node.children = kids.filter((k): k is BuilderNode => k !== null);
    return node;
  };

  const out = (input as unknown[]).map((n, i) => walk(n, `${at}.${i}`, null));
  if (Object.keys(errors).length) throw new TreeError("builder.tree_invalid", errors);
  return out as BuilderNode[];
}

/** Both languages' trees of a page. */
export function parseTrees(input: unknown): Trees {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    throw new TreeError("builder.tree_invalid", { trees: ["builder.tree_invalid"] });
  }
  const { ko, en } = input as { ko?: unknown; en?: unknown };
  return { ko: parseTree(ko ?? [], "ko"), en: en === null || en === undefined ? null : parseTree(en, "en") };
}

/** Every node of a tree, depth first (for counting and for the live data a page needs). */
export function* walkNodes(nodes: readonly BuilderNode[]): Generator<BuilderNode> {
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    if (node.children) { for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]); }
  }
}
