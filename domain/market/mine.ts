// My page market (SPEC §2.5, §7 GET /api/user/market/{type}, default `product`): the products a member sells,
// each with its status (the ban's reason), its purchase requests and the actions open to the seller; and the
// requests the member sent, with the product, the request's status and — once the seller took it forward — the
// IP file. Only the member's own rows, in the pagination shape.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { users } from "../../db/schema/member.ts";
import type { Locale } from "../../fresh.config.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import { fileUrl } from "../file/present.ts";
import type { Viewer } from "../member/permissions.ts";
import type { ProductStatus, RequestStatus } from "./options.ts";
import { type ProductSummary, summaryOf } from "./public.ts";
import { productMachine, requestMachine } from "./status.ts";
import { files } from "../../db/schema/file.ts";

export const MY_MARKET_TYPES = ["product", "request"] as const;
export type MyMarketType = typeof MY_MARKET_TYPES[number];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
export const MyMarketQuery = z.object({
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  perpage: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(8)),
});

export interface SellerRequest {
  id: number;
  buyer: string;
  message: string;
  contact: string;
  status: RequestStatus;
  created_at: string;
  /** What the seller may do with it now. */
  actions: ("forward" | "finish" | "cancel")[];
}

export interface MyProduct extends ProductSummary {
  reject_reason: string;
  /** The seller may edit it in the wizard (while it waits). */
  editable: boolean;
  requests: SellerRequest[];
}

export interface MyRequest {
  id: number;
  status: RequestStatus;
  message: string;
  contact: string;
  created_at: string;
  product: { id: number; type: string; title: string; sell_status: ProductStatus; seller: string };
  /** The IP file's download address, once the seller took the request forward. */
  ip_file: string | null;
  cancelable: boolean;
}

const sellerActions = (status: RequestStatus, productStatus: ProductStatus): SellerRequest["actions"] => {
  const actions: SellerRequest["actions"] = [];
  if (productStatus === "approved" && requestMachine.can("forward", status)) actions.push("forward");
  if (productStatus === "approved" && requestMachine.can("finish", status)) actions.push("finish");
  if (requestMachine.can("cancel", status)) actions.push("cancel");
  return actions;
};

export async function myProducts(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  rate: number,
  urlOf: (page: number) => string,
): Promise<Paginated<MyProduct>> {
  const mine = eq(marketProducts.sellerId, viewer.id);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: marketProducts.id }).from(marketProducts).where(mine).$dynamic(),
  );
  const rows = await db.select().from(marketProducts).where(mine).orderBy(desc(marketProducts.id))
    .limit(perPage).offset((page - 1) * perPage);
  const ids = rows.map((r) => r.id);
  const requests = ids.length
    ? await db.select({ request: marketRequests, name: users.name, nameEn: users.nameEn }).from(marketRequests)
      .innerJoin(users, eq(users.id, marketRequests.buyerId)).where(inArray(marketRequests.productId, ids))
      .orderBy(desc(marketRequests.id))
    : [];
  const thumbs = rows.flatMap((r) => (r.thumbnailId ? [r.thumbnailId] : []));
  const images = new Map(
    (thumbs.length
      ? await db.select({ id: files.id, width: files.width, height: files.height }).from(files)
        .where(inArray(files.id, thumbs))
      : []).map((f) => [f.id, f]),
  );
  const data = rows.map((p): MyProduct => ({
    ...summaryOf(p, images, locale, rate),
    reject_reason: p.rejectReason,
    editable: productMachine.can("edit", p.status),
    requests: requests.filter((r) => r.request.productId === p.id).map(({ request: r, name, nameEn }) => ({
      id: r.id,
      buyer: locale === "en" && nameEn ? nameEn : name,
      message: r.message,
      contact: r.contact,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      actions: sellerActions(r.status, p.status),
    })),
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

export async function myRequests(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<MyRequest>> {
  const mine = eq(marketRequests.buyerId, viewer.id);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: marketRequests.id }).from(marketRequests).where(mine).$dynamic(),
  );
  const rows = await db.select({
    request: marketRequests,
    product: marketProducts,
    seller: users.name,
    sellerEn: users.nameEn,
  })
    .from(marketRequests).innerJoin(marketProducts, eq(marketProducts.id, marketRequests.productId))
    .innerJoin(users, eq(users.id, marketProducts.sellerId))
    .where(mine).orderBy(desc(marketRequests.id)).limit(perPage).offset((page - 1) * perPage);
  const data = rows.map(({ request: r, product: p, seller, sellerEn }): MyRequest => ({
    id: r.id,
    status: r.status,
    message: r.message,
    contact: r.contact,
    created_at: r.createdAt.toISOString(),
    product: {
      id: p.id,
      type: p.type,
      title: locale === "en" && p.titleEn ? p.titleEn : p.title,
      sell_status: p.status,
      seller: locale === "en" && sellerEn ? sellerEn : seller,
    },
    ip_file: p.ipFileId && (r.status === "on_going" || r.status === "finished") ? fileUrl.download(p.ipFileId) : null,
    cancelable: requestMachine.can("cancel", r.status),
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/** How many products and requests the member has (the my-page section's count). */
export async function myMarketCount(db: Tx, userId: number): Promise<number> {
  const [p] = await db.select({ n: count() }).from(marketProducts).where(eq(marketProducts.sellerId, userId));
  const [r] = await db.select({ n: count() }).from(marketRequests).where(and(eq(marketRequests.buyerId, userId)));
  return Number(p?.n ?? 0) + Number(r?.n ?? 0);
}
