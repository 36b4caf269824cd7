// The award family as the public sees it (SPEC §2.5 award lists, §7 award family calls): awards with
// their phase and status, the latest award, a year's exhibition, winners and nominees, the judges, one
// entry. Reads only; what is public when is decided in publication.ts. Entries never show the entrant's
// email, phone or account; files are linked only when their access is public.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  type AwardJudgeRow,
  awardJudges,
  type AwardPoolRow,
  awardPools,
  type AwardRow,
  awards,
  entries,
  type EntryRow,
} from "../../db/schema/award.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import { fileUrl } from "../file/present.ts";
import type { Locale } from "../../fresh.config.ts";
import { type Paginated, paginated } from "../member/management.ts";
import {
  AWARD_RANKS,
  type AwardFamily,
  type AwardPhase,
  type AwardRank,
  type AwardStatus,
  DESIGN_CATEGORIES,
  type DesignCategory,
  type EntryStatus,
  type WorkType,
} from "./options.ts";
import { awardPhase, awardStatus, isDisplayPeriod } from "./phase.ts";
import { type EntryVisibility, entryVisibility, nomineesPublished, resultsPublished } from "./publication.ts";
import { HttpError } from "../../framework/errors.ts";

// ---------- Shapes ----------

/** An image as calls and pages show it (Picture takes it as it is). */
export interface ImageJson {
  id: number;
  width: number | null;
  height: number | null;
  image: string;
  thumbnail: string;
}

export interface PoolJson {
  id: number;
  kind: string;
  start_at: string | null;
  finish_at: string | null;
}

export interface AwardJson {
  id: number;
  family: AwardFamily;
  year: number;
  /** In the asked language (`lang`), falling back to Korean. */
  name: string;
  title: string;
  title_en: string;
  host: string;
  host_en: string;
  sponsor: string;
  sponsor_en: string;
  subject: string;
  subject_en: string;
  place: string;
  place_en: string;
  description: string;
  description_en: string;
  poster: ImageJson | null;
  thumbnail: ImageJson | null;
  submit_from: string | null;
  submit_to: string | null;
  audit_at: string | null;
  pre_at: string | null;
  off_to: string | null;
  result_at: string | null;
  display_from: string | null;
  display_to: string | null;
  close_at: string | null;
  auditable: boolean;
  categories: DesignCategory[];
  phase: AwardPhase;
  status: AwardStatus;
  display_period: boolean;
  results_published: boolean;
  nominees_published: boolean;
  pools: PoolJson[];
}

export interface EntryJson {
  id: number;
  award_id: number;
  year: number;
  category: DesignCategory;
  name: string;
  title: string;
  title_en: string;
  description: string;
  designer: string;
  designer_name: string;
  designer_name_en: string;
  designer_affiliation: string;
  company: string;
  sub_designers: { name: string; name_en: string; affiliation: string }[];
  exhibitor_type: string;
  work_type: WorkType;
  url: string | null;
  rank: AwardRank | null;
  nominee: boolean;
  thumbnail: ImageJson | null;
  preview: ImageJson | null;
  images: ImageJson[];
}

export interface JudgeJson {
  id: number;
  name: string;
  name_en: string;
  affiliation: string;
  affiliation_en: string;
  position: string;
  position_en: string;
  category: DesignCategory | null;
  photo: ImageJson | null;
  sort: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pick = (locale: Locale, ko: string, en: string) => (locale === "en" && en ? en : ko);

function imageOfFile(file: FileRow | undefined, anyAccess = false): ImageJson | null {
  if (!file || (!anyAccess && file.access !== "public") || !file.mimetype.startsWith("image/")) return null;
  return {
    id: file.id,
    width: file.width,
    height: file.height,
    image: fileUrl.variant(file.id, "external_image"),
    thumbnail: fileUrl.variant(file.id, "external_thumbnail"),
  };
}

async function filesById(tx: Tx, ids: (number | null | undefined)[]): Promise<Map<number, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (!wanted.length) return new Map();
  const rows = await tx.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((f) => [f.id, f]));
}

async function poolsOf(tx: Tx, awardIds: number[]): Promise<Map<number, AwardPoolRow[]>> {
  const map = new Map<number, AwardPoolRow[]>();
  if (!awardIds.length) return map;
  const rows = await tx.select().from(awardPools).where(inArray(awardPools.awardId, awardIds))
    .orderBy(asc(awardPools.id));
  for (const row of rows) map.set(row.awardId, [...(map.get(row.awardId) ?? []), row]);
  return map;
}

