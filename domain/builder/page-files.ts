// The stored files a builder page shows (issue 15 §3). Uploads start private (their owner's); publishing a
// page makes the files it shows public through the file module's attachment (domain/file/attach.ts, as
// entries and market products do), in the publishing transaction. A tree may show only files its publisher
// may use: public images, and pictures uploaded for pages (purpose page_image — only those who build pages
// upload them, canUploadFor, and they are shared among them). Anything else — someone else's private file,
// a portrait or an entry's picture under judging, a PDF — is refused (422 builder.image_not_usable, with
// the place in the tree), so publishing never opens a file its owner kept private.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import type { PageTrees } from "../../db/schema/builder.ts";
import { HttpError } from "../../framework/errors.ts";
import { attachUploads } from "../file/attach.ts";
import { isImage } from "../file/files.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { imageSizeKey, PAGE_IMAGE_PURPOSE, treeFileRefs } from "./images.ts";
import type { LiveData } from "./live.ts";
import type { BuilderNode } from "./tree.ts";

/** The files both languages' trees show, each with the first place it is used. */
export function pageFileRefs(trees: PageTrees): Map<number, string> {
  const refs = treeFileRefs(trees.ko as BuilderNode[], "ko");
  for (const [id, path] of treeFileRefs((trees.en ?? []) as BuilderNode[], "en")) if (!refs.has(id)) refs.set(id, path);
  return refs;
}

/** Whether a page may show the file: an image that is public already or was uploaded for pages. */
export function usableOnPage(file: Pick<FileRow, "mimetype" | "access" | "purpose">): boolean {
  return isImage(file) && (file.access === "public" || file.purpose === PAGE_IMAGE_PURPOSE);
}

/**
 * Checks every file the trees show (422 with each refused place otherwise) and makes them public, locked
 * for the change: publishing and a rollback (which publishes an earlier version again) both come here.
 */
export async function publishPageFiles(tx: Tx, trees: PageTrees, now = new Date()): Promise<number[]> {
  const refs = pageFileRefs(trees);
  if (refs.size === 0) return [];
  const ids = [...refs.keys()];
  const rows = await tx.select().from(files).where(inArray(files.id, ids)).for("update");
  const byId = new Map(rows.map((r) => [r.id, r]));
  const refused: Record<string, string[]> = {};
  for (const [id, path] of refs) {
    const file = byId.get(id);
    if (!file || !usableOnPage(file)) refused[path] = ["builder.image_not_usable"];
  }
  if (Object.keys(refused).length) {
    throw new HttpError(422, "builder.image_not_usable", undefined, { fields: refused });
  }
  await attachUploads(tx, ids, { access: "public" }, now);
  return ids;
}

/**
 * A saved draft holds the pictures uploaded for pages that it shows: attached, so the sweep of unused
 * uploads (domain/file/sweep.ts) leaves them, and still private until the page is published.
 */
export async function holdDraftFiles(tx: Tx, trees: PageTrees, now = new Date()): Promise<void> {
  const ids = [...pageFileRefs(trees).keys()];
  if (ids.length === 0) return;
  await tx.update(files).set({ attachedAt: sql`coalesce(${files.attachedAt}, now())`, updatedAt: now })
    .where(and(inArray(files.id, ids), eq(files.purpose, PAGE_IMAGE_PURPOSE)));
}

/**
 * The picker's recent uploads: the latest pictures uploaded for pages that the viewer can see — their own
 * and those already public on a page (another builder's unpublished upload would not show for them).
 */
export async function recentPageImages(tx: Tx, viewer: Viewer, limit = 24): Promise<FileRow[]> {
  const mine = isSignedIn(viewer) ? eq(files.ownerId, viewer.id) : undefined;
  return await tx.select().from(files)
    .where(and(eq(files.purpose, PAGE_IMAGE_PURPOSE), or(eq(files.access, "public"), mine)))
    .orderBy(desc(files.createdAt), desc(files.id)).limit(limit);
}

/**
 * The pixel sizes of the stored pictures a tree shows, into its live data (loaded and cached with the page),
 * so the page gives each <img> its width, height and srcset (components/ui/Picture.tsx).
 */
export async function loadImageSizes(db: Db, nodes: readonly BuilderNode[], live: LiveData): Promise<void> {
  const ids = [...treeFileRefs(nodes).keys()];
  if (ids.length === 0) return;
  const rows = await db.select({ id: files.id, width: files.width, height: files.height, mimetype: files.mimetype })
    .from(files).where(inArray(files.id, ids));
  for (const r of rows) {
    if (isImage(r)) live[imageSizeKey(r.id)] = { kind: "file", width: r.width, height: r.height };
  }
}
