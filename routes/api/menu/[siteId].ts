// GET /api/menu/{siteId} → the site's visible menu tree with children (SPEC §7).
import { z } from "zod";
import { HttpError } from "../../../framework/errors.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

const Params = z.object({ siteId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const handler = define.handlers({
  async GET({ state, params }) {
    const { siteId } = parseOrThrow(Params, params, 400);
    const site = await state.sites.siteById(siteId);
    if (!site) throw new HttpError(404, "error.404");
    return Response.json(await state.sites.menu(site.id));
  },
});
