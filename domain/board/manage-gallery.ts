// Managing the galleries and the events (SPEC §2.2 /management/akfw designer, photo, schedule, video): the
// site's items of each kind, newest first; one added (a designer or an album with its pictures through
// the upload checks), published or hidden, or deleted. Administrators and staff granted `akfw`.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { albumPhotos, designers, photoAlbums, scheduleEvents, VIDEO_PROVIDERS, videos } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import { uploadRule } from "../file/rules.ts";
import { checkUploads } from "../file/upload.ts";
import { parseOrThrow } from "../validation.ts";
import { VIDEO_KEY } from "./gallery.ts";

export const GALLERY_KINDS = ["designer", "photo", "video", "schedule"] as const;
export type GalleryKind = typeof GALLERY_KINDS[number];

const text = (max: number) => z.string().trim().max(max).default("");
const title = z.string().trim().min(1).max(120);
const url = z.preprocess(
  (v) => (v === undefined ? "" : v),
  z.string().trim().max(300).refine(
    (v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v),
    "board.manage.invalidUrl",
  ),
);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "board.date_invalid");

export const ADD_INPUT = {
  designer: z.object({
    name: title,
    name_en: text(120),
    field: text(60),
    field_en: text(60),
    bio: text(2000),
    bio_en: text(2000),
    website: url,
  }),
  photo: z.object({ title, title_en: text(120), description: text(2000), description_en: text(2000) }),
  video: z.object({
    title,
    title_en: text(120),
    provider: z.enum(VIDEO_PROVIDERS),
    video_key: z.string().trim().regex(VIDEO_KEY, "board.manage.invalidVideo"),
  }),
  schedule: z.object({
    title,
    title_en: text(120),
    place: text(120),
    place_en: text(120),
    starts_on: day,
    ends_on: day,
    url,
  })
    .refine((v) => v.starts_on <= v.ends_on, { message: "board.period_invalid", path: ["ends_on"] }),
} as const;

export const ItemAction = z.object({
  action: z.enum(["add", "publish", "unpublish", "delete"]),
  id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(2_147_483_647).optional()),
});

export interface GalleryItem {
  id: number;
  title: string;
  detail: string;
  published: boolean;
}

export async function listItems(db: Db, siteId: number, kind: GalleryKind): Promise<GalleryItem[]> {
  switch (kind) {
    case "designer":
      return (await db.select().from(designers).where(eq(designers.siteId, siteId)).orderBy(desc(designers.id)).limit(
        200,
      ))
        .map((r) => ({ id: r.id, title: r.name, detail: r.field, published: r.published }));
    case "photo":
      return (await db.select().from(photoAlbums).where(eq(photoAlbums.siteId, siteId)).orderBy(desc(photoAlbums.id))
        .limit(200))
        .map((r) => ({ id: r.id, title: r.title, detail: r.takenOn ?? "", published: r.published }));
    case "video":
      return (await db.select().from(videos).where(eq(videos.siteId, siteId)).orderBy(desc(videos.id)).limit(200))
        .map((r) => ({ id: r.id, title: r.title, detail: `${r.provider} ${r.videoKey}`, published: r.published }));
    case "schedule":
      return (await db.select().from(scheduleEvents).where(eq(scheduleEvents.siteId, siteId))
        .orderBy(desc(scheduleEvents.startsOn)).limit(200))
        .map((r) => ({ id: r.id, title: r.title, detail: `${r.startsOn} ~ ${r.endsOn}`, published: true }));
  }
}

const TABLES = { designer: designers, photo: photoAlbums, video: videos, schedule: scheduleEvents } as const;

/** Adds an item of the kind (an album with its pictures, all checked before anything is stored). */
export async function addItem(
  db: Db,
  service: FileService,
  siteId: number,
  ownerId: number,
  kind: GalleryKind,
  body: Record<string, unknown>,
  pictures: File[],
): Promise<void> {
  parseOrThrow(ADD_INPUT[kind], body);
  const rule = { ...uploadRule("board_photo"), maxFiles: 10 };
  const checked = pictures.length ? await checkUploads(rule, "photos", pictures) : [];
  if (kind === "photo" && !checked.length) {
    throw new HttpError(422, "file.none", undefined, { fields: { photos: ["file.none"] } });
  }
  await db.transaction(async (tx) => {
    const save = async (i: number) =>
      (await service.save(checked[i], { purpose: "board_photo", access: "public", ownerId }, tx)).id;
    if (kind === "designer") {
      const v = parseOrThrow(ADD_INPUT.designer, body);
      await tx.insert(designers).values({
        siteId,
        name: v.name,
        nameEn: v.name_en,
        field: v.field,
        fieldEn: v.field_en,
        bio: v.bio,
        bioEn: v.bio_en,
        website: v.website,
        photoId: checked.length ? await save(0) : null,
      });
    } else if (kind === "photo") {
      const v = parseOrThrow(ADD_INPUT.photo, body);
      const [album] = await tx.insert(photoAlbums).values({
        siteId,
        title: v.title,
        titleEn: v.title_en,
        description: v.description,
        descriptionEn: v.description_en,
      }).returning();
      for (let i = 0; i < checked.length; i++) {
        await tx.insert(albumPhotos).values({ albumId: album.id, fileId: await save(i), caption: v.title, sort: i });
      }
    } else if (kind === "video") {
      const v = parseOrThrow(ADD_INPUT.video, body);
      await tx.insert(videos).values({
        siteId,
        title: v.title,
        titleEn: v.title_en,
        provider: v.provider,
        videoKey: v.video_key,
      });
    } else {
      const v = parseOrThrow(ADD_INPUT.schedule, body);
      await tx.insert(scheduleEvents).values({
        siteId,
        title: v.title,
        titleEn: v.title_en,
        place: v.place,
        placeEn: v.place_en,
        startsOn: v.starts_on,
        endsOn: v.ends_on,
        url: v.url,
      });
    }
  });
}

export async function changeItem(
  db: Db,
  siteId: number,
  kind: GalleryKind,
  id: number,
  action: "publish" | "unpublish" | "delete",
) {
  const table = TABLES[kind];
  const where = and(eq(table.id, id), eq(table.siteId, siteId));
  const rows = action === "delete"
    ? await db.delete(table).where(where).returning({ id: table.id })
    : kind === "schedule"
    ? []
    : await db.update(TABLES[kind as Exclude<GalleryKind, "schedule">]).set({ published: action === "publish" })
      .where(where).returning({ id: table.id });
  if (!rows.length) throw new HttpError(404, "board.gallery.not_found");
}
