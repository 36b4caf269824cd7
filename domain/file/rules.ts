// The upload rules of SPEC §5 and §9, one row per purpose. Browser-safe (no imports): islands check a
// chosen file against the same row for an early message; the server always checks again.

/** What a file's first bytes say it is (domain/file/sniff.ts). */
export type FileKind = "jpeg" | "png" | "gif" | "webp" | "pdf" | "zip" | "text";

export const MIME_BY_KIND: Record<FileKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  text: "text/plain",
};

export const EXTENSIONS_BY_KIND: Record<FileKind, string[]> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  gif: ["gif"],
  webp: ["webp"],
  pdf: ["pdf"],
  zip: ["zip"],
  text: ["txt", "csv", "css", "md"],
};

export const IMAGE_KINDS: readonly FileKind[] = ["jpeg", "png", "gif", "webp"];

/**
 * Who may read a file besides its owner and the administrators: everybody, nobody else, or the
 * judges (of the file's award once a submitted entry holds it). An upload starts `owner`; the rule's
 * access applies once the record it belongs to takes it (attach.ts).
 */
export const FILE_ACCESS = ["public", "owner", "judges"] as const;
export type FileAccess = typeof FILE_ACCESS[number];

export interface UploadRule {
  /**
   * Whether the area the purpose serves exists: uploads for a disabled purpose are refused (nothing
   * could ever hold them). An area switches its purposes on when it lands.
   */
  enabled: boolean;
  kinds: readonly FileKind[];
  maxBytes: number;
  /** Files one request (and one field) may carry. */
  maxFiles: number;
  /** Who may read the file once its record holds it (and publishes it, for `public`). */
  access: FileAccess;
  /** Exact pixel size (award and contest thumbnails). */
  size?: { width: number; height: number };
  maxWidth?: number;
  /** Colour images must be RGB (SPEC §5: CMYK rejected). */
  rgbOnly?: boolean;
  /** Least pixels per inch; `webDensity` applies instead when the work is for the web or an app. */
  minDensity?: number;
  webDensity?: number;
}

const MB = 1024 * 1024;
const JPG = ["jpeg"] as const;
const PHOTO = ["jpeg", "png"] as const;
const DOCUMENT = ["pdf", "jpeg", "png"] as const;
const ATTACHMENT = ["pdf", "zip", "jpeg", "png"] as const;

