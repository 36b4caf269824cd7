// The wizard-draft kit's table: what a member has typed in a multi-step wizard but not yet submitted, one
// row per member, wizard kind and object (ref 0 for a new one), so a reload or another device loses nothing.
import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./member.ts";

export const wizardDrafts = pgTable("wizard_drafts", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** Which wizard: "contest_host", "contest_entry", "market", "job_employ" … */
  kind: text("kind").notNull(),
  /** The object the wizard edits (a contest's id when entering it, an existing product when editing), else 0. */
  ref: integer("ref").notNull().default(0),
  /** The fields as typed (checked again, step by step and whole, before anything is stored). */
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** The step to show next. */
  step: integer("step").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("wizard_drafts_owner_idx").on(t.userId, t.kind, t.ref)]);
