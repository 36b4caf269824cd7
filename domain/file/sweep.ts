// Uploads that nothing took (a form never sent, a purpose's record never saved) expire a day after they
// were made: their rows and objects go, so POST /api/file cannot serve as free hosting. Every instance
// runs the sweep (main.ts, hourly) and `deno task files:sweep` runs it by hand; the candidates are taken
// with FOR UPDATE SKIP LOCKED, so instances sweeping at once split the work and never delete a row twice.
// A file a member's entry draft still names is kept (the wizard keeps drafts across days); one an entry
// names, whatever path stored it, is marked attached instead.
import { and, asc, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { entries } from "../../db/schema/award.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import type { FileService } from "./files.ts";

export const UNATTACHED_LIFETIME_MS = 24 * 3600_000;
const BATCH = 200;

/** File ids named by values of a draft's file fields: a number, a numeric string, or a list of them. */
function idsIn(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => Number(v)).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Which of these files their owners' drafts or entries still name. */
async function stillNamed(tx: Tx, batch: FileRow[]): Promise<{ drafts: Set<number>; entries: Set<number> }> {
  const owners = [...new Set(batch.map((f) => f.ownerId).filter((id): id is number => id !== null))];
  const named = { drafts: new Set<number>(), entries: new Set<number>() };
  if (owners.length === 0) return named;
  // Every wizard's draft (award entries, contests, market …): any id-like value of a draft of the file's
  // owner keeps that owner's file. A number that only looks like a file id keeps it until the draft goes,
  // which is harmless; a file dropped while its draft names it would not be.
  const drafts = await tx.select({ data: wizardDrafts.data }).from(wizardDrafts)
    .where(inArray(wizardDrafts.userId, owners));
  for (const { data } of drafts) {
    for (const value of Object.values(data)) for (const id of idsIn(value)) named.drafts.add(id);
  }
  const ids = batch.map((f) => f.id);
  const idList = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::integer[]`;
  const held = await tx.select({
    thumbnailId: entries.thumbnailId,
    previewId: entries.previewId,
    detailIds: entries.detailIds,
    referenceId: entries.referenceId,
    attachmentIds: entries.attachmentIds,
  }).from(entries).where(and(
    inArray(entries.userId, owners),
    or(
      inArray(entries.thumbnailId, ids),
      inArray(entries.previewId, ids),
      inArray(entries.referenceId, ids),
      sql`${entries.detailIds} && ${idList}`,
      sql`${entries.attachmentIds} && ${idList}`,
    ),
  ));
  for (const e of held) {
    for (const id of [e.thumbnailId, e.previewId, e.referenceId, ...e.detailIds, ...e.attachmentIds]) {
      if (id !== null) named.entries.add(id);
    }
  }
  return named;
}

/**
 * Deletes the files attached to nothing that are older than a day, from the database and the store;
 * answers how many went. Safe to run on several instances at once.
 */
export async function sweepUnattachedFiles(db: Db, service: FileService, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_LIFETIME_MS);
  let after = 0;
  let removed = 0;
  while (true) {
    const round = await db.transaction(async (tx) => {
      const batch = await tx.select().from(files)
        .where(and(isNull(files.attachedAt), lt(files.createdAt, cutoff), gt(files.id, after)))
        .orderBy(asc(files.id)).limit(BATCH).for("update", { skipLocked: true });
      if (batch.length === 0) return null;
      const named = await stillNamed(tx, batch);
      const adopted = batch.filter((f) => named.entries.has(f.id)).map((f) => f.id);
      if (adopted.length) await tx.update(files).set({ attachedAt: now }).where(inArray(files.id, adopted));
      const doomed = batch.filter((f) => !named.entries.has(f.id) && !named.drafts.has(f.id));
      if (doomed.length) {
        await tx.delete(files).where(and(inArray(files.id, doomed.map((f) => f.id)), isNull(files.attachedAt)));
      }
      return { doomed, last: batch[batch.length - 1].id };
    });
    if (!round) return removed;
    after = round.last;
    // The rows are gone (committed): now their objects, and any instance's cached copy.
    for (const file of round.doomed) await service.discard(file);
    removed += round.doomed.length;
  }
}
