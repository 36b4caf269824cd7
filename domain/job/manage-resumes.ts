// The administrators' actions on resumes in /management/job/person (SPEC §2.2 job person, §4 resume status;
// issue 19 §5 "administrators manage postings, resumes and shares"), as /management/job/wanted has for
// postings: the checked resumes set looking or completed through the resume machine (guarded in the
// UPDATE, so only the ones in the other status move), or removed when they break the rules — the resume
// and its applications go (the postings' counts follow), its photo is released to the file sweep, the
// owner is mailed the reason, and the audit log keeps who did it and why. Both need the management area's
// job section (administrators, or staff granted it), checked here as well as by the area's guard.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { files } from "../../db/schema/file.ts";
import { jobApplications, jobPostings, resumes } from "../../db/schema/job.ts";
import { auditLog } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { BulkIds } from "../common/table.ts";
import { grantsOf } from "../member/management.ts";
import { isAdministrator, managementAccess, type Viewer } from "../member/permissions.ts";
import { fieldErrors } from "../validation.ts";
import { type MailConfig, mailMember } from "./mail.ts";
import { RESUME_STATUSES, type ResumeStatus } from "./options.ts";
import { resumeMachine } from "./status.ts";

/** The bulk form's payload: the checked ids and the action's own field. */
export const ResumeManageAction = z.discriminatedUnion("_action", [
  z.object({
    _action: z.literal("status"),
    ids: BulkIds,
    status: z.enum(RESUME_STATUSES, { error: "job.manage.resumeStatusInvalid" }),
  }),
  z.object({
    _action: z.literal("remove"),
    ids: BulkIds,
    reason: z.string({ error: "job.manage.reasonRequired" }).trim()
      .min(5, "job.manage.reasonRequired").max(500, "job.manage.reasonTooLong"),
  }),
]);
export type ResumeManageAction = z.infer<typeof ResumeManageAction>;

/**
 * The form's fields as the action (400 for an action that does not exist, 422 with field errors for
 * nothing checked, a status that is not looking or completed, a missing or overlong reason).
 */
export function parseResumeAction(body: Record<string, unknown>): ResumeManageAction {
  if (body._action !== "status" && body._action !== "remove") throw new HttpError(400, "error.400");
  const parsed = ResumeManageAction.safeParse(body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const first = Object.values(fields)[0]?.[0] ?? "error.validation";
    throw new HttpError(422, first, "Validation failed", { fields });
  }
  return parsed.data;
}

/** SPEC §6: the management area's job section (administrators pass; staff need it granted). */
export async function assertCanManageResumes(db: Db, viewer: Viewer): Promise<void> {
  const grants = isAdministrator(viewer) ? [] : await grantsOf(db, viewer);
  if (!managementAccess(viewer, "/job", grants).accessible) throw new HttpError(403, "error.403", "");
}

/** Sets the checked resumes to `to` through the machine; answers how many moved (those already there stay). */
export async function setResumesStatus(
  db: Db,
  viewer: Viewer,
  ids: number[],
  to: ResumeStatus,
  now: Date,
): Promise<number> {
  await assertCanManageResumes(db, viewer);
  const action = to === "looking" ? "look" : "complete";
  return await db.transaction(async (tx) => {
    const moved = await tx.update(resumes).set({ status: resumeMachine.transitions[action].to, updatedAt: now })
      .where(and(inArray(resumes.id, ids), resumeMachine.fromCondition(resumes.status, action)))
      .returning({ id: resumes.id, userId: resumes.userId });
    if (moved.length) {
      await tx.insert(auditLog).values(moved.map((r) => ({
        actorId: viewer.id,
        action: "resume.status",
        targetUserId: r.userId,
        detail: { resume: r.id, status: to },
      })));
    }
    return moved.length;
  });
}

/**
 * Removes the checked resumes that break the rules, in one transaction: the postings they applied to
 * count one application fewer (withdrawn ones were not counted), the resumes and their applications go,
 * their photos are no longer attached (the sweep deletes them a day later), each owner is mailed the
 * reason in their language, and the audit log records it. Answers how many were removed.
 */
export async function removeResumes(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  ids: number[],
  reason: string,
): Promise<number> {
  await assertCanManageResumes(db, viewer);
  return await db.transaction(async (tx) => {
    const doomed = await tx.select().from(resumes).where(inArray(resumes.id, ids)).for("update");
    if (doomed.length === 0) return 0;
    const doomedIds = doomed.map((r) => r.id);
    const live = await tx.select({ postingId: jobApplications.postingId, n: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(and(inArray(jobApplications.resumeId, doomedIds), ne(jobApplications.status, "cancelled")))
      .groupBy(jobApplications.postingId);
    for (const { postingId, n } of live) {
      await tx.update(jobPostings)
        .set({ applicationCount: sql`greatest(${jobPostings.applicationCount} - ${Number(n)}, 0)` })
        .where(eq(jobPostings.id, postingId));
    }
    await tx.delete(resumes).where(inArray(resumes.id, doomedIds));
    const photos = doomed.flatMap((r) => (r.photoId ? [r.photoId] : []));
    if (photos.length) await tx.update(files).set({ attachedAt: null }).where(inArray(files.id, photos));
    for (const r of doomed) {
      await mailMember(tx, config, r.userId, "job", "removed", { title: r.title, titleEn: r.titleEn }, "/job/search", {
        reason,
      });
    }
    await tx.insert(auditLog).values(doomed.map((r) => ({
      actorId: viewer.id,
      action: "resume.remove",
      targetUserId: r.userId,
      detail: { resume: r.id, title: r.title, reason },
    })));
    return doomed.length;
  });
}
