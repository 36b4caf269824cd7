// GET /api/award and /api/ibda (SPEC §7): the family's awards, newest first, in the pagination shape;
// `perpage` up to 1000 for a selection list, `status` scheduled|ongoing|terminated, `lang`, `force`.
import { parseQuery } from "../../../domain/validation.ts";
import { AwardListQuery, familyOfPath } from "../../../domain/award/queries.ts";
import { listAwards } from "../../../domain/award/public.ts";
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(AwardListQuery, url);
    const locale = answerLocale(q.lang, state.locale);
    const list = await listAwards(state.db, familyOfPath(url.pathname), q, locale, new Date(), pageUrlOf(url));
    return jsonAnswer(list, q.force);
  },
});
