// GET /api/award/awards/{year} and /api/ibda/awards/{year} (SPEC §7, with `category`, `keyword`,
// `page`, `perpage`): that year's winners in rank order; an empty list for a year without an award or
// before the results.
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { EntryListQuery, familyOfPath, YearParam } from "../../../../domain/award/queries.ts";
import { awardByYear, listEntries } from "../../../../domain/award/public.ts";
import { paginated } from "../../../../domain/member/management.ts";
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../../domain/award/api.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { year } = parseOrThrow(YearParam, params, 400);
    const q = parseQuery(EntryListQuery, url);
    const award = await awardByYear(state.db, familyOfPath(url.pathname), year);
    const urlOf = pageUrlOf(url);
    if (!award) return jsonAnswer(paginated([], 0, q.page, q.perpage, urlOf));
    const locale = answerLocale(q.lang, state.locale);
    return jsonAnswer(await listEntries(state.db, "winners", award, q, locale, new Date(), urlOf));
  },
});
