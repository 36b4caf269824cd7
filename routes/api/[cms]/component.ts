// GET /api/{cms}/component (SPEC §7, page builder): the component catalogue grouped basic, custom and
// layout, each type with its labels, fields and JSON schema. For those who build pages.
import { requireBuilder } from "../../../domain/builder/access.ts";
import { catalogueJson } from "../../../domain/builder/sections.ts";
import { canSeeManagementLink } from "../../../domain/member/permissions.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

export const handler = define.handlers({
  async GET({ state }) {
    await requireBuilder(state);
    return Response.json(catalogueJson(state.t), { headers: { "cache-control": "no-store" } });
  },
});
