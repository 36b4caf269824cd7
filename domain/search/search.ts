// The site search (issue 13 §5): a keyword of at least 2 characters over every source (sources.ts), or one
// kind of them. Everything: the count of each kind and its first matches; one kind: that kind's matches
// in the pagination shape (per_page 8).
import { z } from "zod";
import { SearchKeyword } from "../common/search.ts";
import { clampPage, type Paginated, paginated } from "../common/list.ts";
import { SEARCH_KINDS, SEARCH_SOURCES, type SearchContext, type SearchHit } from "./sources.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const SiteSearchQuery = z.object({
  q: SearchKeyword,
  kind: z.preprocess(blank, z.enum(SEARCH_KINDS as [string, ...string[]]).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1000).default(1)),
});
export type SiteSearchQuery = z.infer<typeof SiteSearchQuery>;

export const SEARCH_PER_PAGE = 8;
/** Matches of each kind shown when searching everything. */
export const GROUP_SIZE = 3;

export interface SearchGroup {
  kind: string;
  total: number;
  /** The total is PostgreSQL's estimate ("about N"): more matches than the list kit counts one by one. */
  estimated?: boolean;
  data: SearchHit[];
}

export async function searchEverything(ctx: SearchContext, keyword: string): Promise<SearchGroup[]> {
  const groups: SearchGroup[] = [];
  for (const source of SEARCH_SOURCES) {
    const { total, estimated } = await source.count(ctx, keyword);
    const data = total ? await source.find(ctx, keyword, GROUP_SIZE, 0) : [];
    groups.push({ kind: source.kind, total, ...(estimated ? { estimated } : {}), data });
  }
  return groups;
}

export async function searchKind(
  ctx: SearchContext,
  kind: string,
  keyword: string,
  page: number,
  urlOf: (page: number) => string,
): Promise<Paginated<SearchHit>> {
  const source = SEARCH_SOURCES.find((s) => s.kind === kind)!;
  const { total, estimated } = await source.count(ctx, keyword);
  const current = clampPage(page, total, SEARCH_PER_PAGE);
  const data = total ? await source.find(ctx, keyword, SEARCH_PER_PAGE, (current - 1) * SEARCH_PER_PAGE) : [];
  return paginated(data, total, current, SEARCH_PER_PAGE, urlOf, estimated);
}
