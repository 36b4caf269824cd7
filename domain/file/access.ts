// Who may read or remove a stored file, answered with SPEC §8's download failures: 404 'not found' when
// there is no such file, 403 'no access' when there is one the viewer may not see.
import { HttpError } from "../../framework/errors.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { canDeleteFile, canReadFile, isJudge, type Viewer } from "../member/permissions.ts";

export const FILE_NOT_FOUND = "file.not_found";
export const FILE_NO_ACCESS = "file.no_access";

/**
 * Whether the viewer judges the award a `judges` file belongs to. Judging panels per award arrive with
 * the award schema; until a file names its award, every approved judge counts.
 */
export function judgesFile(viewer: Viewer, _file: FileRow): boolean {
  return isJudge(viewer);
}

export function assertReadable(viewer: Viewer, file: FileRow | null): FileRow {
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  if (!canReadFile(viewer, file, judgesFile(viewer, file))) throw new HttpError(403, FILE_NO_ACCESS);
  return file;
}

export function assertRemovable(viewer: Viewer, file: FileRow | null): FileRow {
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  if (!canDeleteFile(viewer, file)) throw new HttpError(403, FILE_NO_ACCESS);
  return file;
}
