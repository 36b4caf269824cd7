// Programmes, business-support calls and courses as the public pages and SPEC §7 calls read them: one by
// id (of its kind), the lists newest first with the pagination shape (support: the latest 4 on page 1,
// SPEC §9), and the JSON of each with its status from the dates and the places left of a course.
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { applications, type ProgrammeRow, programmes } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../fresh.config.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import type { ProgrammeKind, SupportStatus } from "./kinds.ts";
import { holdsPlaceCondition } from "./fees.ts";
import { supportStatus } from "./status.ts";

export const PROGRAMME_NOT_FOUND = "programme.not_found";
/** SPEC §9: the support list shows the latest 4 on page 1. */
export const LATEST_SUPPORT = 4;

export async function programmeById(db: Tx, id: number, kind?: ProgrammeKind): Promise<ProgrammeRow | null> {
  const [row] = await db.select().from(programmes)
    .where(kind ? and(eq(programmes.id, id), eq(programmes.kind, kind)) : eq(programmes.id, id));
  return row ?? null;
}

export async function requireProgramme(db: Tx, id: number, kind?: ProgrammeKind): Promise<ProgrammeRow> {
  const row = await programmeById(db, id, kind);
  if (!row) throw new HttpError(404, PROGRAMME_NOT_FOUND);
  return row;
}

export async function listProgrammes(
  db: Db,
  kind: ProgrammeKind,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
  category?: string,
): Promise<Paginated<ProgrammeRow>> {
  const where = and(eq(programmes.kind, kind), category ? eq(programmes.category, category) : undefined);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: programmes.id }).from(programmes).where(where).$dynamic(),
  );
  const rows = await db.select().from(programmes).where(where).orderBy(desc(programmes.id))
    .limit(perPage).offset((page - 1) * perPage);
  return paginated(rows, total, page, perPage, urlOf, estimated);
}

/** The categories of one kind (the education page's categories), in both languages. */
export async function programmeCategories(db: Db, kind: ProgrammeKind) {
  return await db.selectDistinct({ category: programmes.category, categoryEn: programmes.categoryEn })
    .from(programmes).where(and(eq(programmes.kind, kind), sql`${programmes.category} <> ''`))
    .orderBy(programmes.category).limit(50);
}

/** The teachers of the courses with their profiles (the education page's teachers), newest course first. */
export async function courseTeachers(db: Db) {
  const rows = await db.select({
    name: programmes.teacher,
    nameEn: programmes.teacherEn,
    profile: programmes.teacherProfile,
    profileEn: programmes.teacherProfileEn,
  }).from(programmes).where(and(eq(programmes.kind, "course"), sql`${programmes.teacher} <> ''`))
    .orderBy(desc(programmes.id)).limit(200);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.name) && seen.add(r.name)).slice(0, 20);
}

export async function latestProgrammes(db: Db, kind: ProgrammeKind, limit = LATEST_SUPPORT): Promise<ProgrammeRow[]> {
  return await db.select().from(programmes).where(eq(programmes.kind, kind)).orderBy(desc(programmes.id)).limit(limit);
}

/** How many applications hold a place of each course (received, reviewing, accepted; not a lapsed unpaid
 * hold) and wait. */
export async function placeCounts(
  db: Tx,
  ids: number[],
  now = new Date(),
): Promise<Map<number, { holding: number; waiting: number }>> {
  const out = new Map(ids.map((id) => [id, { holding: 0, waiting: 0 }]));
  if (!ids.length) return out;
  const rows = await db.select({ id: applications.programmeId, status: applications.status, n: count() })
    .from(applications)
    .where(and(
      inArray(applications.programmeId, ids),
      or(holdsPlaceCondition(now), eq(applications.status, "waiting")),
    ))
    .groupBy(applications.programmeId, applications.status);
  for (const r of rows) {
    const entry = out.get(r.id)!;
    if (r.status === "waiting") entry.waiting += r.n;
    else entry.holding += r.n;
  }
  return out;
}

const pick = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface ProgrammeJson {
  id: number;
  kind: ProgrammeKind;
  title: string;
  summary: string;
  notice: string;
  category: string;
  contact: string;
  status: SupportStatus;
  apply_from: string | null;
  apply_to: string | null;
  business_from: string | null;
  business_to: string | null;
  roles: string[];
  form: number | null;
  files: number[];
  pagination: boolean;
  teacher?: { name: string; profile: string };
  sessions?: string[];
  capacity?: number;
  fee?: number;
  places_left?: number | null;
  waiting?: number;
}

export function presentProgramme(
  p: ProgrammeRow,
  locale: Locale,
  now = new Date(),
  places?: { holding: number; waiting: number },
): ProgrammeJson {
  const json: ProgrammeJson = {
    id: p.id,
    kind: p.kind,
    title: pick(p.title, p.titleEn, locale),
    summary: pick(p.summary, p.summaryEn, locale),
    notice: pick(p.notice, p.noticeEn, locale),
    category: pick(p.category, p.categoryEn, locale),
    contact: p.contact,
    status: supportStatus(p, now),
    apply_from: iso(p.applyFrom),
    apply_to: iso(p.applyTo),
    business_from: iso(p.businessFrom),
    business_to: iso(p.businessTo),
    roles: p.roles,
    form: p.formId,
    files: p.fileIds,
    pagination: p.publicList,
  };
  if (p.kind === "course") {
    json.teacher = {
      name: pick(p.teacher, p.teacherEn, locale),
      profile: pick(p.teacherProfile, p.teacherProfileEn, locale),
    };
    json.sessions = p.sessions.split("\n").map((s) => s.trim()).filter(Boolean);
    json.capacity = p.capacity;
    json.fee = p.fee;
    const holding = places?.holding ?? 0;
    json.places_left = p.capacity > 0 ? Math.max(0, p.capacity - holding) : null;
    json.waiting = places?.waiting ?? 0;
  }
  return json;
}

export function titleOf(p: Pick<ProgrammeRow, "title" | "titleEn">, locale: Locale): string {
  return pick(p.title, p.titleEn, locale);
}
