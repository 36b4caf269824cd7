// The demo pages rebuilt as builder trees (issue 15 §6): the seed's pages are written once as HTML in the
// design system's vocabulary (db/seed/pages_*.ts) and turned here into the catalogue's components, then
// published through the builder's own publishDraft (db/seed.ts), so every seeded page is a builder page
// checked by the catalogue's zod schemas, with its search text stored. The mapping:
//   section.hero            → section (accent) with its lines, heading and buttons
//   section + h2            → section titled by the h2
//   ul.card-grid            → grid of rich-text cards (linked title, text)
//   dl.stats                → grid of rich-text figures
//   div[data-live]          → the live notices / events components
//   div.callout             → section (muted) with the note as rich text
//   h1–h4                   → heading (h1 as level 2: the page title is the page's one h1)
//   ul / ol of plain items  → list (a timeline unnumbered, its dates kept in each item)
//   table with a header row → table, captioned by the heading above it
//   anything else           → rich text (sanitised by the text component's schema)
// Only the seed's trusted, well-formed HTML goes through this small parser; it throws on anything else.
import type { BuilderNode } from "../../domain/builder/tree.ts";

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: Child[];
}
type Child = El | string;

const VOID = new Set(["br", "hr", "img"]);
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-z][a-z0-9]*)\s*>|<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/gi;

/** The seed's HTML as an element tree (root tag `#root`). */
export function parseSeedHtml(html: string): El {
  const root: El = { tag: "#root", attrs: {}, children: [] };
  const stack: El[] = [root];
  for (const m of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    if (m[4] !== undefined) top.children.push(m[4]);
    else if (m[1]) {
      const tag = m[1].toLowerCase();
      if (top.tag !== tag) throw new Error(`seed HTML: </${tag}> closes <${top.tag}>`);
      stack.pop();
    } else if (m[2]) {
      const el: El = { tag: m[2].toLowerCase(), attrs: {}, children: [] };
      for (const a of (m[3] ?? "").matchAll(/([a-z-]+)(?:="([^"]*)")?/gi)) el.attrs[a[1].toLowerCase()] = a[2] ?? "";
      top.children.push(el);
      if (!VOID.has(el.tag)) stack.push(el);
    }
  }
  if (stack.length !== 1) throw new Error(`seed HTML: <${stack[stack.length - 1].tag}> is not closed`);
  return root;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]);

const elements = (el: El) => el.children.filter((c): c is El => typeof c !== "string");
const classes = (el: El) => (el.attrs.class ?? "").split(/\s+/).filter(Boolean);
const hasClass = (el: El, cls: string) => classes(el).includes(cls);

/** The text of an element, entities decoded, spaces collapsed. */
function textOf(node: Child): string {
  const raw = (n: Child): string =>
    typeof n === "string" ? decode(n) : n.tag === "br" ? " " : n.children.map(raw).join("");
  return raw(node).replace(/\s+/g, " ").trim();
}

/** An element back to HTML, without its classes (the rich-text allow-list drops them anyway). */
function outer(node: Child): string {
  if (typeof node === "string") return node;
  const attrs = Object.entries(node.attrs).filter(([k]) => k !== "class").map(([k, v]) => ` ${k}="${v}"`).join("");
  if (VOID.has(node.tag)) return `<${node.tag}${attrs}>`;
  return `<${node.tag}${attrs}>${node.children.map(outer).join("")}</${node.tag}>`;
}

const inner = (el: El) => el.children.map(outer).join("").trim();

export interface TreeOptions {
  /** "en": the English page, whose authored links carry /en (a button's link is localised when drawn). */
  lang: "ko" | "en";
  /** Node ids start with it (unique within a tree). */
  prefix: string;
}

