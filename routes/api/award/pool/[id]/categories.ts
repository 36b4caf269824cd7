// GET /api/award/pool/{id}/categories and /api/ibda/pool/{id}/categories (SPEC §7): the pool's award
// and the categories it judges (the pool's own, issue 11; none set: every category the award offers), with
// their labels; 404 award.not_found for an unknown pool.
import { HttpError } from "../../../../../framework/errors.ts";
import { parseOrThrow, parseQuery } from "../../../../../domain/validation.ts";
import { familyOfPath, IdParam, LangQuery } from "../../../../../domain/award/queries.ts";
import { awardOfPool, offeredCategories, presentAwards } from "../../../../../domain/award/public.ts";
import { labelKey } from "../../../../../domain/award/options.ts";
import { answerLocale, jsonAnswer } from "../../../../../domain/award/api.ts";
import { createTranslator } from "../../../../../i18n/mod.ts";
import { poolCategoriesOf } from "../../../../../domain/judging/scoring.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const award = await awardOfPool(state.db, familyOfPath(url.pathname), id);
    if (!award) throw new HttpError(404, "award.not_found");
    const locale = answerLocale(q.lang, state.locale);
    const t = createTranslator(locale);
    const [json] = await presentAwards(state.db, [award], locale, new Date());
    const own = await poolCategoriesOf(state.db, id);
    const judged = offeredCategories(award).filter((c) => !own.length || own.includes(c));
    const categories = judged.map((value) => ({ value, label: t(labelKey("category", value)) }));
    return jsonAnswer({ award: json, categories });
  },
});
