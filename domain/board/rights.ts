// The board rules as pure functions (SPEC §4 posts hidden/deleted/restored, §5 post password, §6 board
// rights and secret posts, §8 board errors): one table of post statuses and moderation actions, one
// function per question a screen or call asks. No I/O: unit-tested in tests/unit/board_rights_test.ts.
import { HttpError } from "../../framework/errors.ts";
import { statusMachine } from "../common/status.ts";
import { hasBoardRight, isBoardStaff, isSignedIn, type Viewer } from "../member/permissions.ts";
import {
  type BoardAction,
  type BoardRights,
  POST_APPROVALS,
  POST_STATUSES,
  type PostApproval,
  type PostStatus,
} from "../../db/schema/board.ts";

/** SPEC §4: staff blind and unblind; a writer or staff deletes (softly); staff restore. */
export const POST_MACHINE = statusMachine(POST_STATUSES, {
  blind: { from: ["visible"], to: "hidden" },
  unblind: { from: ["hidden"], to: "visible" },
  delete: { from: ["visible", "hidden"], to: "deleted" },
  restore: { from: ["deleted"], to: "visible" },
}, { refusal: "board.status_refused" });
export type PostAction = keyof typeof POST_MACHINE.transitions;

/** SPEC §8 board approval: staff approve a waiting (or a rejected) post, or reject a waiting one. */
export const APPROVAL_MACHINE = statusMachine(POST_APPROVALS, {
  approve: { from: ["waiting", "rejected"], to: "approved" },
  reject: { from: ["waiting"], to: "rejected" },
}, { refusal: "board.status_refused" });
export type ApprovalAction = keyof typeof APPROVAL_MACHINE.transitions;

/** A new post waits for approval on a board that asks for it, unless staff wrote it. */
export function initialApproval(viewer: Viewer, board: Pick<BoardFacts, "approvalRequired">): PostApproval {
  return board.approvalRequired && !isBoardStaff(viewer) ? "waiting" : "approved";
}

/** The SPEC §8 key of a missing right. */
export const RIGHT_REFUSAL: Record<BoardAction, string> = {
  read: "board.no_read",
  write: "board.no_write",
  reply: "board.no_reply",
  comment: "board.no_comment",
  edit: "board.no_edit",
  delete: "board.no_delete",
};
export const PASSWORD_REFUSAL = "board.password";

export interface BoardFacts {
  rights: BoardRights;
  secretAllowed: boolean;
  anonymousAllowed: boolean;
  approvalRequired: boolean;
}

export interface PostFacts {
  userId: number | null;
  passwordHash: string | null;
  secret: boolean;
  status: PostStatus;
  approval: PostApproval;
  postFrom: Date | null;
  postTo: Date | null;
}

export function canAct(viewer: Viewer, board: BoardFacts, action: BoardAction): boolean {
  return hasBoardRight(viewer, board.rights[action] ?? []);
}

/** Refuses a missing right: 401 to a visitor who is not signed in (a sign-in may help), 403 otherwise. */
export function assertCan(viewer: Viewer, board: BoardFacts, action: BoardAction): void {
  if (!canAct(viewer, board, action)) throw new HttpError(isSignedIn(viewer) ? 403 : 401, RIGHT_REFUSAL[action]);
}

/** Writing without signing in: the board allows anonymous writers and its write right names anonymous. */
export function writesAnonymously(viewer: Viewer, board: BoardFacts): boolean {
  return !isSignedIn(viewer) && board.anonymousAllowed && board.rights.write.includes("anonymous");
}

export const ownsPost = (viewer: Viewer, post: Pick<PostFacts, "userId">): boolean =>
  isSignedIn(viewer) && post.userId === viewer.id;

/** SPEC §3 posting period: a post is shown from `postFrom` until `postTo` (either may be open). */
export function inPostingPeriod(post: Pick<PostFacts, "postFrom" | "postTo">, now: Date): boolean {
  return (!post.postFrom || post.postFrom <= now) && (!post.postTo || now < post.postTo);
}

