// GET /api/user/market (SPEC §7 user dashboards: market/{type}, default `product`): the products the member
// sells, each with its purchase requests; routes/api/user/market/[type].ts answers `request` too.
import { userMarketAnswer } from "./[type].ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  GET: (ctx) => userMarketAnswer(ctx.state, ctx.url, "product"),
});
