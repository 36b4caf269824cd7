// Moderation (SPEC §4 posts hidden/unhidden, deleted, restored; §2.2 /management/post): administrators and
// staff granted the `post` section blind, unblind, delete, restore, pin and move posts, one or many at a
// time, each in one transaction; the status machine guards every step (rights.ts POST_MACHINE).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { boards, type PostRow, posts } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import type { FileService } from "../file/files.ts";
import { grantsOf } from "../member/management.ts";
import { isAdministrator, isSignedIn, managementAccess, type Viewer } from "../member/permissions.ts";
import { movePost } from "./write.ts";

export const MODERATION_ACTIONS = ["blind", "unblind", "delete", "restore", "pin", "unpin", "move"] as const;
export type ModerationAction = typeof MODERATION_ACTIONS[number];

/** The moderator: an administrator, or staff granted the `post` management section. */
export async function assertModerator(db: Db, viewer: Viewer): Promise<void> {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  const grants = isAdministrator(viewer) ? [] : await grantsOf(db, viewer);
  if (!managementAccess(viewer, "/post", grants).accessible) throw new HttpError(403, "board.no_moderate");
}

/** Applies one action to the posts (all or none); `to` is the board a move goes to (same site). */
export async function moderate(
  db: Db,
  service: FileService,
  ids: number[],
  action: ModerationAction,
  to?: number,
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
      await tx.update(posts).set({ boardId: target.id, categoryId: null }).where(inArray(posts.parentId, ids));
      return done;
    }
    for (const row of rows) {
      if (action === "pin" || action === "unpin") {
        const [updated] = await tx.update(posts).set({ pinned: action === "pin", updatedAt: new Date() })
          .where(and(eq(posts.id, row.id))).returning();
        done.push(updated);
      } else done.push(await movePost(tx, service, row, action));
    }
    return done;
  });
}
