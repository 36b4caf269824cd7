// The management of the job portal and talent sharing (SPEC §2.2 job (person, wanted), share (donate,
// request, {type?}/{id}); issue 19 §5): postings, resumes and shares in the management-table kit (filters,
// keyword through the search kit, sorting from the screen's own columns), the bulk close or cancel of
// postings through the posting machine, and the statistics of both (counted in SQL, drawn by
// components/chart/BarChart.tsx).
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { jobApplications, jobPostings, resumes, shareApplications, shares } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import type { Sort } from "../common/table.ts";
import {
  APPLICATION_STATUSES,
  OCCUPATIONS,
  POSTING_STATUSES,
  REGIONS,
  RESUME_STATUSES,
  SHARE_STATUSES,
  type ShareType,
} from "./options.ts";
import { postingMachine, seoulDay } from "./status.ts";
import { statusCondition } from "./postings.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const pageNo = z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).optional()).transform((v) => v ?? 1);

export const PostingManageQuery = z.object({
  status: z.preprocess(blank, z.enum(POSTING_STATUSES).optional()),
  q: SearchKeyword,
  page: pageNo,
});
export const ResumeManageQuery = z.object({
  status: z.preprocess(blank, z.enum(RESUME_STATUSES).optional()),
  q: SearchKeyword,
  page: pageNo,
});
export const ShareManageQuery = z.object({
  status: z.preprocess(blank, z.enum(SHARE_STATUSES).optional()),
  q: SearchKeyword,
  page: pageNo,
});

export const POSTING_SORTS = ["id", "close_on", "applications"] as const;
export const RESUME_SORTS = ["id", "updated"] as const;
export const SHARE_SORTS = ["id", "period", "applications"] as const;

const dirOf = (sort: Sort<string>) => (sort.dir === "asc" ? asc : desc);

export interface ManagedPosting {
  id: number;
  title: string;
  company: string;
  region: string;
  occupation: string;
  status: string;
  close_on: string;
  applications: number;
}

