// Comments (SPEC §5 "comment must not be empty", §7 POST /api/bbs/post/{id}/comment and its PATCH
// variant, DELETE /api/comment/{id}): threaded one level, written with the board's comment right on a
// post the commenter may read; changed or removed (softly) by their writer or staff.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type BoardRow, type CommentRow, comments, type PostRow } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { consume } from "../member/rate-limit.ts";
import type { SessionUser } from "../member/viewer.ts";
import { assertCan, canChangeComment, canComment } from "./rights.ts";

const invalid = (field: string, key: string) => new HttpError(422, key, undefined, { fields: { [field]: [key] } });

export async function addComment(
  db: Db,
  who: { viewer: Viewer; user: SessionUser | null; clientIp: string },
  board: BoardRow,
  post: PostRow,
  input: { content: string; parent?: number; name?: string },
): Promise<CommentRow> {
  assertCan(who.viewer, board, "comment");
  if (!canComment(who.viewer, board, post)) throw new HttpError(403, "board.no_comment");
  const anonymous = !isSignedIn(who.viewer);
  if (anonymous && !input.name) throw invalid("name", "board.name_required");
  return await db.transaction(async (tx) => {
    await consume(tx, [{
      bucket: `bbs-comment:${anonymous ? `ip${who.clientIp}` : `u${who.viewer.id}`}`,
      max: 60,
      windowSeconds: 3600,
    }]);
    if (input.parent) {
      const [parent] = await tx.select().from(comments).where(
        and(eq(comments.id, input.parent), eq(comments.postId, post.id), isNull(comments.deletedAt)),
      );
      // One level: a reply answers a top-level comment.
      if (!parent || parent.parentId !== null) throw invalid("parent", "board.comment_not_found");
    }
    const [row] = await tx.insert(comments).values({
      postId: post.id,
      parentId: input.parent ?? null,
      userId: anonymous ? null : who.viewer.id,
      writerName: anonymous ? input.name! : (who.user?.name || who.user?.username || String(who.viewer.id)),
      content: input.content,
    }).returning();
    return row;
  });
}

export async function commentById(db: Db, id: number): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

function assertChangeable(viewer: Viewer, comment: CommentRow | null, postId?: number): CommentRow {
  if (!comment || comment.deletedAt || (postId !== undefined && comment.postId !== postId)) {
    throw new HttpError(404, "board.comment_not_found");
  }
  if (!canChangeComment(viewer, comment)) {
    throw new HttpError(isSignedIn(viewer) ? 403 : 401, "board.no_comment_change");
  }
  return comment;
}

export async function editComment(db: Db, viewer: Viewer, postId: number, id: number, content: string) {
  assertChangeable(viewer, await commentById(db, id), postId);
  const [row] = await db.update(comments).set({ content, editedAt: new Date() })
    .where(and(eq(comments.id, id), isNull(comments.deletedAt))).returning();
  if (!row) throw new HttpError(404, "board.comment_not_found");
  return row;
}

export async function deleteComment(db: Db, viewer: Viewer, id: number): Promise<CommentRow> {
  const comment = assertChangeable(viewer, await commentById(db, id));
  const [row] = await db.update(comments).set({ deletedAt: new Date() })
    .where(and(eq(comments.id, comment.id), isNull(comments.deletedAt))).returning();
  if (!row) throw new HttpError(404, "board.comment_not_found");
  return row;
}
