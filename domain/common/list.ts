// The list kit every management and my-page list uses (issue 22): SPEC §7's pagination shape
// `{ current_page, last_page, total, per_page, data, links }` with page-number links, a count that stays
// cheap however large the table grows (exact up to a threshold, PostgreSQL's estimate above it, flagged
// `estimated` so pages say "about N"), and keyset "load more" cursors. Pages are read with LIMIT/OFFSET
// through an index that serves the list's ORDER BY, so page 40 reads 40 pages of index entries whatever the
// table's size; the schema of each area declares that index beside the list (db/schema/*).
import { type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface Paginated<T> {
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
  data: T[];
  links: PageLink[];
  /** True when `total` is PostgreSQL's estimate (above COUNT_EXACT_UP_TO rows): shown as "about N". */
  estimated?: boolean;
}

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perpage: z.coerce.number().int().min(1).max(100).default(8),
});

/** The list shape; `urlOf(page)` builds each link (null for a page that does not exist). */
export function paginated<T>(
  data: T[],
  total: number,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
  estimated = false,
): Paginated<T> {
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, label: string): PageLink => ({
    url: p >= 1 && p <= last ? urlOf(p) : null,
    label,
    active: p === page,
  });
  const from = Math.max(1, Math.min(page - 4, last - 9));
  const to = Math.min(last, from + 9);
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => link(from + i, String(from + i)));
  return {
    current_page: page,
    last_page: last,
    total,
    per_page: perPage,
    data,
    links: [{ ...link(page - 1, "previous"), active: false }, ...numbers, { ...link(page + 1, "next"), active: false }],
    ...(estimated ? { estimated: true } : {}),
  };
}

/** Lists count exactly up to this many rows; above it they show PostgreSQL's estimate. */
export const COUNT_EXACT_UP_TO = 1_000;

export interface BoundedCount {
  total: number;
  estimated: boolean;
}

/**
 * What a bounded count answers, from the exact count of at most `limit + 1` rows and (only when that
 * overflowed) the planner's estimate: never less than what was counted, since the estimate can be low.
 */
export function boundedTotal(counted: number, limit: number, estimate: number | null): BoundedCount {
  if (counted <= limit) return { total: counted, estimated: false };
  return { total: Math.max(counted, Math.round(estimate ?? 0)), estimated: true };
}

/** The planner's row estimate from `EXPLAIN (FORMAT JSON)`'s answer (either driver's row shape). */
export function planRows(explain: unknown): number | null {
  const first = Array.isArray(explain) ? explain[0] : explain;
  const cell = first && typeof first === "object" ? Object.values(first as Record<string, unknown>)[0] : first;
  const plan = typeof cell === "string" ? JSON.parse(cell) : cell;
  const rows = Array.isArray(plan) ? plan[0]?.Plan?.["Plan Rows"] : undefined;
  return typeof rows === "number" && Number.isFinite(rows) ? rows : null;
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

/** Lists count exactly up to `limit` rows (COUNT_EXACT_UP_TO unless given). */
export interface CountOptions {
  limit?: number;
}

const explainRows = async (tx: Tx, statement: SQL) =>
  planRows(rowsOf(await tx.execute(sql`explain (format json) ${statement}`)));

/**
 * How many rows a Drizzle select selects (its FROM, joins and WHERE; its columns do not matter), e.g.
 * `countOf(tx, tx.select({ id: users.id }).from(users).where(condition).$dynamic())`. The planner is asked
 * first (EXPLAIN: planning only, no rows read): an estimate above the limit is the answer, shown as
 * "about N" — counting the first 1,001 rows of a broad filter or a common keyword (or a 2-letter one, which
 * no trigram serves) is the one cost of a list that grows with its table (45 ms for a keyword of 1,851 entries
 * among 1,000,000), and the search expressions' statistics of 1,000 samples (migration 0050) put such an
 * estimate within a few tenths of the truth. Otherwise the rows are counted, at most `limit + 1` of them: the
 * exact number up to `limit`, above it the larger of what was counted and the estimate.
 */
export async function countOf(tx: Tx, query: PgSelect, options: CountOptions = {}): Promise<BoundedCount> {
  const limit = options.limit ?? COUNT_EXACT_UP_TO;
  // Built before the cap: `limit()` changes the builder in place, and a capped statement's estimate is the cap.
  const whole = query.getSQL();
  const estimate = await explainRows(tx, whole);
  if (estimate !== null && estimate > limit) return { total: Math.round(estimate), estimated: true };
  const capped = query.limit(limit + 1).getSQL();
  const counted = rowsOf(await tx.execute(sql`select count(*)::int as n from (${capped}) t`));
  const n = Number(counted[0]?.n ?? 0);
  if (n <= limit) return { total: n, estimated: false };
  return boundedTotal(n, limit, estimate);
}

/** A page of a list, its number (see clampPage) and the list's bounded count. */
export interface CountedPage<T> extends BoundedCount {
  rows: T[];
  page: number;
}

/**
 * Page `page` of a list that `read` reads and `countQuery` counts (see countOf). The first page is read
 * first: when it is not full its rows are the whole list and nothing is counted, so a search that finds one
 * member asks the index once, not three times (estimate, count, page). Another page needs the count first,
 * to fall back to the last page when the list has become shorter.
 */
export async function countedPage<T>(
  tx: Tx,
  countQuery: PgSelect,
  page: number,
  perPage: number,
  read: (page: number) => Promise<T[]>,
): Promise<CountedPage<T>> {
  if (page <= 1) {
    const rows = await read(1);
    if (rows.length < perPage) return { rows, page: 1, total: rows.length, estimated: false };
    const counted = await countOf(tx, countQuery);
    return { rows, page: 1, total: Math.max(counted.total, rows.length), estimated: counted.estimated };
  }
  const counted = await countOf(tx, countQuery);
  const clamped = clampPage(page, counted.total, perPage);
  return { rows: await read(clamped), page: clamped, ...counted };
}

/** The page to read: the one asked for, or the last one when the list has become shorter. */
export function clampPage(page: number, total: number, perPage: number): number {
  return Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / perPage)));
}

// ---------- Keyset "load more" ----------

/** `after` of a load-more list: the last id shown (positive integer), anything else means the start. */
export const AfterCursor = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
);

export interface LoadMore<T> {
  data: T[];
  /** The cursor of the next batch, or null when this batch is the last. */
  next: number | null;
}

/**
 * One batch of a keyset list read with `limit + 1` rows: the first `limit` and the cursor after them when
 * the extra row shows there is more.
 */
export function loadMore<T>(rows: T[], limit: number, idOf: (row: T) => number): LoadMore<T> {
  const data = rows.slice(0, limit);
  return { data, next: rows.length > limit && data.length ? idOf(data[data.length - 1]) : null };
}
