// Boards, galleries and the events schedule (SPEC §1, §3 Bulletin board / Bulletin post, §4 posts hidden,
// deleted, restored, §6 board rights). A board belongs to a site and has its own categories and, per
// action (read, write, reply, comment, edit, delete), the role codes allowed ("anonymous" = everyone);
// the rules that read them are domain/board/rights.ts. Post bodies are sanitised HTML
// (domain/common/rich-text.ts) with a plain-text copy for search (domain/common/search.ts).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { sites } from "./site.ts";
import { users } from "./member.ts";
import { files } from "./file.ts";
import { forms } from "./programme.ts";

const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: "set null" });
const ids = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);

export const BOARD_KINDS = ["list", "gallery", "faq", "qna"] as const;
export type BoardKind = typeof BOARD_KINDS[number];

export const BOARD_ACTIONS = ["read", "write", "reply", "comment", "edit", "delete"] as const;
export type BoardAction = typeof BOARD_ACTIONS[number];
/** Per action, the role codes allowed (SPEC §6 role codes, and "anonymous" for everyone). */
export type BoardRights = Record<BoardAction, string[]>;

/** An extra field of a board's write form (SPEC §3 Bulletin board "form"). */
export interface BoardField {
  name: string;
  label: string;
  label_en: string;
  required: boolean;
}

export const boards = pgTable("boards", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  slug: text("slug").notNull(),
  name: text("name").notNull(),
  nameEn: label("name_en"),
  description: label("description"),
  descriptionEn: label("description_en"),
  kind: text("kind").$type<BoardKind>().notNull().default("list"),
  rights: jsonb("rights").$type<BoardRights>().notNull(),
  /** Writers may mark a post secret. */
  secretAllowed: boolean("secret_allowed").notNull().default(false),
  /** Visitors who are not signed in may write with a name and a password (when `write` names anonymous). */
  anonymousAllowed: boolean("anonymous_allowed").notNull().default(false),
  /** Posts of writers who are not staff wait for staff approval before anyone else reads them (SPEC §8). */
  approvalRequired: boolean("approval_required").notNull().default(false),
  /** Attachments per post and the largest one, in bytes. */
  maxAttachments: integer("max_attachments").notNull().default(5),
  maxAttachmentBytes: integer("max_attachment_bytes").notNull().default(10 * 1024 * 1024),
  /** The board's own extra fields, used only while no form of the form builder is attached (formId). */
  fields: jsonb("fields").$type<BoardField[]>().notNull().default(sql`'[]'::jsonb`),
  /** A form of the form builder (issue 14 §1): its components are asked on the write and edit pages. */
  formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
  sort: integer("sort").notNull().default(0),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [uniqueIndex("boards_site_slug_idx").on(t.siteId, t.slug)]);

