// The galleries and the events schedule (SPEC §1 galleries: designer, photo, video; §7 /api/akfw…): the
// region's designers with their works, photo albums, videos by provider id, events by month. Published
// items only on the public side, in the pagination shape (per_page 8); unknown ids 404.
import { and, asc, count, desc, eq, gte, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import {
  albumPhotos,
  designers,
  designerWorks,
  type EventRow,
  photoAlbums,
  scheduleEvents,
  type VideoProvider,
  videos,
} from "../../db/schema/board.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../fresh.config.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { fileUrl } from "../file/present.ts";
import { localized } from "./boards.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
export const GalleryQuery = z.object({
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  perpage: z.preprocess(blank, z.coerce.number().int().min(1).max(50).default(8)),
  lang: z.preprocess(blank, z.enum(["ko", "en"]).optional()),
});
export type GalleryQuery = z.infer<typeof GalleryQuery>;

export interface ImageJson {
  id: number;
  width: number | null;
  height: number | null;
  image: string;
  thumbnail: string;
}

const imageOf = (file: FileRow | undefined): ImageJson | null =>
  file
    ? {
      id: file.id,
      width: file.width,
      height: file.height,
      image: fileUrl.variant(file.id, "external_image"),
      thumbnail: fileUrl.variant(file.id, "external_thumbnail"),
    }
    : null;

async function imagesById(db: Db, ids: (number | null)[]): Promise<Map<number, FileRow>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return new Map();
  return new Map((await db.select().from(files).where(inArray(files.id, wanted))).map((f) => [f.id, f]));
}

// ---------- Designers ----------

export interface DesignerJson {
  id: number;
  name: string;
  field: string;
  bio: string;
  website: string;
  photo: ImageJson | null;
  works: { id: number; title: string; year: number | null; image: ImageJson | null }[];
}

export async function listDesigners(
  db: Db,
  siteId: number,
  q: GalleryQuery,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<DesignerJson>> {
  const where = and(eq(designers.siteId, siteId), eq(designers.published, true));
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: designers.id }).from(designers).where(where).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select().from(designers).where(where).orderBy(asc(designers.sort), asc(designers.id))
        .limit(q.perpage).offset((page - 1) * q.perpage),
  );
  const photos = await imagesById(db, rows.map((r) => r.photoId));
  const data = rows.map((r) => ({
    id: r.id,
    name: localized(locale, r.name, r.nameEn),
    field: localized(locale, r.field, r.fieldEn),
    bio: localized(locale, r.bio, r.bioEn),
    website: r.website,
    photo: imageOf(photos.get(r.photoId ?? 0)),
    works: [],
  }));
  return paginated(data, total, page, q.perpage, urlOf, estimated);
}

export async function designerById(db: Db, siteId: number, id: number, locale: Locale): Promise<DesignerJson> {
  const [row] = await db.select().from(designers).where(
    and(eq(designers.id, id), eq(designers.siteId, siteId), eq(designers.published, true)),
  );
  if (!row) throw new HttpError(404, "board.gallery.not_found");
  const works = await db.select().from(designerWorks).where(eq(designerWorks.designerId, id))
    .orderBy(asc(designerWorks.sort), asc(designerWorks.id));
  const images = await imagesById(db, [row.photoId, ...works.map((w) => w.imageId)]);
  return {
    id: row.id,
    name: localized(locale, row.name, row.nameEn),
    field: localized(locale, row.field, row.fieldEn),
    bio: localized(locale, row.bio, row.bioEn),
    website: row.website,
    photo: imageOf(images.get(row.photoId ?? 0)),
    works: works.map((w) => ({
      id: w.id,
      title: localized(locale, w.title, w.titleEn),
      year: w.year,
      image: imageOf(images.get(w.imageId ?? 0)),
    })),
  };
}

// ---------- Photo albums ----------

export interface AlbumJson {
  id: number;
  title: string;
  description: string;
  taken_on: string | null;
  cover: ImageJson | null;
  count: number;
  photos: { id: number; caption: string; image: ImageJson | null }[];
}

export async function listAlbums(
  db: Db,
  siteId: number,
  q: GalleryQuery,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<AlbumJson>> {
  const where = and(eq(photoAlbums.siteId, siteId), eq(photoAlbums.published, true));
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: photoAlbums.id }).from(photoAlbums).where(where).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select().from(photoAlbums).where(where).orderBy(desc(photoAlbums.id))
        .limit(q.perpage).offset((page - 1) * q.perpage),
  );
  const ids = rows.map((r) => r.id);
  const photos = ids.length
    ? await db.select().from(albumPhotos).where(inArray(albumPhotos.albumId, ids)).orderBy(asc(albumPhotos.sort))
    : [];
  const counts = ids.length
    ? await db.select({ id: albumPhotos.albumId, n: count() }).from(albumPhotos).where(
      inArray(albumPhotos.albumId, ids),
    )
      .groupBy(albumPhotos.albumId)
    : [];
  const covers = new Map<number, number | null>();
  for (const p of photos) if (!covers.has(p.albumId)) covers.set(p.albumId, p.fileId);
  const images = await imagesById(db, [...covers.values()]);
  const data = rows.map((r) => ({
    id: r.id,
    title: localized(locale, r.title, r.titleEn),
    description: localized(locale, r.description, r.descriptionEn),
    taken_on: r.takenOn,
    cover: imageOf(images.get(covers.get(r.id) ?? 0)),
    count: counts.find((c) => c.id === r.id)?.n ?? 0,
    photos: [],
  }));
  return paginated(data, total, page, q.perpage, urlOf, estimated);
}

