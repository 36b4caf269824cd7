// POST /api/file?purpose=…: a member's upload for one of their forms. The purpose is in the query so
// its size limit applies while the body streams in; a purpose whose area does not exist yet is refused
// (400). Every file is checked (upload.ts) before any is stored, unattached and private to its owner
// until the form's record takes it, and each member may upload at most 200 files an hour. Two shapes: a multipart form (field
// `file`), or one file as the raw body with `&name=` (what the islands send: no multipart parsing on the
// server's JavaScript thread, which costs ~35 ms for a 4 MB photo).
import { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import type { Db } from "../../db/client.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { requireSignedIn } from "../member/guard.ts";
import { grantsOf } from "../member/management.ts";
import { canUploadFor, isAdministrator, type Viewer } from "../member/permissions.ts";
import { consume } from "../member/rate-limit.ts";
import { readBody, readBytes } from "../request.ts";
import { parseQuery } from "../validation.ts";
import type { FileService } from "./files.ts";
import { FILE_PURPOSES, type FilePurpose, purposeEnabled, requestLimit, uploadRule } from "./rules.ts";
import { checkUploads, type UploadBytes } from "./upload.ts";

const UploadQuery = z.object({
  purpose: z.enum(FILE_PURPOSES as [FilePurpose, ...FilePurpose[]]),
  /** The file's name when the body is the file itself. */
  name: z.string().max(255).optional(),
  /** The work is for the web or an app (contest images: 72 dpi instead of 300). */
  web: z.enum(["0", "1"]).optional(),
});

/** Multipart field names that carry the files. */
export const FILE_FIELDS = ["file", "file[]", "files", "files[]"];

export async function receiveUploads(
  ctx: { db: Db; files: FileService; viewer: Viewer },
  req: Request,
  url: URL,
): Promise<FileRow[]> {
  requireSignedIn(ctx.viewer);
  const { purpose, web, name } = parseQuery(UploadQuery, url);
  // Purposes of areas not built yet (boards, market, contests): nothing could hold such a file.
  if (!purposeEnabled(purpose)) {
    throw new HttpError(400, "file.purpose_unavailable", undefined, {
      fields: { purpose: ["file.purpose_unavailable"] },
    });
  }
  const grants = isAdministrator(ctx.viewer) ? [] : await grantsOf(ctx.db, ctx.viewer);
  if (!canUploadFor(ctx.viewer, purpose, grants)) throw new HttpError(403, "error.403");
  const rule = uploadRule(purpose);
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  let list: (File | UploadBytes)[];
  if (type === "multipart/form-data") {
    const { files: sent } = await readBody(req, requestLimit(rule));
    list = FILE_FIELDS.flatMap((field) => sent[field] ?? []);
  } else {
    // One byte over the limit is enough to answer "too large" (file.too_large) rather than cut the body.
    const bytes = await readBytes(req, rule.maxBytes + 1);
    list = bytes.length ? [{ name: name ?? "file", bytes }] : [];
  }
  const checked = await checkUploads(rule, "file", list, { forWeb: web === "1" });
  await consume(ctx.db, [{ bucket: `upload:${ctx.viewer.id}`, max: 200, windowSeconds: 3600 }]);
  const saved: FileRow[] = [];
  for (const upload of checked) {
    // The owner's alone until the form it was uploaded for is sent and its record takes it (attach.ts).
    saved.push(await ctx.files.save(upload, { purpose, ownerId: ctx.viewer.id, access: "owner", attached: false }));
  }
  return saved;
}
