// GET /api/user/changes (SPEC §7 user dashboards): the viewer's own membership changes — joins,
// conversions and judge-field changes with their status and reason — newest first, in the list shape
// { current_page, last_page, total, per_page (8), data, links }.
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { PageQuery } from "../../../domain/member/management.ts";
import { changeJson } from "../../../domain/member/conversion.ts";
import { changeHistory } from "../../../domain/member/conversion.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    const { page, perpage } = parseQuery(PageQuery, url);
    const link = (p: number) => {
      const q = new URLSearchParams(url.searchParams);
      q.set("page", String(p));
      return `${state.basePath}/api/user/changes?${q}`;
    };
    const list = await changeHistory(state.db, state.viewer.id, page, perpage, link);
    return Response.json({ ...list, data: list.data.map(changeJson) }, { headers: { "cache-control": "no-store" } });
  },
});
