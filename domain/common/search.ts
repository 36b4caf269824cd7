// The one search of every list (issue 22, SPEC §5 "search text at least 2 characters"): each searchable
// table has one search expression — its names in Korean and English, usernames, e-mails, titles joined by
// spaces, stored lower-cased for members and entries — and a pg_trgm GIN index on exactly that expression
// (migrations 0012, 0050), so `expression ILIKE '%word%'` is answered from the index instead of a scan of
// every row. The expression is raw SQL with no parameters: a bound parameter inside it would keep the
// planner from matching the index.
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
  // The largest tables keep the expression lower-cased in a generated column (migration 0050): tested
  // with LIKE, a row costs a fifth of ILIKE on the joined columns.
  users: `"users"."search_text"`,
  entries: `"entries"."search_text"`,
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

/** The tables whose search text is stored lower-cased: searched with LIKE and a lower-cased pattern. */
const STORED_LOWER: ReadonlySet<Searchable> = new Set(["users", "entries"]);

/** `%` and `_` of the keyword are literal; the keyword matches anywhere in the expression. */
export function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The condition "the table's search expression contains the keyword", case-insensitively. The caller has
 * checked the keyword with SearchKeyword; a shorter one here is a programming error, never a scan.
 *
 * With a sample of the table (search-sample.ts) the index is asked for the keyword's selective pieces only
 * (`selectivePieces`), and the whole keyword is then tested on the rows it finds, in an expression the
 * index does not serve: the rows are the same, but trigrams that nearly every row holds are not intersected.
 */
export function searchCondition(table: Searchable, keyword: string, sample?: TrigramSample | null): SQL {
  const word = keyword.trim();
  if (word.length < SEARCH_MIN_LENGTH) throw new RangeError(SEARCH_SHORT);
  const expression = sql.raw(SEARCH_EXPRESSIONS[table]);
  const contains = (target: SQL, pattern: string) =>
    STORED_LOWER.has(table) ? sql`${target} like lower(${pattern})` : sql`${target} ilike ${pattern}`;
  const pieces = sample ? selectivePieces(word, sample) : null;
  if (!pieces) return contains(expression, likePattern(word));
  return sql`(${contains(expression, `%${pieces.map(escapeLike).join("%")}%`)} and ${
    contains(sql`(${expression} || '')`, likePattern(word))
  })`;
}

// ---------- Selective pieces ----------

/** How often each trigram (3 letters, lower case) occurs in a sample of a table's search expression. */
export interface TrigramSample {
  /** The rows sampled. */
  rows: number;
  /** Trigram → the sampled rows that hold it. */
  counts: Map<string, number>;
}

/** A trigram in at least this share of the rows is not worth asking the index for. */
export const UBIQUITOUS = 0.2;
/** The pieces are asked for only when one of their trigrams is this rare: else they would find too much. */
export const SELECTIVE = 0.01;

const WORD = /[\p{L}\p{N}]/u;

/** The trigrams of `text` (each letter lower-cased on its own, so positions match the text's letters). */
export function trigramsOf(text: string): string[] {
  const letters = [...text].map((c) => c.toLowerCase());
  return letters.slice(0, -2).map((_, i) => letters[i] + letters[i + 1] + letters[i + 2]);
}

/** The sample of `values`: each row's trigrams counted once. */
export function sampleOf(values: string[]): TrigramSample {
  const counts = new Map<string, number>();
  for (const value of values) {
    for (const trigram of new Set(trigramsOf(value.slice(0, 2000)))) {
      counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
    }
  }
  return { rows: values.length, counts };
}

/**
 * The parts of `keyword` worth asking a trigram index for, in order, or null to ask for the whole keyword.
 * A keyword such as `scale777@` among a million usernames `scale1`, `scale2` … shares "sca", "cal" and "ale"
 * with every row, and the index intersected three lists of a million entries for 22 candidates (13–25 ms).
 * The runs of the keyword between such common trigrams are kept (trimmed to whole words of 3 letters or more
 * at their ends, as a shorter edge word brings the index its padded trigrams, which are common too) — only
 * when one of them is rare enough to find few rows; otherwise the whole keyword, whose every trigram narrows
 * the search, is the better question. Every row holding the keyword holds its pieces in this order.
 */
export function selectivePieces(keyword: string, sample: TrigramSample): string[] | null {
  if (sample.rows === 0) return null;
  const share = trigramsOf(keyword).map((t) => (sample.counts.get(t) ?? 0) / sample.rows);
  if (!share.some((s) => s >= UBIQUITOUS)) return null;
  const letters = [...keyword];
  const pieces: string[] = [];
  let rarest = 1;
  for (let i = 0; i < share.length;) {
    if (share[i] >= UBIQUITOUS) {
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < share.length && share[end + 1] < UBIQUITOUS) end++;
    const piece = trimToWords(letters.slice(i, end + 3).join(""));
    if (piece) {
      pieces.push(piece);
      for (const s of share.slice(i, end + 1)) rarest = Math.min(rarest, s);
    }
    i = end + 1;
  }
  return pieces.length && rarest <= SELECTIVE ? pieces : null;
}

/** `piece` from its first to its last letter or digit, without edge words shorter than 3; "" when none is left. */
function trimToWords(piece: string): string {
  const parts = piece.split(/([^\p{L}\p{N}]+)/u).filter((p) => p !== "");
  while (parts.length && (!WORD.test(parts[0]) || [...parts[0]].length < 3)) parts.shift();
  while (parts.length && (!WORD.test(parts.at(-1)!) || [...parts.at(-1)!].length < 3)) parts.pop();
  return parts.join("");
}
