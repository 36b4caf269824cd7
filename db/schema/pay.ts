// Payments (SPEC §7 Payment, DESIGN §3 "nothing lost"): one row per order sent to a card provider, for any
// payable thing (`target_type` + `target_id`, e.g. 'award_entry' + entries.id). Amounts are integer KRW.
import { at } from "./columns.ts";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./member.ts";

export const PAYMENT_STATUSES = ["ready", "paid", "failed", "cancelled"] as const;
export type PaymentStatus = typeof PAYMENT_STATUSES[number];

export const payments = pgTable("payments", {
  id: serial("id").primaryKey(),
  /** Our order id, sent to the provider and found again on its return. */
  orderId: text("order_id").notNull().unique(),
  /** `test`, `inicis`, … */
  provider: text("provider").notNull(),
  targetType: text("target_type").notNull(),
  targetId: integer("target_id").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Integer KRW. */
  amount: integer("amount").notNull(),
  status: text("status").$type<PaymentStatus>().notNull().default("ready"),
  /** The provider's transaction id (Inicis `tid`), set on approval. */
  providerTid: text("provider_tid"),
  approvedAt: at("approved_at"),
  cancelledAt: at("cancelled_at"),
  /** The provider's last answer, kept as received (secrets never stored). */
  raw: jsonb("raw"),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
}, (t) => [
  index("payments_target_idx").on(t.targetType, t.targetId),
  index("payments_user_idx").on(t.userId, t.createdAt),
  // The management list's order (newest first), alone and under the status filter (issue 22).
  index("payments_created_idx").on(t.createdAt, t.id),
  index("payments_status_created_idx").on(t.status, t.createdAt, t.id),
]);

export type PaymentRow = typeof payments.$inferSelect;
