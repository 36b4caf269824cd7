// Purchase requests (SPEC §4 purchase request: requested → on_going → finished | canceled; issue 18 §2). A
// member who is not the seller asks for a product on sale; the seller takes one request forward, and every
// other open request of the product is cancelled in the same transaction; finishing it sells the product.
// Each change holds the product row (SELECT … FOR UPDATE), so two sellers' clicks, a ban and a new request
// are taken one after the other; the partial unique index of one on_going-or-finished request per product
// (db/schema/market.ts) guards the same rule in the database. Refusals are SPEC §8's market keys.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  type MarketProductRow,
  marketProducts,
  type MarketRequestRow,
  marketRequests,
} from "../../db/schema/market.ts";
import { HttpError } from "../../framework/errors.ts";
import { canRequestProduct, canSellProduct, isSignedIn, type Viewer } from "../member/permissions.ts";
import { mailMarketMember, mailMarketMembers, type MarketMailConfig } from "./mail.ts";
import { marketChanged } from "./public.ts";
import type { RequestInput } from "./schema.ts";
import { productMachine, requestMachine } from "./status.ts";

export const PRODUCT_NOT_FOUND = "market.not_found";

/** The product row, held until the transaction ends; 404 when there is none. */
export async function lockProduct(tx: Tx, id: number): Promise<MarketProductRow> {
  const [row] = await tx.select().from(marketProducts).where(eq(marketProducts.id, id)).for("update");
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return row;
}

/**
 * A purchase request: SPEC §8 "login needed" (401) for nobody; never on one's own product (403); only on a
 * product on sale (409 "no request"); one open request per buyer and product (409). The product's request
 * count moves in the same transaction, and the seller is told by mail.
 */
export async function requestProduct(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  productId: number,
  input: RequestInput,
  now = new Date(),
): Promise<MarketRequestRow> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "market.login_needed");
  return await db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.sellerId === viewer.id) throw new HttpError(403, "market.own_product");
    if (!canRequestProduct(viewer, product)) throw new HttpError(403, "market.members_only");
    if (product.status !== "approved") throw new HttpError(409, "market.no_request");
    const [open] = await tx.select({ id: marketRequests.id }).from(marketRequests).where(
      and(
        eq(marketRequests.productId, productId),
        eq(marketRequests.buyerId, viewer.id),
        inArray(marketRequests.status, ["requested", "on_going"]),
      ),
    );
    if (open) throw new HttpError(409, "market.already_requested");
    const [row] = await tx.insert(marketRequests).values({
      productId,
      buyerId: viewer.id,
      message: input.message,
      contact: input.contact,
      status: "requested",
      createdAt: now,
      updatedAt: now,
    }).returning();
    await tx.update(marketProducts).set({ requestCount: sql`${marketProducts.requestCount} + 1`, updatedAt: now })
      .where(eq(marketProducts.id, productId));
    await mailMarketMember(tx, config, product.sellerId, product, "request");
    return row;
  });
}

/** The request and its product (held), for the seller or an administrator; another member is refused (403). */
async function sellersRequest(tx: Tx, viewer: Viewer, requestId: number) {
  const [found] = await tx.select({ productId: marketRequests.productId }).from(marketRequests)
    .where(eq(marketRequests.id, requestId));
  if (!found) throw new HttpError(404, "market.no_request");
  const product = await lockProduct(tx, found.productId);
  if (!canSellProduct(viewer, product)) throw new HttpError(403, "market.not_seller");
  const [request] = await tx.select().from(marketRequests).where(eq(marketRequests.id, requestId));
  return { product, request };
}

/**
 * The seller takes one request forward: it becomes on_going and every other open (requested) request of the
 * product is cancelled, all in one transaction; the buyer is told it went forward, the others that theirs was
 * cancelled. Of two take-forwards at once exactly one wins: the second finds its request cancelled (409).
 */
