// The one search of every list (issue 22, SPEC §5 "search text at least 2 characters"): each searchable
// table has one search expression — its names in Korean and English, usernames, e-mails, titles joined by
// spaces — and a pg_trgm GIN index on exactly that expression (migration 0012), so `expression ILIKE
// '%word%'` is answered from the index instead of a scan of every row. The expression is raw SQL with no
// parameters: a bound parameter inside it would keep the planner from matching the index.
//
// Trigrams of Korean text need a UTF-8 character type in the database (LC_CTYPE C.UTF-8, ko_KR.UTF-8 …;
// PGlite has one): under LC_CTYPE=C pg_trgm drops every non-ASCII letter and a Korean keyword reads the
// whole index. A keyword of 2 characters has no trigram of its own and reads the whole index too.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";

/** SPEC §5: a search keyword has at least 2 characters (after trimming) and at most 100. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_SHORT = "manage.search_short";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The `q` of a list's query: absent when blank, else 2–100 characters (shorter answers SEARCH_SHORT). */
export const SearchKeyword = z.preprocess(
  blank,
  z.string().trim().min(SEARCH_MIN_LENGTH, SEARCH_SHORT).max(100).optional(),
);

/** The search expression of each searchable table (the same text as its trigram index in migration 0012). */
export const SEARCH_EXPRESSIONS = {
  users: `("users"."name" || ' ' || "users"."name_en" || ' ' || "users"."username" || ' ' || "users"."email")`,
  entries:
    `("entries"."title" || ' ' || "entries"."title_en" || ' ' || "entries"."designer_name" || ' ' || "entries"."designer_name_en" || ' ' || "entries"."company")`,
  // Boards and site search (issue 13, migration board_search).
  posts: `("posts"."title" || ' ' || "posts"."plain" || ' ' || "posts"."writer_name")`,
  // A builder page is searched by its published text, not its old HTML (issue 15, migration page_search_text).
  pages:
    `("pages"."title" || ' ' || "pages"."title_en" || ' ' || (case when "pages"."format" = 'builder' then "pages"."search_text" || ' ' || "pages"."search_text_en" else "pages"."content" || ' ' || "pages"."content_en" end))`,
  awards:
    `("awards"."title" || ' ' || "awards"."title_en" || ' ' || "awards"."description" || ' ' || "awards"."description_en")`,
  // Contests (issue 12, migration contest_search): the management list's search.
  contests:
    `("contests"."title" || ' ' || "contests"."title_en" || ' ' || "contests"."company" || ' ' || "contests"."company_en")`,
  // Design market (issue 18, migration market_search; descriptions since market_search_description): the
  // public lists' keyword and the site search.
  market_products:
    `("market_products"."title" || ' ' || "market_products"."title_en" || ' ' || "market_products"."summary" || ' ' || "market_products"."summary_en" || ' ' || "market_products"."description" || ' ' || "market_products"."description_en")`,
  // Job portal and talent sharing (issue 19, migration job_search): the public lists' keyword.
  job_postings:
    `("job_postings"."title" || ' ' || "job_postings"."title_en" || ' ' || "job_postings"."company" || ' ' || "job_postings"."company_en")`,
  resumes: `("resumes"."title" || ' ' || "resumes"."title_en" || ' ' || "resumes"."introduction")`,
  shares:
    `("shares"."talent" || ' ' || "shares"."talent_en" || ' ' || "shares"."institution" || ' ' || "shares"."target")`,
} as const;
export type Searchable = keyof typeof SEARCH_EXPRESSIONS;

/** `%` and `_` of the keyword are literal; the keyword matches anywhere in the expression. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition "the table's search expression contains the keyword", case-insensitively. The caller has
 * checked the keyword with SearchKeyword; a shorter one here is a programming error, never a scan.
 */
export function searchCondition(table: Searchable, keyword: string): SQL {
  const word = keyword.trim();
  if (word.length < SEARCH_MIN_LENGTH) throw new RangeError(SEARCH_SHORT);
  return sql`${sql.raw(SEARCH_EXPRESSIONS[table])} ilike ${likePattern(word)}`;
}