/** One language's content of a seeded page as builder nodes (checked later by parseTrees). */
export function seedHtmlToTree(html: string, options: TreeOptions): BuilderNode[] {
  let n = 0;
  const id = () => `${options.prefix}-${++n}`;
  // Buttons and images take a site path the renderer puts in the visitor's language.
  const sitePath = (href: string) => options.lang === "en" && /^\/en(\/|$)/.test(href) ? href.slice(3) || "/" : href;
  const text = (html: string): BuilderNode => ({ id: id(), type: "text", props: { html } });

  function blocks(children: Child[]): BuilderNode[] {
    const out: BuilderNode[] = [];
    let rich: string[] = [];
    let lastHeading = "";
    const flush = () => {
      if (rich.length) out.push(text(rich.join("\n")));
      rich = [];
    };
    const push = (node: BuilderNode) => {
      flush();
      out.push(node);
    };
    for (const child of children) {
      if (typeof child === "string") {
        if (child.trim()) rich.push(`<p>${child.trim()}</p>`);
        continue;
      }
      const el = child;
      const tag = el.tag;
      if (/^h[1-4]$/.test(tag)) {
        lastHeading = textOf(el);
        const level = tag === "h1" ? "2" : tag.slice(1);
        push({ id: id(), type: "heading", props: { text: lastHeading, level } });
      } else if (tag === "section") {
        const section = id();
        const [first, ...rest] = elements(el);
        const titled = !hasClass(el, "hero") && first?.tag === "h2";
        push({
          id: section,
          type: "section",
          props: { title: titled ? textOf(first) : "", tone: hasClass(el, "hero") ? "accent" : "plain" },
          children: blocks(titled ? rest : el.children),
        });
      } else if (tag === "p" && isButtonRow(el)) {
        flush();
        for (const a of elements(el)) {
          out.push({
            id: id(),
            type: "button",
            props: {
              label: textOf(a),
              href: sitePath(a.attrs.href ?? ""),
              variant: hasClass(a, "button-secondary") ? "secondary" : "primary",
            },
          });
        }
      } else if (tag === "ul" && hasClass(el, "card-grid")) {
        const grid = id();
        const cards = elements(el).map((li) => text(card(li)));
        push({ id: grid, type: "grid", props: { columns: gridColumns(cards.length) }, children: cards });
      } else if (tag === "dl" && hasClass(el, "stats")) {
        const grid = id();
        const stats = elements(el).map((stat) => {
          const [dt, dd] = elements(stat);
          return text(`<p>${inner(dt)}</p>\n<p><strong>${inner(dd)}</strong></p>`);
        });
        const columns = stats.length === 4 ? "4" : gridColumns(stats.length);
        push({ id: grid, type: "grid", props: { columns }, children: stats });
      } else if (tag === "div" && el.attrs["data-live"]) {
        const count = Number(el.attrs["data-count"] ?? 5);
        const live = el.attrs["data-live"];
        if (live === "notices") {
          push({ id: id(), type: "notices", props: { board: el.attrs["data-board"] ?? "notice", count } });
        } else if (live === "events") push({ id: id(), type: "events", props: { count } });
        else throw new Error(`seed HTML: unknown live block ${live}`);
      } else if (tag === "div" && hasClass(el, "callout")) {
        const section = id();
        push({
          id: section,
          type: "section",
          props: { title: "", tone: "muted" },
          children: [text(`<p>${inner(el)}</p>`)],
        });
      } else if ((tag === "ul" || tag === "ol") && elements(el).every(isPlainItem)) {
        const items = elements(el).map(textOf);
        push({ id: id(), type: "list", props: { items, ordered: tag === "ol" && !hasClass(el, "timeline") } });
      } else if (tag === "table" && simpleTable(el)) {
        const { header, rows } = simpleTable(el)!;
        push({ id: id(), type: "table", props: { caption: lastHeading, header, rows } });
      } else rich.push(outer(el));
    }
    flush();
    return out;
  }

  return blocks(parseSeedHtml(html).children);
}

/** A paragraph of nothing but design-system buttons (a hero's actions). */
function isButtonRow(p: El): boolean {
  const els = elements(p);
  return els.length > 0 && els.every((a) => a.tag === "a" && hasClass(a, "button")) &&
    p.children.every((c) => typeof c !== "string" || !c.trim());
}

/** A list item of plain words (a timeline's date is plain words too). */
function isPlainItem(li: El): boolean {
  return li.tag === "li" && elements(li).every((e) => e.tag === "time" && elements(e).length === 0);
}

/** A card: its linked title and its text, as rich text. */
function card(li: El): string {
  const link = elements(li).find((e) => e.tag === "a");
  if (!link) throw new Error("seed HTML: a card without its link");
  const title = elements(link).find((e) => e.tag === "h3");
  const body = elements(link).find((e) => e.tag === "p");
  return `<h3><a href="${link.attrs.href}">${title ? inner(title) : ""}</a></h3>\n<p>${body ? inner(body) : ""}</p>`;
}

function gridColumns(count: number): "2" | "3" | "4" {
  return count % 3 === 0 ? "3" : count % 4 === 0 && count > 4 ? "4" : count % 2 === 0 ? "2" : "3";
}

/**
 * A table the table component can hold: a header row of column headings and body rows of plain cells
 * (a table with row headings keeps them as rich text, where th scope="row" survives).
 */
function simpleTable(table: El): { header: string[]; rows: string[][] } | null {
  const parts = elements(table);
  const thead = parts.find((e) => e.tag === "thead");
  const tbody = parts.find((e) => e.tag === "tbody");
  if (!thead || !tbody || parts.length !== 2) return null;
  const headRows = elements(thead);
  if (headRows.length !== 1 || !elements(headRows[0]).every((c) => c.tag === "th")) return null;
  const rows = elements(tbody).map((tr) => elements(tr));
  if (!rows.every((r) => r.every((c) => c.tag === "td" && elements(c).length === 0))) return null;
  return { header: elements(headRows[0]).map(textOf), rows: rows.map((r) => r.map(textOf)) };
}