/**
 * What reading a post comes to: `ok`; `locked` (secret, opens with the anonymous writer's password);
 * `secret` (secret, not the viewer's); `hidden` (blinded: everyone but staff sees "hidden"); `gone`
 * (deleted, or outside its posting period: not found for all but staff, and the writer for the period);
 * `no_read` (the board's read right); `not_approved` and `rejected` (a post that waits for, or was refused,
 * approval: only its writer and staff read it).
 */
export type ReadAccess = "ok" | "locked" | "secret" | "hidden" | "gone" | "no_read" | "not_approved" | "rejected";

export function readAccess(
  viewer: Viewer,
  board: BoardFacts,
  post: PostFacts,
  options: { now: Date; unlocked?: boolean },
): ReadAccess {
  const staff = isBoardStaff(viewer);
  if (!canAct(viewer, board, "read")) return "no_read";
  if (staff) return "ok";
  if (post.status === "deleted") return "gone";
  const own = ownsPost(viewer, post);
  if (!own && !inPostingPeriod(post, options.now)) return "gone";
  if (post.status === "hidden") return "hidden";
  if (post.approval !== "approved" && !own && !options.unlocked) {
    return post.approval === "waiting" ? "not_approved" : "rejected";
  }
  if (!post.secret || own || options.unlocked) return "ok";
  return post.passwordHash ? "locked" : "secret";
}

/** The refusal of a read that is not `ok` (a locked post answers the password prompt instead). */
export function readRefusal(access: Exclude<ReadAccess, "ok">): HttpError {
  switch (access) {
    case "gone":
      return new HttpError(404, "board.post_not_found");
    case "hidden":
      return new HttpError(403, "board.hidden");
    case "locked":
      return new HttpError(403, PASSWORD_REFUSAL);
    case "secret":
      return new HttpError(403, "board.secret");
    case "no_read":
      return new HttpError(403, RIGHT_REFUSAL.read);
    case "not_approved":
      return new HttpError(403, "board.not_approved");
    case "rejected":
      return new HttpError(403, "board.rejected");
  }
}

/**
 * Editing or deleting a post: staff always; the writer with the board's right; an anonymous post with
 * the right and its password (`password`). A deleted post is changed by nobody but staff (restore).
 */
export type ChangeAccess = "yes" | "password" | "no";

export function changeAccess(
  viewer: Viewer,
  board: BoardFacts,
  post: PostFacts,
  action: "edit" | "delete",
): ChangeAccess {
  if (isBoardStaff(viewer)) return "yes";
  if (post.status !== "visible") return "no";
  if (!canAct(viewer, board, action)) return "no";
  if (ownsPost(viewer, post)) return "yes";
  if (post.userId === null && post.passwordHash) return "password";
  return "no";
}

/** Commenting needs the comment right on an approved post the viewer may read that is neither hidden nor deleted. */
export function canComment(viewer: Viewer, board: BoardFacts, post: PostFacts): boolean {
  return post.status === "visible" && post.approval === "approved" && canAct(viewer, board, "comment");
}

/** A comment is changed or removed by its writer or staff (without a password). */
export function canChangeComment(viewer: Viewer, comment: { userId: number | null }): boolean {
  return isBoardStaff(viewer) || (isSignedIn(viewer) && comment.userId === viewer.id);
}

/**
 * Editing or deleting a comment: staff and its member writer (`yes`); an anonymous comment with its
 * writer's password (`password`), as an anonymous post is; anyone else `no`.
 */
export function commentChangeAccess(
  viewer: Viewer,
  comment: { userId: number | null; passwordHash: string | null },
): ChangeAccess {
  if (canChangeComment(viewer, comment)) return "yes";
  if (comment.userId === null && comment.passwordHash) return "password";
  return "no";
}

/** The day a view counts for (Asia/Seoul), as YYYY-MM-DD. */
export function viewDay(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}
