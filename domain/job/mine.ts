// The member's dashboards (SPEC §7 `/api/user/job/{type}` with its default resume, `/api/user/share/{type}`
// with its default donate; §2.5 my page job and share): one call per type, each the pagination shape but
// the resume (the member's one resume, or null).
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  jobApplications,
  jobPostings,
  resumes as resumeTable,
  shareApplications,
  shares,
} from "../../db/schema/job.ts";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "../member/permissions.ts";
import { applicantsOf, myApplications } from "./applications.ts";
import { companyPostings } from "./postings.ts";
import { ownResume, readResume } from "./resumes.ts";
import { shareApplicationsOf } from "../share/applications.ts";
import { myShares } from "../share/shares.ts";

export const JOB_DASHBOARDS = ["resume", "recruit", "apply", "applicants"] as const;
export const SHARE_DASHBOARDS = ["donate", "request", "applications", "applied"] as const;
export type JobDashboard = typeof JOB_DASHBOARDS[number];
export type ShareDashboard = typeof SHARE_DASHBOARDS[number];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
export const DashboardQuery = z.object({
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).optional()).transform((v) => v ?? 1),
  perpage: z.preprocess(blank, z.coerce.number().int().min(1).max(100).optional()).transform((v) => v ?? 8),
});

/** A dashboard type from the path; anything else is no such call (404). */
export function dashboardType<T extends string>(list: readonly T[], raw: string | undefined): T {
  if (!list.includes(raw as T)) throw new HttpError(404, "error.404");
  return raw as T;
}

export async function jobDashboard(
  db: Tx,
  viewer: Viewer,
  type: JobDashboard,
  q: z.infer<typeof DashboardQuery>,
  locale: "ko" | "en",
  now: Date,
  urlOf: (page: number) => string,
): Promise<unknown> {
  switch (type) {
    case "resume": {
      const own = await ownResume(db, viewer);
      return { data: own ? await readResume(db, viewer, own.id, locale, now) : null };
    }
    case "recruit":
      return await companyPostings(db, viewer, q.page, q.perpage, locale, now, urlOf);
    case "apply":
      return await myApplications(db, viewer, q.page, q.perpage, locale, now, urlOf);
    case "applicants":
      return await applicantsOf(db, viewer, { companyId: viewer.id }, q.page, q.perpage, locale, urlOf);
  }
}

export async function shareDashboard(
  db: Tx,
  viewer: Viewer,
  type: ShareDashboard,
  q: z.infer<typeof DashboardQuery>,
  locale: "ko" | "en",
  urlOf: (page: number) => string,
): Promise<unknown> {
  switch (type) {
    case "donate":
    case "request":
      return await myShares(db, viewer, type, q.page, q.perpage, locale, urlOf);
    case "applications":
      return await shareApplicationsOf(db, viewer, { owner: viewer.id }, q.page, q.perpage, locale, urlOf);
    case "applied":
      return await shareApplicationsOf(db, viewer, { applicant: viewer.id }, q.page, q.perpage, locale, urlOf);
  }
}

/** How many items the member's job and share sections hold (the my-page overview). */
export async function myJobCounts(db: Tx, userId: number): Promise<{ job: number; share: number }> {
  const rows = await db.execute(sql`select
    (select count(*) from ${resumeTable} where user_id = ${userId})
      + (select count(*) from ${jobPostings} where company_id = ${userId})
      + (select count(*) from ${jobApplications} where user_id = ${userId}) as job,
    (select count(*) from ${shares} where user_id = ${userId})
      + (select count(*) from ${shareApplications} where user_id = ${userId}) as share`);
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: Record<string, unknown>[] }).rows[0]) ?? {};
  return { job: Number(row.job ?? 0), share: Number(row.share ?? 0) };
}
