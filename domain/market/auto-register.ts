// Auto-registration from the award (SPEC §3 Entry: market auto-register flag; issue 18 §3): when an award's
// results are published, every entry that reached the judges and whose entrant ticked "register in the market"
// becomes a design-goods product waiting for the council's approval, in the publishing transaction. The link
// goes both ways: the product names the entry (`entry_id`, unique) and carries the award flag when the work won
// a prize; the entry's pages find the product through `productOfEntry`. Publishing twice registers nothing twice.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { entries } from "../../db/schema/award.ts";
import { marketProducts } from "../../db/schema/market.ts";
import { users } from "../../db/schema/member.ts";
import { CATEGORY_SLUGS, type DesignCategory } from "../award/options.ts";
import { isPrizeRank } from "../award/publication.ts";
import { JUDGING_STATUSES } from "../judging/decisions.ts";
import { DESIGN_CATEGORIES } from "./options.ts";

/** The design-goods category of an award's design branch (product, communication … service). */
export function categoryOfBranch(branch: DesignCategory): string {
  const slug = CATEGORY_SLUGS[branch];
  return (DESIGN_CATEGORIES as readonly string[]).includes(slug) ? slug : "product";
}

/** Registers the award's flagged entries as waiting products; answers how many were new. */
export async function registerFromAward(tx: Tx, awardId: number, now = new Date()): Promise<number> {
  const flagged = await tx.select({ entry: entries }).from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(
      and(
        eq(entries.awardId, awardId),
        eq(entries.marketAutoRegister, true),
        inArray(entries.status, [...JUDGING_STATUSES]),
        isNull(users.withdrawnAt),
      ),
    );
  if (!flagged.length) return 0;
  const added = await tx.insert(marketProducts).values(flagged.map(({ entry: e }) => ({
    sellerId: e.userId,
    type: "design" as const,
    category: categoryOfBranch(e.category),
    title: e.title,
    titleEn: e.titleEn,
    summary: e.description.slice(0, 500) || e.title,
    summaryEn: e.titleEn ? e.titleEn : "",
    description: e.description,
    thumbnailId: e.thumbnailId,
    imageIds: e.detailIds.slice(0, 4),
    price: 0,
    awardFlag: isPrizeRank(e.rank),
    entryId: e.id,
    status: "waiting" as const,
    createdAt: now,
    updatedAt: now,
  }))).onConflictDoNothing().returning({ id: marketProducts.id });
  return added.length;
}

/** The market product registered from an entry, if any (the entry's side of the link). */
export async function productOfEntry(tx: Tx, entryId: number) {
  const [row] = await tx.select({ id: marketProducts.id, type: marketProducts.type, status: marketProducts.status })
    .from(marketProducts).where(eq(marketProducts.entryId, entryId));
  return row ?? null;
}
