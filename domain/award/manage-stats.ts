// The numbers of /management/statistics/award and /ibda (issue 5 part 7): one award's entries by
// category, status and exhibitor type, and the fees it collected; the family's fees year by year.
// Counts leave out withdrawn (cancelled) entries except in the status breakdown, which shows them.
import { and, asc, count, eq, gt, ne, notInArray, sql, sum } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type AwardRow, awards, entries } from "../../db/schema/award.ts";
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

export async function awardStatistics(db: Tx, award: AwardRow): Promise<AwardStatistics> {
  const live = and(eq(entries.awardId, award.id), ne(entries.status, "cancel"));
  const [categories, statuses, exhibitors, collected, pending, card] = await Promise.all([
    db.select({ key: entries.category, n: count() }).from(entries).where(live).groupBy(entries.category),
    db.select({ key: entries.status, n: count() }).from(entries).where(eq(entries.awardId, award.id))
      .groupBy(entries.status),
    db.select({ key: entries.exhibitorType, n: count() }).from(entries).where(live).groupBy(entries.exhibitorType),
    db.select({ total: sum(entries.fee) }).from(entries)
      .where(and(eq(entries.awardId, award.id), gt(entries.fee, 0), notInArray(entries.status, UNPAID))),
    db.select({ total: sum(entries.fee) }).from(entries)
      .where(and(eq(entries.awardId, award.id), eq(entries.status, "pay_incomplete"))),
    db.select({ status: payments.status, total: sum(payments.amount) }).from(payments)
      .innerJoin(entries, and(eq(payments.targetType, TARGET_AWARD_ENTRY), eq(entries.id, payments.targetId)))
      .where(eq(entries.awardId, award.id)).groupBy(payments.status),
  ]);
  const tally = <K>(keys: readonly K[], rows: { key: unknown; n: number }[]): Tally<K>[] =>
    keys.map((key) => ({ key, count: rows.find((r) => String(r.key) === String(key))?.n ?? 0 }));
  // Every offered category is shown (zero included); a category entries still carry from before is too.
  const categoryKeys = [...new Set([...offeredCategories(award), ...categories.map((c) => c.key)])]
    .sort((a, b) => a - b);
  const byStatus = tally(ENTRY_STATUSES, statuses).filter((s) => s.count > 0);
  return {
    total: categories.reduce((n, c) => n + c.n, 0),
    byCategory: tally(categoryKeys, categories),
    byStatus,
    byExhibitor: tally(EXHIBITOR_TYPES, exhibitors),
    feesCollected: num(collected[0]?.total),
    feesPending: num(pending[0]?.total),
    cardPaid: num(card.find((c) => c.status === "paid")?.total),
    cardRefunded: num(card.find((c) => c.status === "cancelled")?.total),
  };
}

export interface YearFees {
  year: number;
  entries: number;
  fees: number;
}

/** Entries and fees collected per year of the family, oldest first. */
export async function familyFees(db: Tx, family: AwardFamily): Promise<YearFees[]> {
  const paid = sql<
    number
  >`coalesce(sum(case when ${entries.fee} > 0 and ${entries.status} not in ('pay_incomplete', 'cancel') then ${entries.fee} else 0 end), 0)`;
  const live = sql<number>`count(${entries.id}) filter (where ${entries.status} <> 'cancel')`;
  const rows = await db.select({ year: awards.year, entries: live, fees: paid }).from(awards)
    .leftJoin(entries, eq(entries.awardId, awards.id))
    .where(eq(awards.family, family)).groupBy(awards.id, awards.year).orderBy(asc(awards.year));
  return rows.map((r) => ({ year: r.year, entries: num(r.entries), fees: num(r.fees) }));
}
