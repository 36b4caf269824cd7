// Who reads a board post's photos and attachments (SPEC §6 "file access has a role setting", secret posts):
// exactly who may read the post. They are public (cached, no check) only while anonymous visitors read the
// post — the board's read right names anonymous, the post is shown, approved, not secret and has no posting
// period; otherwise their row says `owner` and every request asks readAccess about the post that holds
// them: the board's read right, a secret post's writer, staff and the reader who gave an anonymous post's
// password (its cookie, unlock.ts), approval, deletion and the posting period.
import { and, arrayContains, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type BoardRow, boards, type PostRow, posts } from "../../db/schema/board.ts";
import { type FileRow, files } from "../../db/schema/file.ts";
import type { FileService } from "../file/files.ts";
import type { FileAccess } from "../file/rules.ts";
import { ANONYMOUS, hasBoardRight, type Viewer } from "../member/permissions.ts";
import { readAccess } from "./rights.ts";
import { isUnlocked } from "./unlock.ts";

/** The purposes a post's files have (gallery pictures share `board_photo` but no post holds them). */
const POST_FILE_PURPOSES = ["board_photo", "board_attachment"];

/** What the request carries that may open a secret post: the password cookie and the secret that signs it. */
export interface PostFileProof {
  req: Request;
  sessionSecret: Uint8Array;
}

type AccessFacts = Pick<PostRow, "status" | "secret" | "approval" | "postFrom" | "postTo">;

/** Public while anonymous visitors read the post (and so anyone may); the post's readers' otherwise. */
export function fileAccessOf(board: Pick<BoardRow, "rights">, post: AccessFacts): Exclude<FileAccess, "judges"> {
  const open = hasBoardRight(ANONYMOUS, board.rights.read ?? []) && post.status === "visible" &&
    post.approval === "approved" && !post.secret && !post.postFrom && !post.postTo;
  return open ? "public" : "owner";
}

/** The post (with its board) whose photos or attachments hold the file, if any. */
export async function postHoldingFile(tx: Tx, fileId: number): Promise<{ post: PostRow; board: BoardRow } | null> {
  const [row] = await tx.select({ post: posts, board: boards }).from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(or(arrayContains(posts.photoIds, [fileId]), arrayContains(posts.attachmentIds, [fileId])))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the viewer reads the post that holds this file (null when no post holds it: an upload not yet
 * attached, one an edit dropped, a gallery picture — their own rules apply).
 */
export async function readsPostFile(
  tx: Tx,
  viewer: Viewer,
  file: Pick<FileRow, "id" | "purpose">,
  proof?: PostFileProof,
): Promise<boolean | null> {
  if (!POST_FILE_PURPOSES.includes(file.purpose)) return null;
  const held = await postHoldingFile(tx, file.id);
  if (!held) return null;
  const { post, board } = held;
  // As the read page opens it (read.ts openPost): the cookie counts for an anonymous secret post only.
  const unlocked = proof && post.secret && post.passwordHash
    ? await isUnlocked(proof.req, proof.sessionSecret, post)
    : false;
  return readAccess(viewer, board, post, { now: new Date(), unlocked }) === "ok";
}

/** Brings the access of a post's files in line with the post and its board (after any change of either). */
export async function syncFiles(tx: Tx, service: FileService, post: PostRow, board?: Pick<BoardRow, "rights">) {
  const ids = [...post.photoIds, ...post.attachmentIds];
  if (!ids.length) return;
  const [of] = board ? [board] : await tx.select({ rights: boards.rights }).from(boards)
    .where(eq(boards.id, post.boardId));
  const access = fileAccessOf(of, post);
  for (const file of await tx.select().from(files).where(and(inArray(files.id, ids), ne(files.access, access)))) {
    await service.setAccess(file, access, tx);
  }
}

/** Every post's files of a board, after its rights changed (a board closed to visitors closes its files). */
export async function syncBoardFiles(tx: Tx, service: FileService, board: BoardRow) {
  const held = await tx.select().from(posts).where(and(
    eq(posts.boardId, board.id),
    sql`cardinality(${posts.photoIds}) + cardinality(${posts.attachmentIds}) > 0`,
  ));
  for (const post of held) await syncFiles(tx, service, post, board);
}
