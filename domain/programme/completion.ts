// A course's attendance and completion (issue 14 §4): staff record each session attended; an accepted
// enrolment completes with at least 80 % of the course's sessions attended (the seed's notice says so),
// and a completed one has a completion certificate in my page. Pure rules; the writes are in manage.ts.
import type { ApplicationStatus } from "./kinds.ts";
import { PLACE_HOLDING } from "./kinds.ts";

export const COMPLETION_SHARE = 0.8;

/** The sessions of a course: its non-empty lines. */
export function sessionCount(sessions: string): number {
  return sessions.split("\n").filter((line) => line.trim()).length;
}

/** The sessions needed to complete: 80 % of them, rounded up (none when the course lists no sessions). */
export function sessionsNeeded(sessions: number): number {
  return Math.ceil(sessions * COMPLETION_SHARE);
}

/** Attendance is recorded for enrolments that hold a place and are not completed yet. */
export function mayAttend(status: ApplicationStatus, completed: boolean): boolean {
  return PLACE_HOLDING.includes(status) && !completed;
}

/** Completion needs an accepted enrolment with enough sessions attended. */
export function mayComplete(
  status: ApplicationStatus,
  attended: number,
  sessions: number,
  completed: boolean,
): boolean {
  return status === "accepted" && !completed && attended >= sessionsNeeded(sessions);
}
