// A paid course's fee (issue 14 §4, SPEC §7 Payment). SPEC says nothing of how long an unpaid enrolment
// keeps its place, so: an enrolment that gets a place holds it unpaid for PAY_HOLD_MS (30 minutes: the
// member is at the screen), one promoted from the waiting list for PROMOTED_PAY_HOLD_MS (2 days: they
// learn it by mail); paid within that time it keeps the place, else the hold lapses — it stops counting at
// once and is cancelled (the place going to the waiting list) by the next change to the course or the
// periodic sweep (releaseLapsedHolds). Waiting-list enrolments pay only once promoted. The payment itself is an order of the
// payment module (domain/programme/payment.ts, domain/pay/orders.ts).
import { and, eq, gt, inArray, isNotNull, isNull, lte, not, or, type SQL } from "drizzle-orm";
import { type ApplicationRow, applications } from "../../db/schema/programme.ts";
import { type ApplicationStatus, PLACE_HOLDING } from "./kinds.ts";

export const PAY_HOLD_MS = 30 * 60_000;
export const PROMOTED_PAY_HOLD_MS = 48 * 60 * 60_000;

/**
 * Where an enrolment's fee stands: `free`; `due` (holding its place unpaid until payDue); `later` (on the
 * waiting list, pays once promoted); `lapsed` (not paid in time, or cancelled unpaid); `paid`; `refunded`.
 */
export type FeeState = "free" | "due" | "later" | "lapsed" | "paid" | "refunded";

export function feeState(
  a: Pick<ApplicationRow, "fee" | "payDue" | "paidAt" | "refundedAt" | "status">,
  now = new Date(),
): FeeState {
  if (a.fee <= 0) return "free";
  if (a.refundedAt) return "refunded";
  if (a.paidAt) return "paid";
  if (a.status === "waiting") return "later";
  if (PLACE_HOLDING.includes(a.status) && (!a.payDue || a.payDue > now)) return "due";
  return "lapsed";
}

/** Until when a new enrolment of `fee` with `status` holds its place unpaid (null: nothing is due). */
export function payDueOf(fee: number, status: ApplicationStatus, now: Date, promoted = false): Date | null {
  if (fee <= 0 || !PLACE_HOLDING.includes(status)) return null;
  return new Date(now.getTime() + (promoted ? PROMOTED_PAY_HOLD_MS : PAY_HOLD_MS));
}

/** An enrolment holding a place, unpaid, past its time. */
export function lapsedCondition(now: Date): SQL {
  return and(
    inArray(applications.status, [...PLACE_HOLDING]),
    isNull(applications.paidAt),
    isNotNull(applications.payDue),
    lte(applications.payDue, now),
  )!;
}

/** The applications that hold a place of a course now: a place-holding status and no lapsed hold. */
export function holdsPlaceCondition(now: Date): SQL {
  return and(inArray(applications.status, [...PLACE_HOLDING]), not(lapsedCondition(now)))!;
}

/** Unpaid and still in time: the only state a payment order may be made or completed in. */
export function payableCondition(now: Date): SQL {
  return and(
    inArray(applications.status, [...PLACE_HOLDING]),
    gt(applications.fee, 0),
    isNull(applications.paidAt),
    isNull(applications.refundedAt),
    or(isNull(applications.payDue), gt(applications.payDue, now)),
  )!;
}

/** Staff accept, and record attendance of, only enrolments with nothing left to pay. */
export function settledCondition(): SQL {
  return or(eq(applications.fee, 0), isNotNull(applications.paidAt))!;
}
