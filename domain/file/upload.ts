// The server's decision on uploaded files: the shared check (check.ts) on the whole bytes, then libvips
// reads the header again (colour space and density from EXIF too, which the browser check cannot see).
// A refusal answers 422 with the message key of SPEC §8, the upload error code where it has one, and
// the field it concerns; nothing is stored unless every file of the request passes.
import { HttpError } from "../../framework/errors.ts";
import { checkFile, type CheckOptions, imageProblem, problemParams } from "./check.ts";
import { imageFacts } from "./derivatives.ts";
import { cleanFilename } from "./names.ts";
import { isReadablePdf } from "./pdf.ts";
import { type FileKind, type FileProblem, PROBLEM_CODES, type UploadRule } from "./rules.ts";

export interface CheckedUpload {
  name: string;
  kind: FileKind;
  mimetype: string;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
  colorSpace: string | null;
  density: number | null;
}

export function uploadRefusal(rule: UploadRule, field: string, problem: FileProblem, fileName?: string): HttpError {
  const key = `file.${problem}`;
  const code = PROBLEM_CODES[problem];
  const params = { ...problemParams(rule), name: fileName ?? "" };
  const status = problem === "too_large" ? 413 : 422;
  return new HttpError(status, key, undefined, { fields: { [field]: [key] }, params, ...(code ? { code } : {}) });
}

/** libvips's names for colour spaces that are not RGB-like. */
const NOT_RGB_SPACES = new Set(["cmyk"]);

/** A file already in memory (an upload sent as the raw body): checked without another copy. */
export interface UploadBytes {
  name: string;
  bytes: Uint8Array;
}

export async function checkUpload(
  rule: UploadRule,
  field: string,
  file: File | UploadBytes,
  options: CheckOptions = {},
): Promise<CheckedUpload> {
  const refuse = (problem: FileProblem) => uploadRefusal(rule, field, problem, file.name);
  const size = file instanceof File ? file.size : file.bytes.length;
  if (size === 0) throw refuse("none");
  if (size > rule.maxBytes) throw refuse("too_large");
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : file.bytes;
  const checked = checkFile(rule, file.name, bytes, options);
  if (!checked.ok) throw refuse(checked.problem);
  const { kind, mimetype, image } = checked.file;
  const name = cleanFilename(file.name, kind);
  // A PDF must parse, not only begin with `%PDF-` (an HTML page can).
  if (kind === "pdf" && !(await isReadablePdf(bytes))) throw refuse("corrupt");
  if (!image) return { name, kind, mimetype, bytes, width: null, height: null, colorSpace: null, density: null };

  const facts = await imageFacts(bytes);
  if (!facts || facts.width !== image.width || facts.height !== image.height) throw refuse("corrupt");
  if (rule.rgbOnly && NOT_RGB_SPACES.has(facts.space)) throw refuse("not_rgb");
  // No stated density at all means the conventional 72 dpi.
  const density = image.density ?? facts.density ?? 72;
  const problem = imageProblem(rule, { ...image, density }, options);
  if (problem) throw refuse(problem);
  return { name, kind, mimetype, bytes, width: facts.width, height: facts.height, colorSpace: facts.space, density };
}

/** Every file of one field, all or nothing: none, too many, or the first file that breaks the rule. */
export async function checkUploads(
  rule: UploadRule,
  field: string,
  list: (File | UploadBytes)[],
  options: CheckOptions = {},
): Promise<CheckedUpload[]> {
  if (list.length === 0) throw uploadRefusal(rule, field, "none");
  if (list.length > rule.maxFiles) throw uploadRefusal(rule, field, "too_many");
  const checked: CheckedUpload[] = [];
  for (const file of list) checked.push(await checkUpload(rule, field, file, options));
  return checked;
}
