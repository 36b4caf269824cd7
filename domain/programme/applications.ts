// Applications as their applicant sees them (my page supports, GET /api/user/supports, GET
// /api/program/{id}/list), the applicant's cancellation, and the waiting list moving up when a course's
// place frees (a cancellation, a rejection): in the transaction of the change, under the course's row
// lock, oldest waiting first, each promoted applicant mailed.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import { type ApplicationRow, applications, type ProgrammeRow, programmes } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import type { Locale } from "../../fresh.config.ts";
import { countOf, type Paginated, paginated } from "../common/list.ts";
import { queueMail } from "../mail/outbox.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { type FeeState, feeState, holdsPlaceCondition, lapsedCondition, PROMOTED_PAY_HOLD_MS } from "./fees.ts";
import { applicationMail } from "./mail.ts";
import { titleOf } from "./programmes.ts";
import { promotions, REVIEW } from "./review.ts";
import { supportStatus } from "./status.ts";
import { sessionCount } from "./completion.ts";

export const APPLICATION_NOT_FOUND = "programme.application_not_found";
type MailConfig = Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;

export interface MyApplicationJson {
  id: number;
  status: ApplicationRow["status"];
  reason: string;
  created_at: string;
  decided_at: string | null;
  programme: { id: number; kind: ProgrammeRow["kind"]; title: string; status: string };
  /** Courses: sessions attended of the course's sessions, and when it was completed. */
  attended: number;
  sessions: number;
  completed_at: string | null;
  /** A course's fee (integer KRW, 0 free), where its payment stands, and until when it may be paid. */
  fee: number;
  pay: FeeState;
  pay_due: string | null;
}

