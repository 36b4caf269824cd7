// Public derivatives (gallery thumbnails above all) kept in memory and answered before routing, so a
// grid of thumbnails costs about what static files cost. Only files anyone may read are kept; a file
// that is replaced, removed or made private is dropped here and, through NOTIFY, on every instance.
import { isHttps, withSecurityHeaders } from "../../framework/http.ts";

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
    // The security headers (nosniff included) are added to every answer on its way out.
    const kept = [...headers].filter(([name]) => name !== "x-content-type-options");
    this.entries.set(key, { body, headers: kept, etag, expires: now + this.ttlMs });
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

  /** Headers are appended to a bare Response: Deno's constructor with headers costs several times more. */
  respond(entry: CachedFile, req: Request): Response {
    const sent = req.headers.get("if-none-match");
    const fresh = sent !== null && sent.split(",").some((t) => t.trim().replace(/^W\//, "") === entry.etag);
    const res = fresh ? new Response(null, { status: 304 }) : new Response(req.method === "HEAD" ? null : entry.body);
    const h = res.headers;
    for (const [name, value] of entry.headers) {
      if (!fresh || (name !== "content-length" && name !== "content-disposition")) h.append(name, value);
    }
    h.append("x-cache", "hit");
    return res;
  }
}

/** The answer before routing (framework/app.ts) for cached public derivatives; anything else goes on. */
export function serveCachedFiles(
  cache: PublicFileCache,
  { maintenance, trustProxy }: { maintenance: boolean; trustProxy: boolean },
): (req: Request) => Response | undefined {
  return (req) => {
    if (maintenance || cache.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return undefined;
    const key = cachedFileKey(pathOf(req.url));
    const entry = key ? cache.get(key) : undefined;
    return entry ? withSecurityHeaders(cache.respond(entry, req), isHttps(req, trustProxy)) : undefined;
  };
}

/** The path of a request URL without parsing it (the query is not part of a file's key). */
function pathOf(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  if (slash < 0) return "/";
  const query = url.indexOf("?", slash);
  return url.slice(slash, query < 0 ? undefined : query);
}
