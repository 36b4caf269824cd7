// Static files from static/ at the site root: an index of the files at start, ETag and 304, brotli or
// gzip variants made once and kept in memory, immutable caching for hashed or versioned URLs.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { extname, join } from "node:path";
import { contentHash } from "./hash.ts";

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};
const COMPRESSIBLE = new Set([".css", ".js", ".json", ".svg", ".txt", ".xml"]);

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  etag: string;
  type: string;
  immutable: boolean;
}

export class StaticFiles {
  #files = new Map<string, string>();
  #loaded = new Map<string, StaticFile>();
  #versions = new Map<string, string>();

  constructor(private dir: string, private immutablePrefix: string) {}

  /** Indexes the folder and prepares compressed variants of text assets (a build-time step at start). */
  async load(): Promise<void> {
    this.#files.clear();
    this.#loaded.clear();
    this.#versions.clear();
    await this.#walk(this.dir, "");
    for (const url of this.#files.keys()) {
      if (COMPRESSIBLE.has(extname(url))) await this.#read(url);
    }
  }

  async #walk(dir: string, prefix: string) {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      return; // no static folder is not an error
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const url = `${prefix}/${entry.name}`;
      if (entry.isDirectory) await this.#walk(join(dir, entry.name), url);
      else if (entry.isFile && !entry.name.endsWith(".br") && !entry.name.endsWith(".map")) {
        this.#files.set(url, join(dir, entry.name));
      }
    }
  }

  has(path: string): boolean {
    return this.#files.has(path);
  }

  /** `/css/site.css` → `/css/site.css?v=<hash>` so it can be cached for a year. */
  url(path: string): string {
    const version = this.#versions.get(path);
    return version ? `${path}?v=${version}` : path;
  }

  async #read(path: string): Promise<StaticFile> {
    const cached = this.#loaded.get(path);
    if (cached) return cached;
    const body = await Deno.readFile(this.#files.get(path)!);
    const ext = extname(path);
    const hash = await contentHash(body);
    const file: StaticFile = {
      body,
      etag: `"${hash}"`,
      type: TYPES[ext] ?? "application/octet-stream",
      immutable: path.startsWith(this.immutablePrefix),
    };
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      file.br = new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      file.gzip = new Uint8Array(gzipSync(body, { level: 9 }));
    }
    this.#versions.set(path, hash.slice(0, 10));
    this.#loaded.set(path, file);
    return file;
  }

  async serve(req: Request, path: string): Promise<Response> {
    const file = await this.#read(path);
    const url = new URL(req.url);
    const versioned = url.searchParams.get("v") === this.#versions.get(path);
    const headers = new Headers({
      "content-type": file.type,
      etag: file.etag,
      vary: "Accept-Encoding",
      "cache-control": file.immutable || versioned
        ? "public, max-age=31536000, immutable"
        : "public, max-age=300, must-revalidate",
    });
    if (req.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
    const accept = req.headers.get("accept-encoding") ?? "";
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      headers.set("content-encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      headers.set("content-encoding", "gzip");
    }
    headers.set("content-length", String(body.length));
    return new Response(req.method === "HEAD" ? null : body, { headers });
  }
}