export async function myApplications(
  db: Db,
  viewer: Viewer,
  page: number,
  perPage: number,
  locale: Locale,
  urlOf: (page: number) => string,
  now = new Date(),
): Promise<Paginated<MyApplicationJson>> {
  const where = eq(applications.userId, viewer.id);
  const { total, estimated } = await countOf(
    db,
    db.select({ id: applications.id }).from(applications).where(where).$dynamic(),
  );
  const rows = await db.select({ a: applications, p: programmes }).from(applications)
    .innerJoin(programmes, eq(programmes.id, applications.programmeId))
    .where(where).orderBy(desc(applications.id)).limit(perPage).offset((page - 1) * perPage);
  const data = rows.map(({ a, p }) => ({
    id: a.id,
    status: a.status,
    reason: a.status === "rejected" ? a.reason : "",
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    programme: { id: p.id, kind: p.kind, title: titleOf(p, locale), status: supportStatus(p, now) },
    attended: a.attended,
    sessions: p.kind === "course" ? sessionCount(p.sessions) : 0,
    completed_at: a.completedAt?.toISOString() ?? null,
    fee: a.fee,
    pay: feeState(a, now),
    pay_due: feeState(a, now) === "due" ? a.payDue?.toISOString() ?? null : null,
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

export async function myApplicationCount(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
  return n;
}

/** One of the viewer's own applications with its programme; 404 for any other (ids reveal nothing). */
export async function ownApplication(db: Db, viewer: Viewer, id: number) {
  const [row] = await db.select({ a: applications, p: programmes }).from(applications)
    .innerJoin(programmes, eq(programmes.id, applications.programmeId))
    .where(and(eq(applications.id, id), eq(applications.userId, viewer.id)));
  if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND);
  return row;
}

/** The viewer's live application to a programme, if any (the programme page says where it stands). */
export async function liveApplication(db: Db, viewer: Viewer, programmeId: number): Promise<ApplicationRow | null> {
  if (!isSignedIn(viewer)) return null;
  const [row] = await db.select().from(applications).where(and(
    eq(applications.programmeId, programmeId),
    eq(applications.userId, viewer.id),
    sql`${applications.status} <> 'cancelled'`,
  ));
  return row ?? null;
}

/** A waiting application's place in the list (1 is next). */
export async function waitingPosition(db: Db, row: ApplicationRow): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(applications).where(and(
    eq(applications.programmeId, row.programmeId),
    eq(applications.status, "waiting"),
    sql`${applications.id} <= ${row.id}`,
  ));
  return n;
}

/**
 * GET /api/program/{id}/list (SPEC §7 "public entries or one's own"): a programme whose list is public
 * shows every live application (number, status, date — never answers or names); otherwise only the
 * viewer's own, which needs a sign-in (401).
 */
export async function programmeEntries(
  db: Db,
  viewer: Viewer,
  programme: ProgrammeRow,
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
) {
  if (!programme.publicList && !isSignedIn(viewer)) throw new HttpError(401, "error.401");
  const where = and(
    eq(applications.programmeId, programme.id),
    sql`${applications.status} <> 'cancelled'`,
    programme.publicList ? undefined : eq(applications.userId, viewer.id),
  );
  const { total, estimated } = await countOf(
    db,
    db.select({ id: applications.id }).from(applications).where(where).$dynamic(),
  );
  const rows = await db.select({
    id: applications.id,
    status: applications.status,
    createdAt: applications.createdAt,
    own: sql<boolean>`${applications.userId} = ${viewer.id}`,
  }).from(applications).where(where).orderBy(desc(applications.id)).limit(perPage).offset((page - 1) * perPage);
  const data = rows.map((r) => ({ id: r.id, status: r.status, created_at: r.createdAt.toISOString(), own: r.own }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/**
 * Moves the waiting list of a course up into the places free now; the caller holds the course's row lock
 * (inside its transaction). Unpaid holds past their time are cancelled first (domain/programme/fees.ts),
 * and each one promoted to a paid course has its own time to pay. Answers how many moved.
 */
export async function promoteWaiting(tx: Tx, config: MailConfig, course: ProgrammeRow, now = new Date()) {
  if (course.kind !== "course") return 0;
  await tx.update(applications).set({ status: "cancelled", updatedAt: now })
    .where(and(eq(applications.programmeId, course.id), lapsedCondition(now)));
  const [{ holding }] = await tx.select({ holding: count() }).from(applications)
    .where(and(eq(applications.programmeId, course.id), holdsPlaceCondition(now)));
  const [{ waiting }] = await tx.select({ waiting: count() }).from(applications)
    .where(and(eq(applications.programmeId, course.id), eq(applications.status, "waiting")));
  const n = promotions(course.capacity, holding, waiting);
  if (n === 0) return 0;
  const next = await tx.select({ id: applications.id }).from(applications)
    .where(and(eq(applications.programmeId, course.id), eq(applications.status, "waiting")))
    .orderBy(asc(applications.id)).limit(n);
  const to = REVIEW.transitions.promote.to;
  const moved = await tx.update(applications)
    .set({
      status: to,
      payDue: sql`case when ${applications.fee} > 0 then ${
        new Date(now.getTime() + PROMOTED_PAY_HOLD_MS).toISOString()
      }::timestamptz else null end`,
      updatedAt: now,
    })
    .where(and(inArray(applications.id, next.map((r) => r.id)), REVIEW.fromCondition(applications.status, "promote")))
    .returning();
  for (const row of moved) {
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (user) await queueMail(tx, config, applicationMail(config, user, course, row, true));
  }
  return moved.length;
}

/**
 * The periodic sweep (domain/ops/jobs.ts): every course with an unpaid hold past its time, each in its own
 * transaction under the course's row lock, cancels those holds and moves its waiting list up. Answers how
 * many holds were released.
 */
export async function releaseLapsedHolds(db: Db, config: MailConfig, now = new Date()): Promise<number> {
  const courses = await db.selectDistinct({ id: applications.programmeId }).from(applications)
    .where(lapsedCondition(now)).limit(500);
  let released = 0;
  for (const { id } of courses) {
    released += await db.transaction(async (tx) => {
      const [course] = await tx.select().from(programmes).where(eq(programmes.id, id)).for("update");
      if (!course) return 0;
      const [{ n }] = await tx.select({ n: count() }).from(applications)
        .where(and(eq(applications.programmeId, id), lapsedCondition(now)));
      await promoteWaiting(tx, config, course, now);
      return n;
    });
  }
  return released;
}

/** The applicant cancels their own application (while nothing is decided); a freed place moves the list. */
export async function cancelApplication(db: Db, config: MailConfig, viewer: Viewer, id: number, now = new Date()) {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, id));
    if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND);
    if (row.userId !== viewer.id) throw new HttpError(403, "programme.not_yours");
    const [course] = await tx.select().from(programmes).where(eq(programmes.id, row.programmeId)).for("update");
    REVIEW.next("cancel", row.status);
    const [done] = await tx.update(applications).set({ status: "cancelled", updatedAt: now })
      .where(and(eq(applications.id, id), REVIEW.fromCondition(applications.status, "cancel"))).returning();
    if (!done) throw new HttpError(409, "programme.wrong_status");
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (user) await queueMail(tx, config, applicationMail(config, user, course, done));
    await promoteWaiting(tx, config, course, now);
    return done;
  });
}
