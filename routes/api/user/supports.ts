// GET /api/user/supports?page&perpage (SPEC §7 user dashboards): the member's applications to support
// calls, programmes and courses, newest first, each with its review state (and a rejection's reason).
import { pageUrlOf } from "../../../domain/award/api.ts";
import { PageQuery } from "../../../domain/common/list.ts";
import { myApplications } from "../../../domain/programme/applications.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(PageQuery, url);
    const list = await myApplications(state.db, state.viewer, q.page, q.perpage, state.locale, pageUrlOf(url));
    return Response.json(list, { headers: { "cache-control": "no-store" } });
  },
});
