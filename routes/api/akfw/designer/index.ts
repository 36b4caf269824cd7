// GET /api/akfw/designer (SPEC §7): the site's published designers (with their works on /designer/{id}), in the pagination shape (page, perpage 8, lang).
import { GalleryQuery, listDesigners } from "../../../../domain/board/gallery.ts";
import { siteIdOf } from "../../../../domain/board/web.ts";
import { pageUrlOf } from "../../../../domain/award/api.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(GalleryQuery, url);
    return Response.json(await listDesigners(state.db, siteIdOf(state), q, q.lang ?? state.locale, pageUrlOf(url)));
  },
});
