// One gallery item or event under management (SPEC §2.2 /management/akfw/{kind}/{id}): its fields in
// Korean and English; a designer's works (added with a picture, captioned, reordered, removed) and an
// album's photos (added, removed). Pictures come either with the form (checked by the `board_photo` rule,
// the gallery's purpose) or as earlier uploads (POST /api/file?purpose=board_photo) that must be the
// viewer's own, of that purpose and not yet held by anything; once an item holds them they are public.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  albumPhotos,
  type AlbumRow,
  type DesignerRow,
  designers,
  designerWorks,
  type EventRow,
  photoAlbums,
  scheduleEvents,
  type VideoRow,
  videos,
} from "../../db/schema/board.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import { attachUploads } from "../file/attach.ts";
import type { FileService } from "../file/files.ts";
import { uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import { parseOrThrow } from "../validation.ts";
import { ADD_INPUT, type GalleryKind } from "./manage-gallery.ts";

export type WorkRow = typeof designerWorks.$inferSelect;
export type AlbumPhotoRow = typeof albumPhotos.$inferSelect;

export type ItemDetail =
  | { kind: "designer"; row: DesignerRow; works: WorkRow[] }
  | { kind: "photo"; row: AlbumRow; photos: AlbumPhotoRow[] }
  | { kind: "video"; row: VideoRow }
  | { kind: "schedule"; row: EventRow };

/** An album holds at most this many photos (the public album page shows them all at once). */
export const MAX_ALBUM_PHOTOS = 100;
/** A designer shows at most this many works. */
export const MAX_WORKS = 30;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.string().trim().max(max).default("");
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const ids = z.preprocess(
  (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== "")),
  z.array(id).max(10),
);
const year = z.preprocess(blank, z.coerce.number().int().min(1900).max(2100).optional());
const day = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "board.date_invalid").optional());

/** The fields of each kind as the edit form sends them (the add form's, and what only editing shows). */
export const EDIT_INPUT = {
  designer: ADD_INPUT.designer.extend({ photo_id: z.preprocess(blank, id.optional()) }),
  photo: ADD_INPUT.photo.extend({ taken_on: day }),
  // The provider's id of the video, checked as when adding (VIDEO_KEY: never a URL).
  video: ADD_INPUT.video.extend({ description: text(2000), description_en: text(2000) }),
  schedule: ADD_INPUT.schedule,
} as const;

const WorkFields = z.object({ title: z.string().trim().min(1).max(120), title_en: text(120), year });

export const EditAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("save") }),
  WorkFields.extend({ action: z.literal("work_add"), image_id: z.preprocess(blank, id.optional()) }),
  WorkFields.extend({ action: z.literal("work_save"), work: id }),
  z.object({ action: z.enum(["work_remove", "work_up", "work_down"]), work: id }),
  z.object({ action: z.literal("photo_add"), photo_ids: ids }),
  z.object({ action: z.literal("photo_remove"), photo: id }),
]);
export type EditAction = z.infer<typeof EditAction>;

/** Which actions each kind takes (a work only on a designer, a photo only on an album). */
const ACTIONS_OF: Record<GalleryKind, EditAction["action"][]> = {
  designer: ["save", "work_add", "work_save", "work_remove", "work_up", "work_down"],
  photo: ["save", "photo_add", "photo_remove"],
  video: ["save"],
  schedule: ["save"],
};

const notFound = () => new HttpError(404, "board.gallery.not_found");
const invalid = (field: string, key: string, status = 422) =>
  new HttpError(status, key, undefined, { fields: { [field]: [key] } });

export async function itemDetail(db: Db | Tx, siteId: number, kind: GalleryKind, itemId: number): Promise<ItemDetail> {
  switch (kind) {
    case "designer": {
      const [row] = await db.select().from(designers).where(
        and(eq(designers.id, itemId), eq(designers.siteId, siteId)),
      );
      if (!row) throw notFound();
      const works = await db.select().from(designerWorks).where(eq(designerWorks.designerId, row.id))
        .orderBy(asc(designerWorks.sort), asc(designerWorks.id));
      return { kind, row, works };
    }
    case "photo": {
      const [row] = await db.select().from(photoAlbums).where(
        and(eq(photoAlbums.id, itemId), eq(photoAlbums.siteId, siteId)),
      );
      if (!row) throw notFound();
      const photos = await db.select().from(albumPhotos).where(eq(albumPhotos.albumId, row.id))
        .orderBy(asc(albumPhotos.sort), asc(albumPhotos.id));
      return { kind, row, photos };
    }
    case "video": {
      const [row] = await db.select().from(videos).where(and(eq(videos.id, itemId), eq(videos.siteId, siteId)));
      if (!row) throw notFound();
      return { kind, row };
    }
    case "schedule": {
      const [row] = await db.select().from(scheduleEvents).where(
        and(eq(scheduleEvents.id, itemId), eq(scheduleEvents.siteId, siteId)),
      );
      if (!row) throw notFound();
      return { kind, row };
    }
  }
}

