// What the board's routes (calls and pages) share: the request's context for the domain, the write form's
// body (JSON, urlencoded or multipart with `photos`/`attachments` files) parsed once, and the site.
import { HttpError } from "../../framework/errors.ts";
import { readBody } from "../request.ts";
import { parseOrThrow } from "../validation.ts";
import type { State } from "../../state.ts";
import { uploadRule } from "../file/rules.ts";
import { PostInput } from "./schema.ts";
import { answerFiles } from "./form.ts";
import type { ReadContext } from "./read.ts";
import type { SentFiles, WriteContext } from "./write.ts";

export function siteIdOf(state: State): number {
  if (!state.site) throw new HttpError(404, "error.404");
  return state.site.id;
}

export const writeContext = (state: State): WriteContext => ({
  db: state.db,
  files: state.files,
  viewer: state.viewer,
  user: state.user,
  clientIp: state.clientIp,
  config: state.config,
});

export const readContext = (state: State, req: Request): ReadContext => ({
  db: state.db,
  viewer: state.viewer,
  req,
  sessionSecret: state.sessionSecret,
  clientIp: state.clientIp,
  locale: state.locale,
  siteId: siteIdOf(state),
});

/** The largest write request: every photo and attachment at its largest, and the text. */
const WRITE_LIMIT = uploadRule("board_photo").maxFiles * uploadRule("board_photo").maxBytes +
  uploadRule("board_attachment").maxFiles * uploadRule("board_attachment").maxBytes + 1024 * 1024;

export interface WriteBody {
  body: Record<string, unknown>;
  input: PostInput;
  sent: SentFiles;
  isForm: boolean;
  method: string;
  password: string | undefined;
  /** Files sent for the board form's file fields (`answers.<key>`, form.ts), by their key. */
  answerFiles: Record<string, File[]>;
}

/** A body of the write form (or a call): its fields checked, files by field. */
export async function readWriteBody(req: Request): Promise<Omit<WriteBody, "input"> & { raw: unknown }> {
  // A DELETE (or a PATCH) may come with no body at all.
  const empty = !req.body || (!req.headers.get("content-type") && req.headers.get("content-length") === "0");
  const read = empty && req.method !== "POST"
    ? { body: {} as Record<string, unknown>, isForm: false, files: {} as Record<string, File[]> }
    : await readBody(req, WRITE_LIMIT);
  const pick = (...names: string[]) => names.flatMap((n) => read.files[n] ?? []);
  const method = String(read.body._method ?? "POST").toUpperCase();
  const password = typeof read.body.password === "string" && read.body.password ? read.body.password : undefined;
  return {
    body: read.body,
    raw: read.body,
    isForm: read.isForm,
    method,
    password,
    sent: { photos: pick("photos", "photos[]", "photo"), attachments: pick("attachments", "attachments[]", "file") },
    answerFiles: answerFiles(read.files),
  };
}

export function postInputOf(body: Record<string, unknown>): PostInput {
  return parseOrThrow(PostInput, body);
}
