// Who may read a market product's IP file besides its seller and administrators (issue 18 §2): a buyer whose
// purchase request the seller took forward (on_going), or whose purchase finished. A buyer still waiting
// (requested), a cancelled one, or anyone else gets SPEC §8's "no access" from the file routes.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { canReadMarketIpFile, isSignedIn, type Viewer } from "../member/permissions.ts";

/** Whether the viewer buys the product whose IP file this is (a request of theirs on_going or finished). */
export async function buysIpFile(tx: Tx, viewer: Viewer, file: Pick<FileRow, "id" | "purpose">): Promise<boolean> {
  if (!isSignedIn(viewer) || file.purpose !== "market_ip") return false;
  const [product] = await tx.select({ id: marketProducts.id, sellerId: marketProducts.sellerId })
    .from(marketProducts).where(eq(marketProducts.ipFileId, file.id)).limit(1);
  if (!product) return false;
  const [request] = await tx.select({ id: marketRequests.id }).from(marketRequests).where(
    and(
      eq(marketRequests.productId, product.id),
      eq(marketRequests.buyerId, viewer.id),
      inArray(marketRequests.status, ["on_going", "finished"]),
    ),
  ).limit(1);
  return canReadMarketIpFile(viewer, product, request !== undefined);
}
