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

export async function readBody(req: Request): Promise<Body> {
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
