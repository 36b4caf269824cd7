// File answers: the right type, a safe Content-Disposition, nosniff, and caching that suits who may see
// the file (shared caches for public files, no cache for the others), with an ETag
// so a repeat visit costs a 304.
import type { FileRow } from "../../db/schema/file.ts";
import { contentDisposition } from "./names.ts";
import type { StoredObject } from "./storage.ts";

export interface ServeOptions {
  /** Distinguishes answers from one file (original, a variant, a zip). */
  variant: string;
  type: string;
  disposition: "inline" | "attachment";
  filename: string;
}

export function fileEtag(file: FileRow, variant: string): string {
  return `"${file.savename.split("/").pop()}-${variant}"`;
}

function cacheControl(file: FileRow): string {
  // A private file (identity or business papers, unpublished work) is kept in no cache at all (issue 20 §7).
  return file.access === "public" ? "public, max-age=3600, stale-while-revalidate=86400" : "no-store";
}

/** 304 when the client already has this answer. */
export function notModified(req: Request, file: FileRow, variant: string): Response | null {
  const etag = fileEtag(file, variant);
  const sent = req.headers.get("if-none-match");
  if (!sent || !sent.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return null;
  return new Response(null, { status: 304, headers: { etag, "cache-control": cacheControl(file) } });
}

export function serveObject(file: FileRow, body: BodyInit, size: number | null, o: ServeOptions) {
  const headers = new Headers({
    "content-type": o.type,
    "content-disposition": contentDisposition(o.disposition, o.filename),
    "x-content-type-options": "nosniff",
    etag: fileEtag(file, o.variant),
    "cache-control": cacheControl(file),
  });
  if (size) headers.set("content-length", String(size));
  if (file.access !== "public") headers.set("vary", "Cookie, Authorization");
  return new Response(body, { headers });
}

export function serveStored(file: FileRow, object: StoredObject, o: ServeOptions): Response {
  return serveObject(file, object.body, object.size, o);
}
