// The file fields of an entry and the upload purpose each must have been uploaded for. Browser-safe.
import type { FilePurpose } from "../file/rules.ts";

export const ENTRY_FILE_FIELDS = {
  thumbnail_id: "entry_thumbnail",
  preview_id: "entry_preview",
  detail_ids: "entry_image",
  reference_id: "entry_reference",
  attachment_ids: "entry_attachment",
} as const satisfies Record<string, FilePurpose>;
export type EntryFileField = keyof typeof ENTRY_FILE_FIELDS;
