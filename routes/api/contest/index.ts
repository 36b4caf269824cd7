// GET /api/contest (SPEC §7): approved contests in the pagination shape; the list page asks the latest 4
// with `limit=4&orderby=id&ordertype=desc&lang`, then pages of 8. `status` filters by the derived status.
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../domain/award/api.ts";
import { ContestListQuery, listContests } from "../../../domain/contest/public.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(ContestListQuery, url);
    const locale = answerLocale(q.lang, state.locale);
    const list = await listContests(state.db, q, locale, new Date(), state.config.usdKrwRate, pageUrlOf(url));
    return jsonAnswer(list);
  },
});
