// Which entry a judges-only file belongs to, for the file routes (domain/file/access.ts):
// - whether it is a picture of an entry the public may see now (a winner after the results, an exhibited
//   entry in its period, a nominee after the first announcement): such pictures are shown to everybody
//   without waiting for a manager to save the entry again when its date comes;
// - the award of the submitted, not cancelled entry that holds it, whose judges may read it. An upload in
//   a member's draft, one an edit left behind, or a cancelled entry's files are nobody's but the owner's.
import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type AwardRow, awards, entries } from "../../db/schema/award.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { entryVisibility } from "./publication.ts";

const isPicture = (file: FileRow) => file.mimetype.startsWith("image/");

/** The entries of the file's award that hold it: as a picture only, or in any file field. */
/** The entries of the file's award that hold it (as any picture, or also as reference and attachment). */
export function holdsFile(file: FileRow, pictures: boolean): SQL {
  const id = file.id;
  const fields = [
    eq(entries.thumbnailId, id),
    eq(entries.previewId, id),
    sql`${id} = any(${entries.detailIds})`,
    ...(pictures ? [] : [eq(entries.referenceId, id), sql`${id} = any(${entries.attachmentIds})`]),
  ];
  return and(eq(entries.awardId, file.awardId!), or(...fields))!;
}

export async function isPublishedEntryPicture(tx: Tx, file: FileRow, now = new Date()): Promise<boolean> {
  if (file.access !== "judges" || !file.awardId || !isPicture(file)) return false;
  const rows = await tx.select({ entry: entries, award: awards }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId))
    .where(holdsFile(file, true));
  return rows.some(({ entry, award }) => typeof entryVisibility(entry, award, now) === "string");
}

/** The award whose judges may read this file: that of a submitted, live entry holding it; else null. */
/** The submitted, live entries that hold a `judges` file (what its judges judge). */
export async function submittedEntriesHolding(tx: Tx, file: FileRow) {
  if (file.access !== "judges" || !file.awardId) return [];
  return await tx.select().from(entries)
    .where(and(holdsFile(file, false), ne(entries.status, "cancel"), sql`${entries.submittedAt} is not null`));
}

export async function submittedEntryAward(tx: Tx, file: FileRow): Promise<AwardRow | null> {
  if (file.access !== "judges" || !file.awardId) return null;
  const [row] = await tx.select({ award: awards }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId))
    .where(and(holdsFile(file, false), ne(entries.status, "cancel"), sql`${entries.submittedAt} is not null`))
    .limit(1);
  return row?.award ?? null;
}
