// GET /api/contest/{id} (SPEC §7): one approved contest with its brief, prizes in KRW and USD, schedule,
// entry count and, when public and past the result date, its winners ('not_ended' / 'no_results' otherwise).
// 404 contest.not_found for an id of no approved contest.
import { HttpError } from "../../../framework/errors.ts";
import { answerLocale, jsonAnswer } from "../../../domain/award/api.ts";
import { IdParam, LangQuery } from "../../../domain/award/queries.ts";
import { contestDetail, publicContest } from "../../../domain/contest/public.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const contest = await publicContest(state.db, id);
    if (!contest) throw new HttpError(404, "contest.not_found");
    const detail = await contestDetail(
      state.db,
      contest,
      answerLocale(q.lang, state.locale),
      new Date(),
      state.config.usdKrwRate,
    );
    return jsonAnswer(detail);
  },
});
