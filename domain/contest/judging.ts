// The host's side after entries close (issue 12 §6): the entries of their own contest, a comment on each,
// the winners for the prize places and other ranks, the council's counselling (an opinion of at least 50
// characters), and the extension while entries are open (SPEC §4: at most 2, 15 days, under 5 entries) —
// each a guarded change in one transaction.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  type ContestCounselRow,
  contestCounsels,
  contestEntries,
  type ContestEntryRow,
  type ContestRow,
  contests,
} from "../../db/schema/contest.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "../member/permissions.ts";
import type { ContestRank, PrizePlace } from "./options.ts";
import { assertCanJudge, contestStatus, extendedDates, isHostOf, prizeOf } from "./rules.ts";

/** The contest of this host (an administrator passes); anyone else's answers 404 as a missing one. */
export async function hostedContest(db: Tx, viewer: Viewer, id: number, lock = false): Promise<ContestRow> {
  const query = db.select().from(contests).where(eq(contests.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !isHostOf(viewer, row)) throw new HttpError(404, "contest.not_found");
  return row;
}

export interface JudgedEntry {
  entry: ContestEntryRow;
  entrant: { name: string; username: string };
}

export async function liveEntries(db: Tx, contestId: number): Promise<JudgedEntry[]> {
  const rows = await db.select({ entry: contestEntries, name: users.name, username: users.username })
    .from(contestEntries).innerJoin(users, eq(users.id, contestEntries.userId))
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.status, "submitted")))
    .orderBy(asc(contestEntries.id));
  return rows.map((r) => ({ entry: r.entry, entrant: { name: r.name, username: r.username } }));
}

export async function liveEntryCount(db: Tx, contestId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contestEntries)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.status, "submitted")));
  return Number(row?.n ?? 0);
}

export async function counselsOf(db: Tx, contestId: number): Promise<ContestCounselRow[]> {
  return await db.select().from(contestCounsels).where(eq(contestCounsels.contestId, contestId))
    .orderBy(asc(contestCounsels.id));
}

async function judgedEntry(tx: Tx, contest: ContestRow, entryId: number): Promise<ContestEntryRow> {
  const [entry] = await tx.select().from(contestEntries)
    .where(and(eq(contestEntries.id, entryId), eq(contestEntries.contestId, contest.id)));
  if (!entry || entry.status !== "submitted") throw new HttpError(404, "contest.entry_not_found");
  return entry;
}

/** The host's comment on an entry (after close, before publication). */
export async function commentEntry(
  db: Db,
  viewer: Viewer,
  contestId: number,
  entryId: number,
  comment: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const contest = await hostedContest(tx, viewer, contestId, true);
    assertCanJudge(viewer, contest, now);
    await judgedEntry(tx, contest, entryId);
    await tx.update(contestEntries).set({ hostComment: comment, updatedAt: now }).where(eq(contestEntries.id, entryId));
  });
}

/**
 * The host gives an entry a rank and, optionally, a prize place (1–3, only one entry per place, only a place
 * with a prize); a null rank takes both away. Only the host of this contest, after close_at, before the
 * results are published (SPEC §4; 409 contest.not_closed before).
 */
export async function pickWinner(
  db: Db,
  viewer: Viewer,
  contestId: number,
  input: { entry_id: number; rank: ContestRank | null; place: number | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const contest = await hostedContest(tx, viewer, contestId, true);
    assertCanJudge(viewer, contest, now);
    await judgedEntry(tx, contest, input.entry_id);
    const place = input.rank ? input.place : null;
    if (place && prizeOf(contest, place as PrizePlace) <= 0) throw new HttpError(422, "contest.no_prize_for_place");
    if (place) {
      const [holder] = await tx.select({ id: contestEntries.id }).from(contestEntries)
        .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.place, place)));
      if (holder && holder.id !== input.entry_id) throw new HttpError(409, "contest.place_taken");
    }
    await tx.update(contestEntries).set({ rank: input.rank, place, updatedAt: now })
      .where(eq(contestEntries.id, input.entry_id));
  });
}

/** The host asks the council for counselling (SPEC §5: at least 50 characters, checked by CounselInput). */
export async function requestCounsel(db: Db, viewer: Viewer, contestId: number, opinion: string): Promise<void> {
  const contest = await hostedContest(db, viewer, contestId);
  if (contest.approval !== "approved") throw new HttpError(409, "contest.wrong_status");
  await db.insert(contestCounsels).values({ contestId: contest.id, userId: viewer.id, opinion });
}

/**
 * One more extension: close_at and result_at 15 days later, in one transaction holding the contest row, so
 * two clicks cannot extend three times (SPEC §4; DESIGN §3 "contest extension" in one transaction).
 */
export async function extendContest(db: Db, viewer: Viewer, contestId: number, now: Date): Promise<ContestRow> {
  return await db.transaction(async (tx) => {
    const contest = await hostedContest(tx, viewer, contestId, true);
    const dates = extendedDates(contest, await liveEntryCount(tx, contest.id), now);
    const [row] = await tx.update(contests).set({ ...dates, updatedAt: now }).where(eq(contests.id, contest.id))
      .returning();
    return row;
  });
}

/**
 * A file of a live entry of the host's own contest (images, thumbnail, reference, attachments): the host
 * opens the entries' files through /contest/{id}/judge/files/{file} once entries have closed (409
 * contest.not_closed before, so a host cannot look at the works while others are still entering, SPEC §8
 * "judge period"); still after the results, to look back. 404 for anything else.
 */
export async function hostEntryFile(
  db: Tx,
  viewer: Viewer,
  contestId: number,
  fileId: number,
  now: Date,
): Promise<number> {
  const contest = await hostedContest(db, viewer, contestId);
  const status = contestStatus(contest, now);
  if (status === "preparing" || status === "ongoing") throw new HttpError(409, "contest.not_closed");
  const entries = await liveEntries(db, contest.id);
  const held = entries.some(({ entry }) =>
    [...entry.imageIds, ...entry.attachmentIds, entry.thumbnailId, entry.referenceId].includes(fileId)
  );
  if (!held) throw new HttpError(404, "file.not_found");
  return fileId;
}
