// The member's contests (SPEC §7 GET /api/user/contests?type=host|entry, default host; my page contests and
// prizes): the contests they host with approval, status, entries and what to do next (pay, judge), the
// contests they entered with their entry's state and prize, and the prize money paid to them (prize, 4.4 %
// withheld, net).
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { contestEntries, contestPayouts, contests } from "../../db/schema/contest.ts";
import type { Locale } from "../../fresh.config.ts";
import { countedPage, countOf, type Paginated, paginated } from "../common/list.ts";
import type { Viewer } from "../member/permissions.ts";
import type { ContestApproval, ContestEntryStatus, ContestRank, ContestStatus, PayoutStatus } from "./options.ts";
import { entryCounts, type Money, money } from "./public.ts";
import { contestStatus, prizeTotal } from "./rules.ts";

export const MyContestsQuery = z.object({
  type: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["host", "entry"]).default("host")),
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
  perpage: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(100).default(8)),
});
export type MyContestsQuery = z.infer<typeof MyContestsQuery>;

export interface HostedItem {
  id: number;
  title: string;
  approval: ContestApproval;
  reject_reason: string;
  status: ContestStatus;
  open_at: string;
  close_at: string;
  result_at: string;
  prize_total: Money;
  entry_count: number;
  extend_count: number;
}

export interface EnteredItem {
  id: number;
  contest_id: number;
  contest_title: string;
  title: string;
  status: ContestEntryStatus;
  contest_status: ContestStatus;
  /** Shown once the results are published. */
  rank: ContestRank | null;
  place: number | null;
  created_at: string;
}

const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

export async function myHostedContests(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  now: Date,
  rate: number,
  urlOf: (page: number) => string,
): Promise<Paginated<HostedItem>> {
  const condition = eq(contests.hostId, viewer.id);
  const list = await countedPage(
    db,
    db.select({ id: contests.id }).from(contests).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select().from(contests).where(condition).orderBy(desc(contests.id)).limit(perPage).offset(
        (page - 1) * perPage,
      ),
  );
  const counts = await entryCounts(db, list.rows.map((r) => r.id));
  const data = list.rows.map((c): HostedItem => ({
    id: c.id,
    title: localized(c.title, c.titleEn, locale),
    approval: c.approval,
    reject_reason: c.rejectReason,
    status: contestStatus(c, now),
    open_at: c.openAt.toISOString(),
    close_at: c.closeAt.toISOString(),
    result_at: c.resultAt.toISOString(),
    prize_total: money(prizeTotal(c), rate),
    entry_count: counts.get(c.id) ?? 0,
    extend_count: c.extendCount,
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

export async function myEnteredContests(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<EnteredItem>> {
  const condition = eq(contestEntries.userId, viewer.id);
  const list = await countedPage(
    db,
    db.select({ id: contestEntries.id }).from(contestEntries).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select({ entry: contestEntries, contest: contests }).from(contestEntries)
        .innerJoin(contests, eq(contests.id, contestEntries.contestId)).where(condition)
        .orderBy(desc(contestEntries.id)).limit(perPage).offset((page - 1) * perPage),
  );
  const data = list.rows.map(({ entry, contest }): EnteredItem => {
    const published = Boolean(contest.publishedAt);
    return {
      id: entry.id,
      contest_id: contest.id,
      contest_title: localized(contest.title, contest.titleEn, locale),
      title: entry.title,
      status: entry.status,
      contest_status: contestStatus(contest, now),
      rank: published ? entry.rank : null,
      place: published ? entry.place : null,
      created_at: entry.createdAt.toISOString(),
    };
  });
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

export interface ContestPrize {
  kind: "contest";
  contest: { id: number; title: string };
  entry_id: number;
  place: number;
  prize: number;
  tax: number;
  net: number;
  status: PayoutStatus;
}

/** The member's contest prize money (SPEC §7 /api/user/prizes joins these to the award prizes). */
export async function myContestPrizes(db: Tx, viewer: Viewer, locale: Locale): Promise<ContestPrize[]> {
  const rows = await db.select({ payout: contestPayouts, contest: contests }).from(contestPayouts)
    .innerJoin(contests, eq(contests.id, contestPayouts.contestId))
    .where(and(eq(contestPayouts.userId, viewer.id))).orderBy(desc(contestPayouts.id));
  return rows.map(({ payout, contest }) => ({
    kind: "contest",
    contest: { id: contest.id, title: localized(contest.title, contest.titleEn, locale) },
    entry_id: payout.entryId,
    place: payout.place,
    prize: payout.prize,
    tax: payout.tax,
    net: payout.net,
    status: payout.status,
  }));
}

/** How many contests the member hosts or entered (the my-page section's count). */
export async function myContestCount(db: Tx, userId: number): Promise<number> {
  const hosted = await countOf(
    db,
    db.select({ id: contests.id }).from(contests).where(eq(contests.hostId, userId)).$dynamic(),
  );
  const entered = await countOf(
    db,
    db.select({ id: contestEntries.id }).from(contestEntries).where(eq(contestEntries.userId, userId)).$dynamic(),
  );
  return hosted.total + entered.total;
}
