// GET /api/bbs/{id}/list (SPEC §7, §3 Bulletin board parameters): the board's posts, pinned first and
// newest first, in the pagination shape (per_page 8); `key` and `keyword` (≥ 2 characters) search,
// `category` filters. A board the viewer may not read is 403/401 board.no_read.
import { boardOf } from "../../../../domain/board/boards.ts";
import { listPosts } from "../../../../domain/board/posts.ts";
import { assertCan } from "../../../../domain/board/rights.ts";
import { PostListQuery } from "../../../../domain/board/schema.ts";
import { siteIdOf } from "../../../../domain/board/web.ts";
import { pageUrlOf } from "../../../../domain/award/api.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const q = parseQuery(PostListQuery, url);
    const board = await boardOf(state.db, siteIdOf(state), params.id);
    assertCan(state.viewer, board, "read");
    return Response.json(await listPosts(state.db, board, q, state.viewer, q.lang ?? state.locale, pageUrlOf(url)));
  },
});
