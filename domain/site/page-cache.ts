// Rendered anonymous pages kept compressed in memory (DESIGN §5): a hit costs a map lookup. An entry is
// valid only for the SiteDirectory generation it was made in, so any change to sites, menus, pages or
// texts (on any instance) drops every page at once; a TTL bounds staleness if a notification is lost.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export interface CachedPage {
  status: number;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Brotli is about a fifth smaller than gzip for our HTML; made once per page, not per request. */
  br: Uint8Array<ArrayBuffer>;
  generation: number;
  expires: number;
}

export class PageCache {
  #entries = new Map<string, CachedPage>();

  constructor(
    private generation: () => number,
    private ttlMs: number,
    private maxEntries = 2000,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation() || entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async store(key: string, res: Response, generation: number, now = Date.now()): Promise<CachedPage> {
    const body = new Uint8Array(await res.arrayBuffer());
    const entry: CachedPage = {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "text/html; charset=utf-8",
      body,
      gzip: new Uint8Array(gzipSync(body, { level: 6 })),
      br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
      generation,
      expires: now + this.ttlMs,
    };
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    return entry;
  }

  respond(entry: CachedPage, req: Request): Response {
    const accept = req.headers.get("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
    const body = encoding ? entry[encoding] : entry.body;
    const headers = new Headers({
      "content-type": entry.contentType,
      "content-length": String(body.length),
      vary: "Accept-Encoding, Cookie",
      "x-cache": "hit",
    });
    if (encoding) headers.set("content-encoding", encoding);
    return new Response(req.method === "HEAD" ? null : body, { status: entry.status, headers });
  }

  get size(): number {
    return this.#entries.size;
  }
}
