// GET /api/akfw/designer/{id} (SPEC §7): one published item of the designers (with their works on /designer/{id}) gallery; 404 otherwise, 400 for a bad id.
import { designerById, GalleryQuery } from "../../../../domain/board/gallery.ts";
import { IdParam } from "../../../../domain/board/schema.ts";
import { siteIdOf } from "../../../../domain/board/web.ts";
import { parseOrThrow, parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const q = parseQuery(GalleryQuery.pick({ lang: true }), url);
    return Response.json(await designerById(state.db, siteIdOf(state), id, q.lang ?? state.locale));
  },
});
