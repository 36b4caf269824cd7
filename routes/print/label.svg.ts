// /print/label.svg?entry={id}&lang=ko|en (issue 11 part 7): the winner label of a ranked entry whose results
// are out, as SVG; anyone may fetch it (winners use it publicly). Anything else is 404.
import { z } from "zod";
import { winnerLabel } from "../../domain/judging/label.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const LabelQuery = z.object({
  entry: z.coerce.number().int().min(1).max(2_147_483_647),
  lang: z.enum(["ko", "en"]).optional(),
});

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(LabelQuery, url);
    const svg = await winnerLabel(state.db, q.entry, q.lang ?? state.locale);
    return new Response(svg, {
      headers: {
        "content-type": "image/svg+xml; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=300",
      },
    });
  },
});
