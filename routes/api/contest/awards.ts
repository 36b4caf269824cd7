// GET /api/contest/awards (SPEC §7): past winners — the ranked entries of contests whose results are public
// and past their result date, newest contest first, in the pagination shape.
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../domain/award/api.ts";
import { AwardsQuery, pastWinners } from "../../../domain/contest/public.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(AwardsQuery, url);
    const list = await pastWinners(
      state.db,
      q.page,
      q.perpage,
      answerLocale(q.lang, state.locale),
      new Date(),
      state.config.usdKrwRate,
      pageUrlOf(url),
    );
    return jsonAnswer(list);
  },
});
