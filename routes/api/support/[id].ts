// GET /api/support/{id} (SPEC §7): one business-support call; 404 programme.not_found for any other id.
import { IdParam } from "../../../domain/award/queries.ts";
import { presentProgramme, requireProgramme } from "../../../domain/programme/programmes.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const p = await requireProgramme(state.db, id, "support");
    return Response.json(presentProgramme(p, state.locale), { headers: { "cache-control": "public, max-age=30" } });
  },
});
