// POST /api/bbs/post/{id}/comment (SPEC §7): a comment (`content`, not empty; `parent` for a reply one
// level deep; `name` and `password` for a visitor where the board's comment right names anonymous). With
// `_method` PATCH (or a real PATCH) and `comment`: its writer or staff edit it, an anonymous comment with
// its `password` (missing or wrong: 403 'password required or wrong'; guesses rate limited: 429).
import { postPath } from "../../../../../domain/board/boards.ts";
import { addComment, editComment } from "../../../../../domain/board/comments.ts";
import { findPost } from "../../../../../domain/board/read.ts";
import { readAccess, readRefusal } from "../../../../../domain/board/rights.ts";
import { CommentEdit, CommentInput, IdParam } from "../../../../../domain/board/schema.ts";
import { isUnlocked } from "../../../../../domain/board/unlock.ts";
import { siteIdOf } from "../../../../../domain/board/web.ts";
import { readBody } from "../../../../../domain/request.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { redirect } from "../../../../../framework/define.ts";
import { define, href, type RouteConfig, type State } from "../../../../../state.ts";

export const config: RouteConfig = { access: "public" };

const present = (c: { id: number; parentId: number | null; writerName: string; content: string; createdAt: Date }) => ({
  id: c.id,
  parent: c.parentId,
  writer: c.writerName,
  content: c.content,
  created_at: c.createdAt.toISOString(),
});

async function comment(state: State, params: Record<string, string>, req: Request, method: string) {
  const { id } = parseOrThrow(IdParam, params, 400);
  const { board, post } = await findPost(state.db, siteIdOf(state), id);
  const unlocked = post.secret ? await isUnlocked(req, state.sessionSecret, post) : false;
  const access = readAccess(state.viewer, board, post, { now: new Date(), unlocked });
  if (access !== "ok") throw readRefusal(access);
  const { body, isForm } = await readBody(req, 64 * 1024);
  const verb = method === "POST" ? String(body._method ?? "POST").toUpperCase() : method;
  const back = () => redirect(href(state, `${postPath(board, post.id)}#comments`));
  if (verb === "PATCH") {
    const input = parseOrThrow(CommentEdit, body);
    const row = await editComment(state.db, state, post.id, input);
    return isForm ? back() : Response.json(present(row));
  }
  const input = parseOrThrow(CommentInput, body);
  const row = await addComment(state.db, state, board, post, input);
  return isForm ? back() : Response.json(present(row), { status: 201 });
}

export const handler = define.handlers({
  POST: ({ state, params, req }) => comment(state, params, req, "POST"),
  PATCH: ({ state, params, req }) => comment(state, params, req, "PATCH"),
});
