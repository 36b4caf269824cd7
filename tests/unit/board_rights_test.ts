// The board rules (domain/board/rights.ts): SPEC §6's rights per action and role as a table, secret posts
// (writer, staff, password), blinded and deleted posts, posting periods, edit/delete by writer, password
// or staff, and the moderation status machine (SPEC §4).
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import {
  APPROVAL_MACHINE,
  assertCan,
  type BoardFacts,
  canAct,
  canChangeComment,
  canComment,
  changeAccess,
  commentChangeAccess,
  initialApproval,
  POST_MACHINE,
  type PostFacts,
  readAccess,
  readRefusal,
  viewDay,
  writesAnonymously,
} from "../../domain/board/rights.ts";
import { canReadFile, type RoleCode, type Viewer } from "../../domain/member/permissions.ts";
import type { BoardAction, BoardRow } from "../../db/schema/board.ts";
import { fileAccessOf } from "../../domain/board/files.ts";

const as = (id: number, ...codes: RoleCode[]): Viewer => ({
  id,
  roles: codes.map((code) => ({ code, needsApproval: code === "company", approved: true, testable: false })),
});
const anonymous: Viewer = { id: 0, roles: [] };
const member = as(10, "member");
const other = as(11, "member");
const company = as(12, "company");
const pendingCompany: Viewer = {
  id: 13,
  roles: [{ code: "company", needsApproval: true, approved: false, testable: false }],
};
const staff = as(20, "support_group");
const admin = as(30, "administrator");

const board: BoardFacts = {
  rights: {
    read: ["anonymous"],
    write: ["member", "company"],
    reply: ["company"],
    comment: ["member"],
    edit: ["member", "company"],
    delete: ["member"],
  },
  secretAllowed: true,
  anonymousAllowed: false,
  approvalRequired: false,
};

Deno.test("rights per action and role (SPEC §6): the table", () => {
  const table: [Viewer, string, Record<BoardAction, boolean>][] = [
    [anonymous, "anonymous", { read: true, write: false, reply: false, comment: false, edit: false, delete: false }],
    [member, "member", { read: true, write: true, reply: false, comment: true, edit: true, delete: true }],
    [company, "company", { read: true, write: true, reply: true, comment: false, edit: true, delete: false }],
    [pendingCompany, "unapproved company", {
      read: true,
      write: false,
      reply: false,
      comment: false,
      edit: false,
      delete: false,
    }],
    [staff, "staff", { read: true, write: true, reply: true, comment: true, edit: true, delete: true }],
    [admin, "administrator", { read: true, write: true, reply: true, comment: true, edit: true, delete: true }],
  ];
  for (const [viewer, name, expected] of table) {
    for (const [action, allowed] of Object.entries(expected) as [BoardAction, boolean][]) {
      assert.equal(canAct(viewer, board, action), allowed, `${name} ${action}`);
    }
  }
});

Deno.test("a missing right is 401 for a visitor and 403 for a member, with the action's key", () => {
  assert.throws(() => assertCan(anonymous, board, "write"), (e) => e instanceof HttpError && e.status === 401);
  assert.throws(
    () => assertCan(company, board, "comment"),
    (e) => e instanceof HttpError && e.status === 403 && e.key === "board.no_comment",
  );
  const membersOnly = { ...board, rights: { ...board.rights, read: ["member"] } };
  assert.equal(canAct(anonymous, membersOnly, "read"), false);
  assert.equal(readAccess(anonymous, membersOnly, post(), { now }), "no_read");
});

Deno.test("anonymous writing needs the board's flag and anonymous in its write right", () => {
  assert.equal(writesAnonymously(anonymous, board), false);
  const open = { ...board, anonymousAllowed: true, rights: { ...board.rights, write: ["anonymous"] } };
  assert.equal(writesAnonymously(anonymous, open), true);
  assert.equal(writesAnonymously(member, open), false, "a member writes as themselves");
  assert.equal(writesAnonymously(anonymous, { ...open, anonymousAllowed: false }), false);
});

const now = new Date("2026-11-25T03:00:00Z");
function post(extra: Partial<PostFacts> = {}): PostFacts {
  return {
    userId: 10,
    passwordHash: null,
    secret: false,
    status: "visible",
    approval: "approved",
    postFrom: null,
    postTo: null,
    ...extra,
  };
}

