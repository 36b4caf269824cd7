// /print/label.png?entry={id}&lang=ko|en (issue 11 part 7): the winner label as PNG (the SVG drawn by sharp).
import { labelPng, winnerLabel } from "../../domain/judging/label.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";
import { LabelQuery } from "./label.svg.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(LabelQuery, url);
    const png = await labelPng(await winnerLabel(state.db, q.entry, q.lang ?? state.locale));
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": "image/png",
        "content-disposition": `inline; filename="winner-${q.entry}.png"`,
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=300",
      },
    });
  },
});
