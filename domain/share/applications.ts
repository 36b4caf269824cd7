// Applications to a talent share (issue 19 §2): a member who is not the owner applies while the share is
// open (sharing, requesting), once; the owner accepts up to the approved number and never more — the share
// row is locked (SELECT … FOR UPDATE) while its accepted count is checked and raised, so two accepts at
// once are counted one after the other and the second of the last place is refused (409 job.share.full).
// Each change mails the other side in the same transaction.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type ShareApplicationRow, shareApplications, shares } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { canApplyToShare, canManageShare, isSignedIn, type Viewer } from "../member/permissions.ts";
import type { ApplicationStatus, ShareType } from "../job/options.ts";
import { type MailConfig, mailMember, memberName } from "../job/mail.ts";
import { canDecideOn, isOpenShare, shareApplicationMachine } from "./status.ts";

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

const titled = (s: { talent: string; talentEn: string }) => ({ title: s.talent, titleEn: s.talentEn });

export async function applyToShare(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  type: ShareType,
  shareId: number,
  input: { message: string; contact: string },
): Promise<ShareApplicationRow> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  try {
    return await db.transaction(async (tx) => {
      const [share] = await tx.select().from(shares).where(and(eq(shares.id, shareId), eq(shares.type, type)))
        .for("update");
      if (!share || (share.status === "inactive" && !canManageShare(viewer, share))) {
        throw new HttpError(404, "job.share.not_found");
      }
      if (share.userId === viewer.id) throw new HttpError(403, "job.share.own");
      if (!canApplyToShare(viewer, share)) throw new HttpError(403, "error.403");
      if (!isOpenShare(type, share.status)) throw new HttpError(409, "job.share.not_open");
      const [existing] = await tx.select({ id: shareApplications.id }).from(shareApplications).where(and(
        eq(shareApplications.shareId, shareId),
        eq(shareApplications.userId, viewer.id),
        sql`${shareApplications.status} <> 'cancelled'`,
      ));
      if (existing) throw new HttpError(409, "job.share.already_applied");
      const [row] = await tx.insert(shareApplications).values({ shareId, userId: viewer.id, ...input }).returning();
      await tx.update(shares).set({ applicationCount: sql`${shares.applicationCount} + 1` })
        .where(eq(shares.id, shareId));
      await mailMember(
        tx,
        config,
        share.userId,
        "share",
        "application",
        titled(share),
        `/share/${type}/${shareId}`,
        {},
        await memberName(tx, viewer.id),
      );
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, "job.share.already_applied");
    throw err;
  }
}

/**
 * The owner accepts or declines one application. The share row is locked first: an accept reads the
 * accepted count under the lock and refuses past the approved number (409 job.share.full). An id that is
 * no application of the share is SPEC §8's "no applications" (404 job.share.no_applications).
 */
export async function decideShareApplication(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  type: ShareType,
  shareId: number,
  applicationId: number,
  decision: "accept" | "decline",
): Promise<ShareApplicationRow> {
  return await db.transaction(async (tx) => {
    const [share] = await tx.select().from(shares).where(and(eq(shares.id, shareId), eq(shares.type, type)))
      .for("update");
    if (!share || !canManageShare(viewer, share)) throw new HttpError(404, "job.share.not_found");
    const [application] = await tx.select().from(shareApplications)
      .where(and(eq(shareApplications.id, applicationId), eq(shareApplications.shareId, shareId)));
    if (!application) throw new HttpError(404, "job.share.no_applications");
    if (!canDecideOn(type, share.status)) throw new HttpError(409, "job.share.wrong_status");
    const status = shareApplicationMachine.next(decision, application.status);
    if (decision === "accept" && share.acceptedCount >= share.approvedNumber) {
      throw new HttpError(409, "job.share.full");
    }
    const [row] = await tx.update(shareApplications).set({ status, decidedAt: new Date() }).where(and(
      eq(shareApplications.id, applicationId),
      shareApplicationMachine.fromCondition(shareApplications.status, decision),
    )).returning();
    if (!row) throw new HttpError(409, "job.share.wrong_status");
    if (decision === "accept") {
      await tx.update(shares).set({ acceptedCount: sql`${shares.acceptedCount} + 1`, updatedAt: new Date() })
        .where(eq(shares.id, shareId));
    }
    await mailMember(
      tx,
      config,
      row.userId,
      "share",
      status === "accepted" ? "accepted" : "declined",
      titled(share),
      `/share/${type}/${shareId}`,
    );
    return row;
  });
}