export async function albumById(db: Db, siteId: number, id: number, locale: Locale): Promise<AlbumJson> {
  const [row] = await db.select().from(photoAlbums).where(
    and(eq(photoAlbums.id, id), eq(photoAlbums.siteId, siteId), eq(photoAlbums.published, true)),
  );
  if (!row) throw new HttpError(404, "board.gallery.not_found");
  const photos = await db.select().from(albumPhotos).where(eq(albumPhotos.albumId, id))
    .orderBy(asc(albumPhotos.sort), asc(albumPhotos.id));
  const images = await imagesById(db, photos.map((p) => p.fileId));
  const list = photos.map((p) => ({
    id: p.id,
    caption: localized(locale, p.caption, p.captionEn),
    image: imageOf(images.get(p.fileId ?? 0)),
  }));
  return {
    id: row.id,
    title: localized(locale, row.title, row.titleEn),
    description: localized(locale, row.description, row.descriptionEn),
    taken_on: row.takenOn,
    cover: list[0]?.image ?? null,
    count: list.length,
    photos: list,
  };
}

// ---------- Videos ----------

export interface VideoJson {
  id: number;
  title: string;
  description: string;
  provider: VideoProvider;
  key: string;
  /** The provider's privacy-enhanced player (loaded only when the visitor asks to play). */
  player: string;
  watch: string;
}

/** The privacy-enhanced players (no cookies until played: youtube-nocookie, Vimeo with dnt). */
export const VIDEO_FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
export const VIDEO_KEY = /^[A-Za-z0-9_-]{5,20}$/;

export function playerUrl(provider: VideoProvider, key: string): string {
  return provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${key}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${key}?autoplay=1&dnt=1`;
}
const watchUrl = (provider: VideoProvider, key: string) =>
  provider === "youtube" ? `https://www.youtube.com/watch?v=${key}` : `https://vimeo.com/${key}`;

function videoJson(r: typeof videos.$inferSelect, locale: Locale): VideoJson {
  return {
    id: r.id,
    title: localized(locale, r.title, r.titleEn),
    description: localized(locale, r.description, r.descriptionEn),
    provider: r.provider,
    key: r.videoKey,
    player: playerUrl(r.provider, r.videoKey),
    watch: watchUrl(r.provider, r.videoKey),
  };
}

export async function listVideos(
  db: Db,
  siteId: number,
  q: GalleryQuery,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<VideoJson>> {
  const where = and(eq(videos.siteId, siteId), eq(videos.published, true));
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: videos.id }).from(videos).where(where).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select().from(videos).where(where).orderBy(desc(videos.id)).limit(q.perpage).offset((page - 1) * q.perpage),
  );
  return paginated(rows.map((r) => videoJson(r, locale)), total, page, q.perpage, urlOf, estimated);
}

export async function videoById(db: Db, siteId: number, id: number, locale: Locale): Promise<VideoJson> {
  const [row] = await db.select().from(videos).where(
    and(eq(videos.id, id), eq(videos.siteId, siteId), eq(videos.published, true)),
  );
  if (!row) throw new HttpError(404, "board.gallery.not_found");
  return videoJson(row, locale);
}

// ---------- Events by month ----------

export const MonthQuery = z.object({
  month: z.preprocess(blank, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional()),
});

/** The month shown: the one asked for, else this month in Seoul. */
export function monthOf(value: string | undefined, now = new Date()): { year: number; month: number } {
  if (value) return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)) };
  const seoul = new Date(now.getTime() + 9 * 3600_000);
  return { year: seoul.getUTCFullYear(), month: seoul.getUTCMonth() + 1 };
}

export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The events touching the month (starting before its end and ending after its start). */
export async function eventsOfMonth(db: Db, siteId: number, year: number, month: number): Promise<EventRow[]> {
  const first = `${monthKey(year, month)}-01`;
  const next = shiftMonth(year, month, 1);
  const last = new Date(Date.UTC(next.year, next.month - 1, 0)).toISOString().slice(0, 10);
  return await db.select().from(scheduleEvents).where(and(
    eq(scheduleEvents.siteId, siteId),
    lte(scheduleEvents.startsOn, last),
    gte(scheduleEvents.endsOn, first),
  )).orderBy(asc(scheduleEvents.startsOn), asc(scheduleEvents.id));
}

export async function upcomingEvents(db: Db, siteId: number, now = new Date()): Promise<EventRow[]> {
  const today = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  return await db.select().from(scheduleEvents).where(
    and(eq(scheduleEvents.siteId, siteId), gte(scheduleEvents.endsOn, today)),
  )
    .orderBy(asc(scheduleEvents.startsOn)).limit(200);
}

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped; lines folded at 75 octets. */
function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = "";
  for (const ch of line) {
    if (new TextEncoder().encode(current + ch).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = ch;
    } else current += ch;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** The events as an iCalendar feed (all-day events; DTEND is the day after the last). */
export function icalendar(events: EventRow[], locale: Locale, host: string, calendarName: string): string {
  const day = (d: string) => d.replaceAll("-", "");
  const after = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Hanbit Regional Design Center//Events//KO",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${icsText(calendarName)}`,
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `UID:event-${e.id}@${host}`,
      `DTSTAMP:${e.createdAt.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`,
      `DTSTART;VALUE=DATE:${day(e.startsOn)}`,
      `DTEND;VALUE=DATE:${day(after(e.endsOn))}`,
      `SUMMARY:${icsText(localized(locale, e.title, e.titleEn))}`,
      ...(e.place ? [`LOCATION:${icsText(localized(locale, e.place, e.placeEn))}`] : []),
      ...(e.description ? [`DESCRIPTION:${icsText(localized(locale, e.description, e.descriptionEn))}`] : []),
      ...(e.url ? [`URL:${icsText(e.url)}`] : []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
