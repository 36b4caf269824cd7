// GET /api/{cms}/admin/role?url= → { accessible, sources, granted } (SPEC §6, §7): may the viewer open
// this management sub-path (`/user`, `/management/user/5`)? {cms} is a free segment. Nobody → 401; a
// member without the management link → 403; staff get their answer, administrators everything.
import { z } from "zod";
import { accessOf } from "../../../../domain/member/management.ts";
import { canSeeManagementLink } from "../../../../domain/member/permissions.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

const Query = z.object({ url: z.string().max(2048).default("/") });

// Nobody → 401, a member without the management link → 403, before the query is read.
export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

export const handler = define.handlers({
  async GET({ state, url }) {
    const { url: target } = parseQuery(Query, url);
    const access = await accessOf(state.db, state.viewer, target || "/");
    return Response.json(access, { headers: { "cache-control": "no-store" } });
  },
});