Deno.test("secret posts: the writer and staff read them, an anonymous writer's opens with its password", () => {
  const secret = post({ secret: true });
  assert.equal(readAccess(member, board, secret, { now }), "ok");
  assert.equal(readAccess(other, board, secret, { now }), "secret");
  assert.equal(readAccess(anonymous, board, secret, { now }), "secret");
  assert.equal(readAccess(staff, board, secret, { now }), "ok");
  const anonymousSecret = post({ secret: true, userId: null, passwordHash: "$argon2id$x" });
  assert.equal(readAccess(anonymous, board, anonymousSecret, { now }), "locked");
  assert.equal(readAccess(member, board, anonymousSecret, { now }), "locked");
  assert.equal(readAccess(anonymous, board, anonymousSecret, { now, unlocked: true }), "ok");
  assert.equal(readRefusal("locked").key, "board.password");
  assert.equal(readRefusal("gone").status, 404);
});

Deno.test("hidden posts say 'hidden' to all but staff; deleted ones are gone but for staff", () => {
  assert.equal(readAccess(member, board, post({ status: "hidden" }), { now }), "hidden");
  assert.equal(readAccess(other, board, post({ status: "hidden" }), { now }), "hidden");
  assert.equal(readAccess(staff, board, post({ status: "hidden" }), { now }), "ok");
  assert.equal(readAccess(member, board, post({ status: "deleted" }), { now }), "gone");
  assert.equal(readAccess(admin, board, post({ status: "deleted" }), { now }), "ok");
  assert.equal(readRefusal("hidden").key, "board.hidden");
});

Deno.test("a posting period hides a post outside it from all but its writer and staff", () => {
  const later = post({ postFrom: new Date("2026-12-01T00:00:00Z") });
  const ended = post({ postTo: new Date("2026-11-01T00:00:00Z") });
  assert.equal(readAccess(other, board, later, { now }), "gone");
  assert.equal(readAccess(other, board, ended, { now }), "gone");
  assert.equal(readAccess(member, board, later, { now }), "ok");
  assert.equal(readAccess(staff, board, ended, { now }), "ok");
  assert.equal(readAccess(other, board, post({ postFrom: new Date("2026-11-01T00:00:00Z") }), { now }), "ok");
});

Deno.test("edit and delete: the writer with the right, an anonymous post with its password, staff always", () => {
  assert.equal(changeAccess(member, board, post(), "edit"), "yes");
  assert.equal(changeAccess(other, board, post(), "edit"), "no");
  assert.equal(changeAccess(anonymous, board, post(), "delete"), "no");
  assert.equal(changeAccess(company, board, post({ userId: 12 }), "delete"), "no", "company lacks delete");
  assert.equal(changeAccess(staff, board, post(), "delete"), "yes");
  assert.equal(changeAccess(member, board, post({ status: "hidden" }), "edit"), "no");
  const open = { ...board, rights: { ...board.rights, edit: ["anonymous"] } };
  assert.equal(changeAccess(anonymous, open, post({ userId: null, passwordHash: "h" }), "edit"), "password");
  assert.equal(changeAccess(other, open, post({ userId: null, passwordHash: "h" }), "edit"), "password");
  assert.equal(changeAccess(other, open, post(), "edit"), "no", "a member's post has no password");
});

Deno.test("comments: the right on a visible post; changed by their writer or staff", () => {
  assert.equal(canComment(member, board, post()), true);
  assert.equal(canComment(company, board, post()), false);
  assert.equal(canComment(member, board, post({ status: "hidden" })), false);
  assert.equal(canChangeComment(member, { userId: 10 }), true);
  assert.equal(canChangeComment(other, { userId: 10 }), false);
  assert.equal(canChangeComment(anonymous, { userId: null }), false);
  assert.equal(canChangeComment(staff, { userId: null }), true);
  // An anonymous comment: anyone with its password; a member's comment has none to give.
  assert.equal(commentChangeAccess(anonymous, { userId: null, passwordHash: "h" }), "password");
  assert.equal(commentChangeAccess(other, { userId: null, passwordHash: "h" }), "password");
  assert.equal(commentChangeAccess(staff, { userId: null, passwordHash: "h" }), "yes");
  assert.equal(commentChangeAccess(member, { userId: 10, passwordHash: null }), "yes");
  assert.equal(commentChangeAccess(other, { userId: 10, passwordHash: null }), "no");
  assert.equal(commentChangeAccess(anonymous, { userId: 10, passwordHash: null }), "no");
  assert.equal(commentChangeAccess(anonymous, { userId: null, passwordHash: null }), "no", "no hash, no way in");
});