export interface EditContext {
  db: Db;
  files: FileService;
  siteId: number;
  viewerId: number;
}

/** Pictures sent with the form or uploaded earlier, checked; stored or attached by `take` in the transaction. */
async function picturesOf(sent: File[], uploaded: number[], field: string, max: number) {
  if (sent.length + uploaded.length > max) throw invalid(field, "file.too_many");
  const rule = { ...uploadRule("board_photo"), maxFiles: max };
  const checked = sent.length ? await checkUploads(rule, field, sent) : [];
  return {
    count: checked.length + uploaded.length,
    async take(tx: Tx, ctx: EditContext): Promise<number[]> {
      const out: number[] = [];
      if (uploaded.length) {
        // The viewer's own uploads for the gallery's purpose that nothing holds yet: never another
        // member's file, a file of another purpose (an entry's, a résumé photo) or one a post holds.
        const rows = await tx.select({ id: files.id }).from(files).where(and(
          inArray(files.id, uploaded),
          eq(files.ownerId, ctx.viewerId),
          eq(files.purpose, "board_photo"),
          isNull(files.attachedAt),
        ));
        if (rows.length !== new Set(uploaded).size) throw invalid(field, "file.not_found");
        await attachUploads(tx, uploaded, { access: "public" });
        out.push(...uploaded);
      }
      for (const upload of checked) {
        out.push(
          (await ctx.files.save(upload, { purpose: "board_photo", access: "public", ownerId: ctx.viewerId }, tx)).id,
        );
      }
      return out;
    },
  };
}

const idList = (value: number | undefined) => (value === undefined ? [] : [value]);

/** Whether no gallery item holds the file any more (then it goes with the work or photo that held it). */
async function unheld(tx: Tx, fileId: number): Promise<boolean> {
  const [a] = await tx.select({ id: designerWorks.id }).from(designerWorks).where(eq(designerWorks.imageId, fileId))
    .limit(1);
  const [b] = await tx.select({ id: albumPhotos.id }).from(albumPhotos).where(eq(albumPhotos.fileId, fileId)).limit(1);
  const [c] = await tx.select({ id: designers.id }).from(designers).where(eq(designers.photoId, fileId)).limit(1);
  return !a && !b && !c;
}

/** The new order of a list after moving one entry a place up or down (unchanged at either end). */
export function moved<T extends { id: number }>(list: T[], itemId: number, by: -1 | 1): T[] {
  const from = list.findIndex((x) => x.id === itemId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return list;
  const out = [...list];
  [out[from], out[to]] = [out[to], out[from]];
  return out;
}

/**
 * Applies one action to the item. Answers the files no longer held (the caller removes them once the
 * transaction has committed, so a failed change never loses a picture).
 */
export async function editItem(
  ctx: EditContext,
  kind: GalleryKind,
  itemId: number,
  body: Record<string, unknown>,
  sent: Record<string, File[]>,
): Promise<FileRow[]> {
  const input = parseOrThrow(EditAction, body);
  if (!ACTIONS_OF[kind].includes(input.action)) throw new HttpError(422, "error.validation");
  // Checked before the transaction: decoding pictures takes a while and needs no lock.
  const fields = input.action === "save" ? parseOrThrow(EDIT_INPUT[kind], body) : undefined;
  const pictures = input.action === "work_add"
    ? await picturesOf(sent.image ?? [], idList(input.image_id), "image", 1)
    : input.action === "photo_add"
    ? await picturesOf(sent.photos ?? [], input.photo_ids, "photos", 10)
    : input.action === "save" && kind === "designer"
    ? await picturesOf(sent.photo ?? [], idList((fields as { photo_id?: number }).photo_id), "photo", 1)
    : undefined;
  if ((input.action === "work_add" || input.action === "photo_add") && !pictures?.count) {
    throw invalid(input.action === "work_add" ? "image" : "photos", "file.none");
  }
  const dropped: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const item = await itemDetail(tx, ctx.siteId, kind, itemId);
    if (input.action === "save") await saveFields(tx, ctx, item, fields!, pictures, dropped);
    else if (item.kind === "designer") await changeWorks(tx, ctx, item, input, pictures, dropped);
    else if (item.kind === "photo") await changePhotos(tx, ctx, item, input, pictures, dropped);
    for (const fileId of [...dropped]) if (!(await unheld(tx, fileId))) dropped.splice(dropped.indexOf(fileId), 1);
  });
  return dropped.length ? await ctx.files.findMany(dropped) : [];
}

type Pictures = Awaited<ReturnType<typeof picturesOf>> | undefined;

