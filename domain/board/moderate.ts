// Moderation (SPEC §4 posts hidden/unhidden, deleted, restored; §8 approval; §2.2 /management/post):
// administrators and staff granted the `post` section approve, reject, blind, unblind, delete, restore, pin
// and move posts, one or many at a
// time, each in one transaction; the status machine guards every step (rights.ts POST_MACHINE).
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { boards, type PostRow, posts } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import { grantsOf } from "../member/management.ts";
import { isAdministrator, isSignedIn, managementAccess, type Viewer } from "../member/permissions.ts";
import { movePost } from "./write.ts";
import { syncFiles } from "./files.ts";
import { postPath } from "./boards.ts";
import { APPROVAL_MACHINE, type ApprovalAction } from "./rights.ts";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, toLocale } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import { mailLink } from "../mail/templates.ts";
import { pushOfMail } from "../notify/push.ts";

export const MODERATION_ACTIONS = [
  "approve",
  "reject",
  "blind",
  "unblind",
  "delete",
  "restore",
  "pin",
  "unpin",
  "move",
] as const;
export type ModerationAction = typeof MODERATION_ACTIONS[number];

/** The moderator: an administrator, or staff granted the `post` management section. */
export async function assertModerator(db: Db, viewer: Viewer): Promise<void> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  const grants = isAdministrator(viewer) ? [] : await grantsOf(db, viewer);
  if (!managementAccess(viewer, "/post", grants).accessible) throw new HttpError(403, "board.no_moderate");
}

/**
 * Applies one action to the posts (all or none); `to` is the board a move goes to (same site); `reason`
 * is told to the writers of rejected posts. Approving or rejecting mails a member writer (`mail`).
 */
export async function moderate(
  db: Db,
  service: FileService,
  ids: number[],
  action: ModerationAction,
  to?: number,
  options: { reason?: string; mail?: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName"> } = {},
): Promise<PostRow[]> {
  if (!ids.length) throw new HttpError(422, "board.manage.noneSelected");
  return await db.transaction(async (tx) => {
    const rows = await tx.select().from(posts).where(inArray(posts.id, ids)).orderBy(posts.id);
    if (rows.length !== new Set(ids).size) throw new HttpError(404, "board.post_not_found");
    const done: PostRow[] = [];
    if (action === "move") {
      const [target] = to ? await tx.select().from(boards).where(eq(boards.id, to)) : [];
      if (!target) throw new HttpError(422, "board.not_found", undefined, { fields: { to: ["board.not_found"] } });
      const sites = await tx.select({ id: boards.id, siteId: boards.siteId }).from(boards)
        .where(inArray(boards.id, [...new Set(rows.map((r) => r.boardId))]));
      if (sites.some((s) => s.siteId !== target.siteId)) throw new HttpError(422, "board.not_found");
      // Answers go with their question; the category belongs to the old board.
      done.push(
        ...await tx.update(posts).set({ boardId: target.id, categoryId: null, updatedAt: new Date() })
          .where(inArray(posts.id, ids)).returning(),
      );
      const answers = await tx.update(posts).set({ boardId: target.id, categoryId: null })
        .where(inArray(posts.parentId, ids)).returning();
      // The files follow the new board's read right (a members-only board closes them to visitors).
      for (const moved of [...done, ...answers]) await syncFiles(tx, service, moved, target);
      return done;
    }
    for (const row of rows) {
      if (action === "approve" || action === "reject") {
        const decided = await decideApproval(tx, service, row, action, options.reason ?? "");
        if (options.mail) await mailDecision(tx, options.mail, decided);
        done.push(decided);
      } else if (action === "pin" || action === "unpin") {
        const [updated] = await tx.update(posts).set({ pinned: action === "pin", updatedAt: new Date() })
          .where(and(eq(posts.id, row.id))).returning();
        done.push(updated);
      } else done.push(await movePost(tx, service, row, action));
    }
    return done;
  });
}

/** Approves or rejects one post (APPROVAL_MACHINE); its files follow (public once approved and shown). */
async function decideApproval(
  tx: Tx,
  service: FileService,
  post: PostRow,
  action: ApprovalAction,
  reason: string,
): Promise<PostRow> {
  const to = APPROVAL_MACHINE.next(action, post.approval);
  const [row] = await tx.update(posts).set({
    approval: to,
    rejectReason: to === "rejected" ? reason : "",
    updatedAt: new Date(),
  }).where(and(eq(posts.id, post.id), APPROVAL_MACHINE.fromCondition(posts.approval, action))).returning();
  if (!row) throw new HttpError(409, "board.status_refused");
  await syncFiles(tx, service, row);
  return row;
}

/** The writer (a member) hears of the decision in their language, by mail and on their devices. */
async function mailDecision(tx: Tx, config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">, post: PostRow) {
  if (!post.userId) return;
  const [to] = await tx.select().from(users).where(and(eq(users.id, post.userId), isNull(users.withdrawnAt)));
  const [board] = await tx.select().from(boards).where(eq(boards.id, post.boardId));
  if (!to || !board) return;
  const locale = toLocale(to.locale);
  const t = createTranslator(locale);
  const kind = post.approval === "approved" ? "approved" : "rejected";
  const path = postPath(board, post.id);
  const subject = t(`board.mail.${kind}Subject`, {
    board: locale === "en" && board.nameEn ? board.nameEn : board.name,
  });
  await queueMail(tx, config, {
    to: to.email,
    subject,
    body: `${
      t(`board.mail.${kind}Body`, {
        name: locale === "en" && to.nameEn ? to.nameEn : to.name,
        title: post.title,
        reason: post.rejectReason || "-",
        link: mailLink(config, locale, path),
      })
    }\n\n--\n${t("account.mail.signature")}\n`,
    locale,
    push: pushOfMail(to.id, "board", locale, subject, path),
  });
}
