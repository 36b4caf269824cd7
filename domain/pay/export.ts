// The payments export (/management/{award,ibda}/payments.csv, issue 22 §4): the payments of the list's filter,
// every page, in keyset batches of the CSV kit — for reconciling with the card provider's settlement.
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { PAYMENT_STATUSES, payments } from "../../db/schema/pay.ts";
import { csvStream, type CsvValue } from "../common/csv.ts";
import { paymentCondition, paymentEntryJoin, type PaymentFilter } from "./orders.ts";

/** The payments list's query string (status filter, page), which its export reads too. */
export const PaymentQuery = z.object({
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(PAYMENT_STATUSES).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

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