async function saveFields(
  tx: Tx,
  ctx: EditContext,
  item: ItemDetail,
  fields: Record<string, unknown>,
  pictures: Pictures,
  dropped: number[],
) {
  switch (item.kind) {
    case "designer": {
      const v = fields as z.infer<typeof EDIT_INPUT.designer>;
      const [photoId] = pictures?.count ? await pictures.take(tx, ctx) : [undefined];
      if (photoId !== undefined && item.row.photoId) dropped.push(item.row.photoId);
      await tx.update(designers).set({
        name: v.name,
        nameEn: v.name_en,
        field: v.field,
        fieldEn: v.field_en,
        bio: v.bio,
        bioEn: v.bio_en,
        website: v.website,
        ...(photoId !== undefined ? { photoId } : {}),
      }).where(eq(designers.id, item.row.id));
      return;
    }
    case "photo": {
      const v = fields as z.infer<typeof EDIT_INPUT.photo>;
      await tx.update(photoAlbums).set({
        title: v.title,
        titleEn: v.title_en,
        description: v.description,
        descriptionEn: v.description_en,
        takenOn: v.taken_on ?? null,
      }).where(eq(photoAlbums.id, item.row.id));
      return;
    }
    case "video": {
      const v = fields as z.infer<typeof EDIT_INPUT.video>;
      await tx.update(videos).set({
        title: v.title,
        titleEn: v.title_en,
        description: v.description,
        descriptionEn: v.description_en,
        provider: v.provider,
        videoKey: v.video_key,
      }).where(eq(videos.id, item.row.id));
      return;
    }
    case "schedule": {
      const v = fields as z.infer<typeof EDIT_INPUT.schedule>;
      await tx.update(scheduleEvents).set({
        title: v.title,
        titleEn: v.title_en,
        place: v.place,
        placeEn: v.place_en,
        startsOn: v.starts_on,
        endsOn: v.ends_on,
        url: v.url,
      }).where(eq(scheduleEvents.id, item.row.id));
    }
  }
}

async function changeWorks(
  tx: Tx,
  ctx: EditContext,
  item: Extract<ItemDetail, { kind: "designer" }>,
  input: EditAction,
  pictures: Pictures,
  dropped: number[],
) {
  if (input.action === "work_add") {
    if (item.works.length >= MAX_WORKS) throw invalid("image", "file.too_many");
    const [imageId] = await pictures!.take(tx, ctx);
    const sort = Math.max(-1, ...item.works.map((w) => w.sort)) + 1;
    await tx.insert(designerWorks).values({
      designerId: item.row.id,
      title: input.title,
      titleEn: input.title_en,
      year: input.year ?? null,
      imageId,
      sort,
    });
    return;
  }
  if (!("work" in input)) throw new HttpError(422, "error.validation");
  const work = item.works.find((w) => w.id === input.work);
  // A work of another designer (or none) is not this item's: 404, as an unknown item is.
  if (!work) throw notFound();
  if (input.action === "work_save") {
    await tx.update(designerWorks).set({ title: input.title, titleEn: input.title_en, year: input.year ?? null })
      .where(eq(designerWorks.id, work.id));
  } else if (input.action === "work_remove") {
    await tx.delete(designerWorks).where(eq(designerWorks.id, work.id));
    if (work.imageId) dropped.push(work.imageId);
  } else {
    // Renumbered 0, 1, 2… in the new order (seeded works may share a sort value).
    const order = moved(item.works, work.id, input.action === "work_up" ? -1 : 1);
    for (const [i, w] of order.entries()) {
      if (w.sort !== i) await tx.update(designerWorks).set({ sort: i }).where(eq(designerWorks.id, w.id));
    }
  }
}

async function changePhotos(
  tx: Tx,
  ctx: EditContext,
  item: Extract<ItemDetail, { kind: "photo" }>,
  input: EditAction,
  pictures: Pictures,
  dropped: number[],
) {
  if (input.action === "photo_add") {
    if (item.photos.length + pictures!.count > MAX_ALBUM_PHOTOS) throw invalid("photos", "file.too_many");
    const added = await pictures!.take(tx, ctx);
    const first = Math.max(-1, ...item.photos.map((p) => p.sort)) + 1;
    await tx.insert(albumPhotos).values(
      added.map((fileId, i) => ({ albumId: item.row.id, fileId, caption: item.row.title, sort: first + i })),
    );
    return;
  }
  if (input.action !== "photo_remove") throw new HttpError(422, "error.validation");
  const photo = item.photos.find((p) => p.id === input.photo);
  if (!photo) throw notFound();
  await tx.delete(albumPhotos).where(eq(albumPhotos.id, photo.id));
  if (photo.fileId) dropped.push(photo.fileId);
}

/** Files of the pictures shown on the edit screen (for their sizes and names). */
export async function picturesById(db: Db, fileIds: (number | null)[]): Promise<Map<number, FileRow>> {
  const wanted = fileIds.filter((x): x is number => x !== null);
  if (!wanted.length) return new Map();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((f) => [f.id, f]));
}
