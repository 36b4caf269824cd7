// Public derivatives (gallery thumbnails above all) kept in memory and answered before routing, so a
// grid of thumbnails costs about what static files cost. Only files anyone may read are kept; a file
// that is replaced, removed or made private is dropped here and, through NOTIFY, on every instance.
import type { MiddlewareHandler } from "hono";

export interface CachedFile {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  etag: string;
  expires: number;
}

const FILE_PATH =
  /^(?:\/en)?\/api\/file\/(?:(\d+)\/(external_image|external_thumbnail|preview_image|audit_image)\.jpg|thumbnail\/(\d+))$/;

/** The cache key of a derivative request path, or null for any other path. */
export function cachedFileKey(path: string): string | null {
  const match = FILE_PATH.exec(path);
  if (!match) return null;
  return match[3] ? `${Number(match[3])}/external_thumbnail` : `${Number(match[1])}/${match[2]}`;
}

export class PublicFileCache {
  private readonly entries = new Map<string, CachedFile>();
  private bytes = 0;

  constructor(
    readonly maxBytes = 32 * 1024 * 1024,
    readonly maxEntryBytes = 512 * 1024,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): CachedFile | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    // Least recently used goes first: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, body: Uint8Array<ArrayBuffer>, headers: Headers, now = Date.now()): void {
    if (body.length > this.maxEntryBytes) return;
    this.delete(key);
    const etag = headers.get("etag") ?? "";
    this.entries.set(key, { body, headers: [...headers], etag, expires: now + this.ttlMs });
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Forgets every derivative of a file (replaced, removed, or no longer public). */
  dropFile(id: number): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${id}/`)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  respond(entry: CachedFile, req: Request): Response {
    const headers = new Headers(entry.headers);
    headers.set("x-cache", "hit");
    const sent = req.headers.get("if-none-match");
    if (sent && sent.split(",").some((t) => t.trim().replace(/^W\//, "") === entry.etag)) {
      headers.delete("content-length");
      headers.delete("content-disposition");
      return new Response(null, { status: 304, headers });
    }
    return new Response(req.method === "HEAD" ? null : entry.body, { headers });
  }
}

/** The pre-routing answer for cached public derivatives; anything else goes on to the routes. */
export function serveCachedFiles(cache: PublicFileCache, maintenance: boolean): MiddlewareHandler {
  return async (c, next) => {
    const req = c.req.raw;
    if (maintenance || cache.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return await next();
    const key = cachedFileKey(c.req.path);
    const entry = key ? cache.get(key) : undefined;
    return entry ? cache.respond(entry, req) : await next();
  };
}
