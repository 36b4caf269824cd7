// Comments (SPEC §5 "comment must not be empty", §7 POST /api/bbs/post/{id}/comment and its PATCH
// variant, DELETE /api/comment/{id}): threaded one level, written with the board's comment right on a
// post the commenter may read; changed or removed (softly) by their writer or staff. A visitor comments
// (where the comment right names anonymous) with a name and a password, stored as an argon2id hash like
// an anonymous post's; with that password anyone changes or removes the comment (guesses rate limited
// as the post password's are).
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type BoardRow, type CommentRow, comments, type PostRow } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import { hashPassword } from "../member/passwords.ts";
import { isSignedIn, type Viewer } from "../member/permissions.ts";
import { consume } from "../member/rate-limit.ts";
import type { SessionUser } from "../member/viewer.ts";
import { assertCan, canComment, commentChangeAccess } from "./rights.ts";
import { assertWriterPassword } from "./write.ts";

const invalid = (field: string, key: string) => new HttpError(422, key, undefined, { fields: { [field]: [key] } });

/** Who changes a comment: the viewer, and the address their password guesses count against. */
export interface CommentActor {
  viewer: Viewer;
  clientIp: string;
}

export async function addComment(
  db: Db,
  who: { viewer: Viewer; user: SessionUser | null; clientIp: string },
  board: BoardRow,
  post: PostRow,
  input: { content: string; parent?: number; name?: string; password?: string },
): Promise<CommentRow> {
  assertCan(who.viewer, board, "comment");
  if (!canComment(who.viewer, board, post)) throw new HttpError(403, "board.no_comment");
  const anonymous = !isSignedIn(who.viewer);
  if (anonymous && !input.name) throw invalid("name", "board.name_required");
  if (anonymous && !input.password) throw invalid("password", "board.password_required");
  // Hashed before the transaction: argon2 takes a while and holds no row.
  const passwordHash = anonymous ? await hashPassword(input.password!) : null;
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
      passwordHash,
      content: input.content,
    }).returning();
    return row;
  });
}

export async function commentById(db: Db, id: number): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

/**
 * The comment if the viewer may change it: staff and its member writer; an anonymous comment with its
 * password (missing or wrong: 403 'password required or wrong', as for posts); others 403, or 401 to a
 * visitor who is not signed in. The password is checked on `db` itself, so a refused guess stays counted.
 */
async function assertChangeable(
  db: Db,
  who: CommentActor,
  comment: CommentRow | null,
  password: string | undefined,
  postId?: number,
): Promise<CommentRow> {
  if (!comment || comment.deletedAt || (postId !== undefined && comment.postId !== postId)) {
    throw new HttpError(404, "board.comment_not_found");
  }
  const access = commentChangeAccess(who.viewer, comment);
  if (access === "no") throw new HttpError(isSignedIn(who.viewer) ? 403 : 401, "board.no_comment_change");
  if (access === "password") {
    await assertWriterPassword(db, who.clientIp, comment.postId, comment.passwordHash, password);
  }
  return comment;
}

export async function editComment(
  db: Db,
  who: CommentActor,
  postId: number,
  input: { comment: number; content: string; password?: string },
) {
  await assertChangeable(db, who, await commentById(db, input.comment), input.password, postId);
  const [row] = await db.update(comments).set({ content: input.content, editedAt: new Date() })
    .where(and(eq(comments.id, input.comment), isNull(comments.deletedAt))).returning();
  if (!row) throw new HttpError(404, "board.comment_not_found");
  return row;
}

export async function deleteComment(
  db: Db,
  who: CommentActor,
  id: number,
  password?: string,
): Promise<CommentRow> {
  const comment = await assertChangeable(db, who, await commentById(db, id), password);
  const [row] = await db.update(comments).set({ deletedAt: new Date() })
    .where(and(eq(comments.id, comment.id), isNull(comments.deletedAt))).returning();
  if (!row) throw new HttpError(404, "board.comment_not_found");
  return row;
}
