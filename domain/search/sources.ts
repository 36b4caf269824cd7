// The sources of the site search (issue 13 §5 "one search box finds posts, pages, awards, contests and
// market products"): one entry per kind, each answering its matches for a keyword (≥ 2 characters, SPEC
// §5) through its table's trigram search expression (domain/common/search.ts). An area adds its kind
// here, in one place: a `kind`, how to count and read its matches, and the path of a match.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type BoundedCount, countOf } from "../common/list.ts";
import type { Db } from "../../db/client.ts";
import { awards } from "../../db/schema/award.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { contests } from "../../db/schema/contest.ts";
import { marketProducts } from "../../db/schema/market.ts";
import { pages } from "../../db/schema/site.ts";
import type { Locale } from "../../fresh.config.ts";
import { searchWhere } from "../common/search-sample.ts";
import { plainText } from "../common/rich-text.ts";
import type { Viewer } from "../member/permissions.ts";
import { hasBoardRight } from "../member/permissions.ts";

export interface SearchHit {
  kind: string;
  id: number;
  title: string;
  /** Plain text around the first match (the page highlights the keyword). */
  excerpt: string;
  path: string;
  date: string | null;
}

export interface SearchContext {
  db: Db;
  siteId: number;
  locale: Locale;
  viewer: Viewer;
  now: Date;
}

export interface SearchSource {
  kind: string;
  /** Exact up to the list kit's bound, PostgreSQL's estimate above it (broad keywords never count every row). */
  count(ctx: SearchContext, keyword: string): Promise<BoundedCount>;
  find(ctx: SearchContext, keyword: string, limit: number, offset: number): Promise<SearchHit[]>;
}

/** Up to `size` characters of `text` around the first occurrence of `keyword`. */
export function excerptAround(text: string, keyword: string, size = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const at = clean.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0 || clean.length <= size) return clean.slice(0, size);
  const start = Math.max(0, Math.min(at - Math.floor(size / 3), clean.length - size));
  return `${start > 0 ? "…" : ""}${clean.slice(start, start + size)}${start + size < clean.length ? "…" : ""}`;
}

const pick = (locale: Locale, ko: string, en: string) => (locale === "en" && en ? en : ko);

/** Posts: shown (not hidden, not deleted, not secret, in their posting period) on boards the viewer reads. */
async function postWhere(ctx: SearchContext, keyword: string, readable: number[]): Promise<SQL | undefined> {
  const at = ctx.now.toISOString();
  return and(
    await searchWhere(ctx.db, "posts", keyword),
    eq(posts.status, "visible"),
    eq(posts.approval, "approved"),
    eq(posts.secret, false),
    sql`${posts.boardId} in (${sql.join(readable.length ? readable.map((id) => sql`${id}`) : [sql`0`], sql`, `)})`,
    sql`(${posts.postFrom} is null or ${posts.postFrom} <= ${at}::timestamptz)`,
    sql`(${posts.postTo} is null or ${posts.postTo} > ${at}::timestamptz)`,
  );
}

async function readableBoards(ctx: SearchContext): Promise<number[]> {
  const rows = await ctx.db.select({ id: boards.id, rights: boards.rights }).from(boards)
    .where(eq(boards.siteId, ctx.siteId));
  return rows.filter((b) => hasBoardRight(ctx.viewer, b.rights.read ?? [])).map((b) => b.id);
}

const postSource: SearchSource = {
  kind: "post",
  async count(ctx, keyword) {
    const where = await postWhere(ctx, keyword, await readableBoards(ctx));
    return countOf(ctx.db, ctx.db.select({ id: posts.id }).from(posts).where(where).$dynamic());
  },
  async find(ctx, keyword, limit, offset) {
    const rows = await ctx.db.select({
      id: posts.id,
      title: posts.title,
      plain: posts.plain,
      slug: boards.slug,
      at: posts.createdAt,
    }).from(posts).innerJoin(boards, eq(boards.id, posts.boardId))
      .where(await postWhere(ctx, keyword, await readableBoards(ctx))).orderBy(desc(posts.id)).limit(limit).offset(
        offset,
      );
    return rows.map((r) => ({
      kind: "post",
      id: r.id,
      title: r.title,
      excerpt: excerptAround(r.plain, keyword),
      path: `/board/${r.slug}/${r.id}`,
      date: r.at.toISOString(),
    }));
  },
};

const pageWhere = async (ctx: SearchContext, keyword: string) =>
  and(eq(pages.siteId, ctx.siteId), eq(pages.published, true), await searchWhere(ctx.db, "pages", keyword));

