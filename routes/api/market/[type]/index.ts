// GET /api/market/design and /api/market/intellect (SPEC §7): one market's products on sale (`status=sold`
// for the sold ones) in the pagination shape, 8 a page: `q` (at least 2 characters, SPEC §5), `category` of
// the type, `price_min`/`price_max` in KRW, `award=1` for award winners, `order=newest|price_asc|price_desc`,
// `lang`. A bad query is a 400 naming the field; another type is no market (404).
import { HttpError } from "../../../../framework/errors.ts";
import { answerLocale, jsonAnswer, pageUrlOf } from "../../../../domain/award/api.ts";
import { listProducts } from "../../../../domain/market/public.ts";
import { checkListCategory, marketTypeOf, ProductListQuery } from "../../../../domain/market/schema.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const type = marketTypeOf(params.type);
    if (!type) throw new HttpError(404, "market.not_found");
    const q = parseQuery(ProductListQuery, url);
    if (!checkListCategory(type, q.category)) {
      throw new HttpError(400, "error.validation", undefined, { fields: { category: ["market.category_required"] } });
    }
    const locale = answerLocale(q.lang, state.locale);
    return jsonAnswer(await listProducts(state.db, type, q, locale, state.config.usdKrwRate, pageUrlOf(url)));
  },
});
