// What visitors read about contests (SPEC §2.5 contest list, §7 /api/contest, /api/contest/{id},
// /api/contest/awards): approved contests only, newest first (the latest 4, then the paginated list), in the
// visitor's language; the contest page's brief, prizes in KRW and USD, schedule, entry count, and the
// winners once the public flag is set and the result date has passed.
import { and, arrayContains, asc, desc, eq, gt, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { contestEntries, type ContestRow, contests } from "../../db/schema/contest.ts";
import { users } from "../../db/schema/member.ts";
import { type Locale, LOCALES } from "../../fresh.config.ts";
import { fileUrl } from "../file/present.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { CONTEST_STATUSES, type ContestRank, type ContestStatus } from "./options.ts";
import { contestStatus, prizeTotal } from "./rules.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** SPEC §7 GET /api/contest: page, perpage (or limit), orderby id|close_at, ordertype, lang, status. */
export const ContestListQuery = z.object({
  page: optional(int(1, 1_000_000)).transform((v) => v ?? 1),
  perpage: optional(int(1, 100)),
  limit: optional(int(1, 100)),
  orderby: optional(z.enum(["id", "close_at"])).transform((v) => v ?? "id"),
  ordertype: optional(z.enum(["asc", "desc"])).transform((v) => v ?? "desc"),
  lang: optional(z.enum(LOCALES)),
  status: optional(z.enum(CONTEST_STATUSES)),
}).transform(({ limit, perpage, ...q }) => ({ ...q, perPage: limit ?? perpage ?? 8 }));
export type ContestListQuery = z.infer<typeof ContestListQuery>;

export const AwardsQuery = z.object({
  page: optional(int(1, 1_000_000)).transform((v) => v ?? 1),
  perpage: optional(int(1, 100)).transform((v) => v ?? 8),
  lang: optional(z.enum(LOCALES)),
});

export interface Money {
  krw: number;
  usd: number;
}

export interface ContestSummary {
  id: number;
  title: string;
  company: string;
  field: string;
  sub_field: string;
  summary: string;
  status: ContestStatus;
  open_at: string;
  close_at: string;
  result_at: string;
  prize_total: Money;
  entry_count: number;
  extend_count: number;
  languages: string[];
}

export interface WinnerJson {
  entry_id: number;
  title: string;
  designer: string;
  rank: ContestRank | null;
  place: number | null;
  prize: Money | null;
  thumbnail: string | null;
}

export interface ContestDetail extends ContestSummary {
  contact_email: string;
  detail_items: string;
  request: string;
  commercial: boolean;
  logo_style: string | null;
  website_style: string | null;
  reference_sites: string;
  reference_urls: string[];
  sns: string;
  preferred_color: string;
  style: string;
  entry_restriction: string;
  prizes: { place: number; prize: Money }[];
  public: boolean;
  /** 'not_ended' before the result date, 'no_results' when nothing may be shown, else 'published'. */
  results: "not_ended" | "no_results" | "published";
  winners: WinnerJson[];
}

export const money = (krw: number, rate: number): Money => ({ krw, usd: Math.round((krw / rate) * 100) / 100 });

const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

/** Approved contests, of the language when one is asked, of a derived status (or closed: judging or after). */
function publicCondition(q: { lang?: Locale; status?: ContestStatus; closed?: boolean }, now: Date): SQL {
  const where: SQL[] = [eq(contests.approval, "approved")];
  if (q.lang) where.push(arrayContains(contests.languages, [q.lang]));
  if (q.status === "preparing") where.push(gt(contests.openAt, now));
  if (q.status === "ongoing") where.push(lte(contests.openAt, now), gt(contests.closeAt, now));
  if (q.status === "judging") where.push(lte(contests.closeAt, now), gt(contests.resultAt, now));
  if (q.status === "terminated") where.push(lte(contests.resultAt, now));
  if (q.closed) where.push(lte(contests.closeAt, now));
  return and(...where)!;
}

/** Live entries per contest. */
export async function entryCounts(db: Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: contestEntries.contestId, n: sql<number>`count(*)::int` }).from(contestEntries)
    .where(and(inArray(contestEntries.contestId, [...ids]), eq(contestEntries.status, "submitted")))
    .groupBy(contestEntries.contestId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function summaryOf(c: ContestRow, entries: number, locale: Locale, now: Date, rate: number): ContestSummary {
  return {
    id: c.id,
    title: localized(c.title, c.titleEn, locale),
    company: localized(c.company, c.companyEn, locale),
    field: c.field,
    sub_field: c.subField,
    summary: localized(c.summary, c.summaryEn, locale),
    status: contestStatus(c, now),
    open_at: c.openAt.toISOString(),
    close_at: c.closeAt.toISOString(),
    result_at: c.resultAt.toISOString(),
    prize_total: money(prizeTotal(c), rate),
    entry_count: entries,
    extend_count: c.extendCount,
    languages: c.languages,
  };
}

export async function listContests(
  db: Tx,
  q: ContestListQuery & { closed?: boolean },
  locale: Locale,
  now: Date,
  rate: number,
  urlOf: (page: number) => string,
): Promise<Paginated<ContestSummary>> {
  const condition = publicCondition(q, now);
  const dir = q.ordertype === "asc" ? asc : desc;
  const order = q.orderby === "close_at" ? [dir(contests.closeAt), dir(contests.id)] : [dir(contests.id)];
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: contests.id }).from(contests).where(condition).$dynamic(),
    q.page,
    q.perPage,
    (page) =>
      db.select().from(contests).where(condition).orderBy(...order).limit(q.perPage).offset((page - 1) * q.perPage),
  );
  const counts = await entryCounts(db, rows.map((r) => r.id));
  const data = rows.map((r) => summaryOf(r, counts.get(r.id) ?? 0, locale, now, rate));
  return paginated(data, total, page, q.perPage, urlOf, estimated);
}

