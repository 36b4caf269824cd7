// An application's review (issue 14 §2–§4) as one status machine: staff move it received → reviewing →
// accepted or rejected (a rejection carries its reason); the applicant may cancel while nothing is
// decided; a course's waiting-list place is promoted to received when a place frees. The guarded UPDATE
// uses `fromCondition`, so two reviewers acting at once cannot both move the same application.
import { statusMachine } from "../common/status.ts";
import { APPLICATION_STATUSES, type ApplicationStatus } from "./kinds.ts";

export const REVIEW = statusMachine(APPLICATION_STATUSES, {
  review: { from: ["received"], to: "reviewing" },
  accept: { from: ["received", "reviewing"], to: "accepted" },
  reject: { from: ["received", "reviewing"], to: "rejected" },
  cancel: { from: ["waiting", "received", "reviewing"], to: "cancelled" },
  promote: { from: ["waiting"], to: "received" },
}, { refusal: "programme.wrong_status" });

export type ReviewAction = "review" | "accept" | "reject" | "cancel" | "promote";
/** The actions staff take from the review table (cancel and promote are the applicant's and the list's). */
export const STAFF_ACTIONS = ["review", "accept", "reject"] as const satisfies readonly ReviewAction[];
export type StaffAction = typeof STAFF_ACTIONS[number];

/** The applicant is written to at each of these (mail through the outbox). */
export function mailsApplicant(to: ApplicationStatus): boolean {
  return to !== "cancelled" && to !== "waiting";
}

/**
 * Where a new enrolment goes: a place while the course has one (capacity 0 means no limit), else the
 * waiting list. `holding` is how many applications hold a place now (counted under the course's lock).
 */
export function enrolmentStatus(capacity: number, holding: number): ApplicationStatus {
  return capacity > 0 && holding >= capacity ? "waiting" : "received";
}

/** How many of the waiting list move up when places are counted again: the free places, at most the list. */
export function promotions(capacity: number, holding: number, waiting: number): number {
  if (capacity <= 0) return waiting;
  return Math.max(0, Math.min(waiting, capacity - holding));
}
