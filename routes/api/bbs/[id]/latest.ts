// GET /api/bbs/{id}/latest (SPEC §7): the board's newest shown posts (`limit`, default 5), for home pages.
import { boardOf } from "../../../../domain/board/boards.ts";
import { latestPosts } from "../../../../domain/board/posts.ts";
import { assertCan } from "../../../../domain/board/rights.ts";
import { LatestQuery } from "../../../../domain/board/schema.ts";
import { siteIdOf } from "../../../../domain/board/web.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const q = parseQuery(LatestQuery, url);
    const board = await boardOf(state.db, siteIdOf(state), params.id);
    assertCan(state.viewer, board, "read");
    return Response.json({ data: await latestPosts(state.db, board, q.limit, state.viewer, state.locale) });
  },
});
