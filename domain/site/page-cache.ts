// Rendered anonymous pages kept compressed in memory (DESIGN §5): a hit costs a map lookup. An entry is
// valid only for the SiteDirectory generation it was made in, so any change to sites, menus, pages or
// texts (on any instance) drops every page at once; a TTL bounds staleness if a notification is lost.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { bodyBytes } from "../../framework/http.ts";

export type Encoding = "br" | "gzip";

/** A body kept raw, gzipped and brotli-compressed, compressed once rather than per request. */
export interface EncodedBody {
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Brotli is about a fifth smaller than gzip for our HTML. */
  br: Uint8Array<ArrayBuffer>;
}

export function encodeBody(body: Uint8Array<ArrayBuffer>, contentType: string): EncodedBody {
  return {
    contentType,
    body,
    gzip: new Uint8Array(gzipSync(body, { level: 6 })),
    br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
  };
}

/**
 * The body as a response for this request: brotli, gzip or identity by its Accept-Encoding. Headers are
 * appended to a bare Response: giving them to the constructor costs several times more in Deno (about
 * 15 µs against 2 µs for a dozen headers), a good part of what a page-cache hit costs.
 */
export function encodedResponse(encoded: EncodedBody, req: Request, status: number, vary: string): Response {
  const encoding = encodingFor(req.headers.get("accept-encoding"));
  const body = encoding ? encoded[encoding] : encoded.body;
  const res = new Response(req.method === "HEAD" ? null : body, { status });
  const headers = res.headers;
  headers.append("content-type", encoded.contentType);
  // Deno sends the length of a byte body itself; a HEAD answer says what GET would send.
  if (req.method === "HEAD") headers.append("content-length", String(body.length));
  headers.append("vary", vary);
  if (encoding) headers.append("content-encoding", encoding);
  return res;
}

export interface CachedPage extends EncodedBody {
  status: number;
  generation: number;
  expires: number;
}

export class PageCache {
  #entries = new Map<string, CachedPage>();
  /** Misses being rendered, by key and generation: the entry they stored, or null when not cacheable. */
  #rendering = new Map<string, Promise<CachedPage | null>>();

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
    const body = await bodyBytes(res);
    const entry: CachedPage = {
      ...encodeBody(body, res.headers.get("content-type") ?? "text/html; charset=utf-8"),
      status: res.status,
      generation,
      expires: now + this.ttlMs,
    };
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * Concurrent misses of one page render it once (after a publish drops the cache, a crowd of visitors
   * would otherwise each render and compress the same page): the first miss of a key in a generation
   * renders through `render`, which answers the entry it stored or null; the others wait for it. A waiter
   * gets null (and renders itself) when the first one stored nothing. A later generation never waits for
   * an earlier one's render.
   */
  async once(key: string, generation: number, render: () => Promise<CachedPage | null>) {
    const flight = `${generation} ${key}`;
    const running = this.#rendering.get(flight);
    if (running) return { entry: await running, joined: true };
    const rendered = render();
    const settled = rendered.catch(() => null);
    this.#rendering.set(flight, settled);
    try {
      return { entry: await rendered, joined: false };
    } finally {
      this.#rendering.delete(flight);
    }
  }

  /** The entry as a response for this request (see encodedResponse), marked as a hit. */
  respond(entry: CachedPage, req: Request): Response {
    const res = encodedResponse(entry, req, entry.status, "Accept-Encoding, Cookie");
    res.headers.append("x-cache", "hit");
    return res;
  }

  get size(): number {
    return this.#entries.size;
  }
}

let lastAccept: string | null = null;
let lastEncoding: Encoding | undefined;

/** The encoding to send for an Accept-Encoding header (the last answer is remembered: clients repeat it). */
export function encodingFor(accept: string | null): Encoding | undefined {
  if (accept === lastAccept) return lastEncoding;
  const encoding = !accept ? undefined : /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
  lastAccept = accept;
  lastEncoding = encoding;
  return encoding;
}
