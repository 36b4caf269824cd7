// GET /api/user/market/{type} (SPEC §7 user dashboards): `product` the products the member sells (status, the
// ban's reason, each product's purchase requests and the actions open to the seller), `request` the purchase
// requests the member sent (with the IP file's address once the seller took the request forward); only the
// member's own, 8 a page in the pagination shape. Another type is 404, a bad query 400.
import { HttpError } from "../../../../framework/errors.ts";
import { pageUrlOf } from "../../../../domain/award/api.ts";
import {
  MY_MARKET_TYPES,
  MyMarketQuery,
  type MyMarketType,
  myProducts,
  myRequests,
} from "../../../../domain/market/mine.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export async function userMarketAnswer(state: State, url: URL, type: MyMarketType): Promise<Response> {
  const q = parseQuery(MyMarketQuery, url);
  const urls = pageUrlOf(url);
  const body = type === "product"
    ? await myProducts(state.db, state.viewer, q.page, q.perpage, state.locale, state.config.usdKrwRate, urls)
    : await myRequests(state.db, state.viewer, q.page, q.perpage, state.locale, urls);
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}

export const handler = define.handlers({
  GET({ state, url, params }) {
    const type = MY_MARKET_TYPES.find((t) => t === params.type);
    if (!type) throw new HttpError(404, "error.404");
    return userMarketAnswer(state, url, type);
  },
});
