// /management/statistics/contest: contests by status (derived from approval and dates, counted in SQL with
// the same boundaries as contestStatus) and by approval, entries by design field, and the money — prize
// money paid in, refunded to hosts, paid out to winners and withheld.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contestEntries, contestPayouts, contestRefunds, contests } from "../../db/schema/contest.ts";
import { payments } from "../../db/schema/pay.ts";
import { CONTEST_APPROVALS, CONTEST_FIELDS, CONTEST_STATUSES, TARGET_CONTEST_PRIZE } from "./options.ts";

export interface ContestStatistics {
  byStatus: { key: string; n: number }[];
  byApproval: { key: string; n: number }[];
  entriesByField: { key: string; n: number }[];
  money: { key: "paid" | "refunded" | "prizes" | "withheld" | "net"; amount: number }[];
}

const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

export async function contestStatistics(db: Tx, now: Date): Promise<ContestStatistics> {
  const at = now.toISOString();
  const status = sql<string>`case
    when ${contests.openAt} > ${at}::timestamptz then 'preparing'
    when ${contests.closeAt} > ${at}::timestamptz then 'ongoing'
    when ${contests.resultAt} > ${at}::timestamptz then 'judging'
    else 'terminated' end`;
  const byStatus = await db.select({ key: status, n: sql<number>`count(*)::int` }).from(contests)
    .where(eq(contests.approval, "approved")).groupBy(sql`1`);
  const byApproval = await db.select({ key: contests.approval, n: sql<number>`count(*)::int` }).from(contests)
    .groupBy(contests.approval);
  const byField = await db.select({ key: contests.field, n: sql<number>`count(*)::int` }).from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .where(eq(contestEntries.status, "submitted")).groupBy(contests.field);
  const [paid] = await db.select({ n: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` }).from(payments)
    .where(and(eq(payments.targetType, TARGET_CONTEST_PRIZE), sql`${payments.status} in ('paid', 'cancelled')`));
  const [refunded] = await db.select({ n: sql<number>`coalesce(sum(${contestRefunds.amount}), 0)::bigint` })
    .from(contestRefunds);
  const payoutRows = rowsOf(
    await db.execute(sql`select coalesce(sum(prize), 0)::bigint as prize, coalesce(sum(tax), 0)::bigint as tax,
      coalesce(sum(net), 0)::bigint as net from ${contestPayouts}`),
  );
  const fill = (keys: readonly string[], rows: { key: string; n: number }[]) =>
    keys.map((key) => ({ key, n: Number(rows.find((r) => r.key === key)?.n ?? 0) }));
  const p = payoutRows[0] ?? {};
  return {
    byStatus: fill(CONTEST_STATUSES, byStatus),
    byApproval: fill(CONTEST_APPROVALS, byApproval),
    entriesByField: fill(CONTEST_FIELDS, byField),
    money: [
      { key: "paid", amount: Number(paid?.n ?? 0) },
      { key: "refunded", amount: Number(refunded?.n ?? 0) },
      { key: "prizes", amount: Number(p.prize ?? 0) },
      { key: "withheld", amount: Number(p.tax ?? 0) },
      { key: "net", amount: Number(p.net ?? 0) },
    ],
  };
}