/** The applicant withdraws an undecided application. */
export async function cancelShareApplication(db: Db, viewer: Viewer, applicationId: number) {
  return await db.transaction(async (tx) => {
    const [found] = await tx.select().from(shareApplications).where(eq(shareApplications.id, applicationId));
    if (!found || found.userId !== viewer.id) throw new HttpError(404, "job.share.no_applications");
    const status = shareApplicationMachine.next("cancel", found.status);
    const [row] = await tx.update(shareApplications).set({ status, decidedAt: new Date() }).where(and(
      eq(shareApplications.id, applicationId),
      shareApplicationMachine.fromCondition(shareApplications.status, "cancel"),
    )).returning();
    if (!row) throw new HttpError(409, "job.share.wrong_status");
    await tx.update(shares).set({ applicationCount: sql`greatest(${shares.applicationCount} - 1, 0)` })
      .where(eq(shares.id, row.shareId));
    return row;
  });
}

export interface ShareApplicationJson {
  id: number;
  share_id: number;
  share_type: ShareType;
  talent: string;
  name: string;
  message: string;
  contact: string;
  status: ApplicationStatus;
  created_at: string;
}

const LIVE: ApplicationStatus[] = ["applied", "accepted", "declined"];

/**
 * Applications to one share (its owner), to every share of the owner (`owner`), or the member's own
 * (`applicant`), newest first.
 */
export async function shareApplicationsOf(
  db: Tx,
  viewer: Viewer,
  scope: { shareId: number } | { owner: number } | { applicant: number },
  page: number,
  perPage: number,
  locale: "ko" | "en",
  urlOf: (page: number) => string,
): Promise<Paginated<ShareApplicationJson>> {
  if ("owner" in scope && scope.owner !== viewer.id) throw new HttpError(403, "error.403");
  if ("applicant" in scope && scope.applicant !== viewer.id) throw new HttpError(403, "error.403");
  const condition = "shareId" in scope
    ? and(eq(shareApplications.shareId, scope.shareId), inArray(shareApplications.status, LIVE))
    : "owner" in scope
    ? and(eq(shares.userId, scope.owner), inArray(shareApplications.status, LIVE))
    : eq(shareApplications.userId, scope.applicant);
  const base = db.select({ id: shareApplications.id }).from(shareApplications)
    .innerJoin(shares, eq(shares.id, shareApplications.shareId)).where(condition).$dynamic();
  const list = await countedPage(
    db,
    base,
    page,
    perPage,
    (page) =>
      db.select({ a: shareApplications, s: shares, name: users.name, nameEn: users.nameEn })
        .from(shareApplications)
        .innerJoin(shares, eq(shares.id, shareApplications.shareId))
        .innerJoin(users, eq(users.id, shareApplications.userId))
        .where(condition).orderBy(desc(shareApplications.id)).limit(perPage).offset((page - 1) * perPage),
  );
  const data = list.rows.map(({ a, s, name, nameEn }): ShareApplicationJson => ({
    id: a.id,
    share_id: s.id,
    share_type: s.type,
    talent: locale === "en" && s.talentEn ? s.talentEn : s.talent,
    name: locale === "en" && nameEn ? nameEn : name,
    message: a.message,
    // The applicant's contact is for the owner who decides; the applicant sees their own.
    contact: a.contact,
    status: a.status,
    created_at: a.createdAt.toISOString(),
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

/** The viewer's live application to a share, if any. */
export async function shareApplicationOf(db: Tx, viewer: Viewer, shareId: number) {
  if (!isSignedIn(viewer)) return null;
  const [row] = await db.select().from(shareApplications)
    .where(and(eq(shareApplications.shareId, shareId), eq(shareApplications.userId, viewer.id)))
    .orderBy(desc(shareApplications.id)).limit(1);
  return row ?? null;
}
