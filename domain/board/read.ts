// Opening one post, for the read page and GET /api/bbs/post/{id}/read alike: the post of the site's board
// (404 otherwise), what the viewer may see of it (rights.ts readAccess, a secret post opened by its
// password cookie), and when readable its presentation with the view counted.
import type { Db } from "../../db/client.ts";
import type { BoardRow, PostRow } from "../../db/schema/board.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../fresh.config.ts";
import type { Viewer } from "../member/permissions.ts";
import { boardById } from "./boards.ts";
import { countView, POST_NOT_FOUND, postById, type PostJson, presentPost, visitorKey } from "./posts.ts";
import { type ReadAccess, readAccess } from "./rights.ts";
import { isUnlocked } from "./unlock.ts";

export interface ReadContext {
  db: Db;
  viewer: Viewer;
  req: Request;
  sessionSecret: Uint8Array;
  clientIp: string;
  locale: Locale;
  siteId: number;
}

export interface OpenedPost {
  board: BoardRow;
  post: PostRow;
  access: ReadAccess;
  json: PostJson | null;
}

/** The post and its board, if the post is on a board of the site; 404 otherwise. */
export async function findPost(db: Db, siteId: number, id: number): Promise<{ board: BoardRow; post: PostRow }> {
  const post = await postById(db, id);
  const board = post ? await boardById(db, post.boardId) : null;
  if (!post || !board || board.siteId !== siteId) throw new HttpError(404, POST_NOT_FOUND);
  return { board, post };
}

export async function openPost(ctx: ReadContext, id: number, options: { count?: boolean } = {}): Promise<OpenedPost> {
  const { board, post } = await findPost(ctx.db, ctx.siteId, id);
  const now = new Date();
  const unlocked = post.secret && post.passwordHash ? await isUnlocked(ctx.req, ctx.sessionSecret, post) : false;
  const access = readAccess(ctx.viewer, board, post, { now, unlocked });
  if (access !== "ok") return { board, post, access, json: null };
  if (options.count !== false) await countView(ctx.db, post.id, await visitorKey(ctx.viewer, ctx.clientIp, now), now);
  const fresh = (await postById(ctx.db, post.id)) ?? post;
  return { board, post: fresh, access, json: await presentPost(ctx.db, board, fresh, ctx.viewer, ctx.locale, now) };
}
