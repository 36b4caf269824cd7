// Web push (SPEC §4, §9, issue 23 §10): a message per device, written in the transaction of the event that
// causes it (beside its mail), delivered by the push loop like mail by the mailer.
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { devices } from "./member.ts";

export const pushMessages = pgTable("push_messages", {
  id: serial("id").primaryKey(),
  deviceId: integer("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
  /** What it is about (domain/notify/push.ts PUSH_KINDS), so a member can turn each kind off. */
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  /** The same-site path the notification opens. */
  url: text("url").notNull().default("/mypage"),
  status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  error: text("error"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("push_messages_status_idx").on(t.status, t.id)]);
