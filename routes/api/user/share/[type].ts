// GET /api/user/share/{type} (SPEC §7 user dashboards, default donate): the member's own items, 8 a page in the
// pagination shape; an unknown type is a 404, a bad query a 400.
import { pageUrlOf } from "../../../../domain/award/api.ts";
import { DashboardQuery, dashboardType, SHARE_DASHBOARDS, shareDashboard } from "../../../../domain/job/mine.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig, type State } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export async function answer({ state, url }: { state: State; url: URL }, raw: string | undefined) {
  const type = dashboardType(SHARE_DASHBOARDS, raw);
  const q = parseQuery(DashboardQuery, url);
  const body = await shareDashboard(state.db, state.viewer, type, q, state.locale, pageUrlOf(url));
  return Response.json(body, { headers: { "cache-control": "no-store" } });
}

export const handler = define.handlers({
  GET: (ctx) => answer(ctx, ctx.params.type),
});
