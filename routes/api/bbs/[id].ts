// GET /api/bbs/{id} (SPEC §7): the board (by id or slug) with its categories, the viewer's permissions
// and its form (`form_id`: a form of the form builder, its tree at /api/form/{id}/components; else the
// board's own extra fields in `form`). POST /api/bbs/{id} (multipart, a form or JSON) writes a post: members with the write
// right, visitors where the board takes anonymous posts (name and password), a Q&A answer with `parent`.
// SPEC §3 parameters: GET echoes `url` (the same-site address the board is shown at) and `command` (list,
// read, write, edit) with the permission the command needs; a post's `return_url` (same-site only) is
// where a form post returns to, and is echoed in the JSON answer.
import { boardJson, boardOf, categoriesOf, type Permissions, postPath } from "../../../domain/board/boards.ts";
import { presentPost } from "../../../domain/board/posts.ts";
import { extraFields, writePost } from "../../../domain/board/write.ts";
import { postInputOf, readWriteBody, siteIdOf, writeContext } from "../../../domain/board/web.ts";
import { redirect } from "../../../framework/define.ts";
import { z } from "zod";
import { type BOARD_COMMANDS, BoardParameters, ReturnUrl } from "../../../domain/board/schema.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const board = await boardOf(state.db, siteIdOf(state), params.id);
    const parameters = parseQuery(BoardParameters, url);
    const json = boardJson(board, await categoriesOf(state.db, board.id), state.viewer, state.locale);
    return Response.json({
      ...json,
      parameters: {
        url: parameters.url ?? href(state, `/board/${board.slug}`),
        command: parameters.command,
        allowed: commandAllowed(json.permissions, parameters.command),
      },
    });
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
      // The board's form (if any): answers checked by the schema built from its tree (422 `answers.…`).
      { body: read.body, files: read.answerFiles },
    );
    const returnUrl =
      parseOrThrow(z.object({ return_url: ReturnUrl }), { return_url: read.body.return_url }).return_url;
    if (read.isForm) return redirect(returnUrl ?? href(state, postPath(board, post.id)));
    const json = await presentPost(state.db, board, post, state.viewer, state.locale);
    return Response.json({ ...json, return_url: returnUrl ?? null }, { status: 201 });
  },
});

/** Whether the viewer's rights take the command (list and read need read; edit the board's edit right). */
function commandAllowed(permissions: Permissions, command: typeof BOARD_COMMANDS[number]): boolean {
  return command === "write" ? permissions.write : command === "edit" ? permissions.edit : permissions.read;
}
