// The management side of programmes, support calls and courses (issue 14 §2–§4): their lists with
// application counts, creating and editing one (with the form attached), the review table's query
// (status filter, applicant search through the users' trigram-indexed expression, sort, page), its CSV,
// status changes through the review machine with a mail to each applicant, messages to applicants, and
// the documents of a call as one zip. Every multi-row change is one transaction.
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { type ApplicationRow, applications, forms, type ProgrammeRow, programmes } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import type { Sort } from "../common/table.ts";
import { queueMail } from "../mail/outbox.ts";
import type { FileService } from "../file/files.ts";
import { uploadRule } from "../file/rules.ts";
import type { CheckedUpload } from "../file/upload.ts";
import { APPLICANT_ROLES, APPLICATION_STATUSES, PLACE_HOLDING, type ProgrammeKind } from "./kinds.ts";
import { promoteWaiting } from "./applications.ts";
import { issueCompletionCertificate } from "./certificate.ts";
import { settledCondition } from "./fees.ts";
import { applicationMail, completionMail, staffMessageMail } from "./mail.ts";
import { sessionCount, sessionsNeeded } from "./completion.ts";
import { REVIEW, STAFF_ACTIONS, type StaffAction } from "./review.ts";

type MailConfig = Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;

export interface ManagedProgramme {
  programme: ProgrammeRow;
  applications: number;
}

export async function listManagedProgrammes(
  db: Db,
  kind: ProgrammeKind,
  page: number,
  urlOf: (page: number) => string,
  perPage = 20,
): Promise<Paginated<ManagedProgramme>> {
  const where = eq(programmes.kind, kind);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: programmes.id }).from(programmes).where(where).$dynamic(),
  );
  const rows = await db.select({
    programme: programmes,
    applications: sql<
      number
    >`(select count(*)::int from ${applications} where ${applications.programmeId} = ${programmes.id} and ${applications.status} <> 'cancelled')`,
  }).from(programmes).where(where).orderBy(desc(programmes.id)).limit(perPage).offset((page - 1) * perPage);
  return paginated(rows, total, page, perPage, urlOf, estimated);
}

// ---------- Editing ----------

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.string().trim().max(max).default("");
/** A `datetime-local` value, read as Korean time (SPEC §4: dates in UTC+9). */
const seoulTime = z.preprocess(
  blank,
  z.string().regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/, "programme.manage.bad_date")
    .transform((v) => new Date(`${v.replace(" ", "T")}:00+09:00`)).optional(),
);

export const ProgrammeInput = z.object({
  title: z.string().trim().min(1, "programme.manage.title_required").max(200),
  title_en: text(200),
  summary: text(2000),
  summary_en: text(2000),
  notice: text(10_000),
  notice_en: text(10_000),
  category: text(100),
  category_en: text(100),
  contact: text(300),
  teacher: text(100),
  teacher_en: text(100),
  teacher_profile: text(2000),
  teacher_profile_en: text(2000),
  sessions: text(5000),
  form_id: z.preprocess(blank, z.coerce.number().int().min(1).max(2 ** 31 - 1).optional()),
  roles: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(APPLICANT_ROLES)).max(APPLICANT_ROLES.length),
  ),
  apply_from: seoulTime,
  apply_to: seoulTime,
  business_from: seoulTime,
  business_to: seoulTime,
  capacity: z.preprocess(blank, z.coerce.number().int().min(0).max(100_000).default(0)),
  fee: z.preprocess(blank, z.coerce.number().int().min(0).max(100_000_000).default(0)),
  public_list: z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()),
}).refine((v) => !v.apply_from || !v.apply_to || v.apply_from <= v.apply_to, {
  message: "programme.form.date_order",
  path: ["apply_to"],
}).refine((v) => !v.business_from || !v.business_to || v.business_from <= v.business_to, {
  message: "programme.form.date_order",
  path: ["business_to"],
});
export type ProgrammeInput = z.infer<typeof ProgrammeInput>;