export const UPLOAD_RULES = {
  // Members (SPEC §3 User)
  member_document: { enabled: true, kinds: DOCUMENT, maxBytes: 5 * MB, maxFiles: 3, access: "owner" },
  portrait: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "public", rgbOnly: true },
  signature: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "owner", rgbOnly: true },
  // Award (SPEC §5 Award)
  award_thumbnail: {
    enabled: true,
    kinds: JPG,
    maxBytes: 10 * MB,
    maxFiles: 1,
    access: "public",
    size: { width: 440, height: 330 },
    rgbOnly: true,
  },
  award_poster: { enabled: true, kinds: PHOTO, maxBytes: 10 * MB, maxFiles: 1, access: "public", rgbOnly: true },
  // The award's seal on its certificates (issue 11 part 7): raster only (no SVG to sanitise), public like the
  // certificates' verification pages; the award form keeps it at most 512 px a side (domain/judging/seal.ts).
  award_seal: { enabled: true, kinds: PHOTO, maxBytes: 2 * MB, maxFiles: 1, access: "public", rgbOnly: true },
  entry_thumbnail: { enabled: true, kinds: JPG, maxBytes: 15 * MB, maxFiles: 1, access: "judges", rgbOnly: true },
  entry_preview: { enabled: true, kinds: JPG, maxBytes: 15 * MB, maxFiles: 1, access: "judges", rgbOnly: true },
  entry_image: {
    enabled: true,
    kinds: JPG,
    maxBytes: 15 * MB,
    maxFiles: 5,
    access: "judges",
    rgbOnly: true,
    maxWidth: 2000,
  },
  entry_reference: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "judges", rgbOnly: true },
  entry_attachment: { enabled: true, kinds: ATTACHMENT, maxBytes: 15 * MB, maxFiles: 5, access: "judges" },
  // Contest (SPEC §5 Contest, §9; issue 12)
  contest_thumbnail: {
    enabled: true,
    kinds: JPG,
    maxBytes: 10 * MB,
    maxFiles: 1,
    access: "public",
    size: { width: 640, height: 640 },
    rgbOnly: true,
  },
  contest_image: {
    enabled: true,
    kinds: PHOTO,
    maxBytes: 10 * MB,
    maxFiles: 5,
    access: "judges",
    rgbOnly: true,
    minDensity: 300,
    webDensity: 72,
  },
  contest_reference: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "public", rgbOnly: true },
  // An external contest's poster (issue 23 §12), uploaded by staff with its form; public with the listing.
  contest_external_poster: {
    enabled: true,
    kinds: PHOTO,
    maxBytes: 5 * MB,
    maxFiles: 1,
    access: "public",
    rgbOnly: true,
  },
  contest_attachment: { enabled: true, kinds: ATTACHMENT, maxBytes: 10 * MB, maxFiles: 5, access: "judges" },
  // Market (issue 18): product pictures (public once the product takes them) and the IP file (PDF), read by
  // the seller, administrators and a buyer whose request is on_going (domain/market/files.ts).
  market_image: { enabled: true, kinds: PHOTO, maxBytes: 10 * MB, maxFiles: 5, access: "public", rgbOnly: true },
  market_ip: { enabled: true, kinds: ["pdf"], maxBytes: 10 * MB, maxFiles: 1, access: "owner" },
  // A board post's files: public while visitors read the post, read as the post is otherwise (domain/board/
  // files.ts: the board's read right, secret posts with the password, approval, deletion). Then assets.
  board_photo: { enabled: true, kinds: IMAGE_KINDS, maxBytes: 10 * MB, maxFiles: 10, access: "public" },
  board_attachment: {
    enabled: true,
    kinds: [...ATTACHMENT, "text"],
    maxBytes: 10 * MB,
    maxFiles: 5,
    access: "public",
  },
  // Forms and programmes (issue 14): files answered in an application form; each file component narrows
  // kinds, size and count within these bounds (domain/programme/apply.ts). The applicant's and staff's.
  application_file: {
    enabled: true,
    kinds: ["pdf", "jpeg", "png", "zip"],
    maxBytes: 20 * MB,
    maxFiles: 5,
    access: "owner",
  },
  // The notice files of a programme, support call or course (staff upload them; everyone reads them).
  programme_notice: {
    enabled: true,
    kinds: ["pdf", "jpeg", "png", "zip"],
    maxBytes: 20 * MB,
    maxFiles: 5,
    access: "public",
  },
  // Job portal and talent sharing (issue 19): a company's logo (public with its posting), a resume photo
  // (the resume's readers only: served through /job/search/{id}/photo), a share's photos (public).
  job_logo: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "public", rgbOnly: true },
  resume_photo: { enabled: true, kinds: PHOTO, maxBytes: 3 * MB, maxFiles: 1, access: "owner", rgbOnly: true },
  share_image: { enabled: true, kinds: PHOTO, maxBytes: 10 * MB, maxFiles: 5, access: "public", rgbOnly: true },
  // A builder page's pictures (issue 15 §3): uploaded by those who build pages, private until a page that
  // shows them is published (domain/builder/page-files.ts makes them public then).
  page_image: { enabled: true, kinds: IMAGE_KINDS, maxBytes: 10 * MB, maxFiles: 1, access: "public" },
  asset: {
    enabled: true,
    kinds: [...IMAGE_KINDS, "pdf", "zip", "text"],
    maxBytes: 20 * MB,
    maxFiles: 10,
    access: "public",
  },
} as const satisfies Record<string, UploadRule>;

export type FilePurpose = keyof typeof UPLOAD_RULES;
export const FILE_PURPOSES = Object.keys(UPLOAD_RULES) as FilePurpose[];

export function uploadRule(purpose: FilePurpose): UploadRule {
  return UPLOAD_RULES[purpose];
}

/** Purposes whose area exists: the only ones an upload may name. */
export function purposeEnabled(purpose: FilePurpose): boolean {
  return UPLOAD_RULES[purpose].enabled;
}

/** Decoding a bigger image is refused from its header alone (decompression bombs): 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The most one upload request may carry, checked while it streams in: every file at its limit. */
export function requestLimit(rule: UploadRule): number {
  return rule.maxFiles * rule.maxBytes + 64 * 1024;
}

/**
 * SPEC §8's upload error codes (PHP's numbering, which the original screens show): 1 larger than the
 * server takes, 2 larger than this form takes, 3 partly received, 4 no file, 6 no temporary folder,
 * 7 could not be written, 8 refused for its extension.
 */
export const UPLOAD_ERROR_CODES = [1, 2, 3, 4, 6, 7, 8] as const;
export type UploadErrorCode = typeof UPLOAD_ERROR_CODES[number];

/** What a file may be refused for, each a message key `file.<reason>`. */
export type FileProblem =
  | "too_large"
  | "wrong_type"
  | "too_many"
  | "max_pixel"
  | "size_range"
  | "not_rgb"
  | "not_jpg"
  | "low_density"
  | "too_wide"
  | "corrupt"
  | "bad_extension"
  | "none";

/** The upload error code that goes with a problem, where SPEC §8 has one. */
export const PROBLEM_CODES: Partial<Record<FileProblem, UploadErrorCode>> = {
  too_large: 2,
  corrupt: 3,
  none: 4,
  bad_extension: 8,
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}
