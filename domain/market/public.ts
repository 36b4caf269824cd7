// What visitors read of the market (SPEC §2.5 market lists, §7 GET /api/market/design, /api/market/intellect,
// /api/market/{type}/{id}): products on sale (or sold, on asking) of one type, newest or by price, filtered by
// keyword (≥ 2 characters, through the search kit's trigram expression), category, price range and the award
// winner flag, in the pagination shape; a product's page with its gallery, price in KRW and USD, seller and
// status. A product waiting, banned or unknown is no product (404) to anyone but its seller and the council.
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { entries } from "../../db/schema/award.ts";
import { awards } from "../../db/schema/award.ts";
import { files } from "../../db/schema/file.ts";
import { type MarketProductRow, marketProducts } from "../../db/schema/market.ts";
import { users } from "../../db/schema/member.ts";
import type { Locale } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import { searchWhere } from "../common/search-sample.ts";
import { type Money, money } from "../contest/public.ts";
import { canSellProduct, type Viewer } from "../member/permissions.ts";
import type { MarketType, ProductStatus } from "./options.ts";
import type { ProductListQuery } from "./schema.ts";

export interface ImageJson {
  id: number;
  width: number | null;
  height: number | null;
}

export interface ProductSummary {
  id: number;
  type: MarketType;
  category: string;
  title: string;
  summary: string;
  /** The alt text of the thumbnail, in the asked language. */
  alt: string;
  thumbnail: ImageJson | null;
  price: Money;
  award_flag: boolean;
  request_count: number;
  sell_status: ProductStatus;
  created_at: string;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  images: ImageJson[];
  rights_number: string;
  application_date: string | null;
  /** Whether the product has an IP file (its address only for those who may read it). */
  has_ip_file: boolean;
  seller: { id: number; name: string };
  /** The award entry the product was registered from, when it was. */
  award_entry: { id: number; award: string; year: number } | null;
  sold_at: string | null;
}

/**
 * What visitors see of the market changed (a product went on sale, was banned, corrected or sold): every
 * instance drops its rendered anonymous pages when the transaction commits (NOTIFY site_cache, as the site's
 * own tables do through migration 0001's triggers), so a banned product is not served from a cache.
 */
