// HTTP concerns for every response, static files included: a request id, security headers, and gzip
// of dynamic text (node:zlib at a low level: hono/compress cost 2.6× throughput here, DESIGN §5).
import type { Context, MiddlewareHandler } from "hono";
import { gzipSync } from "node:zlib";
import { clientAddressFrom, type TrustedProxies } from "./proxy.ts";

/** The request's id: the trusted proxy's X-Request-Id when it sent a sane one, else a new one. */
export function requestIdFor(req: Request, trustProxy: boolean): string {
  const incoming = trustProxy ? req.headers.get("x-request-id") : null;
  return incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID().replaceAll("-", "").slice(0, 16);
}

export function requestId({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const id = requestIdFor(c.req.raw, trustProxy);
    c.set("requestId" as never, id as never);
    await next();
    c.res.headers.set("x-request-id", id);
  };
}

/** Whether the visitor reached us over https, directly or through a trusted reverse proxy. */
export function isHttps(req: Request, trustProxy: boolean): boolean {
  const forwarded = trustProxy ? req.headers.get("x-forwarded-proto") : null;
  // req.url is serialized, so its scheme is lowercase: no need to parse it.
  return forwarded ? forwarded.split(",")[0].trim() === "https" : req.url.startsWith("https:");
}

/**
 * The client's address: the rightmost X-Forwarded-For hop that is not one of our trusted proxies
 * (framework/proxy.ts), else the socket's peer. Never the leftmost: a client writes that one itself.
 */
export function clientAddress(req: Request, remoteAddr: string, proxies: TrustedProxies): string {
  return clientAddressFrom(req.headers.get("x-forwarded-for"), remoteAddr, proxies);
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/** The strict policy with extra sources for some directives (e.g. a payment provider's script and frames). */
export function widenPolicy(extra: Record<string, string[]>): string {
  return CONTENT_SECURITY_POLICY.split("; ").map((directive) => {
    const name = directive.split(" ")[0];
    return extra[name] ? `${directive} ${extra[name].join(" ")}` : directive;
  }).concat(
    Object.keys(extra).filter((n) => !CONTENT_SECURITY_POLICY.includes(`${n} `)).map((n) =>
      `${n} ${extra[n].join(" ")}`
    ),
  )
    .join("; ");
}

const SECURITY_HEADERS: [string, string][] = [
  ["content-security-policy", CONTENT_SECURITY_POLICY],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
  ["cross-origin-opener-policy", "same-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
];
const HSTS = "max-age=31536000; includeSubDomains";

/** Responses that got their security headers from withSecurityHeaders: the middleware leaves them be. */
const secured = new WeakSet<Response>();

/**
 * Gives a response built without any of them the same security headers the middleware sets, by
 * appending (Headers.set scans and lowercases the whole list each time: a dozen of those are a
 * noticeable part of a page-cache hit), and marks it so that securityHeaders does not set them again.
 * `https` must be isHttps(req, trustProxy) of the request, as the middleware would compute it.
 */
export function withSecurityHeaders(res: Response, https: boolean): Response {
  const h = res.headers;
  for (const [name, value] of SECURITY_HEADERS) h.append(name, value);
  if (https) h.append("strict-transport-security", HSTS);
  secured.add(res);
  return res;
}

export function securityHeaders({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (secured.has(c.res)) return;
    const h = c.res.headers;
    // A route that needs another policy (the card provider's payment window) sets its own, built from
    // CONTENT_SECURITY_POLICY with widenPolicy; every other response gets the strict one.
    const own = h.get("content-security-policy");
    for (const [name, value] of SECURITY_HEADERS) h.set(name, value);
    if (own) h.set("content-security-policy", own);
    h.delete("server");
    h.delete("x-powered-by");
    if (isHttps(c.req.raw, trustProxy)) h.set("strict-transport-security", HSTS);
  };
}

/** Hono copies the old response's headers onto a new one (content-length included); start clean. */
function replace(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/** The text a response was built from (rendered pages): compressText encodes it rather than reading
 * the body back through a stream, which costs a copy and keeps buffers alive into the old generation. */
const textBodies = new WeakMap<Response, string>();
const encoder = new TextEncoder();

/** A response whose body is `text`, remembered for compressText. */
export function textResponse(text: string, init: ResponseInit): Response {
  const res = new Response(text, init);
  textBodies.set(res, text);
  return res;
}

/** A response's body as bytes: encoded from its text when textResponse made it. */
export async function bodyBytes(res: Response): Promise<Uint8Array<ArrayBuffer>> {
  const text = textBodies.get(res);
  return text === undefined ? new Uint8Array(await res.arrayBuffer()) : encoder.encode(text);
}

/** Rendered pages are encoded here and gzipped at once (gzipSync copies): no new buffer per page. */
const scratch = new Uint8Array(512 * 1024);

/** `text` as UTF-8, in the shared scratch buffer when it fits; valid until the next call. */
function encodeForGzip(text: string): Uint8Array {
  if (text.length * 3 > scratch.length) return encoder.encode(text);
  return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/** Streamed answers (exports): compressText gzips them as a stream, never holding the whole body. */
const streamedBodies = new WeakSet<Response>();

/** A response whose body is produced as it is read (a CSV export of a million rows). */
export function streamResponse(body: ReadableStream<Uint8Array>, init: ResponseInit): Response {
  const res = new Response(body, init);
  streamedBodies.add(res);
  return res;
}

export function compressText(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (streamedBodies.has(res) && res.body && COMPRESSIBLE.test(type) && !res.headers.has("content-encoding")) {
      if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
      const out = new Response(res.body.pipeThrough(new CompressionStream("gzip")), { status: res.status });
      for (const [name, value] of res.headers) if (name !== "content-length") out.headers.append(name, value);
      out.headers.append("vary", "Accept-Encoding");
      out.headers.set("content-encoding", "gzip");
      replace(c, out);
      return;
    }
    // `res.body` last: reading it turns a byte body into a stream, which Deno then sends more slowly.
    const text = textBodies.get(res);
    if (
      res.headers.has("content-encoding") || !COMPRESSIBLE.test(type) ||
      !/\bgzip\b/.test(c.req.header("accept-encoding") ?? "") || (text === undefined && !res.body)
    ) return;
    const body = text === undefined ? new Uint8Array(await res.arrayBuffer()) : encodeForGzip(text);
    const small = body.length < 1024;
    const out = new Response(small ? body.slice() : gzipSync(body, { level: 1 }) as Uint8Array<ArrayBuffer>, {
      status: res.status,
      statusText: res.statusText,
    });
    // Copied one by one: Deno's Response constructor is several times slower given the headers.
    const headers = out.headers;
    for (const [name, value] of res.headers) {
      if (!small && (name === "content-length" || name === "content-encoding")) continue;
      headers.append(name, value);
    }
    headers.append("vary", "Accept-Encoding");
    if (!small) headers.set("content-encoding", "gzip");
    replace(c, out);
  };
}

/** `GET /healthz` for load balancers: answers before any routing or database work. */
export function healthCheck(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === "/healthz") {
      // Headers appended to a bare Response: Deno's Response constructor is slow with headers.
      const res = new Response("ok");
      res.headers.set("content-type", "text/plain; charset=UTF-8");
      res.headers.set("cache-control", "no-store");
      return res;
    }
    await next();
  };
}
