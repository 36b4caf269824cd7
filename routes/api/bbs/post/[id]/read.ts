// GET /api/bbs/post/{id}/read (SPEC §7): the post with its files, answers, comments, siblings and what the
// viewer may do; a secret post needs its writer, staff or the password (POST …/password first), a hidden
// one answers 403 board.hidden, a deleted one 404. The view counts once per visitor and day.
import { openPost } from "../../../../../domain/board/read.ts";
import { readRefusal } from "../../../../../domain/board/rights.ts";
import { IdParam } from "../../../../../domain/board/schema.ts";
import { readContext } from "../../../../../domain/board/web.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, req }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const opened = await openPost(readContext(state, req), id);
    if (opened.access !== "ok") throw readRefusal(opened.access);
    return Response.json(opened.json);
  },
});
