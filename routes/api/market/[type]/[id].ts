// GET /api/market/{type}/{id} (SPEC §7): one product with its gallery, price in KRW and USD, seller, status,
// request count and, for intellectual property, its rights number and filing date. A product waiting or
// banned is shown to its seller and administrators only; to anyone else, like an unknown id, 404.
import { HttpError } from "../../../../framework/errors.ts";
import { answerLocale, jsonAnswer } from "../../../../domain/award/api.ts";
import { IdParam, LangQuery } from "../../../../domain/award/queries.ts";
import { productDetail, visibleProduct } from "../../../../domain/market/public.ts";
import { marketTypeOf } from "../../../../domain/market/schema.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const type = marketTypeOf(params.type);
    if (!type) throw new HttpError(404, "market.not_found");
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(LangQuery, url);
    const product = await visibleProduct(state.db, state.viewer, type, id);
    const detail = await productDetail(state.db, product, answerLocale(q.lang, state.locale), state.config.usdKrwRate);
    return jsonAnswer(detail);
  },
});
