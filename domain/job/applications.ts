// Job applications (SPEC §6 "only individual members may post resumes/applications", issue 19 §2): an
// individual member applies with their resume to a recruiting posting, once (the unique index on posting
// and resume makes the second of two at once fail too); the company accepts or declines while the posting
// recruits; the applicant withdraws while undecided. Each change mails the other side in the same
// transaction.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type JobApplicationRow, jobApplications, jobPostings, resumes } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { canApplyToJobs, canManagePosting, isSignedIn, type Viewer } from "../member/permissions.ts";
import { type ApplicationStatus, POSTING_STATUS_CODES, type PostingStatus } from "./options.ts";
import { type MailConfig, mailMember, memberName } from "./mail.ts";
import { visiblePosting } from "./postings.ts";
import { ownResume } from "./resumes.ts";
import { applicationMachine, effectivePostingStatus, seoulDay } from "./status.ts";

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** SPEC §6: 401 for nobody, 403 job.individual_only for a company (or anyone not an individual member). */
export function assertCanApply(viewer: Viewer): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  if (!canApplyToJobs(viewer)) throw new HttpError(403, "job.individual_only");
}

export async function applyToPosting(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  postingId: number,
  message: string,
  now: Date,
): Promise<JobApplicationRow> {
  assertCanApply(viewer);
  try {
    return await db.transaction(async (tx) => {
      // The posting row is held while the application is counted on it.
      const [posting] = await tx.select().from(jobPostings).where(eq(jobPostings.id, postingId)).for("update");
      if (!posting || posting.status === "cancelled") throw new HttpError(404, "job.not_found");
      if (effectivePostingStatus(posting.status, posting.closeOn, seoulDay(now)) !== "recruiting") {
        throw new HttpError(409, "job.closed");
      }
      const resume = await ownResume(tx, viewer);
      if (!resume) throw new HttpError(409, "job.resume_required");
      const [existing] = await tx.select({ id: jobApplications.id }).from(jobApplications)
        .where(and(eq(jobApplications.postingId, postingId), eq(jobApplications.resumeId, resume.id)));
      if (existing) throw new HttpError(409, "job.already_applied");
      const [row] = await tx.insert(jobApplications).values({
        postingId,
        resumeId: resume.id,
        userId: viewer.id,
        message,
      }).returning();
      await tx.update(jobPostings).set({ applicationCount: sql`${jobPostings.applicationCount} + 1` })
        .where(eq(jobPostings.id, postingId));
      await mailMember(
        tx,
        config,
        posting.companyId,
        "job",
        "application",
        posting,
        `/job/recruit/${postingId}`,
        {},
        await memberName(tx, viewer.id),
      );
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, "job.already_applied");
    throw err;
  }
}

/** The company accepts or declines an applicant (once), while the posting recruits; the applicant is mailed. */
export async function decideApplication(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  applicationId: number,
  decision: "accept" | "decline",
  now: Date,
): Promise<JobApplicationRow> {
  return await db.transaction(async (tx) => {
    const [found] = await tx.select({ a: jobApplications, p: jobPostings }).from(jobApplications)
      .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.postingId))
      .where(eq(jobApplications.id, applicationId));
    if (!found || !canManagePosting(viewer, found.p)) throw new HttpError(404, "job.application_not_found");
    if (effectivePostingStatus(found.p.status, found.p.closeOn, seoulDay(now)) !== "recruiting") {
      throw new HttpError(409, "job.wrong_status");
    }
    const status = applicationMachine.next(decision, found.a.status);
    const [row] = await tx.update(jobApplications).set({ status, decidedAt: now })
      .where(
        and(eq(jobApplications.id, applicationId), applicationMachine.fromCondition(jobApplications.status, decision)),
      )
      .returning();
    if (!row) throw new HttpError(409, "job.wrong_status");
    await mailMember(
      tx,
      config,
      row.userId,
      "job",
      status === "accepted" ? "accepted" : "declined",
      found.p,
      `/mypage/job?type=apply`,
    );
    return row;
  });
}

/** The applicant withdraws an undecided application. */
export async function cancelApplication(db: Db, viewer: Viewer, applicationId: number): Promise<JobApplicationRow> {
  return await db.transaction(async (tx) => {
    const [found] = await tx.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    if (!found || found.userId !== viewer.id) throw new HttpError(404, "job.application_not_found");
    const status = applicationMachine.next("cancel", found.status);
    const [row] = await tx.update(jobApplications).set({ status, decidedAt: new Date() })
      .where(
        and(eq(jobApplications.id, applicationId), applicationMachine.fromCondition(jobApplications.status, "cancel")),
      )
      .returning();
    if (!row) throw new HttpError(409, "job.wrong_status");
    await tx.update(jobPostings).set({ applicationCount: sql`greatest(${jobPostings.applicationCount} - 1, 0)` })
      .where(eq(jobPostings.id, row.postingId));
    return row;
  });
}

