// GET /api/user/contests (SPEC §7 user dashboards): `type=host` (default) the contests the member hosts,
// `type=entry` the contests they entered, 8 a page in the pagination shape; a bad query is a 400.
import { pageUrlOf } from "../../../domain/award/api.ts";
import { MyContestsQuery, myEnteredContests, myHostedContests } from "../../../domain/contest/mine.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(MyContestsQuery, url);
    const now = new Date();
    const urls = pageUrlOf(url);
    const body = q.type === "host"
      ? await myHostedContests(
        state.db,
        state.viewer,
        q.page,
        q.perpage,
        state.locale,
        now,
        state.config.usdKrwRate,
        urls,
      )
      : await myEnteredContests(state.db, state.viewer, q.page, q.perpage, state.locale, now, urls);
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  },
});
