// The numbers of /management/statistics/award and /ibda (issue 5 part 7): one award's entries by
// category, status and exhibitor type, and the fees it collected; the family's fees year by year, all
// read from summary rows kept by triggers (issue 22).
// Counts leave out withdrawn (cancelled) entries except in the status breakdown, which shows them.
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { awardEntryStats, awardPaymentStats, type AwardRow, awards, entries } from "../../db/schema/award.ts";
import { payments } from "../../db/schema/pay.ts";
import { TARGET_AWARD_ENTRY } from "../pay/orders.ts";
import {
  type AwardFamily,
  type DesignCategory,
  ENTRY_STATUSES,
  type EntryStatus,
  EXHIBITOR_TYPES,
  type ExhibitorType,
} from "./options.ts";
import { offeredCategories } from "./public.ts";

export interface Tally<K> {
  key: K;
  count: number;
}

export interface AwardStatistics {
  total: number;
  byCategory: Tally<DesignCategory>[];
  byStatus: Tally<EntryStatus>[];
  byExhibitor: Tally<ExhibitorType>[];
  /** Integer KRW: fees of entries whose payment went through (not waiting, not cancelled). */
  feesCollected: number;
  /** Integer KRW: fees still waiting for payment. */
  feesPending: number;
  /** Integer KRW taken by card (payments paid) and given back (payments cancelled). */
  cardPaid: number;
  cardRefunded: number;
}

const UNPAID: EntryStatus[] = ["pay_incomplete", "cancel"];
const num = (v: unknown) => Number(v ?? 0) || 0;

/**
 * One award's figures from its summary rows (award_entry_stats, award_payment_stats: a few hundred rows at
 * most, kept by triggers in the transaction of every change to entries and payments, migration 0012), so
 * the page costs the same at 1,000 entries and at 1,000,000 (issue 22). awardStatisticsRecount answers the
 * same from every entry; the tests hold the two equal.
 */
export async function awardStatistics(db: Tx, award: AwardRow): Promise<AwardStatistics> {
  const [rows, card] = await Promise.all([
    db.select().from(awardEntryStats).where(and(eq(awardEntryStats.awardId, award.id), gt(awardEntryStats.entries, 0))),
    db.select().from(awardPaymentStats).where(eq(awardPaymentStats.awardId, award.id)),
  ]);
  return statisticsOf(award, rows, card);
}

interface StatsRow {
  category: number;
  status: string;
  exhibitorType: string;
  entries: number;
  fees: number;
}

function statisticsOf(
  award: AwardRow,
  rows: StatsRow[],
  card: { status: string; amount: number }[],
): AwardStatistics {
  const live = rows.filter((r) => r.status !== "cancel");
  const tallyBy = <K>(keys: readonly K[], list: StatsRow[], keyOf: (r: StatsRow) => unknown): Tally<K>[] =>
    keys.map((key) => ({
      key,
      count: list.filter((r) => String(keyOf(r)) === String(key)).reduce((n, r) => n + num(r.entries), 0),
    }));
  const fees = (keep: (r: StatsRow) => boolean) => rows.filter(keep).reduce((n, r) => n + num(r.fees), 0);
  // Every offered category is shown (zero included); a category entries still carry from before is too.
  const categoryKeys = [...new Set([...offeredCategories(award), ...live.map((r) => r.category as DesignCategory)])]
    .sort((a, b) => a - b);
  return {
    total: live.reduce((n, r) => n + num(r.entries), 0),
    byCategory: tallyBy(categoryKeys, live, (r) => r.category),
    byStatus: tallyBy(ENTRY_STATUSES, rows, (r) => r.status).filter((s) => s.count > 0),
    byExhibitor: tallyBy(EXHIBITOR_TYPES, live, (r) => r.exhibitorType),
    feesCollected: fees((r) => !UNPAID.includes(r.status as EntryStatus)),
    feesPending: fees((r) => r.status === "pay_incomplete"),
    cardPaid: num(card.filter((c) => c.status === "paid").reduce((n, c) => n + num(c.amount), 0)),
    cardRefunded: num(card.filter((c) => c.status === "cancelled").reduce((n, c) => n + num(c.amount), 0)),
  };
}

/** The same figures counted from every entry and payment of the award (the check of the summaries). */
export async function awardStatisticsRecount(db: Tx, award: AwardRow): Promise<AwardStatistics> {
  const [rows, card] = await Promise.all([
    db.select({
      category: entries.category,
      status: entries.status,
      exhibitorType: entries.exhibitorType,
      entries: count(),
      fees: sql<number>`coalesce(sum(${entries.fee}), 0)`,
    }).from(entries).where(eq(entries.awardId, award.id))
      .groupBy(entries.category, entries.status, entries.exhibitorType),
    db.select({ status: payments.status, amount: sql<number>`coalesce(sum(${payments.amount}), 0)` }).from(payments)
      .innerJoin(entries, and(eq(payments.targetType, TARGET_AWARD_ENTRY), eq(entries.id, payments.targetId)))
      .where(eq(entries.awardId, award.id)).groupBy(payments.status),
  ]);
  return statisticsOf(award, rows, card);
}

export interface YearFees {
  year: number;
  entries: number;
  fees: number;
}

/** Entries and fees collected per year of the family, oldest first (from the summary rows). */
export async function familyFees(db: Tx, family: AwardFamily): Promise<YearFees[]> {
  const paid = sql<number>`coalesce(sum(${awardEntryStats.fees}) filter (where ${awardEntryStats.status}
    not in ('pay_incomplete', 'cancel')), 0)`;
  const live = sql<number>`coalesce(sum(${awardEntryStats.entries}) filter (where ${awardEntryStats.status}
    <> 'cancel'), 0)`;
  const rows = await db.select({ year: awards.year, entries: live, fees: paid }).from(awards)
    .leftJoin(awardEntryStats, eq(awardEntryStats.awardId, awards.id))
    .where(eq(awards.family, family)).groupBy(awards.id, awards.year).orderBy(asc(awards.year));
  return rows.map((r) => ({ year: r.year, entries: num(r.entries), fees: num(r.fees) }));
}