const pageSource: SearchSource = {
  kind: "page",
  async count(ctx, keyword) {
    const where = await pageWhere(ctx, keyword);
    return countOf(ctx.db, ctx.db.select({ id: pages.id }).from(pages).where(where).$dynamic());
  },
  async find(ctx, keyword, limit, offset) {
    const rows = await ctx.db.select().from(pages).where(await pageWhere(ctx, keyword)).orderBy(pages.path).limit(limit)
      .offset(offset);
    return rows.map((r) => {
      // A builder page's text is its published trees' (what the search matched), never its old HTML.
      const text = r.format === "builder"
        ? pick(ctx.locale, r.searchText, r.searchTextEn)
        : plainText(pick(ctx.locale, r.content, r.contentEn));
      return {
        kind: "page",
        id: r.id,
        title: pick(ctx.locale, r.title, r.titleEn),
        excerpt: excerptAround(text, keyword),
        path: decodeURI(r.path),
        date: r.updatedAt.toISOString(),
      };
    });
  },
};

const awardSource: SearchSource = {
  kind: "award",
  async count(ctx, keyword) {
    const where = await searchWhere(ctx.db, "awards", keyword);
    return countOf(ctx.db, ctx.db.select({ id: awards.id }).from(awards).where(where).$dynamic());
  },
  async find(ctx, keyword, limit, offset) {
    const rows = await ctx.db.select().from(awards).where(await searchWhere(ctx.db, "awards", keyword))
      .orderBy(desc(awards.year), awards.family).limit(limit).offset(offset);
    return rows.map((r) => ({
      kind: "award",
      id: r.id,
      title: pick(ctx.locale, r.title, r.titleEn),
      excerpt: excerptAround(pick(ctx.locale, r.description, r.descriptionEn), keyword),
      path: `/${r.family}/years/${r.year}`,
      date: r.submitFrom?.toISOString() ?? null,
    }));
  },
};

/** Contests: approved ones, through the contest area's search expression and index. */
const contestMatch = async (ctx: SearchContext, keyword: string) =>
  and(eq(contests.approval, "approved"), await searchWhere(ctx.db, "contests", keyword));

const contestSource: SearchSource = {
  kind: "contest",
  async count(ctx, keyword) {
    const where = await contestMatch(ctx, keyword);
    return countOf(ctx.db, ctx.db.select({ id: contests.id }).from(contests).where(where).$dynamic());
  },
  async find(ctx, keyword, limit, offset) {
    const rows = await ctx.db.select().from(contests).where(await contestMatch(ctx, keyword)).orderBy(desc(contests.id))
      .limit(limit).offset(offset);
    return rows.map((r) => ({
      kind: "contest",
      id: r.id,
      title: pick(ctx.locale, r.title, r.titleEn),
      excerpt: excerptAround(pick(ctx.locale, r.summary, r.summaryEn), keyword),
      path: `/contest/${r.id}`,
      date: r.openAt.toISOString(),
    }));
  },
};

/**
 * Market products: those on sale (approved; not waiting, refused or sold), by title, summary and description
 * in both languages through the market's search expression and index (the public lists' keyword).
 */
const productMatch = async (ctx: SearchContext, keyword: string) =>
  and(eq(marketProducts.status, "approved"), await searchWhere(ctx.db, "market_products", keyword));

const productSource: SearchSource = {
  kind: "product",
  async count(ctx, keyword) {
    const where = await productMatch(ctx, keyword);
    return countOf(ctx.db, ctx.db.select({ id: marketProducts.id }).from(marketProducts).where(where).$dynamic());
  },
  async find(ctx, keyword, limit, offset) {
    const rows = await ctx.db.select().from(marketProducts).where(await productMatch(ctx, keyword))
      .orderBy(desc(marketProducts.id)).limit(limit).offset(offset);
    return rows.map((r) => {
      // The excerpt from the text that matched, the viewer's language first.
      const texts = ctx.locale === "en"
        ? [r.summaryEn, r.descriptionEn, r.summary, r.description]
        : [r.summary, r.description, r.summaryEn, r.descriptionEn];
      const matched = texts.find((text) => text.toLowerCase().includes(keyword.toLowerCase()));
      return {
        kind: "product",
        id: r.id,
        title: pick(ctx.locale, r.title, r.titleEn),
        excerpt: excerptAround(matched ?? pick(ctx.locale, r.summary, r.summaryEn), keyword),
        path: `/market/${r.type}/${r.id}`,
        date: r.createdAt.toISOString(),
      };
    });
  },
};

/** Every kind the search box finds, in the order results are shown. */
export const SEARCH_SOURCES: SearchSource[] = [postSource, pageSource, awardSource, contestSource, productSource];
export const SEARCH_KINDS = SEARCH_SOURCES.map((s) => s.kind);
