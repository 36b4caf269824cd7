// GET /api/bbs/{id} (SPEC §7): the board (by id or slug) with its categories, the viewer's permissions
// and its form. POST /api/bbs/{id} (multipart, a form or JSON) writes a post: members with the write
// right, visitors where the board takes anonymous posts (name and password), a Q&A answer with `parent`.
import { boardJson, boardOf, categoriesOf, postPath } from "../../../domain/board/boards.ts";
import { presentPost } from "../../../domain/board/posts.ts";
import { extraFields, writePost } from "../../../domain/board/write.ts";
import { postInputOf, readWriteBody, siteIdOf, writeContext } from "../../../domain/board/web.ts";
import { redirect } from "../../../framework/define.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const board = await boardOf(state.db, siteIdOf(state), params.id);
    return Response.json(boardJson(board, await categoriesOf(state.db, board.id), state.viewer, state.locale));
  },
  async POST({ state, params, req }) {
    const board = await boardOf(state.db, siteIdOf(state), params.id);
    const read = await readWriteBody(req);
    const post = await writePost(
      writeContext(state),
      board,
      postInputOf(read.body),
      extraFields(board, read.body),
      read.sent,
    );
    if (read.isForm) return redirect(href(state, postPath(board, post.id)));
    return Response.json(await presentPost(state.db, board, post, state.viewer, state.locale), { status: 201 });
  },
});
