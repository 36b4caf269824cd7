// Member documents uploaded at registration (SPEC §3 User: business certificate, design certificate,
// regional design-company proof). DESIGN §3: the type is decided by the file's first bytes (magic
// numbers), never by its name or the mimetype the client claims; each file at most 5 MB, at most 3.
// Pure (File is a web standard), so the island checks a chosen file the same way before sending it.
import {
  type DocumentKind,
  DOCUMENTS_BY_TYPE,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  type MemberType,
} from "./register-schema.ts";
import { cleanFilename } from "../file/names.ts";

export type DocumentMime = "application/pdf" | "image/jpeg" | "image/png";

const SIGNATURES: { mime: DocumentMime; bytes: number[] }[] = [
  { mime: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mime: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { mime: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The document type the bytes start with, or null for anything else. */
export function sniffDocumentType(head: Uint8Array): DocumentMime | null {
  const match = SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
  return match?.mime ?? null;
}

/** The message key of what is wrong with one file, or null when it may be stored. */
export async function checkDocumentFile(file: Blob): Promise<string | null> {
  if (file.size > MAX_DOCUMENT_BYTES) return "register.file_too_large";
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return sniffDocumentType(head) ? null : "register.bad_file";
}

export interface MemberDocument {
  kind: DocumentKind;
  filename: string;
  mimetype: DocumentMime;
  size: number;
  data: Uint8Array;
}

/**
 * The documents a member type may send, read and checked. Files under other names count towards the
 * limit of 3 and are otherwise ignored. Answers the documents, or the field errors.
 */
export async function readDocuments(
  type: MemberType,
  files: Record<string, File[]>,
): Promise<{ documents: MemberDocument[]; errors: Record<string, string[]> }> {
  const { allowed, required } = DOCUMENTS_BY_TYPE[type];
  const errors: Record<string, string[]> = {};
  const total = Object.values(files).reduce((n, list) => n + list.length, 0);
  if (total > MAX_DOCUMENTS) return { documents: [], errors: { documents: ["register.too_many_files"] } };
  const documents: MemberDocument[] = [];
  for (const kind of allowed) {
    const list = files[kind] ?? [];
    if (list.length === 0) {
      if (required.includes(kind)) errors[kind] = [`register.${kind}_required`];
      continue;
    }
    if (list.length > 1) {
      errors[kind] = ["register.too_many_files"];
      continue;
    }
    const file = list[0];
    const problem = await checkDocumentFile(file);
    if (problem) {
      errors[kind] = [problem];
      continue;
    }
    const data = new Uint8Array(await file.arrayBuffer());
    documents.push({
      kind,
      filename: cleanFilename(file.name),
      mimetype: sniffDocumentType(data)!,
      size: data.byteLength,
      data,
    });
  }
  return { documents, errors };
}