/** Awards as JSON, with their images and pools, in one query each. */
export async function presentAwards(tx: Tx, rows: AwardRow[], locale: Locale, now: Date): Promise<AwardJson[]> {
  const [images, pools] = await Promise.all([
    filesById(tx, rows.flatMap((a) => [a.posterId, a.thumbnailId])),
    poolsOf(tx, rows.map((a) => a.id)),
  ]);
  return rows.map((a) => ({
    id: a.id,
    family: a.family,
    year: a.year,
    name: pick(locale, a.title, a.titleEn),
    title: a.title,
    title_en: a.titleEn,
    host: a.host,
    host_en: a.hostEn,
    sponsor: a.sponsor,
    sponsor_en: a.sponsorEn,
    subject: a.subject,
    subject_en: a.subjectEn,
    place: a.place,
    place_en: a.placeEn,
    description: a.description,
    description_en: a.descriptionEn,
    poster: imageOfFile(images.get(a.posterId ?? 0)),
    thumbnail: imageOfFile(images.get(a.thumbnailId ?? 0)),
    submit_from: iso(a.submitFrom),
    submit_to: iso(a.submitTo),
    audit_at: iso(a.auditAt),
    pre_at: iso(a.preAt),
    off_to: iso(a.offTo),
    result_at: iso(a.resultAt),
    display_from: iso(a.displayFrom),
    display_to: iso(a.displayTo),
    close_at: iso(a.closeAt),
    auditable: a.auditable,
    categories: offeredCategories(a),
    phase: awardPhase(a, now),
    status: awardStatus(a, now),
    display_period: isDisplayPeriod(a, now),
    results_published: resultsPublished(a, now),
    nominees_published: nomineesPublished(a, now),
    pools: (pools.get(a.id) ?? []).map((p) => ({
      id: p.id,
      kind: p.kind,
      start_at: iso(p.startAt),
      finish_at: iso(p.finishAt),
    })),
  }));
}

/** The award's categories; an award that names none offers every design branch. */
export function offeredCategories(award: Pick<AwardRow, "categories">): DesignCategory[] {
  return award.categories.length ? [...award.categories].sort((a, b) => a - b) : [...DESIGN_CATEGORIES];
}

/** Entries as JSON; `forJudges` links files judges may read (the access check is the file route's). */
export async function presentEntries(
  tx: Tx,
  rows: EntryRow[],
  years: Map<number, number>,
  locale: Locale,
  forJudges = false,
) {
  const images = await filesById(tx, rows.flatMap((e) => [e.thumbnailId, e.previewId, ...e.detailIds]));
  const imageOf = (id: number | null) => imageOfFile(images.get(id ?? 0), forJudges);
  return rows.map((e): EntryJson => ({
    id: e.id,
    award_id: e.awardId,
    year: years.get(e.awardId) ?? 0,
    category: e.category,
    name: pick(locale, e.title, e.titleEn),
    title: e.title,
    title_en: e.titleEn,
    description: e.description,
    designer: pick(locale, e.designerName, e.designerNameEn),
    designer_name: e.designerName,
    designer_name_en: e.designerNameEn,
    designer_affiliation: e.designerAffiliation,
    company: e.company,
    sub_designers: e.subDesigners.map((s) => ({ name: s.name, name_en: s.name_en, affiliation: s.affiliation })),
    exhibitor_type: e.exhibitorType,
    work_type: e.workType,
    url: e.workType === "digital" && e.url ? e.url : null,
    rank: e.rank,
    nominee: e.nominee || e.rank === "nominee",
    thumbnail: imageOf(e.thumbnailId),
    preview: imageOf(e.previewId),
    images: e.detailIds.map(imageOf).filter((i): i is ImageJson => i !== null),
  }));
}

export async function presentJudges(tx: Tx, rows: AwardJudgeRow[]): Promise<JudgeJson[]> {
  const images = await filesById(tx, rows.map((j) => j.photoId));
  return rows.map((j) => ({
    id: j.id,
    name: j.name,
    name_en: j.nameEn,
    affiliation: j.affiliation,
    affiliation_en: j.affiliationEn,
    position: j.position,
    position_en: j.positionEn,
    category: j.category,
    photo: imageOfFile(images.get(j.photoId ?? 0)),
    sort: j.sort,
  }));
}