export interface ApplicantJson {
  id: number;
  posting_id: number;
  posting_title: string;
  resume_id: number;
  name: string;
  resume_title: string;
  message: string;
  status: ApplicationStatus;
  created_at: string;
}

/** The applicants of one posting (its company and administrators), or of every posting of the company. */
export async function applicantsOf(
  db: Tx,
  viewer: Viewer,
  scope: { postingId: number } | { companyId: number },
  page: number,
  perPage: number,
  locale: "ko" | "en",
  urlOf: (page: number) => string,
): Promise<Paginated<ApplicantJson>> {
  if ("postingId" in scope) {
    const posting = await visiblePosting(db, viewer, scope.postingId);
    if (!canManagePosting(viewer, posting)) throw new HttpError(403, "error.403");
  } else if (scope.companyId !== viewer.id) throw new HttpError(403, "error.403");
  const condition = "postingId" in scope
    ? and(eq(jobApplications.postingId, scope.postingId), inArray(jobApplications.status, LIVE))
    : and(eq(jobPostings.companyId, scope.companyId), inArray(jobApplications.status, LIVE));
  const base = db.select({ id: jobApplications.id }).from(jobApplications)
    .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.postingId)).where(condition).$dynamic();
  const list = await countedPage(db, base, page, perPage, (page) =>
    db.select({
      a: jobApplications,
      postingTitle: jobPostings.title,
      postingTitleEn: jobPostings.titleEn,
      resumeTitle: resumes.title,
      name: users.name,
      nameEn: users.nameEn,
    }).from(jobApplications)
      .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.postingId))
      .innerJoin(resumes, eq(resumes.id, jobApplications.resumeId))
      .innerJoin(users, eq(users.id, jobApplications.userId))
      .where(condition).orderBy(desc(jobApplications.id)).limit(perPage).offset((page - 1) * perPage));
  const data = list.rows.map((r): ApplicantJson => ({
    id: r.a.id,
    posting_id: r.a.postingId,
    posting_title: locale === "en" && r.postingTitleEn ? r.postingTitleEn : r.postingTitle,
    resume_id: r.a.resumeId,
    name: locale === "en" && r.nameEn ? r.nameEn : r.name,
    resume_title: r.resumeTitle,
    message: r.a.message,
    status: r.a.status,
    created_at: r.a.createdAt.toISOString(),
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

const LIVE: ApplicationStatus[] = ["applied", "accepted", "declined"];

export interface MyApplicationJson {
  id: number;
  posting_id: number;
  posting_title: string;
  company: string;
  status: ApplicationStatus;
  posting_status: PostingStatus;
  /** SPEC §4's numeric code of the posting's status, beside its name. */
  posting_status_code: number;
  created_at: string;
}

/** The member's own applications, newest first. */
export async function myApplications(
  db: Tx,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: "ko" | "en",
  now: Date,
  urlOf: (page: number) => string,
): Promise<Paginated<MyApplicationJson>> {
  const condition = eq(jobApplications.userId, viewer.id);
  const list = await countedPage(
    db,
    db.select({ id: jobApplications.id }).from(jobApplications).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select({ a: jobApplications, p: jobPostings }).from(jobApplications)
        .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.postingId))
        .where(condition).orderBy(desc(jobApplications.id)).limit(perPage).offset((page - 1) * perPage),
  );
  const today = seoulDay(now);
  const data = list.rows.map(({ a, p }): MyApplicationJson => {
    const postingStatus = effectivePostingStatus(p.status, p.closeOn, today);
    return {
      id: a.id,
      posting_id: p.id,
      posting_title: locale === "en" && p.titleEn ? p.titleEn : p.title,
      company: locale === "en" && p.companyEn ? p.companyEn : p.company,
      status: a.status,
      posting_status: postingStatus,
      posting_status_code: POSTING_STATUS_CODES[postingStatus],
      created_at: a.createdAt.toISOString(),
    };
  });
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

/** The viewer's application to a posting, if any (the posting page says where it stands). */
export async function applicationOf(db: Tx, viewer: Viewer, postingId: number): Promise<JobApplicationRow | null> {
  if (!isSignedIn(viewer)) return null;
  const [row] = await db.select().from(jobApplications)
    .where(and(eq(jobApplications.postingId, postingId), eq(jobApplications.userId, viewer.id)))
    .orderBy(desc(jobApplications.id)).limit(1);
  return row ?? null;
}
