// SPEC §4 support programme statuses, derived from the application dates (never stored): scheduled
// before the application start, recruiting while applications are open, terminated after the end. The
// same window decides whether anyone may apply to a programme or course (domain/programme/apply.ts).
import type { SupportStatus } from "./kinds.ts";

export interface ApplyWindow {
  applyFrom: Date | null;
  applyTo: Date | null;
}

export function supportStatus(p: ApplyWindow, now = new Date()): SupportStatus {
  if (p.applyFrom && now < p.applyFrom) return "scheduled";
  if (p.applyTo && now > p.applyTo) return "terminated";
  return "recruiting";
}

/** Applications are taken only while recruiting (a missing bound leaves that side open). */
export function isApplicationOpen(p: ApplyWindow, now = new Date()): boolean {
  return supportStatus(p, now) === "recruiting";
}
