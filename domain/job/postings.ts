// Job postings (SPEC §3 Job employ, §4 posting status, §6, §7 /api/job/recruit and /recruit/{id}): the
// public list (recruiting by default; done ones on asking; cancelled ones never) with its filters, one
// posting, storing a new one from the employer wizard, and the company's status moves. A recruiting
// posting past its close date (a Seoul day) is done for everybody at once; the hourly job then writes it.
import { and, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type JobPostingRow, jobPostings } from "../../db/schema/job.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { searchWhere } from "../common/search-sample.ts";
import { fileUrl } from "../file/present.ts";
import { canManagePosting, canPostJobs, type Viewer } from "../member/permissions.ts";
import { requirePermission } from "../member/guard.ts";
import { POSTING_STATUS_CODES, type PostingStatus } from "./options.ts";
import type { PostingInput, PostingListQuery } from "./schema.ts";
import { effectivePostingStatus, postingActionTo, postingMachine, seoulDay } from "./status.ts";

type Locale = "ko" | "en";
const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

export interface PostingSummary {
  id: number;
  title: string;
  company: string;
  occupation: string;
  region: string;
  career: string;
  education: string;
  employ_type: string;
  salary: number;
  salary_type: string;
  close_on: string;
  status: PostingStatus;
  status_code: number;
  logo: string | null;
  created_at: string;
}

export interface PostingDetail extends PostingSummary {
  company_id: number;
  company_type: string;
  worker_num: string;
  contact: string;
  duties: string;
  holiday_type: string;
  work_hour: string;
  welfare: string;
  preferences: string;
  severance: boolean;
  insurance: string[];
  apply_method: string;
  papers: string;
  hire_count: number;
  application_count: number;
}

export function summaryOf(p: JobPostingRow, locale: Locale, today: string): PostingSummary {
  const status = effectivePostingStatus(p.status, p.closeOn, today);
  return {
    id: p.id,
    title: localized(p.title, p.titleEn, locale),
    company: localized(p.company, p.companyEn, locale),
    occupation: p.occupation,
    region: p.region,
    career: p.career,
    education: p.education,
    employ_type: p.employType,
    salary: p.salary,
    salary_type: p.salaryType,
    close_on: p.closeOn,
    status,
    status_code: POSTING_STATUS_CODES[status],
    logo: p.logoId ? fileUrl.variant(p.logoId, "external_thumbnail") : null,
    created_at: p.createdAt.toISOString(),
  };
}

export function detailOf(p: JobPostingRow, locale: Locale, today: string): PostingDetail {
  return {
    ...summaryOf(p, locale, today),
    company_id: p.companyId,
    company_type: p.companyType,
    worker_num: p.workerNum,
    contact: p.contact,
    duties: localized(p.duties, p.dutiesEn, locale),
    holiday_type: p.holidayType,
    work_hour: p.workHour,
    welfare: p.welfare,
    preferences: p.preferences,
    severance: p.severance,
    insurance: p.insurance,
    apply_method: p.applyMethod,
    papers: p.papers,
    hire_count: p.hireCount,
    application_count: p.applicationCount,
  };
}

/** Recruiting (not past its close date) or done (closed, or recruiting past its close date). */
export function statusCondition(status: "recruiting" | "done", today: string): SQL {
  return status === "recruiting"
    ? and(eq(jobPostings.status, "recruiting"), gte(jobPostings.closeOn, today))!
    : or(eq(jobPostings.status, "done"), and(eq(jobPostings.status, "recruiting"), lt(jobPostings.closeOn, today)))!;
}

async function listCondition(db: Tx, q: PostingListQuery, today: string): Promise<SQL> {
  const where: SQL[] = [statusCondition(q.status, today)];
  if (q.region) where.push(eq(jobPostings.region, q.region));
  if (q.occupation) where.push(eq(jobPostings.occupation, q.occupation));
  if (q.career) where.push(eq(jobPostings.career, q.career));
  if (q.employ_type) where.push(eq(jobPostings.employType, q.employ_type));
  if (q.keyword) where.push(await searchWhere(db, "job_postings", q.keyword));
  return and(...where)!;
}

/** SPEC §7 GET /api/job/recruit: the pagination shape, newest first. */
export async function listPostings(
  db: Tx,
  q: PostingListQuery,
  locale: Locale,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<PostingSummary>> {
  const today = seoulDay(now);
  const condition = await listCondition(db, q, today);
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: jobPostings.id }).from(jobPostings).where(condition).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select().from(jobPostings).where(condition).orderBy(desc(jobPostings.id))
        .limit(q.perpage).offset((page - 1) * q.perpage),
  );
  return paginated(rows.map((r) => summaryOf(r, locale, today)), total, page, q.perpage, urlOf, estimated);
}