export const boardCategories = pgTable("board_categories", {
  id: serial("id").primaryKey(),
  boardId: integer("board_id").notNull().references(() => boards.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  nameEn: label("name_en"),
  sort: integer("sort").notNull().default(0),
}, (t) => [index("board_categories_board_idx").on(t.boardId, t.sort)]);

/** SPEC §4: a post is shown, hidden (blinded by staff) or deleted (soft; staff restore). */
export const POST_STATUSES = ["visible", "hidden", "deleted"] as const;
export type PostStatus = typeof POST_STATUSES[number];

/** SPEC §8 'not approved', 'rejected': on a board that takes posts after approval, a post waits for staff. */
export const POST_APPROVALS = ["waiting", "approved", "rejected"] as const;
export type PostApproval = typeof POST_APPROVALS[number];

export const posts = pgTable("posts", {
  id: serial("id").primaryKey(),
  boardId: integer("board_id").notNull().references(() => boards.id, { onDelete: "cascade" }),
  categoryId: integer("category_id").references(() => boardCategories.id, { onDelete: "set null" }),
  /** The question a Q&A answer replies to. */
  parentId: integer("parent_id").references((): AnyPgColumn => posts.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  /** Sanitised HTML (domain/common/rich-text.ts). */
  content: text("content").notNull().default(""),
  /** The content's text without markup, for search. */
  plain: text("plain").notNull().default(""),
  secret: boolean("secret").notNull().default(false),
  /** The member who wrote it; null for an anonymous writer (name and password below). */
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  writerName: text("writer_name").notNull(),
  /** argon2id hash of an anonymous writer's password. */
  passwordHash: text("password_hash"),
  /** Posting period: outside it the post is shown to staff only. */
  postFrom: at("post_from"),
  postTo: at("post_to"),
  pinned: boolean("pinned").notNull().default(false),
  status: text("status").$type<PostStatus>().notNull().default("visible"),
  approval: text("approval").$type<PostApproval>().notNull().default("approved"),
  /** Why staff rejected the post, shown to its writer. */
  rejectReason: label("reject_reason"),
  deletedAt: at("deleted_at"),
  photoIds: ids("photo_ids"),
  attachmentIds: ids("attachment_ids"),
  /** Values of the board's extra fields. */
  extra: jsonb("extra").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /**
   * Answers to the board's form, with the form and version they were given in (like programme
   * applications): a form changed later makes a new version, so the post keeps showing what was asked.
   */
  formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
  formVersion: integer("form_version"),
  answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  views: integer("views").notNull().default(0),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // The public list: a board's posts, pinned first, newest first.
  index("posts_board_list_idx").on(t.boardId, t.pinned, t.id),
  index("posts_board_category_idx").on(t.boardId, t.categoryId, t.id),
  index("posts_parent_idx").on(t.parentId),
  // The management list's status filter, newest first.
  index("posts_status_idx").on(t.status, t.id),
  index("posts_user_idx").on(t.userId),
  // The post that holds a file (domain/board/files.ts: a non-public board file is read as its post is).
  index("posts_photo_ids_idx").using("gin", t.photoIds),
  index("posts_attachment_ids_idx").using("gin", t.attachmentIds),
]);

/** Views count once per visitor (member id or hashed address) and day. */
export const postViews = pgTable("post_views", {
  postId: integer("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  visitor: text("visitor").notNull(),
  day: date("day").notNull(),
}, (t) => [primaryKey({ columns: [t.postId, t.visitor, t.day] })]);

export const comments = pgTable("comments", {
  id: serial("id").primaryKey(),
  postId: integer("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  /** Threaded one level: a reply names a top-level comment. */
  parentId: integer("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  writerName: text("writer_name").notNull(),
  passwordHash: text("password_hash"),
  content: text("content").notNull(),
  editedAt: at("edited_at"),
  deletedAt: at("deleted_at"),
  createdAt: now("created_at"),
}, (t) => [index("comments_post_idx").on(t.postId, t.id)]);

// ---------- Galleries (SPEC §7 /api/akfw…) ----------

export const designers = pgTable("designers", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  nameEn: label("name_en"),
  field: label("field"),
  fieldEn: label("field_en"),
  bio: label("bio"),
  bioEn: label("bio_en"),
  website: label("website"),
  photoId: fileRef("photo_id"),
  published: boolean("published").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: now("created_at"),
}, (t) => [index("designers_site_idx").on(t.siteId, t.sort, t.id)]);

export const designerWorks = pgTable("designer_works", {
  id: serial("id").primaryKey(),
  designerId: integer("designer_id").notNull().references(() => designers.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  year: integer("year"),
  imageId: fileRef("image_id"),
  sort: integer("sort").notNull().default(0),
}, (t) => [index("designer_works_designer_idx").on(t.designerId, t.sort)]);

export const photoAlbums = pgTable("photo_albums", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  description: label("description"),
  descriptionEn: label("description_en"),
  takenOn: date("taken_on"),
  published: boolean("published").notNull().default(true),
  createdAt: now("created_at"),
}, (t) => [index("photo_albums_site_idx").on(t.siteId, t.id)]);

export const albumPhotos = pgTable("album_photos", {
  id: serial("id").primaryKey(),
  albumId: integer("album_id").notNull().references(() => photoAlbums.id, { onDelete: "cascade" }),
  fileId: fileRef("file_id"),
  caption: label("caption"),
  captionEn: label("caption_en"),
  sort: integer("sort").notNull().default(0),
}, (t) => [index("album_photos_album_idx").on(t.albumId, t.sort)]);

export const VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;
export type VideoProvider = typeof VIDEO_PROVIDERS[number];

export const videos = pgTable("videos", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  description: label("description"),
  descriptionEn: label("description_en"),
  provider: text("provider").$type<VideoProvider>().notNull(),
  /** The provider's id of the video (never a URL: the player URL is built from it). */
  videoKey: text("video_key").notNull(),
  published: boolean("published").notNull().default(true),
  createdAt: now("created_at"),
}, (t) => [index("videos_site_idx").on(t.siteId, t.id)]);

export const scheduleEvents = pgTable("schedule_events", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").notNull().references(() => sites.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  place: label("place"),
  placeEn: label("place_en"),
  description: label("description"),
  descriptionEn: label("description_en"),
  startsOn: date("starts_on").notNull(),
  endsOn: date("ends_on").notNull(),
  url: label("url"),
  createdAt: now("created_at"),
}, (t) => [index("schedule_events_site_idx").on(t.siteId, t.startsOn)]);

export type BoardRow = typeof boards.$inferSelect;
export type CategoryRow = typeof boardCategories.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type DesignerRow = typeof designers.$inferSelect;
export type AlbumRow = typeof photoAlbums.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
export type EventRow = typeof scheduleEvents.$inferSelect;
