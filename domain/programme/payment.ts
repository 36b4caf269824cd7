// The education area's side of the payment module (domain/pay/orders.ts): the fee of one's own course
// enrolment while it holds its place unpaid (the amount is the fee decided at enrolment, never the
// client's), what a paid return does to it (paid, in the payment's transaction, exactly once, and only
// while its hold lasts), and what an administrator's refund does (refunded; a live enrolment is cancelled
// and its place goes to the waiting list). SPEC gives the education area no refund rules, so a member who
// cancels a paid enrolment is refunded by an administrator from the management screen.
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Config } from "../../fresh.config.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { APPLICATION_NOT_FOUND, promoteWaiting } from "./applications.ts";
import { feeState, payableCondition } from "./fees.ts";
import { PLACE_HOLDING } from "./kinds.ts";

/** payments.target_type of a course enrolment's fee (target_id: applications.id). */
export const TARGET_COURSE_ENROLMENT = "course_enrolment";

export interface EnrolmentPayTarget {
  applicationId: number;
  userId: number;
  /** Integer KRW: the fee decided at enrolment. */
  amount: number;
  title: string;
  titleEn: string;
}

/**
 * The enrolment a member may pay for now: their own (another's answers the same 404 as a missing one), of
 * a course, holding its place unpaid and in time (409 programme.pay.not_payable otherwise).
 */
export async function payableEnrolment(tx: Tx, viewer: Viewer, id: number, now = new Date()) {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  const [row] = Number.isSafeInteger(id) && id > 0
    ? await tx.select({ a: applications, p: programmes }).from(applications)
      .innerJoin(programmes, eq(programmes.id, applications.programmeId)).where(eq(applications.id, id))
    : [];
  if (!row || row.a.userId !== viewer.id || row.p.kind !== "course") throw new HttpError(404, APPLICATION_NOT_FOUND);
  if (feeState(row.a, now) !== "due") throw new HttpError(409, "programme.pay.not_payable");
  return {
    applicationId: row.a.id,
    userId: row.a.userId,
    amount: row.a.fee,
    title: row.p.title,
    titleEn: row.p.titleEn,
  } satisfies EnrolmentPayTarget;
}

/**
 * A paid return: the enrolment is paid and keeps its place. False (nothing changed) unless it is still
 * unpaid, in time and of exactly this amount — the guarded UPDATE and the sweep's exclude each other, so a
 * hold that lapses as the money comes in is either paid or released, never both.
 */
export async function markEnrolmentPaid(tx: Tx, id: number, amount: number, now: Date): Promise<boolean> {
  const rows = await tx.update(applications).set({ paidAt: now, payDue: null, updatedAt: now })
    .where(and(eq(applications.id, id), eq(applications.fee, amount), payableCondition(now)))
    .returning({ id: applications.id });
  return rows.length === 1;
}

/**
 * An administrator's refund of an enrolment's fee (in refundPayment's transaction): the enrolment is marked
 * refunded and, when it still held its place, cancelled with the waiting list moved up. Answers its status
 * before, or null when the enrolment is gone.
 */
export async function refundEnrolment(
  tx: Tx,
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">,
  id: number,
  now: Date,
): Promise<string | null> {
  const [found] = await tx.select({ programmeId: applications.programmeId }).from(applications)
    .where(eq(applications.id, id));
  if (!found) return null;
  // The course's row first, like every enrolment change (no deadlock with enrolments and reviews).
  const [course] = await tx.select().from(programmes).where(eq(programmes.id, found.programmeId)).for("update");
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
  const holding = PLACE_HOLDING.includes(row.status);
  await tx.update(applications).set({
    refundedAt: now,
    updatedAt: now,
    ...(holding ? { status: "cancelled" as const } : {}),
  }).where(and(eq(applications.id, id), isNull(applications.refundedAt)));
  if (holding) await promoteWaiting(tx, config, course, now);
  return row.status;
}
