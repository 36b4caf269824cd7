// Uploaded files (SPEC §3 File/Asset): the bytes live in the file store (domain/file/storage.ts) under
// a random `savename`; this row says what they are, whose they are and who may read them.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./member.ts";
import { awards } from "./award.ts";
import type { FileAccess, FilePurpose } from "../../domain/file/rules.ts";

export const files = pgTable("files", {
  id: serial("id").primaryKey(),
  /** The object's key in the store: random, never derived from the client's file name. */
  savename: text("savename").notNull().unique(),
  /** The client's file name, cleaned (no path, no control characters): shown and sent on download. */
  originalName: text("original_name").notNull(),
  /** Decided from the file's first bytes, never from the name or the client's mimetype. */
  mimetype: text("mimetype").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  /** srgb, b-w, cmyk… as libvips reports it; null for files that are not images. */
  colorSpace: text("color_space"),
  /** Pixels per inch, when the image says. */
  density: integer("density"),
  ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
  purpose: text("purpose").$type<FilePurpose>().notNull(),
  access: text("access").$type<FileAccess>().notNull(),
  /** The award whose judges may read a `judges` file. */
  awardId: integer("award_id").references((): AnyPgColumn => awards.id, { onDelete: "set null" }),
  /**
   * When the record the file belongs to took it (an entry submitted, a profile or an award saved): an
   * upload stays its owner's alone until then, and one never attached is swept a day later (sweep.ts).
   */
  attachedAt: timestamp("attached_at", { withTimezone: true }),
  /** Set once the image derivatives are in the store. */
  derivedAt: timestamp("derived_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("files_owner_idx").on(t.ownerId),
  index("files_purpose_idx").on(t.purpose, t.createdAt),
  // The sweep's candidates: uploads attached to nothing yet, oldest first.
  index("files_unattached_idx").on(t.createdAt).where(sql`${t.attachedAt} is null`),
]);

export type FileRow = typeof files.$inferSelect;
