// The file calls of SPEC §7 behind thin routes: find the file, check the viewer may read it, then
// answer the original, a derivative, or a zip, streamed from the store.
import { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import type { FileRow } from "../../db/schema/file.ts";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../member/permissions.ts";
import { sessionIsLive } from "../member/session.ts";
import { loadViewer } from "../member/viewer.ts";
import { assertReadable, FILE_NO_ACCESS, FILE_NOT_FOUND } from "./access.ts";
import { VARIANT_NAMES, type VariantName } from "./derivatives.ts";
import type { FileService } from "./files.ts";
import { verifyDownload } from "./links.ts";
import { cleanFilename, uniqueNames } from "./names.ts";
import { type FileKind, MIME_BY_KIND } from "./rules.ts";
import { notModified, serveObject, serveStored } from "./serve.ts";
import { zipStream } from "./zip.ts";
import { readAll } from "./storage.ts";

export interface FileContext {
  files: FileService;
  viewer: Viewer;
  db: Db;
  sessionSecret: Uint8Array;
  /** The request, whose cookies may open an anonymous secret post's files (domain/board/files.ts). */
  req?: Request;
}

const FileId = z.coerce.number().int().positive().max(2_147_483_647);

/** An id from the path; anything that is not one is simply not found. */
export function fileId(raw: string | undefined): number {
  const id = FileId.safeParse(raw);
  if (!id.success) throw new HttpError(404, FILE_NOT_FOUND);
  return id.data;
}

const proofOf = (ctx: FileContext) => ctx.req ? { req: ctx.req, sessionSecret: ctx.sessionSecret } : undefined;

export async function readableFile(ctx: FileContext, raw: string | undefined, viewer = ctx.viewer): Promise<FileRow> {
  return await assertReadable(ctx.db, viewer, await ctx.files.find(fileId(raw)), proofOf(ctx));
}

/**
 * The viewer a signed download link was made for (links.ts), checked again now against the file. The
 * link lives only as long as the session that made it: signing out (or any end of that session) ends it.
 */
export async function linkViewer(ctx: FileContext, id: number, token: string): Promise<Viewer> {
  const link = await verifyDownload(ctx.sessionSecret, id, token);
  if (!link) throw new HttpError(403, FILE_NO_ACCESS);
  const loaded = await loadViewer(ctx.db, link.viewerId);
  if (!loaded || !(await sessionIsLive(ctx.db, link.sessionId, link.viewerId, loaded.viewer))) {
    throw new HttpError(403, FILE_NO_ACCESS);
  }
  return loaded.viewer;
}

function kindOf(file: FileRow): FileKind | undefined {
  return (Object.keys(MIME_BY_KIND) as FileKind[]).find((k) => MIME_BY_KIND[k] === file.mimetype);
}

/** The name a download gets: the requested one (cleaned, no path) or the original, with its true extension. */
export function downloadName(file: FileRow, requested?: string | null): string {
  return cleanFilename(requested?.trim() || file.originalName, kindOf(file));
}

export async function answerOriginal(
  ctx: FileContext,
  req: Request,
  file: FileRow,
  disposition: "inline" | "attachment",
  name?: string | null,
): Promise<Response> {
  const cached = notModified(req, file, "original");
  if (cached) return cached;
  const object = await ctx.files.original(file);
  if (!object) throw new HttpError(404, FILE_NOT_FOUND);
  return serveStored(file, object, {
    variant: "original",
    type: file.mimetype,
    disposition,
    filename: downloadName(file, name),
  });
}

export function isVariantName(name: string): name is VariantName {
  return (VARIANT_NAMES as readonly string[]).includes(name);
}

export async function answerVariant(ctx: FileContext, req: Request, file: FileRow, name: VariantName) {
  const cached = notModified(req, file, name);
  if (cached) return cached;
  const object = await ctx.files.variant(file, name).catch(() => null);
  if (!object) throw new HttpError(404, FILE_NOT_FOUND);
  const stem = downloadName(file).replace(/\.[^.]+$/, "");
  const options = { variant: name, type: "image/jpeg", disposition: "inline", filename: `${stem}.jpg` } as const;
  const cache = ctx.files.publicCache;
  if (file.access !== "public" || object.size > cache.maxEntryBytes) return serveStored(file, object, options);
  // Public and small: kept for the pre-routing answer (public-cache.ts) and answered from the bytes.
  const bytes = await readAll(object);
  const res = serveObject(file, bytes, bytes.length, options);
  cache.set(`${file.id}/${name}`, bytes, res.headers);
  return res;
}

/** Several files as one zip, all or nothing: every id must exist and be readable. */
export async function answerZip(ctx: FileContext, ids: number[], name = "files.zip"): Promise<Response> {
  const unique = [...new Set(ids)];
  const found = await ctx.files.findMany(unique);
  const byId = new Map(found.map((f) => [f.id, f]));
  const ordered: FileRow[] = [];
  for (const id of unique) ordered.push(await assertReadable(ctx.db, ctx.viewer, byId.get(id), proofOf(ctx)));
  return zipAnswer(ctx, ordered, name);
}

export function zipAnswer(ctx: FileContext, list: FileRow[], name: string, etagOf?: FileRow): Response {
  const names = uniqueNames(list.map((f) => downloadName(f)));
  const body = zipStream(list.map((file, i) => ({
    name: names[i],
    date: file.createdAt,
    open: async () => (await ctx.files.original(file))?.body ?? null,
  })));
  const owner = etagOf ??
    { ...list[0], access: list.every((f) => f.access === "public") ? "public" : "owner" } as FileRow;
  return serveObject(owner, body, null, {
    variant: `zip-${list.map((f) => f.id).join("-")}`,
    type: "application/zip",
    disposition: "attachment",
    filename: cleanFilename(name, "zip"),
  });
}
