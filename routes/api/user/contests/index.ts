// GET /api/user/contests (SPEC §7 user dashboards): `type=host` (default) the contests the member hosts,
// `type=entry` the contests they entered — the query form of /api/user/contests/{type} ([type].ts).
import { userContestsAnswer } from "./[type].ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  GET: (ctx) => userContestsAnswer(ctx.state, ctx.url),
});
