// External contests (SPEC §1 "listed as award"; issue 23 §12): other bodies' contests the council lists on
// /contest with an 'external' mark and a link to the organiser's page, but does not run — no entries, no
// judging, no payment. Staff keep them under /management/contest/external with an optional poster.
import { and, asc, desc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { type ExternalContestRow, externalContests } from "../../db/schema/contest.ts";
import { files } from "../../db/schema/file.ts";
import type { Locale } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import type { CheckedUpload } from "../file/upload.ts";

/** The external contests shown on /contest at most (the soonest to close first). */
export const EXTERNAL_SHOWN = 12;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "contest.external.bad_date")
  // A real calendar day: 2026-02-30 is refused here, not by the database.
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, "contest.external.bad_date");
const words = (max: number) => z.preprocess((v) => v ?? "", z.string().trim().max(max));

export const ExternalInput = z.object({
  title: z.string().trim().min(1, "contest.external.title_required").max(200),
  title_en: words(200),
  organiser: z.string().trim().min(1, "contest.external.organiser_required").max(100),
  organiser_en: words(100),
  // Only a web page: never javascript:, data: or a path of this site dressed up as a link.
  link: z.string().trim().max(500).refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, "contest.external.bad_link"),
  start_on: day,
  end_on: day,
  prize: words(200),
  prize_en: words(200),
  published: z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()),
  remove_poster: z.preprocess(blank, z.literal("1").optional()),
}).refine((v) => v.start_on <= v.end_on, { path: ["end_on"], message: "contest.external.bad_period" });
export type ExternalInput = z.infer<typeof ExternalInput>;

/** Today in Seoul as YYYY-MM-DD: a contest is listed through its last day. */
export function seoulDay(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

export interface ListedExternal {
  contest: ExternalContestRow;
  poster: { id: number; width: number | null; height: number | null } | null;
}

/** What /contest shows: published external contests not yet over, the soonest to close first. */
export async function currentExternal(db: Tx, now = new Date()): Promise<ListedExternal[]> {
  const rows = await db.select({
    contest: externalContests,
    posterId: files.id,
    width: files.width,
    height: files.height,
  }).from(externalContests).leftJoin(files, eq(files.id, externalContests.posterId))
    .where(and(eq(externalContests.published, true), gte(externalContests.endOn, seoulDay(now))))
    .orderBy(asc(externalContests.endOn), asc(externalContests.id)).limit(EXTERNAL_SHOWN);
  return rows.map((r) => ({
    contest: r.contest,
    poster: r.posterId ? { id: r.posterId, width: r.width, height: r.height } : null,
  }));
}

/** Every external contest for the management table, the newest first. */
export async function allExternal(db: Tx): Promise<ExternalContestRow[]> {
  return await db.select().from(externalContests).orderBy(desc(externalContests.id)).limit(500);
}

export async function externalById(db: Tx, id: number): Promise<ExternalContestRow> {
  const [row] = await db.select().from(externalContests).where(eq(externalContests.id, id));
  if (!row) throw new HttpError(404, "error.404");
  return row;
}

/** An external contest in the visitor's language (English where it was given). */
export function externalView(row: ExternalContestRow, locale: Locale) {
  const en = locale === "en";
  return {
    id: row.id,
    title: (en && row.titleEn) || row.title,
    organiser: (en && row.organiserEn) || row.organiser,
    prize: (en && row.prizeEn) || row.prize,
    link: row.link,
    startOn: row.startOn,
    endOn: row.endOn,
    posterId: row.posterId,
  };
}

/**
 * Creates (`id` null) or saves an external contest, its new poster stored in the same transaction; the
 * poster it replaces (or that staff removed) is deleted after the commit.
 */
export async function saveExternal(
  db: Db,
  service: FileService,
  id: number | null,
  input: ExternalInput,
  poster?: CheckedUpload,
): Promise<ExternalContestRow> {
  const { row, dropped } = await db.transaction(async (tx) => {
    const before = id === null ? null : await externalById(tx, id);
    const saved = poster
      ? (await service.save(poster, { purpose: "contest_external_poster", ownerId: null, access: "public" }, tx)).id
      : null;
    const posterId = saved ?? (input.remove_poster ? null : before?.posterId ?? null);
    const values = {
      title: input.title,
      titleEn: input.title_en,
      organiser: input.organiser,
      organiserEn: input.organiser_en,
      link: input.link,
      startOn: input.start_on,
      endOn: input.end_on,
      prize: input.prize,
      prizeEn: input.prize_en,
      published: input.published,
      posterId,
      updatedAt: new Date(),
    };
    const [row] = before
      ? await tx.update(externalContests).set(values).where(eq(externalContests.id, before.id)).returning()
      : await tx.insert(externalContests).values(values).returning();
    const dropped = before?.posterId && before.posterId !== posterId ? before.posterId : null;
    return { row, dropped };
  });
  if (dropped) { for (const file of await service.findMany([dropped])) await service.remove(file); }
  return row;
}

/** Removes an external contest and its poster. */
export async function deleteExternal(db: Db, service: FileService, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const found = await externalById(tx, id);
    await tx.delete(externalContests).where(eq(externalContests.id, id));
    return found;
  });
  if (row.posterId) { for (const file of await service.findMany([row.posterId])) await service.remove(file); }
}
