// The job portal's status machines (SPEC §4), through the status-machine kit (domain/common/status.ts):
// a posting recruits until it is done (closed by the company, or by itself after its close date) or
// cancelled, and never goes back to recruiting; a resume is looking or completed; an application is
// decided once by the company or withdrawn by the applicant while undecided.
import { HttpError } from "../../framework/errors.ts";
import { statusMachine } from "../common/status.ts";
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  POSTING_STATUSES,
  type PostingStatus,
  RESUME_STATUSES,
} from "./options.ts";

export const postingMachine = statusMachine(POSTING_STATUSES, {
  /** The company edits the posting while it recruits. */
  edit: { from: ["recruiting"], to: "recruiting" },
  /** The company ends recruiting; the hourly job does the same after the close date. */
  close: { from: ["recruiting"], to: "done" },
  expire: { from: ["recruiting"], to: "done" },
  cancel: { from: ["recruiting"], to: "cancelled" },
}, { refusal: "job.wrong_status" });

export const resumeMachine = statusMachine(RESUME_STATUSES, {
  complete: { from: ["looking"], to: "completed" },
  look: { from: ["completed"], to: "looking" },
}, { refusal: "job.wrong_status" });

export const applicationMachine = statusMachine(APPLICATION_STATUSES, {
  accept: { from: ["applied"], to: "accepted" },
  decline: { from: ["applied"], to: "declined" },
  cancel: { from: ["applied"], to: "cancelled" },
}, { refusal: "job.wrong_status" });

export type PostingAction = keyof typeof postingMachine.transitions;
export type ApplicationAction = keyof typeof applicationMachine.transitions;

/** The company's own moves (the hourly `expire` is not theirs to ask for). */
export const OWNER_POSTING_ACTIONS = ["close", "cancel"] as const satisfies readonly PostingAction[];

/**
 * The action that takes a posting from `from` to `to` (a status the owner asks for), or a refusal
 * (409 job.wrong_status): nothing leads back to recruiting, so a done posting stays done.
 */
export function postingActionTo(from: PostingStatus, to: PostingStatus): PostingAction {
  const action = OWNER_POSTING_ACTIONS.find((a) =>
    postingMachine.can(a, from) && postingMachine.transitions[a].to === to
  );
  if (!action) throw new HttpError(409, "job.wrong_status");
  return action;
}

/** The posting's status as visitors see it: a recruiting posting past its close date (Seoul) is done. */
export function effectivePostingStatus(status: PostingStatus, closeOn: string, today: string): PostingStatus {
  return status === "recruiting" && closeOn < today ? "done" : status;
}

/** Today in Asia/Seoul as YYYY-MM-DD (close dates are Seoul days, SPEC §9 UTC+9). */
export function seoulDay(now: Date, plusDays = 0): string {
  return new Date(now.getTime() + 9 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
}

export const isDecided = (s: ApplicationStatus) => s === "accepted" || s === "declined";
