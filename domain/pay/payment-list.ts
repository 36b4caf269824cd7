// The management payments list (/management/{award,ibda}/payments: newest first, a bounded count) and its
// export (payments.csv, issue 22 §4: the list's filter, every page, in keyset batches of the CSV kit — for
// reconciling with the card provider's settlement).
import { and, asc, desc, eq, gt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { PAYMENT_STATUSES, payments, type PaymentStatus } from "../../db/schema/pay.ts";
import type { AwardFamily, EntryStatus } from "../award/options.ts";
import { csvStream, type CsvValue } from "../common/csv.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { TARGET_AWARD_ENTRY } from "./orders.ts";

/** The payments list's query string (status filter, page), which its export reads too. */
export const PaymentQuery = z.object({
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(PAYMENT_STATUSES).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export interface PaymentFilter {
  status?: PaymentStatus;
  provider?: string;
  targetType?: string;
  targetId?: number;
  userId?: number;
  family?: AwardFamily;
}

/** One row of the management payments list. */
export interface PaymentListItem {
  id: number;
  orderId: string;
  provider: string;
  targetType: string;
  targetId: number;
  amount: number;
  status: PaymentStatus;
  providerTid: string | null;
  createdAt: Date;
  approvedAt: Date | null;
  cancelledAt: Date | null;
  user: { id: number; username: string; name: string } | null;
  /** The entry paid for (award entries). */
  entry: { id: number; title: string; status: EntryStatus; awardId: number; family: AwardFamily } | null;
}

/** The payments a filter keeps (the list and its export); `family` needs the entry and award joined. */
export function paymentCondition(filter: PaymentFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.provider) where.push(eq(payments.provider, filter.provider));
  if (filter.targetType) where.push(eq(payments.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(payments.targetId, filter.targetId));
  if (filter.userId) where.push(eq(payments.userId, filter.userId));
  if (filter.family) where.push(eq(awards.family, filter.family));
  return where.length ? and(...where) : undefined;
}

/** The award entry a payment paid for (left-joined: other targets have none). */
export const paymentEntryJoin = and(eq(payments.targetType, TARGET_AWARD_ENTRY), eq(entries.id, payments.targetId));

/** The management payments list, newest first, in the pagination shape. */
export async function listPayments(
  db: Tx,
  filter: PaymentFilter = {},
  page = 1,
  perPage = 20,
  urlOf: (page: number) => string = (p) => `?page=${p}`,
): Promise<Paginated<PaymentListItem>> {
  const condition = paymentCondition(filter);
  // A bounded count; pages come newest first through payments_created_idx / payments_status_created_idx.
  const list = await countedPage(
    db,
    db.select({ id: payments.id }).from(payments)
      .leftJoin(entries, paymentEntryJoin).leftJoin(awards, eq(awards.id, entries.awardId)).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select({
        payment: payments,
        userId: users.id,
        username: users.username,
        userName: users.name,
        entryId: entries.id,
        entryTitle: entries.title,
        entryStatus: entries.status,
        awardId: awards.id,
        family: awards.family,
      }).from(payments)
        .leftJoin(users, eq(users.id, payments.userId))
        .leftJoin(entries, paymentEntryJoin)
        .leftJoin(awards, eq(awards.id, entries.awardId))
        .where(condition)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(perPage).offset((page - 1) * perPage),
  );
  const data = list.rows.map((r): PaymentListItem => ({
    id: r.payment.id,
    orderId: r.payment.orderId,
    provider: r.payment.provider,
    targetType: r.payment.targetType,
    targetId: r.payment.targetId,
    amount: r.payment.amount,
    status: r.payment.status,
    providerTid: r.payment.providerTid,
    createdAt: r.payment.createdAt,
    approvedAt: r.payment.approvedAt,
    cancelledAt: r.payment.cancelledAt,
    user: r.userId ? { id: r.userId, username: r.username!, name: r.userName! } : null,
    entry: r.entryId && r.awardId
      ? { id: r.entryId, title: r.entryTitle!, status: r.entryStatus!, awardId: r.awardId, family: r.family! }
      : null,
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

const EXPORT_COLUMNS = {
  id: payments.id,
  orderId: payments.orderId,
  provider: payments.provider,
  providerTid: payments.providerTid,
  amount: payments.amount,
  status: payments.status,
  createdAt: payments.createdAt,
  approvedAt: payments.approvedAt,
  cancelledAt: payments.cancelledAt,
  username: users.username,
  userName: users.name,
  entryId: entries.id,
  entryTitle: entries.title,
  awardYear: awards.year,
};

function readBatch(db: Tx, condition: SQL | undefined, after: number, limit: number) {
  return db.select(EXPORT_COLUMNS).from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(entries, paymentEntryJoin)
    .leftJoin(awards, eq(awards.id, entries.awardId))
    .where(and(condition, gt(payments.id, after)))
    .orderBy(asc(payments.id)).limit(limit);
}

export type PaymentExportRow = Awaited<ReturnType<typeof readBatch>>[number];

/** The filter's payments in id order; `cells` writes one payment's line. */
export function paymentsCsv(
  db: Tx,
  filter: PaymentFilter,
  header: string[],
  cells: (payment: PaymentExportRow) => CsvValue[],
): ReadableStream<Uint8Array> {
  const condition = paymentCondition(filter);
  return csvStream(header, (after, limit) => readBatch(db, condition, after, limit), (r) => r.id, cells);
}
