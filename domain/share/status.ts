// Talent sharing's status machines (SPEC §4), through the status-machine kit (domain/common/status.ts): a
// donation is inactive → sharing → ended; a request inactive → requesting → in progress → ended. Others
// apply while it is open (sharing, requesting); the owner accepts up to the approved number
// (domain/share/applications.ts locks the share row for that count).
import { HttpError } from "../../framework/errors.ts";
import { statusMachine } from "../common/status.ts";
import { APPLICATION_STATUSES, DONATE_STATUSES, REQUEST_STATUSES, type ShareType } from "../job/options.ts";

export const donateMachine = statusMachine(DONATE_STATUSES, {
  open: { from: ["inactive"], to: "sharing" },
  pause: { from: ["sharing"], to: "inactive" },
  end: { from: ["inactive", "sharing"], to: "ended" },
}, { refusal: "job.share.wrong_status" });

export const requestMachine = statusMachine(REQUEST_STATUSES, {
  open: { from: ["inactive"], to: "requesting" },
  pause: { from: ["requesting"], to: "inactive" },
  /** Work starts with the helpers accepted so far (none accepted: share.no_applications). */
  start: { from: ["requesting"], to: "in_progress" },
  end: { from: ["inactive", "requesting", "in_progress"], to: "ended" },
}, { refusal: "job.share.wrong_status" });

/** Applications to a share: the same states as a job application. */
export const shareApplicationMachine = statusMachine(APPLICATION_STATUSES, {
  accept: { from: ["applied"], to: "accepted" },
  decline: { from: ["applied"], to: "declined" },
  cancel: { from: ["applied"], to: "cancelled" },
}, { refusal: "job.share.wrong_status" });

export type ShareAction = "open" | "pause" | "start" | "end";
export const SHARE_ACTIONS: readonly ShareAction[] = ["open", "pause", "start", "end"];

/** The next status of a share of `type` after `action`, or the refusal (409 job.share.wrong_status). */
export function nextShareStatus(type: ShareType, action: ShareAction, status: string): string {
  if (type === "donate") {
    if (action === "start" || !donateMachine.isStatus(status)) throw new HttpError(409, "job.share.wrong_status");
    return donateMachine.next(action, status);
  }
  if (!requestMachine.isStatus(status)) throw new HttpError(409, "job.share.wrong_status");
  return requestMachine.next(action, status);
}

/** The owner's moves open from a status. */
export function shareActionsFrom(type: ShareType, status: string): ShareAction[] {
  if (type === "donate") return donateMachine.isStatus(status) ? donateMachine.actionsFrom(status) : [];
  return requestMachine.isStatus(status) ? requestMachine.actionsFrom(status) : [];
}

/** Open for applications: sharing (donation) or requesting (request). */
export const isOpenShare = (type: ShareType, status: string) =>
  type === "donate" ? status === "sharing" : status === "requesting";

/** The owner may decide on applications while the share is open or (a request) in progress. */
export const canDecideOn = (type: ShareType, status: string) =>
  isOpenShare(type, status) || (type === "request" && status === "in_progress");