export async function marketChanged(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify('site_cache', 'market_products')`);
}

const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

/** The list's condition: type, status, and the filters asked (each served by an index of the schema). */
export async function listCondition(db: Tx, type: MarketType, q: ProductListQuery): Promise<SQL> {
  const where: SQL[] = [
    eq(marketProducts.type, type),
    eq(marketProducts.status, q.status === "sold" ? "finished" : "approved"),
  ];
  if (q.category) where.push(eq(marketProducts.category, q.category));
  if (q.award) where.push(eq(marketProducts.awardFlag, true));
  if (q.price_min !== undefined) where.push(gte(marketProducts.price, q.price_min));
  if (q.price_max !== undefined) where.push(lte(marketProducts.price, q.price_max));
  if (q.q) where.push(await searchWhere(db, "market_products", q.q));
  return and(...where)!;
}

async function imagesOf(db: Tx, ids: number[]): Promise<Map<number, ImageJson>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: files.id, width: files.width, height: files.height }).from(files)
    .where(inArray(files.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export function summaryOf(
  p: MarketProductRow,
  images: Map<number, ImageJson>,
  locale: Locale,
  rate: number,
): ProductSummary {
  const title = localized(p.title, p.titleEn, locale);
  return {
    id: p.id,
    type: p.type,
    category: p.category,
    title,
    summary: localized(p.summary, p.summaryEn, locale),
    alt: title,
    thumbnail: p.thumbnailId ? images.get(p.thumbnailId) ?? null : null,
    price: money(p.price, rate),
    award_flag: p.awardFlag,
    request_count: p.requestCount,
    sell_status: p.status,
    created_at: p.createdAt.toISOString(),
  };
}

export async function listProducts(
  db: Tx,
  type: MarketType,
  q: ProductListQuery,
  locale: Locale,
  rate: number,
  urlOf: (page: number) => string,
  window?: { page: number; perPage: number },
): Promise<Paginated<ProductSummary>> {
  const condition = await listCondition(db, type, q);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: marketProducts.id }).from(marketProducts).where(condition).$dynamic(),
  );
  const order = q.order === "price_asc"
    ? [asc(marketProducts.price), asc(marketProducts.id)]
    : q.order === "price_desc"
    ? [desc(marketProducts.price), desc(marketProducts.id)]
    : [desc(marketProducts.id)];
  const { page, perPage } = window ?? { page: q.page, perPage: q.perpage };
  const rows = await db.select().from(marketProducts).where(condition).orderBy(...order)
    .limit(perPage).offset((page - 1) * perPage);
  const images = await imagesOf(db, rows.flatMap((r) => (r.thumbnailId ? [r.thumbnailId] : [])));
  const data = rows.map((r) => summaryOf(r, images, locale, rate));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/**
 * A product by type and id as the viewer may see it: on sale or sold for everyone; waiting or banned only for
 * its seller and administrators (and staff granted the market, `manager`). Otherwise 404.
 */
export async function visibleProduct(
  db: Tx,
  viewer: Viewer,
  type: MarketType,
  id: number,
  manager = false,
): Promise<MarketProductRow> {
  const [row] = await db.select().from(marketProducts).where(
    and(eq(marketProducts.id, id), eq(marketProducts.type, type)),
  );
  if (!row) throw new HttpError(404, "market.not_found");
  const open = row.status === "approved" || row.status === "finished";
  if (!open && !manager && !canSellProduct(viewer, row)) throw new HttpError(404, "market.not_found");
  return row;
}

export async function productDetail(
  db: Tx,
  p: MarketProductRow,
  locale: Locale,
  rate: number,
): Promise<ProductDetail> {
  const imageIds = [...(p.thumbnailId ? [p.thumbnailId] : []), ...p.imageIds];
  const images = await imagesOf(db, imageIds);
  const [seller] = await db.select({ id: users.id, name: users.name, nameEn: users.nameEn }).from(users)
    .where(eq(users.id, p.sellerId));
  let award_entry: ProductDetail["award_entry"] = null;
  if (p.entryId) {
    const [row] = await db.select({ id: entries.id, title: awards.title, titleEn: awards.titleEn, year: awards.year })
      .from(entries).innerJoin(awards, eq(awards.id, entries.awardId)).where(eq(entries.id, p.entryId));
    if (row) award_entry = { id: row.id, award: localized(row.title, row.titleEn, locale), year: row.year };
  }
  return {
    ...summaryOf(p, images, locale, rate),
    description: localized(p.description, p.descriptionEn, locale),
    images: imageIds.flatMap((id) => images.get(id) ?? []),
    rights_number: p.rightsNumber,
    application_date: p.applicationDate,
    has_ip_file: p.ipFileId !== null,
    seller: { id: p.sellerId, name: seller ? localized(seller.name, seller.nameEn ?? "", locale) : "" },
    award_entry,
    sold_at: p.soldAt?.toISOString() ?? null,
  };
}

/**
 * A seller's products on sale, newest first (at most `limit`): what a member's public designer profile shows
 * of the market when they chose to (domain/job/profile.ts). Waiting, banned and sold ones are left out.
 */
export async function productsOnSaleBy(
  db: Tx,
  sellerId: number,
  locale: Locale,
  rate: number,
  limit = 12,
): Promise<ProductSummary[]> {
  const rows = await db.select().from(marketProducts)
    .where(and(eq(marketProducts.sellerId, sellerId), eq(marketProducts.status, "approved")))
    .orderBy(desc(marketProducts.id)).limit(limit);
  const images = await imagesOf(db, rows.flatMap((r) => (r.thumbnailId ? [r.thumbnailId] : [])));
  return rows.map((r) => summaryOf(r, images, locale, rate));
}