/** An approved contest by id, or null. */
export async function publicContest(db: Tx, id: number): Promise<ContestRow | null> {
  const [row] = await db.select().from(contests).where(and(eq(contests.id, id), eq(contests.approval, "approved")));
  return row ?? null;
}

/** Whether the winners may be shown, and why not (SPEC §8: no results / not ended). */
export function resultsState(c: ContestRow, now: Date): ContestDetail["results"] {
  if (now.getTime() < c.resultAt.getTime()) return "not_ended";
  return c.public && c.publishedAt ? "published" : "no_results";
}

async function winnersOf(db: Tx, c: ContestRow, rate: number): Promise<WinnerJson[]> {
  const rows = await db.select({
    id: contestEntries.id,
    title: contestEntries.title,
    rank: contestEntries.rank,
    place: contestEntries.place,
    thumbnailId: contestEntries.thumbnailId,
    name: users.name,
  }).from(contestEntries).innerJoin(users, eq(users.id, contestEntries.userId))
    .where(
      and(eq(contestEntries.contestId, c.id), eq(contestEntries.status, "submitted"), isNotNull(contestEntries.rank)),
    )
    .orderBy(sql`${contestEntries.place} asc nulls last`, asc(contestEntries.id));
  return rows.map((r) => ({
    entry_id: r.id,
    title: r.title,
    designer: r.name,
    rank: r.rank,
    place: r.place,
    prize: r.place ? money(r.place === 1 ? c.prize1 : r.place === 2 ? c.prize2 : c.prize3, rate) : null,
    thumbnail: r.thumbnailId ? fileUrl.variant(r.thumbnailId, "external_thumbnail") : null,
  }));
}

export async function contestDetail(
  db: Tx,
  c: ContestRow,
  locale: Locale,
  now: Date,
  rate: number,
): Promise<ContestDetail> {
  const counts = await entryCounts(db, [c.id]);
  const results = resultsState(c, now);
  return {
    ...summaryOf(c, counts.get(c.id) ?? 0, locale, now, rate),
    contact_email: c.contactEmail,
    detail_items: c.detailItems,
    request: localized(c.request, c.requestEn, locale),
    commercial: c.commercial,
    logo_style: c.logoStyle,
    website_style: c.websiteStyle,
    reference_sites: c.referenceSites,
    reference_urls: c.referenceUrls,
    sns: c.sns,
    preferred_color: c.preferredColor,
    style: c.style,
    entry_restriction: c.entryRestriction,
    prizes: [c.prize1, c.prize2, c.prize3].map((p, i) => ({ place: i + 1, prize: money(p, rate) }))
      .filter((p) => p.prize.krw > 0),
    public: c.public,
    results,
    winners: results === "published" ? await winnersOf(db, c, rate) : [],
  };
}

export interface PastWinner extends WinnerJson {
  contest_id: number;
  contest_title: string;
}

/** SPEC §7 /api/contest/awards: the winners of contests whose results are public, newest contest first. */
export async function pastWinners(
  db: Tx,
  page: number,
  perPage: number,
  locale: Locale,
  now: Date,
  rate: number,
  urlOf: (page: number) => string,
): Promise<Paginated<PastWinner>> {
  const condition = and(
    eq(contests.approval, "approved"),
    eq(contests.public, true),
    isNotNull(contests.publishedAt),
    lte(contests.resultAt, now),
    eq(contestEntries.status, "submitted"),
    isNotNull(contestEntries.rank),
  );
  const base = db.select({ id: contestEntries.id }).from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId)).where(condition).$dynamic();
  const list = await countedPage(
    db,
    base,
    page,
    perPage,
    (page) =>
      db.select({ entry: contestEntries, contest: contests, name: users.name }).from(contestEntries)
        .innerJoin(contests, eq(contests.id, contestEntries.contestId))
        .innerJoin(users, eq(users.id, contestEntries.userId))
        .where(condition)
        .orderBy(desc(contests.resultAt), sql`${contestEntries.place} asc nulls last`, asc(contestEntries.id))
        .limit(perPage).offset((page - 1) * perPage),
  );
  const data = list.rows.map(({ entry: e, contest: c, name }): PastWinner => ({
    contest_id: c.id,
    contest_title: localized(c.title, c.titleEn, locale),
    entry_id: e.id,
    title: e.title,
    designer: name,
    rank: e.rank,
    place: e.place,
    prize: e.place ? money(e.place === 1 ? c.prize1 : e.place === 2 ? c.prize2 : c.prize3, rate) : null,
    thumbnail: e.thumbnailId ? fileUrl.variant(e.thumbnailId, "external_thumbnail") : null,
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}
