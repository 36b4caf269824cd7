// The council's side of the market (SPEC §2.2 /management/market/design|intellect, issue 18 §5): the list of
// one type's products (status filter, keyword, sort, bulk approval of the waiting ones), a product's screen
// (approve; ban with a reason, which cancels its open requests; correct its texts, category and price; its
// purchase requests) and the streamed CSV. The route's guard (routes/management/_middleware.ts) admits
// administrators and staff granted the `market` section; every change runs in one transaction with its mails.
import { and, asc, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { files } from "../../db/schema/file.ts";
import {
  type MarketProductRow,
  marketProducts,
  type MarketRequestRow,
  marketRequests,
} from "../../db/schema/market.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import type { Sort } from "../common/table.ts";
import type { Viewer } from "../member/permissions.ts";
import { mailMarketMember, type MarketMailConfig } from "./mail.ts";
import { isCategoryOf, type MarketType, PRODUCT_STATUSES } from "./options.ts";
import { marketChanged } from "./public.ts";
import { cancelOpenRequests, lockProduct } from "./requests.ts";
import { Price } from "./schema.ts";
import { productMachine } from "./status.ts";

export const MANAGE_SORTS = ["id", "price", "requests"] as const;
export type ManageSort = typeof MANAGE_SORTS[number];

export const ManageQuery = z.object({
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(PRODUCT_STATUSES).optional()),
  q: SearchKeyword,
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

export interface ManagedProduct {
  product: MarketProductRow;
  seller: { id: number; username: string; name: string };
}

async function manageCondition(db: Tx, type: MarketType, filter: { status?: string; q?: string }): Promise<SQL> {
  const where: SQL[] = [eq(marketProducts.type, type)];
  if (filter.status) where.push(eq(marketProducts.status, filter.status as MarketProductRow["status"]));
  if (filter.q) where.push(await searchWhere(db, "market_products", filter.q));
  return and(...where)!;
}

const orderOf = (sort: Sort<ManageSort>) => {
  const dir = sort.dir === "asc" ? asc : desc;
  if (sort.key === "price") return [dir(marketProducts.price), dir(marketProducts.id)];
  if (sort.key === "requests") return [dir(marketProducts.requestCount), dir(marketProducts.id)];
  return [dir(marketProducts.id)];
};

export async function listManagedProducts(
  db: Tx,
  type: MarketType,
  filter: { status?: string; q?: string },
  sort: Sort<ManageSort>,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedProduct>> {
  const condition = await manageCondition(db, type, filter);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: marketProducts.id }).from(marketProducts).where(condition).$dynamic(),
  );
  const rows = await db.select({ product: marketProducts, username: users.username, name: users.name })
    .from(marketProducts).innerJoin(users, eq(users.id, marketProducts.sellerId)).where(condition)
    .orderBy(...orderOf(sort)).limit(perPage).offset((page - 1) * perPage);
  const data = rows.map((r) => ({
    product: r.product,
    seller: { id: r.product.sellerId, username: r.username, name: r.name },
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/** One batch of the CSV export: products of the type after `after`, in id order. */
export async function productBatch(db: Tx, type: MarketType, after: number, limit: number) {
  return await db.select({ product: marketProducts, username: users.username, name: users.name })
    .from(marketProducts).innerJoin(users, eq(users.id, marketProducts.sellerId))
    .where(and(eq(marketProducts.type, type), gt(marketProducts.id, after)))
    .orderBy(asc(marketProducts.id)).limit(limit);
}

export async function managedProduct(db: Tx, type: MarketType, id: number): Promise<ManagedProduct> {
  const [row] = await db.select({ product: marketProducts, username: users.username, name: users.name })
    .from(marketProducts).innerJoin(users, eq(users.id, marketProducts.sellerId))
    .where(and(eq(marketProducts.id, id), eq(marketProducts.type, type)));
  if (!row) throw new HttpError(404, "market.not_found");
  return { product: row.product, seller: { id: row.product.sellerId, username: row.username, name: row.name } };
}

export interface RequestWithBuyer {
  request: MarketRequestRow;
  buyer: { id: number; username: string; name: string; email: string };
}

/** The purchase requests of a product, newest first (the seller's and the council's view). */
export async function requestsOf(db: Tx, productId: number, limit = 200): Promise<RequestWithBuyer[]> {
  const rows = await db.select({
    request: marketRequests,
    username: users.username,
    name: users.name,
    email: users.email,
  }).from(marketRequests).innerJoin(users, eq(users.id, marketRequests.buyerId))
    .where(eq(marketRequests.productId, productId)).orderBy(desc(marketRequests.id)).limit(limit);
  return rows.map((r) => ({
    request: r.request,
    buyer: { id: r.request.buyerId, username: r.username, name: r.name, email: r.email },
  }));
}

/**
 * Approves waiting products (one or a bulk selection, all or nothing): they go on sale, their pictures become
 * everybody's (a product registered from an award entry shows the entry's pictures: the entrant asked for the
 * listing and the council approved it), and each seller is told by mail.
 */
export async function approveProducts(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  type: MarketType,
  ids: number[],
  now = new Date(),
): Promise<number> {
  return await db.transaction(async (tx) => {
    const rows = await tx.select().from(marketProducts)
      .where(and(inArray(marketProducts.id, ids), eq(marketProducts.type, type))).orderBy(asc(marketProducts.id))
      .for("update");
    if (rows.length !== ids.length) throw new HttpError(404, "market.not_found");
    for (const row of rows) {
      const status = productMachine.next("approve", row.status);
      await tx.update(marketProducts).set({
        status,
        decidedAt: now,
        decidedBy: viewer.id,
        rejectReason: "",
        updatedAt: now,
      })
        .where(eq(marketProducts.id, row.id));
      const pictures = [row.thumbnailId, ...row.imageIds].filter((n): n is number => !!n);
      if (pictures.length) {
        await tx.update(files).set({ access: "public", attachedAt: now, updatedAt: now })
          .where(inArray(files.id, pictures));
      }
      await mailMarketMember(tx, config, row.sellerId, row, "approved", {}, `/market/${row.type}/${row.id}`);
    }
    await marketChanged(tx);
    return rows.length;
  });
}

/** Bans a waiting or on-sale product with a reason: its open requests are cancelled, seller and buyers told. */
export async function banProduct(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  type: MarketType,
  id: number,
  reason: string,
  now = new Date(),
): Promise<MarketProductRow> {
  return await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (row.type !== type) throw new HttpError(404, "market.not_found");
    const status = productMachine.next("ban", row.status);
    const [banned] = await tx.update(marketProducts)
      .set({ status, rejectReason: reason, decidedAt: now, decidedBy: viewer.id, updatedAt: now })
      .where(and(eq(marketProducts.id, id), productMachine.fromCondition(marketProducts.status, "ban"))).returning();
    if (!banned) throw new HttpError(409, "market.wrong_status");
    await cancelOpenRequests(tx, config, row, now);
    await mailMarketMember(tx, config, row.sellerId, row, "banned", { reason });
    await marketChanged(tx);
    return banned;
  });
}

export const StaffEdit = z.object({
  category: z.string().trim().min(1, "market.category_required").max(40),
  title: z.string().trim().min(1, "market.required").max(200, "market.too_long"),
  title_en: z.string().trim().max(200, "market.too_long").default(""),
  summary: z.string().trim().min(1, "market.required").max(500, "market.too_long"),
  summary_en: z.string().trim().max(500, "market.too_long").default(""),
  description: z.string().trim().max(5000, "market.too_long").default(""),
  description_en: z.string().trim().max(5000, "market.too_long").default(""),
  price: Price,
});

/** The council corrects a product's texts, category and price (not a sold one); its status stays. */
export async function editProductByStaff(
  db: Db,
  type: MarketType,
  id: number,
  input: z.infer<typeof StaffEdit>,
  now = new Date(),
): Promise<MarketProductRow> {
  return await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (row.type !== type) throw new HttpError(404, "market.not_found");
    if (row.status === "finished") throw new HttpError(409, "market.wrong_status");
    if (!isCategoryOf(type, input.category)) {
      throw new HttpError(422, "error.validation", undefined, { fields: { category: ["market.category_required"] } });
    }
    const [saved] = await tx.update(marketProducts).set({
      category: input.category,
      title: input.title,
      titleEn: input.title_en,
      summary: input.summary,
      summaryEn: input.summary_en,
      description: input.description,
      descriptionEn: input.description_en,
      price: input.price,
      updatedAt: now,
    }).where(eq(marketProducts.id, id)).returning();
    await marketChanged(tx);
    return saved;
  });
}