export async function postingRow(db: Tx, id: number): Promise<JobPostingRow | null> {
  const [row] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  return row ?? null;
}

/** A posting visitors may read (not cancelled); its company and administrators read a cancelled one too. */
export async function visiblePosting(db: Tx, viewer: Viewer, id: number): Promise<JobPostingRow> {
  const row = await postingRow(db, id);
  if (!row || (row.status === "cancelled" && !canManagePosting(viewer, row))) {
    throw new HttpError(404, "job.not_found");
  }
  return row;
}

/** SPEC §6: only company members post jobs (403 job.company_only otherwise, 401 for nobody). */
export function assertCanPost(viewer: Viewer): void {
  requirePermission(viewer, () => true);
  if (!canPostJobs(viewer)) throw new HttpError(403, "job.company_only");
}

/** A new recruiting posting of the company (the employer wizard's last step). */
export async function createPosting(tx: Tx, viewer: Viewer, v: PostingInput, now: Date): Promise<JobPostingRow> {
  assertCanPost(viewer);
  if (v.close_on < seoulDay(now)) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: { close_on: ["job.close_past"] } });
  }
  const [row] = await tx.insert(jobPostings).values({
    companyId: viewer.id,
    company: v.company,
    companyEn: v.company_en,
    companyType: v.company_type,
    workerNum: v.worker_num,
    logoId: v.logo_id ?? null,
    contact: v.contact,
    title: v.title,
    titleEn: v.title_en,
    occupation: v.occupation,
    duties: v.duties,
    dutiesEn: v.duties_en,
    region: v.region,
    education: v.education,
    career: v.career,
    salary: v.salary,
    salaryType: v.salary_type,
    employType: v.employ_type,
    holidayType: v.holiday_type,
    workHour: v.work_hour,
    welfare: v.welfare,
    preferences: v.preferences,
    severance: v.severance,
    insurance: v.insurance,
    applyMethod: v.apply_method,
    papers: v.papers,
    hireCount: v.hire_count,
    closeOn: v.close_on,
    status: "recruiting",
  }).returning();
  return row;
}

/**
 * The company (or an administrator) asks for a status: the machine names the move (close → done,
 * cancel → cancelled) or refuses it (409 job.wrong_status: a done or cancelled posting never recruits
 * again). The UPDATE is guarded by the move's starting statuses, so two moves at once cannot both win.
 */
export async function changePostingStatus(
  db: Db,
  viewer: Viewer,
  id: number,
  to: PostingStatus,
  now: Date,
): Promise<JobPostingRow> {
  const row = await visiblePosting(db, viewer, id);
  if (!canManagePosting(viewer, row)) throw new HttpError(403, "error.403");
  const current = effectivePostingStatus(row.status, row.closeOn, seoulDay(now));
  const action = postingActionTo(current, to);
  const [updated] = await db.update(jobPostings).set({
    status: postingMachine.next(action, current),
    closedAt: now,
    updatedAt: now,
  }).where(and(eq(jobPostings.id, id), postingMachine.fromCondition(jobPostings.status, action))).returning();
  if (!updated) throw new HttpError(409, "job.wrong_status");
  return updated;
}

/** The hourly job: recruiting postings past their close date become done. Answers how many. */
export async function expirePostings(db: Tx, now: Date): Promise<number> {
  const rows = await db.update(jobPostings).set({ status: "done", closedAt: now, updatedAt: now })
    .where(and(postingMachine.fromCondition(jobPostings.status, "expire"), lt(jobPostings.closeOn, seoulDay(now))))
    .returning({ id: jobPostings.id });
  return rows.length;
}

/** The company's postings (my page), newest first. */
export async function companyPostings(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<PostingSummary & { application_count: number }>> {
  const condition = eq(jobPostings.companyId, viewer.id);
  const list = await countedPage(
    db,
    db.select({ id: jobPostings.id }).from(jobPostings).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select().from(jobPostings).where(condition).orderBy(desc(jobPostings.id))
        .limit(perPage).offset((page - 1) * perPage),
  );
  const today = seoulDay(now);
  const data = list.rows.map((r) => ({ ...summaryOf(r, locale, today), application_count: r.applicationCount }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

/** The management (administrators and staff granted `job`, checked by its guard) closes or cancels several. */
export async function bulkPostingStatus(db: Db, ids: number[], to: "done" | "cancelled", now: Date): Promise<number> {
  const action = to === "done" ? "close" : "cancel";
  const rows = await db.update(jobPostings).set({ status: to, closedAt: now, updatedAt: now })
    .where(and(inArray(jobPostings.id, ids), postingMachine.fromCondition(jobPostings.status, action)))
    .returning({ id: jobPostings.id });
  return rows.length;
}
