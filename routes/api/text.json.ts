// GET /api/text.json → the UI texts of a locale (`?lang=`, else the site's path locale), with overrides.
import { z } from "zod";
import { messagesOf } from "../../i18n/mod.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

const Query = z.object({ lang: z.enum(["ko", "en"]).optional() });

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const locale = parseQuery(Query, url).lang ?? state.locale;
    const texts = messagesOf(locale, await state.sites.textOverrides(locale));
    return Response.json(texts, { headers: { "cache-control": "public, max-age=60", vary: "Accept-Encoding" } });
  },
});
