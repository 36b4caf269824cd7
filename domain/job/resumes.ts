// Resumes (SPEC §3 Resume / job seeker, §4 resume status, §6, §7 /api/job/search and /search/{id}): one
// per individual member, with career and education read from the member's profile. Visitors browse the
// looking ones as summaries (a masked name, no contact); the whole resume is its owner's, the
// administrators', and a company's while the member is looking or while a recruiting posting of that
// company holds the member's application (canReadResume) — nobody else's.
import { and, desc, eq, gte, ne, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { jobApplications, jobPostings, type ResumeRow, resumes } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { searchWhere } from "../common/search-sample.ts";
import { canPostResume, canReadResume, isSignedIn, type Viewer } from "../member/permissions.ts";
import type { ResumeStatus } from "./options.ts";
import type { ResumeInput, ResumeListQuery } from "./schema.ts";
import { resumeMachine, seoulDay } from "./status.ts";

type Locale = "ko" | "en";
const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

/** "김민준" → "김**", "Minji Kim" → "M*** K**": enough to tell resumes apart, not to identify anyone. */
export function maskName(name: string): string {
  return name.trim().split(/\s+/).map((w) => {
    const chars = [...w];
    return chars[0] + "*".repeat(Math.max(1, chars.length - 1));
  }).join(" ");
}

export interface ResumeSummary {
  id: number;
  title: string;
  name: string;
  occupation: string;
  region: string;
  career: string;
  education: string;
  employ_type: string;
  status: ResumeStatus;
  updated_at: string;
}

export interface ResumeDetail extends ResumeSummary {
  user_id: number;
  gender: string;
  portfolio_url: string;
  introduction: string;
  desired_pay: number;
  desired_pay_type: string;
  /** The photo through the resume's own access check (never a public file link). */
  photo: string | null;
  email: string;
  phone: string;
  career_years: number | null;
  career_description: string;
  degree: string;
}

type Owner = { name: string; nameEn: string };

export function resumeSummary(r: ResumeRow, owner: Owner, locale: Locale, masked = true): ResumeSummary {
  const name = localized(owner.name, owner.nameEn, locale);
  return {
    id: r.id,
    title: localized(r.title, r.titleEn, locale),
    name: masked ? maskName(name) : name,
    occupation: r.occupation,
    region: r.region,
    career: r.career,
    education: r.education,
    employ_type: r.employType,
    status: r.status,
    updated_at: r.updatedAt.toISOString(),
  };
}

const ownerColumns = {
  name: users.name,
  nameEn: users.nameEn,
  email: users.email,
  phone: users.phone,
  careerYears: users.careerYears,
  careerDescription: users.careerDescription,
  degree: users.degree,
};

async function listCondition(db: Tx, q: ResumeListQuery): Promise<SQL> {
  const where: SQL[] = [eq(resumes.status, "looking")];
  if (q.region) where.push(eq(resumes.region, q.region));
  if (q.occupation) where.push(eq(resumes.occupation, q.occupation));
  if (q.career) where.push(eq(resumes.career, q.career));
  if (q.employ_type) where.push(eq(resumes.employType, q.employ_type));
  if (q.keyword) where.push(await searchWhere(db, "resumes", q.keyword));
  return and(...where)!;
}

/** SPEC §7 GET /api/job/search: the looking resumes as summaries, newest first. */
export async function listResumes(
  db: Tx,
  q: ResumeListQuery,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<ResumeSummary>> {
  const condition = await listCondition(db, q);
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: resumes.id }).from(resumes).where(condition).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select({ r: resumes, name: users.name, nameEn: users.nameEn }).from(resumes)
        .innerJoin(users, eq(users.id, resumes.userId)).where(condition).orderBy(desc(resumes.id))
        .limit(q.perpage).offset((page - 1) * q.perpage),
  );
  return paginated(rows.map((x) => resumeSummary(x.r, x, locale)), total, page, q.perpage, urlOf, estimated);
}

/** Whether the resume applied (and is not withdrawn) to a posting of `companyId` that is still recruiting. */
export async function appliedToRecruitingOf(db: Tx, resumeId: number, companyId: number, now: Date) {
  const [row] = await db.select({ id: jobApplications.id }).from(jobApplications)
    .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.postingId))
    .where(and(
      eq(jobApplications.resumeId, resumeId),
      ne(jobApplications.status, "cancelled"),
      eq(jobPostings.companyId, companyId),
      eq(jobPostings.status, "recruiting"),
      gte(jobPostings.closeOn, seoulDay(now)),
    )).limit(1);
  return Boolean(row);
}

