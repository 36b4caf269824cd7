// GET /api/user/judges (SPEC §7 user dashboards): the awards I judge, each pool's period and my progress.
import { myJudging, pageOf } from "../../../domain/judging/calls.ts";
import { PageQuery } from "../../../domain/common/list.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const query = parseQuery(PageQuery, url);
    const all = await myJudging(state.db, state.viewer);
    const body = pageOf(all, query, (page) => `/api/user/judges?page=${page}&perpage=${query.perpage}`);
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  },
});