function columnsOf(input: ProgrammeInput) {
  return {
    title: input.title,
    titleEn: input.title_en,
    summary: input.summary,
    summaryEn: input.summary_en,
    notice: input.notice,
    noticeEn: input.notice_en,
    category: input.category,
    categoryEn: input.category_en,
    contact: input.contact,
    teacher: input.teacher,
    teacherEn: input.teacher_en,
    teacherProfile: input.teacher_profile,
    teacherProfileEn: input.teacher_profile_en,
    sessions: input.sessions,
    formId: input.form_id ?? null,
    roles: input.roles,
    applyFrom: input.apply_from ?? null,
    applyTo: input.apply_to ?? null,
    businessFrom: input.business_from ?? null,
    businessTo: input.business_to ?? null,
    capacity: input.capacity,
    fee: input.fee,
    publicList: input.public_list,
  };
}

/** Notice files sent with the edit form: new uploads (checked) and ids of the current ones to drop. */
export interface NoticeFiles {
  service: FileService;
  uploads: CheckedUpload[];
  remove: number[];
}

const MAX_NOTICE_FILES = uploadRule("programme_notice").maxFiles;

/**
 * Creates (id null) or saves a programme with its notice files (public once saved; at most 5); a course
 * whose capacity grows moves its waiting list up. Files dropped from a programme are deleted after.
 */
export async function saveProgramme(
  db: Db,
  config: MailConfig,
  kind: ProgrammeKind,
  id: number | null,
  input: ProgrammeInput,
  notice?: NoticeFiles,
): Promise<ProgrammeRow> {
  const { row, dropped } = await db.transaction(async (tx) => {
    const saved = await saveRow(tx, config, kind, id, input);
    if (!notice) return { row: saved, dropped: [] as number[] };
    const dropped = saved.fileIds.filter((f) => notice.remove.includes(f));
    const kept = saved.fileIds.filter((f) => !notice.remove.includes(f));
    if (kept.length + notice.uploads.length > MAX_NOTICE_FILES) {
      throw new HttpError(422, "error.validation", undefined, { fields: { files: ["file.too_many"] } });
    }
    const added: number[] = [];
    for (const upload of notice.uploads) {
      const file = await notice.service.save(
        upload,
        { purpose: "programme_notice", ownerId: null, access: "public" },
        tx,
      );
      added.push(file.id);
    }
    if (!dropped.length && !added.length) return { row: saved, dropped };
    const [row] = await tx.update(programmes).set({ fileIds: [...kept, ...added] }).where(eq(programmes.id, saved.id))
      .returning();
    return { row, dropped };
  });
  if (notice && dropped.length) {
    for (const file of await notice.service.findMany(dropped)) await notice.service.remove(file);
  }
  return row;
}

/** The programme's own row, created or changed (in the caller's transaction, the row locked). */
async function saveRow(
  tx: Tx,
  config: MailConfig,
  kind: ProgrammeKind,
  id: number | null,
  input: ProgrammeInput,
): Promise<ProgrammeRow> {
  if (input.form_id) {
    const [form] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, input.form_id));
    if (!form) {
      throw new HttpError(422, "error.validation", undefined, { fields: { form_id: ["programme.form.not_found"] } });
    }
  }
  if (id === null) {
    const [row] = await tx.insert(programmes).values({ kind, ...columnsOf(input) }).returning();
    return row;
  }
  const [locked] = await tx.select().from(programmes).where(and(eq(programmes.id, id), eq(programmes.kind, kind)))
    .for("update");
  if (!locked) throw new HttpError(404, "programme.not_found");
  const [row] = await tx.update(programmes).set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(programmes.id, id)).returning();
  await promoteWaiting(tx, config, row);
  return row;
}

/** The edit form's values of a programme (datetime-local in Korean time). */
export function programmeFormValues(p: ProgrammeRow | null): Record<string, string | string[]> {
  const local = (d: Date | null) => d ? new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 16) : "";
  if (!p) return { roles: [] };
  return {
    title: p.title,
    title_en: p.titleEn,
    summary: p.summary,
    summary_en: p.summaryEn,
    notice: p.notice,
    notice_en: p.noticeEn,
    category: p.category,
    category_en: p.categoryEn,
    contact: p.contact,
    teacher: p.teacher,
    teacher_en: p.teacherEn,
    teacher_profile: p.teacherProfile,
    teacher_profile_en: p.teacherProfileEn,
    sessions: p.sessions,
    form_id: p.formId ? String(p.formId) : "",
    roles: p.roles,
    apply_from: local(p.applyFrom),
    apply_to: local(p.applyTo),
    business_from: local(p.businessFrom),
    business_to: local(p.businessTo),
    capacity: String(p.capacity),
    fee: String(p.fee),
    public_list: p.publicList ? "on" : "",
  };
}

