// One file against its purpose's rule (domain/file/rules.ts), from its bytes. Pure and browser-safe:
// the islands call it for an early message, the server for the decision (and then asks libvips too).
import { type ImageHeader, readImageHeader, sniffKind } from "./header.ts";
import {
  extensionOf,
  EXTENSIONS_BY_KIND,
  type FileKind,
  type FileProblem,
  IMAGE_KINDS,
  MAX_IMAGE_PIXELS,
  MIME_BY_KIND,
  type UploadRule,
} from "./rules.ts";

export interface CheckedFile {
  kind: FileKind;
  mimetype: string;
  image: ImageHeader | null;
}

export type FileCheck = { ok: true; file: CheckedFile } | { ok: false; problem: FileProblem };

export interface CheckOptions {
  /** The work is for the web or an app: the lower density rule applies (SPEC §5 Contest). */
  forWeb?: boolean;
}

const refuse = (problem: FileProblem): FileCheck => ({ ok: false, problem });

export function checkFile(rule: UploadRule, name: string, bytes: Uint8Array, options: CheckOptions = {}): FileCheck {
  if (bytes.length === 0) return refuse("none");
  if (bytes.length > rule.maxBytes) return refuse("too_large");
  const kind = sniffKind(bytes);
  if (!kind) return refuse("wrong_type");
  if (!rule.kinds.includes(kind)) {
    const jpgOnly = rule.kinds.length === 1 && rule.kinds[0] === "jpeg";
    return refuse(jpgOnly && IMAGE_KINDS.includes(kind) ? "not_jpg" : "wrong_type");
  }
  // A name that says another type (a PNG named .jpg) is refused rather than silently renamed.
  const extension = extensionOf(name);
  const claimed = (Object.keys(EXTENSIONS_BY_KIND) as FileKind[]).find((k) =>
    EXTENSIONS_BY_KIND[k].includes(extension)
  );
  if (claimed && claimed !== kind) return refuse("bad_extension");

  if (!IMAGE_KINDS.includes(kind)) return { ok: true, file: { kind, mimetype: MIME_BY_KIND[kind], image: null } };
  const image = readImageHeader(bytes);
  if (!image) return refuse("corrupt");
  const problem = imageProblem(rule, image, options);
  if (problem) return refuse(problem);
  return { ok: true, file: { kind, mimetype: MIME_BY_KIND[kind], image } };
}

/** The rule an image's header breaks, if any; the server asks again with libvips's own reading. */
export function imageProblem(rule: UploadRule, image: ImageHeader, options: CheckOptions = {}): FileProblem | null {
  if (image.width * image.height > MAX_IMAGE_PIXELS) return "max_pixel";
  if (!image.complete) return "corrupt";
  if (rule.size && (image.width !== rule.size.width || image.height !== rule.size.height)) return "size_range";
  if (rule.maxWidth && image.width > rule.maxWidth) return "too_wide";
  if (rule.rgbOnly && (image.color === "cmyk" || image.color === "ycck")) return "not_rgb";
  // A density the header does not state (EXIF only) is left to the server, which reads it with libvips.
  const least = options.forWeb ? rule.webDensity : rule.minDensity;
  if (least && image.density !== null && image.density < least) return "low_density";
  return null;
}

/** The limits a message about a problem names (in MB and pixels), for `t(key, params)`. */
export function problemParams(rule: UploadRule): Record<string, string | number> {
  return {
    max: Math.round(rule.maxBytes / 1024 / 1024),
    count: rule.maxFiles,
    width: rule.size?.width ?? rule.maxWidth ?? 0,
    height: rule.size?.height ?? 0,
    density: rule.minDensity ?? 0,
    types: rule.kinds.flatMap((k) => EXTENSIONS_BY_KIND[k].slice(0, 1)).join(", "),
  };
}

/**
 * The first problem of files chosen in the browser (the FileInput kit, the builder's image picker): too
 * many, then each file's size before reading it, then its bytes. Null when every file passes.
 */
export async function checkChosenFiles(rule: UploadRule, files: readonly File[]): Promise<FileProblem | null> {
  if (files.length > rule.maxFiles) return "too_many";
  for (const file of files) {
    if (file.size > rule.maxBytes) return "too_large";
    const checked = checkFile(rule, file.name, new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) return checked.problem;
  }
  return null;
}
