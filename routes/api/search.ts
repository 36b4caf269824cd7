// GET /api/search (issue 13 §5): `q` (2–100 characters, SPEC §5) over every kind — `{ q, groups: [{ kind,
// total, data }] }` with the first matches of each — or `kind` (post, page, award, contest, product) page by
// page in the pagination shape. A keyword too short or an unknown kind is 400.
import { searchEverything, searchKind, SiteSearchQuery } from "../../domain/search/search.ts";
import { siteIdOf } from "../../domain/board/web.ts";
import { pageUrlOf } from "../../domain/award/api.ts";
import { parseQuery } from "../../domain/validation.ts";
import { HttpError } from "../../framework/errors.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const { q, kind, page } = parseQuery(SiteSearchQuery, url);
    if (!q) throw new HttpError(400, "manage.search_short", undefined, { fields: { q: ["manage.search_short"] } });
    const ctx = { db: state.db, siteId: siteIdOf(state), locale: state.locale, viewer: state.viewer, now: new Date() };
    if (kind) return Response.json(await searchKind(ctx, kind, q, page, pageUrlOf(url)));
    return Response.json({ q, groups: await searchEverything(ctx, q) });
  },
});