// ---------- Review table ----------

export const SORT_KEYS = ["id", "status", "name"] as const;
export type SortKey = typeof SORT_KEYS[number];
export const DEFAULT_SORT: Sort<SortKey> = { key: "id", dir: "desc" };

export const ReviewFilter = z.object({
  status: z.preprocess(blank, z.enum(APPLICATION_STATUSES).optional()),
  q: SearchKeyword,
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
});
export type ReviewFilter = z.infer<typeof ReviewFilter>;

export interface ReviewRow {
  application: ApplicationRow;
  username: string;
  name: string;
  nameEn: string;
  email: string;
}

async function reviewCondition(db: Db, programmeId: number, filter: Omit<ReviewFilter, "page">): Promise<SQL> {
  return and(
    eq(applications.programmeId, programmeId),
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.q ? await searchWhere(db, "users", filter.q) : undefined,
  )!;
}

const ORDER: Record<SortKey, AnyPgColumn> = {
  id: applications.id,
  status: applications.status,
  name: users.name,
};

export async function listApplications(
  db: Db,
  programme: ProgrammeRow,
  filter: ReviewFilter,
  sort: Sort<SortKey>,
  urlOf: (page: number) => string,
  perPage = 20,
): Promise<Paginated<ReviewRow>> {
  const where = await reviewCondition(db, programme.id, filter);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: applications.id }).from(applications).innerJoin(users, eq(users.id, applications.userId))
      .where(where).$dynamic(),
  );
  const by = sort.dir === "asc" ? asc : desc;
  const rows = await db.select({
    application: applications,
    username: users.username,
    name: users.name,
    nameEn: users.nameEn,
    email: users.email,
  }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where)
    .orderBy(by(ORDER[sort.key]), by(applications.id)).limit(perPage).offset((filter.page - 1) * perPage);
  return paginated(rows, total, filter.page, perPage, urlOf, estimated);
}

/** The next batch of the review table's filter in id order (the CSV's keyset). */
export function applicationBatch(db: Db, programme: ProgrammeRow, filter: Omit<ReviewFilter, "page">) {
  const where = reviewCondition(db, programme.id, filter);
  where.catch(() => {}); // a stream never read must not leave its failure unhandled; the first batch throws it
  return async (after: number, limit: number): Promise<ReviewRow[]> =>
    await db.select({
      application: applications,
      username: users.username,
      name: users.name,
      nameEn: users.nameEn,
      email: users.email,
    }).from(applications).innerJoin(users, eq(users.id, applications.userId))
      .where(and(await where, gt(applications.id, after))).orderBy(asc(applications.id)).limit(limit);
}

export async function applicationOf(db: Db, programme: ProgrammeRow, id: number): Promise<ReviewRow> {
  const [row] = await db.select({
    application: applications,
    username: users.username,
    name: users.name,
    nameEn: users.nameEn,
    email: users.email,
  }).from(applications).innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(applications.id, id), eq(applications.programmeId, programme.id)));
  if (!row) throw new HttpError(404, "programme.application_not_found");
  return row;
}

// ---------- Actions ----------

export const ReviewAction = z.object({
  action: z.enum([...STAFF_ACTIONS, "message", "attend", "complete"]),
  reason: z.string().trim().max(2000).default(""),
  subject: z.string().trim().max(200).default(""),
  message: z.string().trim().max(10_000).default(""),
});

/**
 * Moves the chosen applications by the review machine (each only from a status it allows: the others
 * are left as they were and not counted; an unpaid course enrolment is not accepted), mails each
 * applicant, and for a course moves the waiting list into places a rejection freed. A rejection needs its
 * reason.
 */
export async function reviewApplications(
  db: Db,
  config: MailConfig,
  programme: ProgrammeRow,
  ids: number[],
  action: StaffAction,
  reason: string,
  now = new Date(),
): Promise<number> {
  if (action === "reject" && !reason) {
    throw new HttpError(422, "error.validation", undefined, { fields: { reason: ["programme.reason_required"] } });
  }
  return await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(programmes).where(eq(programmes.id, programme.id)).for("update");
    const to = REVIEW.transitions[action].to;
    const moved = await tx.update(applications).set({
      status: to,
      reason: action === "reject" ? reason : "",
      decidedAt: to === "accepted" || to === "rejected" ? now : null,
      updatedAt: now,
    }).where(and(
      eq(applications.programmeId, programme.id),
      inArray(applications.id, ids),
      REVIEW.fromCondition(applications.status, action),
      // A paid course's enrolment is accepted only once paid (domain/programme/fees.ts).
      action === "accept" ? settledCondition() : undefined,
    )).returning();
    for (const row of moved) {
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (user) await queueMail(tx, config, applicationMail(config, user, locked, row));
    }
    await promoteWaiting(tx, config, locked, now);
    return moved.length;
  });
}

