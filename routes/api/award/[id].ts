// GET /api/award/{id} and /api/ibda/{id} (SPEC §7): one award with its schedule, phase, pools and
// categories; 404 award.not_found for an id of no award of the family.
import { HttpError } from "../../../framework/errors.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { familyOfPath, IdParam, LangQuery } from "../../../domain/award/queries.ts";
import { awardById, presentAwards } from "../../../domain/award/public.ts";
import { answerLocale, jsonAnswer } from "../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const award = await awardById(state.db, familyOfPath(url.pathname), id);
    if (!award) throw new HttpError(404, "award.not_found");
    const [json] = await presentAwards(state.db, [award], answerLocale(q.lang, state.locale), new Date());
    return jsonAnswer(json);
  },
});
