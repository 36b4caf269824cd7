// GET /api/user/job (SPEC §7 user dashboards): the default type, resume (see [type].ts).
import { answer } from "./[type].ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  GET: (ctx) => answer(ctx, "resume"),
});
