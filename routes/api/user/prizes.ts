// GET /api/user/prizes (SPEC §7 user dashboards): my ranked and nominated award entries whose results are
// out, with the certificate of each prize (its print page), then the member's contest prize money.
import { myResults, pageOf } from "../../../domain/judging/calls.ts";
import { myContestPrizes } from "../../../domain/contest/mine.ts";
import { PageQuery } from "../../../domain/common/list.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const query = parseQuery(PageQuery, url);
    // Award prizes first, then the contest prize money (issue 12: prize, 4.4 % withheld, net).
    const all = [
      ...await myResults(state.db, state.viewer, true),
      ...await myContestPrizes(state.db, state.viewer, state.locale),
    ];
    const body = pageOf(all, query, (page) => `/api/user/prizes?page=${page}&perpage=${query.perpage}`);
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  },
});
