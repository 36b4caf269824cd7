// Site assets (SPEC §2.2 /management/asset; SPEC §3 asset types image, text, application): public files
// the page builder and pages link to, uploaded, replaced and removed through the same pipeline as every
// other upload. Text assets are written in the browser and stored as UTF-8 text files.
import { and, count, desc, eq, like, not } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import { FILE_NOT_FOUND } from "./access.ts";
import type { FileService } from "./files.ts";
import { uploadRule } from "./rules.ts";
import { readAll } from "./storage.ts";
import { checkUpload, checkUploads } from "./upload.ts";

export const ASSET_TYPES = ["image", "application", "text"] as const;
export type AssetType = typeof ASSET_TYPES[number];
export const ASSETS_PER_PAGE = 20;

const ofType = (type: AssetType) =>
  type === "application"
    ? and(not(like(files.mimetype, "image/%")), not(like(files.mimetype, "text/%")))
    : like(files.mimetype, `${type}/%`);

export async function listAssets(db: Db, type: AssetType, page: number) {
  const where = and(eq(files.purpose, "asset"), ofType(type));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(files).where(where).orderBy(desc(files.createdAt), desc(files.id))
      .limit(ASSETS_PER_PAGE).offset((page - 1) * ASSETS_PER_PAGE),
    db.select({ total: count() }).from(files).where(where),
  ]);
  return { rows, total, lastPage: Math.max(1, Math.ceil(total / ASSETS_PER_PAGE)) };
}

export async function findAsset(service: FileService, id: number, type?: AssetType): Promise<FileRow> {
  const file = await service.find(id);
  const fits = file?.purpose === "asset" && (!type || type !== "text" || file.mimetype.startsWith("text/"));
  if (!file || !fits) throw new HttpError(404, FILE_NOT_FOUND);
  return file;
}

export async function addAssets(service: FileService, ownerId: number, list: File[]): Promise<FileRow[]> {
  const rule = uploadRule("asset");
  const checked = await checkUploads(rule, "file", list);
  const saved: FileRow[] = [];
  for (const upload of checked) saved.push(await service.save(upload, { purpose: "asset", ownerId, access: "public" }));
  return saved;
}

export async function replaceAsset(service: FileService, file: FileRow, upload: File): Promise<FileRow> {
  return await service.replace(file, await checkUpload(uploadRule("asset"), "file", upload));
}

/** A text asset's name always ends in .txt, .css, .csv or .md; anything else becomes .txt. */
function textFile(name: string, content: string): File {
  const clean = name.trim() || "text";
  const named = /\.(txt|css|csv|md)$/i.test(clean) ? clean : `${clean}.txt`;
  return new File([content.replace(/\r\n/g, "\n")], named, { type: "text/plain" });
}

export async function saveTextAsset(
  service: FileService,
  ownerId: number,
  input: { name: string; content: string },
  existing?: FileRow,
): Promise<FileRow> {
  const upload = await checkUpload(uploadRule("asset"), "content", textFile(input.name, input.content));
  if (upload.kind !== "text") {
    throw new HttpError(422, "file.wrong_type", undefined, { fields: { content: ["file.wrong_type"] } });
  }
  if (existing) return await service.replace(existing, upload);
  return await service.save(upload, { purpose: "asset", ownerId, access: "public" });
}

export async function readTextAsset(service: FileService, file: FileRow): Promise<string> {
  const object = await service.original(file);
  return object ? new TextDecoder().decode(await readAll(object)) : "";
}
