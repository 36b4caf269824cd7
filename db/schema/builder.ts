// The tables of the page builder and site administration (issue 15): a page's component tree as numbered
// versions (one draft, one published, the rest kept for rollback), reusable sections of the palette,
// reusable content blocks with their history, site layouts per sub-site and language, and the address
// rules of the management area.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import { pages, sites } from "./site.ts";

/** A page's content in both languages: the component trees (domain/builder/tree.ts says what a node is). */
export interface PageTrees {
  ko: unknown[];
  /** null: the English page shows the Korean tree (in the English site's frame). */
  en: unknown[] | null;
}

export const VERSION_STATUSES = ["draft", "published", "archived"] as const;
export type VersionStatus = typeof VERSION_STATUSES[number];

export const pageVersions = pgTable("page_versions", {
  id: serial("id").primaryKey(),
  pageId: integer("page_id").notNull().references(() => pages.id, { onDelete: "cascade" }),
  /** 1, 2, 3 … per page, in the order versions were made. */
  number: integer("number").notNull(),
  status: text("status").$type<VersionStatus>().notNull(),
  trees: jsonb("trees").$type<PageTrees>().notNull(),
  /** The version this one was rolled back from, if it is a rollback. */
  restoredFrom: integer("restored_from"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
  publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
  publishedAt: at("published_at"),
}, (t) => [
  uniqueIndex("page_versions_number_idx").on(t.pageId, t.number),
  // At most one draft and one published version per page.
  uniqueIndex("page_versions_draft_idx").on(t.pageId).where(sql`${t.status} = 'draft'`),
  uniqueIndex("page_versions_published_idx").on(t.pageId).where(sql`${t.status} = 'published'`),
]);

/** Reusable sections and templates of the palette (GET /api/{cms}/asset/section); site null: every site. */
export const builderSections = pgTable("builder_sections", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  nodes: jsonb("nodes").$type<unknown[]>().notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [index("builder_sections_site_idx").on(t.siteId)]);

/** Reusable content blocks (title and body in both languages) that pages insert (/management/content). */
export const contentBlocks = pgTable("content_blocks", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  /** Sanitised HTML (domain/common/rich-text.ts). */
  body: label("body"),
  bodyEn: label("body_en"),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [index("content_blocks_site_idx").on(t.siteId)]);

/** Every earlier state of a content block, newest first by id. */
export const contentBlockRevisions = pgTable("content_block_revisions", {
  id: serial("id").primaryKey(),
  blockId: integer("block_id").notNull().references(() => contentBlocks.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  body: label("body"),
  bodyEn: label("body_en"),
  changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
  changedAt: now("changed_at"),
}, (t) => [index("content_block_revisions_block_idx").on(t.blockId, t.id)]);

/**
 * The layouts of SPEC §2.3 per sub-site and language: which page shell a layout name uses, and the notes
 * it shows above the content and in the footer.
 */
export const siteLayouts = pgTable("site_layouts", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  locale: text("locale").notNull(),
  shell: text("shell").notNull(),
  notice: label("notice"),
  footerNote: label("footer_note"),
  updatedAt: now("updated_at"),
}, (t) => [uniqueIndex("site_layouts_name_idx").on(t.siteId, t.name, t.locale)]);

export const IP_RULE_KINDS = ["allow", "deny"] as const;
export type IpRuleKind = typeof IP_RULE_KINDS[number];

/** Address rules of the management area: any allow rule makes it allow-only; deny rules always refuse. */
export const ipRules = pgTable("ip_rules", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<IpRuleKind>().notNull(),
  /** An address or a CIDR block, IPv4 or IPv6, in normal form. */
  cidr: text("cidr").notNull(),
  note: label("note"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: now("created_at"),
}, (t) => [uniqueIndex("ip_rules_kind_cidr_idx").on(t.kind, t.cidr)]);

export type PageVersionRow = typeof pageVersions.$inferSelect;
export type BuilderSectionRow = typeof builderSections.$inferSelect;
export type ContentBlockRow = typeof contentBlocks.$inferSelect;
export type SiteLayoutRow = typeof siteLayouts.$inferSelect;
export type IpRuleRow = typeof ipRules.$inferSelect;
