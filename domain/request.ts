// Reading a request body as an object, whatever the client sent: JSON, a urlencoded form or multipart.
// The Content-Type decides (STYLE: never parse a body without checking it); anything else is a 415.
import { HttpError } from "../framework/errors.ts";

export interface Body {
  body: Record<string, unknown>;
  /** Sent by a plain HTML form: answer with a redirect rather than JSON. */
  isForm: boolean;
  /** Uploaded files by field name (multipart only). */
  files: Record<string, File[]>;
}

/** The largest request body accepted at all; each upload purpose has its own, smaller limits. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The request with its body cut off at `limit` bytes while it streams in: a client that sends more
 * (with or without a Content-Length) is refused with 413 before the body is parsed or kept.
 */
export function limitBody(req: Request, limit: number): { req: Request; exceeded: () => boolean } {
  const length = req.headers.get("content-length");
  const declared = Number(length ?? 0);
  if (declared > limit) throw new HttpError(413, "file.upload_error.1", undefined, { code: 1 });
  // A declared length is what the body is (the HTTP server holds the client to it): only a chunked
  // body, whose size nobody declared, needs counting on its way in.
  if (!req.body || (length !== null && /^\d+$/.test(length))) return { req, exceeded: () => false };
  let received = 0;
  let over = false;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) {
          over = true;
          controller.error(new HttpError(413, "file.upload_error.1", undefined, { code: 1 }));
        } else controller.enqueue(chunk);
      },
    }),
  );
  const init = { method: req.method, headers: req.headers, body: counted, duplex: "half" } as RequestInit;
  const limited = new Request(req.url, init);
  return { req: limited, exceeded: () => over };
}

export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<Body> {
  const limited = limitBody(req, limit);
  try {
    return await parseBody(limited.req);
  } catch (err) {
    if (limited.exceeded()) throw new HttpError(413, "file.upload_error.1", undefined, { code: 1 });
    throw err;
  }
}

async function parseBody(req: Request): Promise<Body> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") {
    const body = await req.json().catch(() => {
      throw new HttpError(400, "error.400");
    });
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, "error.400");
    return { body, isForm: false, files: {} };
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    const form = await req.formData().catch(() => {
      throw new HttpError(400, "error.400");
    });
    const body: Record<string, unknown> = {};
    const files: Record<string, File[]> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") {
        // `field[]` and repeated names become arrays
        const name = key.endsWith("[]") ? key.slice(0, -2) : key;
        if (key.endsWith("[]") || name in body) body[name] = [...[body[name] ?? []].flat(), value];
        else body[name] = value;
      } else if (value.size > 0) (files[key] ??= []).push(value);
    }
    const fromJs = req.headers.get("accept")?.includes("application/json") ?? false;
    return { body, isForm: !fromJs, files };
  }
  throw new HttpError(415, "error.415");
}

/** A raw request body (an upload sent as its bytes), cut off at `limit` bytes while it streams in. */
export async function readBytes(req: Request, limit: number): Promise<Uint8Array> {
  const limited = limitBody(req, limit);
  try {
    const length = req.headers.get("content-length");
    return length && /^\d+$/.test(length) ? await readDeclared(limited.req, Number(length)) : await limited.req.bytes();
  } catch {
    if (limited.exceeded()) throw new HttpError(413, "file.upload_error.1", undefined, { code: 1 });
    throw new HttpError(400, "file.upload_error.3", undefined, { code: 3 });
  }
}

/**
 * A body of a declared length, chunk by chunk into one buffer of that size: other requests run between
 * the chunks, where `Request.bytes()` copies a whole 4 MB photo in one go (about 4 ms of the thread).
 */
async function readDeclared(req: Request, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  if (!req.body) return bytes;
  let filled = 0;
  for await (const chunk of req.body) {
    if (filled + chunk.byteLength > length) throw new Error("body longer than its content-length");
    bytes.set(chunk, filled);
    filled += chunk.byteLength;
  }
  if (filled !== length) throw new Error("body shorter than its content-length");
  return bytes;
}
