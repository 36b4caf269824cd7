// What the builder's palette offers (SPEC §7 GET /api/{cms}/component and /api/{cms}/asset/section): the
// catalogue grouped basic, custom, layout with each type's labels, fields and JSON schema, and the reusable
// sections — built-in templates and those saved for a site.
import { eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { builderSections } from "../../db/schema/builder.ts";
import type { Locale } from "../../fresh.config.ts";
import type { Translate } from "../../i18n/mod.ts";
import { COMPONENT_GROUPS, componentLabel, COMPONENTS, fieldLabel, optionLabel } from "./catalogue.ts";
import { type BuilderNode, parseTree, PROPS_SCHEMAS } from "./tree.ts";

export interface CatalogueField {
  name: string;
  kind: string;
  label: string;
  required: boolean;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
  default: unknown;
}

export interface CatalogueEntry {
  type: string;
  label: string;
  children: string;
  part_of: string | null;
  fields: CatalogueField[];
  schema: unknown;
}

const schemas = new Map<string, unknown>();
function jsonSchemaOf(type: string): unknown {
  let schema = schemas.get(type);
  if (!schema) {
    schema = z.toJSONSchema(PROPS_SCHEMAS[type], { io: "input", unrepresentable: "any" });
    schemas.set(type, schema);
  }
  return schema;
}

export function catalogueJson(t: Translate): Record<string, CatalogueEntry[]> {
  return Object.fromEntries(COMPONENT_GROUPS.map((group) => [
    group,
    COMPONENTS.filter((c) => c.group === group).map((c) => ({
      type: c.type,
      label: t(componentLabel(c.type)),
      children: c.children,
      part_of: c.partOf ?? null,
      fields: c.fields.map((f) => ({
        name: f.name,
        kind: f.kind,
        label: t(fieldLabel(f.name)),
        required: !!f.required,
        ...(f.min !== undefined ? { min: f.min } : {}),
        ...(f.max !== undefined ? { max: f.max } : {}),
        ...(f.options ? { options: f.options.map((o) => ({ value: o, label: t(optionLabel(f.name, o)) })) } : {}),
        default: f.default,
      })),
      schema: jsonSchemaOf(c.type),
    })),
  ]));
}

export interface SectionJson {
  id: string;
  title: string;
  nodes: BuilderNode[];
}

/** Built-in templates: a page opening, an introduction in two columns, and a news band of live data. */
const TEMPLATES: { id: string; title: [string, string]; nodes: BuilderNode[] }[] = [
  {
    id: "hero",
    title: ["첫 화면 소개", "Page opening"],
    nodes: [{
      id: "t-hero",
      type: "section",
      props: { title: "", tone: "accent" },
      children: [
        { id: "t-hero-h", type: "heading", props: { text: "제목을 입력하십시오", level: "2" } },
        { id: "t-hero-p", type: "text", props: { html: "<p>소개 문장을 입력하십시오.</p>" } },
        { id: "t-hero-b", type: "button", props: { label: "자세히 보기", href: "/", variant: "primary" } },
      ],
    }],
  },
  {
    id: "two-columns",
    title: ["두 단 소개", "Two-column introduction"],
    nodes: [{
      id: "t-cols",
      type: "columns",
      props: { ratio: "1-1" },
      children: [
        {
          id: "t-col-1",
          type: "column",
          props: {},
          children: [{ id: "t-col-1-h", type: "heading", props: { text: "왼쪽 제목", level: "3" } }],
        },
        {
          id: "t-col-2",
          type: "column",
          props: {},
          children: [{ id: "t-col-2-h", type: "heading", props: { text: "오른쪽 제목", level: "3" } }],
        },
      ],
    }],
  },
  {
    id: "news",
    title: ["소식 모음", "News band"],
    nodes: [{
      id: "t-news",
      type: "section",
      props: { title: "소식", tone: "muted" },
      children: [{
        id: "t-news-cols",
        type: "columns",
        props: { ratio: "1-1" },
        children: [
          {
            id: "t-news-1",
            type: "column",
            props: {},
            children: [{ id: "t-news-n", type: "notices", props: { board: "notice", count: 5 } }],
          },
          {
            id: "t-news-2",
            type: "column",
            props: {},
            children: [{ id: "t-news-e", type: "events", props: { count: 5 } }],
          },
        ],
      }],
    }],
  },
];

export async function sectionsJson(tx: Tx, siteId: number | null, locale: Locale): Promise<SectionJson[]> {
  const builtIn = TEMPLATES.map((s) => ({ id: s.id, title: s.title[locale === "en" ? 1 : 0], nodes: s.nodes }));
  const where = siteId === null ? isNull(builderSections.siteId) : or(
    isNull(builderSections.siteId),
    eq(builderSections.siteId, siteId),
  );
  const rows = await tx.select().from(builderSections).where(where).orderBy(builderSections.id).limit(200);
  const saved = rows.map((r) => ({
    id: `saved-${r.id}`,
    title: (locale === "en" && r.titleEn) || r.title,
    nodes: r.nodes as BuilderNode[],
  }));
  return [...builtIn, ...saved];
}

/** Saves a subtree as a reusable section of a site (checked like any tree). */
export async function saveSection(
  tx: Tx,
  siteId: number,
  userId: number,
  input: { title: string; title_en?: string; nodes: unknown },
): Promise<number> {
  const nodes = parseTree(input.nodes, "nodes");
  const [row] = await tx.insert(builderSections).values({
    siteId,
    title: input.title,
    titleEn: input.title_en ?? "",
    nodes,
    createdBy: userId || null,
  }).returning({ id: builderSections.id });
  return row.id;
}

// The templates are trees like any other: a test parses them (tests/unit/builder_tree_test.ts).
export const BUILT_IN_SECTIONS = TEMPLATES;
