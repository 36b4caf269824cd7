// Whether a judges-only picture belongs to an entry the public may see now (a winner after the results,
// an exhibited entry in its period, a nominee after the first announcement): such pictures are shown to
// everybody without waiting for a manager to save the entry again when its date comes.
import { and, eq, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { entryVisibility } from "./publication.ts";

export async function isPublishedEntryPicture(tx: Tx, file: FileRow, now = new Date()): Promise<boolean> {
  if (file.access !== "judges" || !file.awardId || !file.mimetype.startsWith("image/")) return false;
  const rows = await tx.select({ entry: entries, award: awards }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId))
    .where(and(
      eq(entries.awardId, file.awardId),
      or(eq(entries.thumbnailId, file.id), eq(entries.previewId, file.id), sql`${file.id} = any(${entries.detailIds})`),
    ));
  return rows.some(({ entry, award }) => typeof entryVisibility(entry, award, now) === "string");
}