/**
 * One whole resume for the viewer, or the refusal: 404 when there is none, 401 for nobody, 403
 * job.resume_hidden for anyone canReadResume refuses (a company whose posting the member neither applied
 * to while it recruits nor who is looking).
 */
export async function readResume(db: Tx, viewer: Viewer, id: number, locale: Locale, now: Date): Promise<ResumeDetail> {
  const [found] = await db.select({ r: resumes, ...ownerColumns }).from(resumes)
    .innerJoin(users, eq(users.id, resumes.userId)).where(eq(resumes.id, id));
  if (!found) throw new HttpError(404, "job.resume_not_found");
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  const r = found.r;
  const allowed = canReadResume(viewer, {
    ownerId: r.userId,
    looking: r.status === "looking",
    appliedToViewersRecruiting: false,
  }) || canReadResume(viewer, {
    ownerId: r.userId,
    looking: false,
    appliedToViewersRecruiting: await appliedToRecruitingOf(db, r.id, viewer.id, now),
  });
  if (!allowed) throw new HttpError(403, "job.resume_hidden");
  return {
    ...resumeSummary(r, found, locale, false),
    user_id: r.userId,
    gender: r.gender,
    portfolio_url: r.portfolioUrl,
    introduction: localized(r.introduction, r.introductionEn, locale),
    desired_pay: r.desiredPay,
    desired_pay_type: r.desiredPayType,
    photo: r.photoId ? `/job/search/${r.id}/photo` : null,
    email: found.email,
    phone: found.phone,
    career_years: found.careerYears,
    career_description: found.careerDescription,
    degree: found.degree,
  };
}

/** The member's resume while they are looking (SPEC §4 resume status true), or null. */
export async function lookingResumeOf(db: Tx, userId: number): Promise<ResumeRow | null> {
  const [row] = await db.select().from(resumes).where(and(eq(resumes.userId, userId), eq(resumes.status, "looking")));
  return row ?? null;
}

/** The member's own resume row, or null. */
export async function ownResume(db: Tx, viewer: Viewer): Promise<ResumeRow | null> {
  const [row] = await db.select().from(resumes).where(eq(resumes.userId, viewer.id));
  return row ?? null;
}

/** SPEC §6: only individual members write resumes (403 job.individual_only, 401 for nobody). */
export function assertCanWriteResume(viewer: Viewer): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  if (!canPostResume(viewer)) throw new HttpError(403, "job.individual_only");
}

/** Stores the member's resume (a new one, or the one they have changed) from the job seeker wizard. */
export async function saveResume(tx: Tx, viewer: Viewer, v: ResumeInput, now: Date): Promise<ResumeRow> {
  assertCanWriteResume(viewer);
  const values = {
    title: v.title,
    titleEn: v.title_en,
    gender: v.gender,
    occupation: v.occupation,
    region: v.region,
    career: v.career,
    education: v.education,
    employType: v.employ_type,
    portfolioUrl: v.portfolio_url,
    introduction: v.introduction,
    introductionEn: v.introduction_en,
    desiredPay: v.desired_pay,
    desiredPayType: v.desired_pay_type,
    photoId: v.photo_id ?? null,
    status: (v.looking ? "looking" : "completed") as ResumeStatus,
    updatedAt: now,
  };
  const [row] = await tx.insert(resumes).values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: resumes.userId, set: values }).returning();
  return row;
}

/** Looking ⇄ completed, through the machine (409 job.wrong_status when already there). */
export async function setResumeStatus(tx: Tx, viewer: Viewer, to: ResumeStatus, now: Date): Promise<ResumeRow> {
  assertCanWriteResume(viewer);
  const own = await ownResume(tx, viewer);
  if (!own) throw new HttpError(404, "job.resume_not_found");
  const action = to === "looking" ? "look" : "complete";
  const status = resumeMachine.next(action, own.status);
  const [row] = await tx.update(resumes).set({ status, updatedAt: now })
    .where(and(eq(resumes.id, own.id), resumeMachine.fromCondition(resumes.status, action))).returning();
  if (!row) throw new HttpError(409, "job.wrong_status");
  return row;
}
