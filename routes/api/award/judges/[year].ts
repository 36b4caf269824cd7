// GET /api/award/judges/{year} and /api/ibda/judges/{year} (SPEC §7, with `category`): that year's
// judges in their order, in the pagination shape (`perpage` up to 1000); an empty list for a year
// without an award. A `category` keeps that branch's judges and those of the whole award.
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { familyOfPath, JudgesQuery, YearParam } from "../../../../domain/award/queries.ts";
import { awardByYear, listJudges } from "../../../../domain/award/public.ts";
import { paginated } from "../../../../domain/member/management.ts";
import { jsonAnswer, pageUrlOf } from "../../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { year } = parseOrThrow(YearParam, params, 400);
    const q = parseQuery(JudgesQuery, url);
    const award = await awardByYear(state.db, familyOfPath(url.pathname), year);
    const judges = award ? await listJudges(state.db, award, q.category) : [];
    const slice = judges.slice((q.page - 1) * q.perpage, q.page * q.perpage);
    return jsonAnswer(paginated(slice, judges.length, q.page, q.perpage, pageUrlOf(url)));
  },
});
