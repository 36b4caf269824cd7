// Who may read or remove a stored file, answered with SPEC §8's download failures: 404 'not found' when
// there is no such file, 403 'no access' when there is one the viewer may not see.
import { HttpError } from "../../framework/errors.ts";
import type { Tx } from "../../db/client.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { canDeleteFile, canJudgeAwardFiles, canReadFile, isSignedIn, type Viewer } from "../member/permissions.ts";
import { isPublishedEntryPicture, submittedEntriesHolding, submittedEntryAward } from "../award/published-files.ts";
import { judgesAnyEntry } from "../judging/scoring.ts";
import { buysIpFile } from "../market/files.ts";
import { type PostFileProof, readsPostFile } from "../board/files.ts";

export const FILE_NOT_FOUND = "file.not_found";
export const FILE_NO_ACCESS = "file.no_access";

/**
 * Whether the viewer judges a `judges` file: the file must be held by a submitted, live entry (never a
 * draft's upload, a file an edit dropped, or a cancelled entry's), and the viewer either one of the judges
 * the award's entries list lets in (canJudgeAwardFiles: IBDA judges of an auditable award) or a panel
 * judge who scores that entry now (domain/judging judgesAnyEntry: the design award's DCB and shoes judges
 * too). A file that names no award is its owner's alone.
 */
export async function judgesFile(tx: Tx, viewer: Viewer, file: FileRow): Promise<boolean> {
  if (!isSignedIn(viewer) || file.access !== "judges" || !file.awardId) return false;
  const award = await submittedEntryAward(tx, file);
  if (award === null) return false;
  if (canJudgeAwardFiles(viewer, award)) return true;
  return await judgesAnyEntry(tx, viewer, await submittedEntriesHolding(tx, file));
}

/**
 * Whether the viewer may read the file now (its owner, administrators, the public, its award's judges, the
 * buyer of the market product whose IP file it is, or — for a board post's file — whoever reads the post,
 * an anonymous secret post's reader by the password cookie the request carries in `proof`).
 */
export async function mayReadFile(tx: Tx, viewer: Viewer, file: FileRow, proof?: PostFileProof): Promise<boolean> {
  if (file.access === "public") return true;
  // A post's file follows the post, before the owner rule (its writer no longer reads a deleted post's).
  const readsThePost = await readsPostFile(tx, viewer, file, proof);
  if (readsThePost !== null) return canReadFile(viewer, file, { readsThePost });
  if (canReadFile(viewer, file)) return true;
  // A market product's IP file: its buyer once the seller took their request forward (issue 18).
  if (file.purpose === "market_ip") {
    return canReadFile(viewer, file, { buysTheFile: await buysIpFile(tx, viewer, file) });
  }
  if (file.access !== "judges") return false;
  // A picture of an entry that is public now (winner, exhibited, nominee) is everybody's.
  if (await isPublishedEntryPicture(tx, file)) return true;
  return canReadFile(viewer, file, { judgesTheFile: await judgesFile(tx, viewer, file) });
}

export async function assertReadable(
  tx: Tx,
  viewer: Viewer,
  file: FileRow | null | undefined,
  proof?: PostFileProof,
): Promise<FileRow> {
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  if (!(await mayReadFile(tx, viewer, file, proof))) throw new HttpError(403, FILE_NO_ACCESS);
  return file;
}

export function assertRemovable(viewer: Viewer, file: FileRow | null): FileRow {
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  if (!canDeleteFile(viewer, file)) throw new HttpError(403, FILE_NO_ACCESS);
  return file;
}
