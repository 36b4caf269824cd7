// Talent shares (SPEC §1 talent sharing, §3 Share, §4 donation and request statuses, §7 /api/share/donate,
// /api/share/request, /api/share/{type}/{id}): members offer talent (a donation: what, when, how often,
// for whom, where) or ask for help (a request). Visitors read every share that is not inactive; the owner
// and administrators also read an inactive one. The owner's status moves go through the machines of
// ./status.ts, guarded in the UPDATE so two moves at once cannot both win.
import { and, desc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { type ShareRow, shares } from "../../db/schema/job.ts";
import { files } from "../../db/schema/file.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { searchWhere } from "../common/search-sample.ts";
import { attachUploads } from "../file/attach.ts";
import { fileUrl } from "../file/present.ts";
import { canManageShare, canRegisterShare, isSignedIn, type Viewer } from "../member/permissions.ts";
import { OPEN_SHARE_STATUS, type ShareStatus, shareStatusCode, type ShareType } from "../job/options.ts";
import type { ShareInput, ShareListQuery } from "../job/schema.ts";
import { nextShareStatus, type ShareAction, shareActionsFrom } from "./status.ts";
import { users } from "../../db/schema/member.ts";

type Locale = "ko" | "en";
const localized = (ko: string, en: string, locale: Locale) => (locale === "en" && en ? en : ko);

export interface ShareSummary {
  id: number;
  type: ShareType;
  talent: string;
  field: string;
  region: string;
  period_from: string;
  period_to: string;
  times: string;
  target: string;
  institution: string;
  approved_number: number;
  accepted_count: number;
  status: ShareStatus;
  status_code: number;
  image: string | null;
  created_at: string;
}

export interface ShareDetail extends ShareSummary {
  user_id: number;
  owner: string;
  description: string;
  images: string[];
  application_count: number;
  actions: ShareAction[];
}

export function shareSummary(s: ShareRow, locale: Locale): ShareSummary {
  return {
    id: s.id,
    type: s.type,
    talent: localized(s.talent, s.talentEn, locale),
    field: s.field,
    region: s.region,
    period_from: s.periodFrom,
    period_to: s.periodTo,
    times: s.times,
    target: s.target,
    institution: s.institution,
    approved_number: s.approvedNumber,
    accepted_count: s.acceptedCount,
    status: s.status,
    status_code: shareStatusCode(s.type, s.status),
    image: s.imageIds[0] ? fileUrl.variant(s.imageIds[0], "external_thumbnail") : null,
    created_at: s.createdAt.toISOString(),
  };
}

async function listCondition(db: Tx, type: ShareType, q: ShareListQuery): Promise<SQL> {
  const where: SQL[] = [eq(shares.type, type)];
  where.push(q.status === "open" ? eq(shares.status, OPEN_SHARE_STATUS[type]) : ne(shares.status, "inactive"));
  if (q.region) where.push(eq(shares.region, q.region));
  if (q.field) where.push(eq(shares.field, q.field));
  if (q.keyword) where.push(await searchWhere(db, "shares", q.keyword));
  return and(...where)!;
}

export async function listShares(
  db: Tx,
  type: ShareType,
  q: ShareListQuery,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<ShareSummary>> {
  const condition = await listCondition(db, type, q);
  const { rows, page, total, estimated } = await countedPage(
    db,
    db.select({ id: shares.id }).from(shares).where(condition).$dynamic(),
    q.page,
    q.perpage,
    (page) =>
      db.select().from(shares).where(condition).orderBy(desc(shares.id)).limit(q.perpage).offset(
        (page - 1) * q.perpage,
      ),
  );
  return paginated(rows.map((r) => shareSummary(r, locale)), total, page, q.perpage, urlOf, estimated);
}

/** A share the viewer may read: not inactive, or the viewer's own (or an administrator's look). */
export async function visibleShare(db: Tx, viewer: Viewer, type: ShareType, id: number): Promise<ShareRow> {
  const [row] = await db.select().from(shares).where(and(eq(shares.id, id), eq(shares.type, type)));
  if (!row || (row.status === "inactive" && !canManageShare(viewer, row))) {
    throw new HttpError(404, "job.share.not_found");
  }
  return row;
}

export async function shareDetail(db: Tx, viewer: Viewer, row: ShareRow, locale: Locale): Promise<ShareDetail> {
  const [owner] = await db.select({ name: users.name, nameEn: users.nameEn }).from(users).where(
    eq(users.id, row.userId),
  );
  return {
    ...shareSummary(row, locale),
    user_id: row.userId,
    owner: owner ? localized(owner.name, owner.nameEn, locale) : "",
    description: localized(row.description, row.descriptionEn, locale),
    images: row.imageIds.map((id) => fileUrl.variant(id, "external_image")),
    application_count: row.applicationCount,
    actions: canManageShare(viewer, row) ? shareActionsFrom(row.type, row.status) : [],
  };
}

/** Members register talent shares (401 for nobody, 403 for a member whose roles wait for approval). */
export function assertCanRegister(viewer: Viewer): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  if (!canRegisterShare(viewer)) throw new HttpError(403, "error.403");
}

/** Every image must be the member's own `share_image` upload (no borrowing); then it is published with the share. */
async function takeImages(tx: Tx, viewer: Viewer, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx.select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose }).from(files)
    .where(inArray(files.id, ids));
  const ok = ids.every((id) => rows.some((r) => r.id === id && r.ownerId === viewer.id && r.purpose === "share_image"));
  if (!ok || new Set(ids).size !== ids.length) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: { image_ids: ["file.not_found"] } });
  }
  await attachUploads(tx, ids, { access: "public" });
}

