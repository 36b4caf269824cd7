// Who may read a market product's IP file besides its seller and administrators (issue 18 §2): a buyer whose
// purchase request the seller took forward (on_going), or whose purchase finished, and staff granted the
// market section (the management product screen links the file). A buyer still waiting (requested), a
// cancelled one, or anyone else gets SPEC §8's "no access" from the file routes.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { grantsOf } from "../member/management.ts";
import {
  canReadMarketIpFile,
  canSeeManagementLink,
  isAdministrator,
  isSignedIn,
  type Viewer,
} from "../member/permissions.ts";

/**
 * Whether the viewer may read the product's IP file as its buyer (a request of theirs on_going or finished)
 * or as staff granted the market section; the seller and administrators are answered by canReadFile first.
 */
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
  // Only staff can hold grants: members are spared the query.
  const staff = canSeeManagementLink(viewer) && !isAdministrator(viewer);
  const grants = staff ? await grantsOf(tx, viewer) : [];
  return canReadMarketIpFile(viewer, product, request !== undefined, grants);
}
