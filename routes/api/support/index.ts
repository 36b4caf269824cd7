// GET /api/support?page&perpage (SPEC §7, §9): business-support calls newest first in the pagination
// shape; page 1 also carries `latest`, the 4 newest calls the list shows first.
import { PageQuery } from "../../../domain/common/list.ts";
import { pageUrlOf } from "../../../domain/award/api.ts";
import { latestProgrammes, listProgrammes, presentProgramme } from "../../../domain/programme/programmes.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(PageQuery, url);
    const now = new Date();
    const list = await listProgrammes(state.db, "support", q.page, q.perpage, pageUrlOf(url));
    const data = list.data.map((p) => presentProgramme(p, state.locale, now));
    const latest = q.page === 1
      ? (await latestProgrammes(state.db, "support")).map((p) => presentProgramme(p, state.locale, now))
      : undefined;
    return Response.json({ ...list, data, ...(latest ? { latest } : {}) }, {
      headers: { "cache-control": "public, max-age=30" },
    });
  },
});