/**
 * Records one more session attended for the chosen enrolments of a course (those holding a place, not yet
 * completed, never past the course's sessions). Answers how many were recorded.
 */
export async function recordAttendance(db: Db, programme: ProgrammeRow, ids: number[], now = new Date()) {
  if (programme.kind !== "course") throw new HttpError(409, "programme.wrong_status");
  const sessions = sessionCount(programme.sessions);
  const rows = await db.update(applications)
    .set({ attended: sql`${applications.attended} + 1`, updatedAt: now })
    .where(and(
      eq(applications.programmeId, programme.id),
      inArray(applications.id, ids),
      inArray(applications.status, [...PLACE_HOLDING]),
      settledCondition(),
      isNull(applications.completedAt),
      sql`${applications.attended} < ${sessions}`,
    )).returning({ id: applications.id });
  return rows.length;
}

/**
 * Completes the chosen accepted enrolments that attended enough, issuing each its certificate of completion
 * and mailing it; the others are left.
 */
export async function completeEnrolments(
  db: Db,
  config: MailConfig,
  programme: ProgrammeRow,
  ids: number[],
  now = new Date(),
) {
  if (programme.kind !== "course") throw new HttpError(409, "programme.wrong_status");
  const sessions = sessionCount(programme.sessions);
  return await db.transaction(async (tx) => {
    const done = await tx.update(applications).set({ completedAt: now, updatedAt: now }).where(and(
      eq(applications.programmeId, programme.id),
      inArray(applications.id, ids),
      eq(applications.status, "accepted"),
      isNull(applications.completedAt),
      sql`${applications.attended} >= ${sessionsNeeded(sessions)}`,
    )).returning();
    for (const row of done) {
      // The certificate of completion: signed and verifiable like the award certificates.
      await issueCompletionCertificate(tx, row);
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (user) await queueMail(tx, config, completionMail(config, user, programme, row.id));
    }
    return done.length;
  });
}

/** A message to the chosen applicants of one programme, through the outbox. */
export async function messageApplicants(
  db: Db,
  config: MailConfig,
  programme: ProgrammeRow,
  ids: number[],
  subject: string,
  message: string,
): Promise<number> {
  if (!subject || !message) {
    const fields: Record<string, string[]> = {};
    if (!subject) fields.subject = ["programme.form.required"];
    if (!message) fields.message = ["programme.form.required"];
    throw new HttpError(422, "error.validation", undefined, { fields });
  }
  return await db.transaction(async (tx) => {
    const rows = await tx.select({ user: users }).from(applications).innerJoin(users, eq(users.id, applications.userId))
      .where(and(eq(applications.programmeId, programme.id), inArray(applications.id, ids)));
    for (const { user } of rows) await queueMail(tx, config, staffMessageMail(user, programme, subject, message));
    return rows.length;
  });
}

/** Every document the live applications of a programme hold, for the zip (staff read them all). */
export async function programmeDocuments(db: Tx, programme: ProgrammeRow) {
  const rows = await db.select({ ids: applications.fileIds }).from(applications)
    .where(and(eq(applications.programmeId, programme.id), sql`${applications.status} <> 'cancelled'`));
  const ids = [...new Set(rows.flatMap((r) => r.ids))];
  return ids.length ? await db.select().from(files).where(inArray(files.id, ids)).orderBy(asc(files.id)) : [];
}

/** How many live applications of a programme hold documents (the zip link shows only when some do). */
export async function documentCount(db: Tx, programmeId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(applications).where(and(
    eq(applications.programmeId, programmeId),
    sql`${applications.status} <> 'cancelled'`,
    sql`cardinality(${applications.fileIds}) > 0`,
  ));
  return n;
}

export async function applicationCounts(db: Db, programmeId: number) {
  const rows = await db.select({ status: applications.status, n: count() }).from(applications)
    .where(eq(applications.programmeId, programmeId)).groupBy(applications.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<ApplicationRow["status"], number>>;
}