/** A new share, inactive until its owner publishes it (the share wizard's last step). */
export async function createShare(tx: Tx, viewer: Viewer, v: ShareInput): Promise<ShareRow> {
  assertCanRegister(viewer);
  await takeImages(tx, viewer, v.image_ids);
  const [row] = await tx.insert(shares).values({
    userId: viewer.id,
    type: v.type,
    talent: v.talent,
    talentEn: v.talent_en,
    field: v.field,
    periodFrom: v.period_from,
    periodTo: v.period_to,
    times: v.times,
    target: v.target,
    description: v.description,
    descriptionEn: v.description_en,
    imageIds: v.image_ids,
    institution: v.institution,
    region: v.region,
    approvedNumber: v.approved_number,
    status: "inactive",
  }).returning();
  return row;
}

/**
 * The owner (or an administrator) moves the share: open, pause, start (a request; it needs at least one
 * accepted helper: 409 job.share.no_applications), end.
 */
export async function changeShareStatus(
  db: Db,
  viewer: Viewer,
  type: ShareType,
  id: number,
  action: ShareAction,
): Promise<ShareRow> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select().from(shares).where(and(eq(shares.id, id), eq(shares.type, type))).for("update");
    if (!row || !canManageShare(viewer, row)) throw new HttpError(404, "job.share.not_found");
    const status = nextShareStatus(type, action, row.status) as ShareStatus;
    if (action === "start" && row.acceptedCount === 0) throw new HttpError(409, "job.share.no_applications");
    const [updated] = await tx.update(shares).set({ status, updatedAt: new Date() })
      .where(and(eq(shares.id, id), eq(shares.status, row.status))).returning();
    return updated;
  });
}

/** The member's own shares (my page), newest first. */
export async function myShares(
  db: Tx,
  viewer: Viewer,
  type: ShareType | undefined,
  page: number,
  perPage: number,
  locale: Locale,
  urlOf: (page: number) => string,
): Promise<Paginated<ShareSummary & { actions: ShareAction[]; application_count: number }>> {
  const condition = type ? and(eq(shares.userId, viewer.id), eq(shares.type, type))! : eq(shares.userId, viewer.id);
  const list = await countedPage(
    db,
    db.select({ id: shares.id }).from(shares).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select().from(shares).where(condition).orderBy(desc(shares.id)).limit(perPage).offset((page - 1) * perPage),
  );
  const data = list.rows.map((r) => ({
    ...shareSummary(r, locale),
    actions: shareActionsFrom(r.type, r.status),
    application_count: r.applicationCount,
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

/**
 * A member's shares of `type` that visitors may read (not inactive), newest first, at most `limit`: the
 * talent donations of their public designer profile (domain/job/profile.ts).
 */
export async function publicSharesOf(
  db: Tx,
  userId: number,
  type: ShareType,
  locale: Locale,
  limit = 12,
): Promise<ShareSummary[]> {
  const rows = await db.select().from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.type, type), ne(shares.status, "inactive")))
    .orderBy(desc(shares.id)).limit(limit);
  return rows.map((r) => shareSummary(r, locale));
}
