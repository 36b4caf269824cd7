// POST /api/bbs/post/{id} with `_method` PATCH (edit) or DELETE (SPEC §7; an anonymous post's password in
// `password`); real PATCH and DELETE requests work too. The writer with the board's edit/delete right,
// an anonymous post with its password, or staff. A deleted post is gone but for staff (restore).
import { postPath } from "../../../../domain/board/boards.ts";
import { presentPost } from "../../../../domain/board/posts.ts";
import { findPost } from "../../../../domain/board/read.ts";
import { IdParam } from "../../../../domain/board/schema.ts";
import { isUnlocked } from "../../../../domain/board/unlock.ts";
import { deletePost, editPost, extraFields } from "../../../../domain/board/write.ts";
import { postInputOf, readWriteBody, siteIdOf, writeContext } from "../../../../domain/board/web.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { redirect } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { define, href, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

async function change(state: State, params: Record<string, string>, req: Request, method: string) {
  const { id } = parseOrThrow(IdParam, params, 400);
  const { board, post } = await findPost(state.db, siteIdOf(state), id);
  if (post.status === "deleted") throw new HttpError(404, "board.post_not_found");
  const read = await readWriteBody(req);
  const verb = method === "POST" ? read.method : method;
  const proof = read.password ?? (await isUnlocked(req, state.sessionSecret, post) ? true : undefined);
  if (verb === "DELETE") {
    await deletePost(writeContext(state), board, post, proof);
    if (read.isForm) return redirect(href(state, `/board/${board.slug}`));
    return new Response(null, { status: 204 });
  }
  if (verb !== "PATCH") {
    throw new HttpError(405, "error.405", "Method Not Allowed", undefined, { allow: "POST, PATCH, DELETE" });
  }
  const row = await editPost(
    writeContext(state),
    board,
    post,
    postInputOf(read.body),
    extraFields(board, read.body),
    read.sent,
    proof,
    { body: read.body, files: read.answerFiles },
  );
  if (read.isForm) return redirect(href(state, postPath(board, row.id)));
  return Response.json(await presentPost(state.db, board, row, state.viewer, state.locale));
}

export const handler = define.handlers({
  POST: ({ state, params, req }) => change(state, params, req, "POST"),
  PATCH: ({ state, params, req }) => change(state, params, req, "PATCH"),
  DELETE: ({ state, params, req }) => change(state, params, req, "DELETE"),
});