Deno.test("moderation (SPEC §4): blind, unblind, delete, restore from their statuses only", () => {
  assert.equal(POST_MACHINE.next("blind", "visible"), "hidden");
  assert.equal(POST_MACHINE.next("unblind", "hidden"), "visible");
  assert.equal(POST_MACHINE.next("delete", "hidden"), "deleted");
  assert.equal(POST_MACHINE.next("restore", "deleted"), "visible");
  assert.throws(() => POST_MACHINE.next("restore", "visible"), (e) => e instanceof HttpError && e.status === 409);
  assert.deepEqual(POST_MACHINE.actionsFrom("visible"), ["blind", "delete"]);
});

Deno.test("a view counts for the day in Seoul", () => {
  assert.equal(viewDay(new Date("2026-11-25T14:59:00Z")), "2026-11-25");
  assert.equal(viewDay(new Date("2026-11-25T15:00:00Z")), "2026-11-26");
});

Deno.test("board approval (SPEC §8): a waiting or rejected post is read by its writer and staff only", () => {
  const approvalBoard = { ...board, approvalRequired: true };
  assert.equal(initialApproval(member, approvalBoard), "waiting");
  assert.equal(initialApproval(staff, approvalBoard), "approved", "staff posts need no approval");
  assert.equal(initialApproval(member, board), "approved");
  const waiting = post({ approval: "waiting" });
  assert.equal(readAccess(member, board, waiting, { now }), "ok", "its writer");
  assert.equal(readAccess(other, board, waiting, { now }), "not_approved");
  assert.equal(readAccess(anonymous, board, waiting, { now }), "not_approved");
  assert.equal(readAccess(staff, board, waiting, { now }), "ok");
  assert.equal(readAccess(other, board, post({ approval: "rejected" }), { now }), "rejected");
  assert.deepEqual([readRefusal("not_approved").status, readRefusal("not_approved").key], [403, "board.not_approved"]);
  assert.equal(readRefusal("rejected").key, "board.rejected");
  assert.equal(canComment(member, board, waiting), false, "no comments before approval");
  assert.equal(APPROVAL_MACHINE.next("approve", "waiting"), "approved");
  assert.equal(APPROVAL_MACHINE.next("reject", "waiting"), "rejected");
  assert.equal(APPROVAL_MACHINE.next("approve", "rejected"), "approved", "a rejection can be reconsidered");
  assert.equal(APPROVAL_MACHINE.can("reject", "approved"), false);
});

Deno.test("a post's files: public only while visitors read the post; otherwise the post's readers decide", () => {
  const open = { rights: { read: ["anonymous"] } } as unknown as Pick<BoardRow, "rights">;
  const members = { rights: { read: ["member"] } } as unknown as Pick<BoardRow, "rights">;
  const shown = { status: "visible", secret: false, approval: "approved", postFrom: null, postTo: null } as const;
  assert.equal(fileAccessOf(open, shown), "public");
  assert.equal(fileAccessOf(members, shown), "owner", "a members-only board");
  assert.equal(fileAccessOf(open, { ...shown, secret: true }), "owner");
  assert.equal(fileAccessOf(open, { ...shown, approval: "waiting" }), "owner");
  assert.equal(fileAccessOf(open, { ...shown, status: "hidden" }), "owner");
  assert.equal(fileAccessOf(open, { ...shown, status: "deleted" }), "owner");
  assert.equal(fileAccessOf(open, { ...shown, postFrom: new Date() }), "owner", "a posting period");
  // Held by a post, the post's read decides alone: over the owner (a deleted post's writer) and for staff.
  const file = { ownerId: 10, access: "owner" } as const;
  assert.equal(canReadFile(member, file), true);
  assert.equal(canReadFile(member, file, { readsThePost: false }), false);
  assert.equal(canReadFile(anonymous, { ownerId: null, access: "owner" }, { readsThePost: true }), true);
  assert.equal(canReadFile(anonymous, { ownerId: null, access: "public" }, { readsThePost: false }), true);
});