// ---------- Awards ----------

export interface AwardListQuery {
  page: number;
  perpage: number;
  status?: AwardStatus;
}

/** GET /api/{family}: newest year first; status is derived, so the (small) family is filtered in memory. */
export async function listAwards(
  tx: Tx,
  family: AwardFamily,
  query: AwardListQuery,
  locale: Locale,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<AwardJson>> {
  const rows = await tx.select().from(awards).where(eq(awards.family, family))
    .orderBy(desc(awards.year), desc(awards.id));
  const kept = query.status ? rows.filter((a) => awardStatus(a, now) === query.status) : rows;
  const slice = kept.slice((query.page - 1) * query.perpage, query.page * query.perpage);
  return paginated(await presentAwards(tx, slice, locale, now), kept.length, query.page, query.perpage, urlOf);
}

/** Every award of the family, newest first (years for navigation). */
export async function familyYears(tx: Tx, family: AwardFamily) {
  return await tx.select({ id: awards.id, year: awards.year, title: awards.title, title_en: awards.titleEn })
    .from(awards).where(eq(awards.family, family)).orderBy(desc(awards.year), desc(awards.id));
}

/**
 * The family's current award: the newest one that has started (submission opened), else the newest
 * scheduled one; null when the family has none.
 */
export async function currentAward(tx: Tx, family: AwardFamily, now: Date): Promise<AwardRow | null> {
  const rows = await tx.select().from(awards).where(eq(awards.family, family))
    .orderBy(desc(awards.year), desc(awards.id));
  return rows.find((a) => awardStatus(a, now) !== "scheduled") ?? rows[0] ?? null;
}

/** The family's newest award whose results are out (the winners a site shows), or null. */
export async function latestResults(tx: Tx, family: AwardFamily, now: Date): Promise<AwardRow | null> {
  const rows = await tx.select().from(awards).where(eq(awards.family, family))
    .orderBy(desc(awards.year), desc(awards.id));
  return rows.find((a) => resultsPublished(a, now)) ?? null;
}

export async function awardById(tx: Tx, family: AwardFamily, id: number): Promise<AwardRow | null> {
  const [row] = await tx.select().from(awards).where(and(eq(awards.family, family), eq(awards.id, id)));
  return row ?? null;
}

export async function awardByYear(tx: Tx, family: AwardFamily, year: number): Promise<AwardRow | null> {
  const [row] = await tx.select().from(awards).where(and(eq(awards.family, family), eq(awards.year, year)));
  return row ?? null;
}

export async function awardOfPool(tx: Tx, family: AwardFamily, poolId: number): Promise<AwardRow | null> {
  const [row] = await tx.select({ award: awards }).from(awardPools)
    .innerJoin(awards, eq(awards.id, awardPools.awardId))
    .where(and(eq(awardPools.id, poolId), eq(awards.family, family)));
  return row?.award ?? null;
}

// ---------- Entries ----------

export type EntryListKind = "exhibition" | "winners" | "nominees";

export interface EntryListQuery {
  page: number;
  perpage: number;
  category?: DesignCategory;
  keyword?: string;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const RANK_ORDER = sql.raw(`array[${AWARD_RANKS.map((r) => `'${r}'`).join(",")}]::text[]`);

/** Whether the list is public now; a list that is not answers empty (SPEC §7). */
export function listPublished(kind: EntryListKind, award: AwardRow, now: Date): boolean {
  if (kind === "exhibition") return isDisplayPeriod(award, now);
  if (kind === "winners") return resultsPublished(award, now);
  return nomineesPublished(award, now);
}

function listCondition(kind: EntryListKind, awardId: number, query: EntryListQuery): SQL {
  const where: SQL[] = [eq(entries.awardId, awardId), ne(entries.status, "cancel")];
  if (kind === "exhibition") where.push(eq(entries.display, true));
  if (kind === "winners") where.push(and(isNotNull(entries.rank), ne(entries.rank, "nominee"))!);
  if (kind === "nominees") where.push(or(eq(entries.nominee, true), eq(entries.rank, "nominee"))!);
  if (query.category) where.push(eq(entries.category, query.category));
  if (query.keyword) {
    const p = likePattern(query.keyword);
    where.push(
      or(
        ilike(entries.title, p),
        ilike(entries.titleEn, p),
        ilike(entries.designerName, p),
        ilike(entries.designerNameEn, p),
        ilike(entries.company, p),
      )!,
    );
  }
  return and(...where)!;
}

/** A list of the award's public entries, in the pagination shape; empty while the list is not public. */
export async function listEntries(
  tx: Tx,
  kind: EntryListKind,
  award: AwardRow,
  query: EntryListQuery,
  locale: Locale,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<EntryJson>> {
  if (!listPublished(kind, award, now)) return paginated([], 0, query.page, query.perpage, urlOf);
  const condition = listCondition(kind, award.id, query);
  const [{ total }] = await tx.select({ total: count() }).from(entries).where(condition);
  const order = kind === "winners"
    ? [sql`array_position(${RANK_ORDER}, ${entries.rank})`, asc(entries.category), asc(entries.id)]
    : [asc(entries.category), asc(entries.id)];
  const rows = await tx.select().from(entries).where(condition).orderBy(...order)
    .limit(query.perpage).offset((query.page - 1) * query.perpage);
  const data = await presentEntries(tx, rows, new Map([[award.id, award.year]]), locale);
  return paginated(data, total, query.page, query.perpage, urlOf);
}

/** How many public entries each category has in a list (for the category tabs). */
export async function categoryCounts(
  tx: Tx,
  kind: EntryListKind,
  award: AwardRow,
  now: Date,
): Promise<Map<number, number>> {
  if (!listPublished(kind, award, now)) return new Map();
  const rows = await tx.select({ category: entries.category, n: count() }).from(entries)
    .where(listCondition(kind, award.id, { page: 1, perpage: 1 })).groupBy(entries.category);
  return new Map(rows.map((r) => [r.category, r.n]));
}

export interface PublicEntry {
  entry: EntryJson;
  award: AwardRow;
  visibility: EntryVisibility;
}

/** One entry of the family as the public may see it; 404 or 403 (not exhibition period) otherwise. */
export async function publicEntry(
  tx: Tx,
  family: AwardFamily,
  id: number,
  locale: Locale,
  now: Date,
): Promise<PublicEntry> {
  const [row] = await tx.select({ entry: entries, award: awards }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId))
    .where(and(eq(entries.id, id), eq(awards.family, family)));
  if (!row) throw new HttpError(404, "award.entry_not_found");
  const visibility = entryVisibility(row.entry, row.award, now);
  if (visibility instanceof HttpError) throw visibility;
  const [entry] = await presentEntries(tx, [row.entry], new Map([[row.award.id, row.award.year]]), locale);
  return { entry, award: row.award, visibility };
}

// ---------- Judges ----------

export async function listJudges(tx: Tx, award: AwardRow, category?: DesignCategory): Promise<JudgeJson[]> {
  const where = category
    ? and(
      eq(awardJudges.awardId, award.id),
      or(eq(awardJudges.category, category), sql`${awardJudges.category} is null`),
    )
    : eq(awardJudges.awardId, award.id);
  const rows = await tx.select().from(awardJudges).where(where).orderBy(asc(awardJudges.sort), asc(awardJudges.id));
  return await presentJudges(tx, rows);
}

// ---------- Judging (GET /api/{family}/{id}/entries) ----------

export const JUDGE_SORTS = ["id", "-id", "title", "category"] as const;
export type JudgeSort = typeof JUDGE_SORTS[number];

/** Every entry under judgement (not cancelled, not waiting for its payment), for the audit screen. */
export async function entriesForJudges(
  tx: Tx,
  award: AwardRow,
  options: { sort: JudgeSort; sect?: DesignCategory },
  locale: Locale,
): Promise<EntryJson[]> {
  const where: SQL[] = [eq(entries.awardId, award.id), inArray(entries.status, JUDGED_STATUSES)];
  if (options.sect) where.push(eq(entries.category, options.sect));
  const order = {
    "id": [asc(entries.id)],
    "-id": [desc(entries.id)],
    "title": [asc(entries.title), asc(entries.id)],
    "category": [asc(entries.category), asc(entries.id)],
  }[options.sort];
  const rows = await tx.select().from(entries).where(and(...where)).orderBy(...order);
  return await presentEntries(tx, rows, new Map([[award.id, award.year]]), locale, true);
}

/** Entries that reached the judges: submitted (free) or paid, and whatever judging made of them. */
const JUDGED_STATUSES: EntryStatus[] = [
  "submitted",
  "pay_complete",
  "complete",
  "display",
  "examine",
  "final",
  "selected",
  "eliminated",
  "result",
];