export async function forwardRequest(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  requestId: number,
  now = new Date(),
): Promise<{ forwarded: MarketRequestRow; canceled: number }> {
  return await db.transaction(async (tx) => {
    const { product, request } = await sellersRequest(tx, viewer, requestId);
    if (product.status !== "approved") throw new HttpError(409, "market.no_request");
    const status = requestMachine.next("forward", request.status);
    const [forwarded] = await tx.update(marketRequests)
      .set({ status, forwardedAt: now, updatedAt: now })
      .where(and(eq(marketRequests.id, requestId), requestMachine.fromCondition(marketRequests.status, "forward")))
      .returning();
    if (!forwarded) throw new HttpError(409, "market.no_request");
    const displaced = await tx.update(marketRequests)
      .set({ status: requestMachine.transitions.displace.to, canceledAt: now, updatedAt: now })
      .where(
        and(
          eq(marketRequests.productId, product.id),
          ne(marketRequests.id, requestId),
          requestMachine.fromCondition(marketRequests.status, "displace"),
        ),
      )
      .returning({ buyerId: marketRequests.buyerId });
    await mailMarketMember(tx, config, forwarded.buyerId, product, "forwarded");
    await mailMarketMembers(tx, config, displaced.map((d) => d.buyerId), product, "canceled");
    return { forwarded, canceled: displaced.length };
  });
}

/** The seller marks the purchase finished: the request finished and the product sold (finished), together. */
export async function finishRequest(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  requestId: number,
  now = new Date(),
): Promise<MarketRequestRow> {
  return await db.transaction(async (tx) => {
    const { product, request } = await sellersRequest(tx, viewer, requestId);
    const status = requestMachine.next("finish", request.status);
    const sold = productMachine.next("sell", product.status);
    const [finished] = await tx.update(marketRequests).set({ status, finishedAt: now, updatedAt: now })
      .where(and(eq(marketRequests.id, requestId), requestMachine.fromCondition(marketRequests.status, "finish")))
      .returning();
    if (!finished) throw new HttpError(409, "market.no_request");
    await tx.update(marketProducts).set({ status: sold, soldAt: now, updatedAt: now })
      .where(eq(marketProducts.id, product.id));
    await mailMarketMember(tx, config, finished.buyerId, product, "finished");
    await mailMarketMember(tx, config, product.sellerId, product, "sold");
    await marketChanged(tx);
    return finished;
  });
}

/**
 * Cancels an open request: its buyer (their own) or the product's seller or an administrator. The other
 * side is told by mail. Anyone else: 403 (a buyer learns nothing of other buyers' requests).
 */
export async function cancelRequest(
  db: Db,
  config: MarketMailConfig,
  viewer: Viewer,
  requestId: number,
  now = new Date(),
): Promise<MarketRequestRow> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "market.login_needed");
  return await db.transaction(async (tx) => {
    const [found] = await tx.select({ productId: marketRequests.productId, buyerId: marketRequests.buyerId })
      .from(marketRequests).where(eq(marketRequests.id, requestId));
    if (!found) throw new HttpError(404, "market.no_request");
    const product = await lockProduct(tx, found.productId);
    const buyer = found.buyerId === viewer.id;
    if (!buyer && !canSellProduct(viewer, product)) throw new HttpError(403, "market.not_seller");
    const [request] = await tx.select().from(marketRequests).where(eq(marketRequests.id, requestId));
    const status = requestMachine.next("cancel", request.status);
    const [canceled] = await tx.update(marketRequests).set({ status, canceledAt: now, updatedAt: now })
      .where(and(eq(marketRequests.id, requestId), requestMachine.fromCondition(marketRequests.status, "cancel")))
      .returning();
    if (!canceled) throw new HttpError(409, "market.no_request");
    if (buyer) await mailMarketMember(tx, config, product.sellerId, product, "canceled");
    else await mailMarketMember(tx, config, canceled.buyerId, product, "canceled");
    return canceled;
  });
}

/** Cancels every open request of a product (a ban), telling each buyer; answers how many. */
export async function cancelOpenRequests(
  tx: Tx,
  config: MarketMailConfig,
  product: MarketProductRow,
  now: Date,
): Promise<number> {
  const rows = await tx.update(marketRequests).set({ status: "canceled", canceledAt: now, updatedAt: now })
    .where(
      and(eq(marketRequests.productId, product.id), requestMachine.fromCondition(marketRequests.status, "cancel")),
    )
    .returning({ buyerId: marketRequests.buyerId });
  await mailMarketMembers(tx, config, rows.map((r) => r.buyerId), product, "canceled");
  return rows.length;
}
