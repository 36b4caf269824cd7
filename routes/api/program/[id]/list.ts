// GET /api/program/{id}/list?page&perpage (SPEC §7): a programme's applications — everyone's (number,
// status, date only) when its list is public, else the caller's own (401 for nobody).
import { pageUrlOf } from "../../../../domain/award/api.ts";
import { IdParam } from "../../../../domain/award/queries.ts";
import { PageQuery } from "../../../../domain/common/list.ts";
import { programmeEntries } from "../../../../domain/programme/applications.ts";
import { requireProgramme } from "../../../../domain/programme/programmes.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(PageQuery, url);
    const p = await requireProgramme(state.db, id);
    const list = await programmeEntries(state.db, state.viewer, p, q.page, q.perpage, pageUrlOf(url));
    return Response.json(list, { headers: { "cache-control": "no-store" } });
  },
});
