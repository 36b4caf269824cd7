// GET /api/menu/{siteId} → the site's visible menu tree with children (SPEC §7). The JSON and its
// compressed forms are made once per site and cache generation (SiteDirectory.menuJson): an edit to the
// site or its menu drops them on every instance.
import { z } from "zod";
import { HttpError } from "../../../framework/errors.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { encodedResponse } from "../../../domain/site/page-cache.ts";
import { define, type RouteConfig } from "../../../state.ts";

const Params = z.object({ siteId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    const { siteId } = parseOrThrow(Params, params, 400);
    const site = await state.sites.siteById(siteId);
    if (!site) throw new HttpError(404, "error.404");
    return encodedResponse(await state.sites.menuJson(site.id), req, 200, "Accept-Encoding");
  },
});
