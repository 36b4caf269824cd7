// A stored file as calls and pages show it: its links, never its savename. Browser-safe.
import type { FileRow } from "../../db/schema/file.ts";
import { cleanFilename } from "./names.ts";

export interface FileJson {
  id: number;
  name: string;
  mimetype: string;
  size: number;
  width: number | null;
  height: number | null;
  purpose: string;
  access: string;
  download: string;
  image: string | null;
  thumbnail: string | null;
  created_at: string;
}

export const fileUrl = {
  variant: (id: number, name: string) => `/api/file/${id}/${name}.jpg`,
  download: (id: number) => `/api/file/download/${id}`,
  binary: (id: number) => `/api/file/binary/${id}`,
};

export function presentFile(file: FileRow): FileJson {
  const image = file.mimetype.startsWith("image/");
  return {
    id: file.id,
    // Cleaned again: names stored before a character was refused (a right-to-left override) lose it here.
    name: cleanFilename(file.originalName),
    mimetype: file.mimetype,
    size: file.size,
    width: file.width,
    height: file.height,
    purpose: file.purpose,
    access: file.access,
    download: fileUrl.download(file.id),
    image: image ? fileUrl.variant(file.id, "external_image") : null,
    thumbnail: image ? fileUrl.variant(file.id, "external_thumbnail") : null,
    created_at: file.createdAt.toISOString(),
  };
}