export async function managedPostings(
  db: Tx,
  q: z.infer<typeof PostingManageQuery>,
  sort: Sort<typeof POSTING_SORTS[number]>,
  perPage: number,
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedPosting>> {
  const today = seoulDay(now);
  const where: SQL[] = [];
  // The statuses as visitors see them: recruiting past its close date counts as done.
  if (q.status === "recruiting" || q.status === "done") where.push(statusCondition(q.status, today));
  if (q.status === "cancelled") where.push(eq(jobPostings.status, "cancelled"));
  if (q.q) where.push(await searchWhere(db, "job_postings", q.q));
  const condition = where.length ? and(...where) : undefined;
  const dir = dirOf(sort);
  const order = sort.key === "close_on"
    ? [dir(jobPostings.closeOn), dir(jobPostings.id)]
    : sort.key === "applications"
    ? [dir(jobPostings.applicationCount), dir(jobPostings.id)]
    : [dir(jobPostings.id)];
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: jobPostings.id }).from(jobPostings).where(condition).$dynamic(),
    q.page,
    perPage,
    (page) =>
      db.select().from(jobPostings).where(condition).orderBy(...order).limit(perPage).offset((page - 1) * perPage),
  );
  const data = rows.map((p): ManagedPosting => ({
    id: p.id,
    title: p.title,
    company: p.company,
    region: p.region,
    occupation: p.occupation,
    status: p.status === "recruiting" && p.closeOn < today ? "done" : p.status,
    close_on: p.closeOn,
    applications: p.applicationCount,
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/** Closes or cancels the checked postings that still recruit; answers how many moved. */
export async function bulkPostings(db: Db, ids: number[], action: "close" | "cancel", now: Date): Promise<number> {
  const rows = await db.update(jobPostings)
    .set({ status: action === "close" ? "done" : "cancelled", closedAt: now, updatedAt: now })
    .where(and(inArray(jobPostings.id, ids), postingMachine.fromCondition(jobPostings.status, action)))
    .returning({ id: jobPostings.id });
  return rows.length;
}

export interface ManagedResume {
  id: number;
  title: string;
  name: string;
  username: string;
  region: string;
  occupation: string;
  status: string;
  applications: number;
  updated_at: string;
}

export async function managedResumes(
  db: Tx,
  q: z.infer<typeof ResumeManageQuery>,
  sort: Sort<typeof RESUME_SORTS[number]>,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedResume>> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(resumes.status, q.status));
  if (q.q) where.push(await searchWhere(db, "resumes", q.q));
  const condition = where.length ? and(...where) : undefined;
  const dir = dirOf(sort);
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: resumes.id }).from(resumes).where(condition).$dynamic(),
    q.page,
    perPage,
    (page) =>
      db.select({
        r: resumes,
        name: users.name,
        username: users.username,
        applications: sql<number>`(select count(*)::int from ${jobApplications} a where a.resume_id = ${resumes.id})`,
      }).from(resumes).innerJoin(users, eq(users.id, resumes.userId)).where(condition)
        .orderBy(sort.key === "updated" ? dir(resumes.updatedAt) : dir(resumes.id), dir(resumes.id))
        .limit(perPage).offset((page - 1) * perPage),
  );
  const data = rows.map(({ r, name, username, applications }): ManagedResume => ({
    id: r.id,
    title: r.title,
    name,
    username,
    region: r.region,
    occupation: r.occupation,
    status: r.status,
    applications: Number(applications),
    updated_at: r.updatedAt.toISOString(),
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

export interface ManagedShare {
  id: number;
  type: ShareType;
  talent: string;
  owner: string;
  region: string;
  status: string;
  period_from: string;
  period_to: string;
  accepted: number;
  approved: number;
  applications: number;
}

export async function managedShares(
  db: Tx,
  type: ShareType,
  q: z.infer<typeof ShareManageQuery>,
  sort: Sort<typeof SHARE_SORTS[number]>,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedShare>> {
  const where: SQL[] = [eq(shares.type, type)];
  if (q.status) where.push(eq(shares.status, q.status));
  if (q.q) where.push(await searchWhere(db, "shares", q.q));
  const condition = and(...where);
  const dir = dirOf(sort);
  const order = sort.key === "period"
    ? [dir(shares.periodFrom), dir(shares.id)]
    : sort.key === "applications"
    ? [dir(shares.applicationCount), dir(shares.id)]
    : [dir(shares.id)];
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: shares.id }).from(shares).where(condition).$dynamic(),
    q.page,
    perPage,
    (page) =>
      db.select({ s: shares, owner: users.name }).from(shares)
        .innerJoin(users, eq(users.id, shares.userId)).where(condition).orderBy(...order)
        .limit(perPage).offset((page - 1) * perPage),
  );
  const data = rows.map(({ s, owner }): ManagedShare => ({
    id: s.id,
    type: s.type,
    talent: s.talent,
    owner,
    region: s.region,
    status: s.status,
    period_from: s.periodFrom,
    period_to: s.periodTo,
    accepted: s.acceptedCount,
    approved: s.approvedNumber,
    applications: s.applicationCount,
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

export interface Counted {
  key: string;
  n: number;
}

const fill = (keys: readonly string[], rows: { key: string; n: number }[]): Counted[] =>
  keys.map((key) => ({ key, n: Number(rows.find((r) => r.key === key)?.n ?? 0) }));

export interface JobStatistics {
  postingsByStatus: Counted[];
  recruitingByRegion: Counted[];
  postingsByOccupation: Counted[];
  resumesByStatus: Counted[];
  applicationsByStatus: Counted[];
}

export async function jobStatistics(db: Tx, now: Date): Promise<JobStatistics> {
  const today = seoulDay(now);
  const effective = sql<string>`case when ${jobPostings.status} = 'recruiting' and ${jobPostings.closeOn} < ${today}
    then 'done' else ${jobPostings.status} end`;
  const n = sql<number>`count(*)::int`;
  const byStatus = await db.select({ key: effective, n }).from(jobPostings).groupBy(sql`1`);
  const byRegion = await db.select({ key: jobPostings.region, n }).from(jobPostings)
    .where(statusCondition("recruiting", today)).groupBy(jobPostings.region);
  const byOccupation = await db.select({ key: jobPostings.occupation, n }).from(jobPostings)
    .groupBy(jobPostings.occupation);
  const resumeRows = await db.select({ key: resumes.status, n }).from(resumes).groupBy(resumes.status);
  const applicationRows = await db.select({ key: jobApplications.status, n }).from(jobApplications)
    .groupBy(jobApplications.status);
  return {
    postingsByStatus: fill(POSTING_STATUSES, byStatus),
    recruitingByRegion: fill(REGIONS, byRegion),
    postingsByOccupation: fill(OCCUPATIONS, byOccupation),
    resumesByStatus: fill(RESUME_STATUSES, resumeRows),
    applicationsByStatus: fill(APPLICATION_STATUSES, applicationRows),
  };
}

export interface ShareStatistics {
  donateByStatus: Counted[];
  requestByStatus: Counted[];
  byRegion: Counted[];
  applicationsByStatus: Counted[];
}

export async function shareStatistics(db: Tx): Promise<ShareStatistics> {
  const n = sql<number>`count(*)::int`;
  const donate = await db.select({ key: shares.status, n }).from(shares).where(eq(shares.type, "donate"))
    .groupBy(shares.status);
  const request = await db.select({ key: shares.status, n }).from(shares).where(eq(shares.type, "request"))
    .groupBy(shares.status);
  const byRegion = await db.select({ key: shares.region, n }).from(shares).groupBy(shares.region);
  const applications = await db.select({ key: shareApplications.status, n }).from(shareApplications)
    .groupBy(shareApplications.status);
  return {
    donateByStatus: fill(["inactive", "sharing", "ended"], donate),
    requestByStatus: fill(["inactive", "requesting", "in_progress", "ended"], request),
    byRegion: fill(REGIONS, byRegion),
    applicationsByStatus: fill(APPLICATION_STATUSES, applications),
  };
}
