// Sites, their host names, menus, content pages and UI text overrides (SPEC §3 Site, Page, Menu).
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  /** The sub-domain label that selects this site (`www`, `ibda`). */
  subDomain: text("sub_domain").notNull().unique(),
  /** The primary host name, used for absolute links. */
  host: text("host").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
  title: text("title").notNull(),
  titleEn: text("title_en").notNull().default(""),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  keywords: text("keywords").notNull().default(""),
  /** Path under /storage/public/. */
  ogImage: text("og_image"),
  locale: text("locale").notNull().default("ko"),
  homeUrl: text("home_url").notNull().default("/"),
  payModule: text("pay_module").notNull().default("test"),
  ...timestamps,
});

export const domains = pgTable("domains", {
  id: serial("id").primaryKey(),
  host: text("host").notNull().unique(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
});

export const menus = pgTable("menus", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  parentId: integer("parent_id"),
  title: text("title").notNull(),
  titleEn: text("title_en").notNull().default(""),
  url: text("url").notNull(),
  layout: text("layout"),
  sort: integer("sort").notNull().default(0),
  hidden: boolean("hidden").notNull().default(false),
  ...timestamps,
}, (t) => [index("menus_site_idx").on(t.siteId, t.sort)]);

export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  /** The percent-encoded path, `/` for the home page. */
  path: text("path").notNull(),
  title: text("title").notNull(),
  titleEn: text("title_en").notNull().default(""),
  layout: text("layout").notNull().default("default"),
  /** Sanitised HTML. */
  content: text("content").notNull().default(""),
  contentEn: text("content_en").notNull().default(""),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  published: boolean("published").notNull().default(true),
  /** `html`: the content columns; `builder`: the published component tree (page_versions, issue 15). */
  format: text("format").notNull().default("html"),
  /** A builder page's published text, plain, for the site search (kept by publishing; domain/builder/search-text.ts). */
  searchText: text("search_text").notNull().default(""),
  searchTextEn: text("search_text_en").notNull().default(""),
  /** The share image, a path under /storage/public/ (the site's when empty). */
  ogImage: text("og_image"),
  ...timestamps,
}, (t) => [uniqueIndex("pages_site_path_idx").on(t.siteId, t.path)]);

export const texts = pgTable("texts", {
  id: serial("id").primaryKey(),
  locale: text("locale").notNull(),
  key: text("key").notNull(),
  value: text("value").notNull(),
}, (t) => [uniqueIndex("texts_locale_key_idx").on(t.locale, t.key)]);

export type Site = typeof sites.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
