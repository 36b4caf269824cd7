// GET /api/{cms}/asset/section (SPEC §7, page builder): the reusable sections and templates the palette
// inserts — built in, and saved for this site. POST saves a subtree as a new section.
import { z } from "zod";
import { requireBuilder } from "../../../../domain/builder/access.ts";
import { saveSection, sectionsJson } from "../../../../domain/builder/sections.ts";
import { canSeeManagementLink } from "../../../../domain/member/permissions.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

const NewSection = z.object({
  title: z.string().trim().min(1, "builder.required").max(100),
  title_en: z.string().trim().max(100).optional(),
  nodes: z.array(z.unknown()).min(1, "builder.required"),
});

export const handler = define.handlers({
  async GET({ state }) {
    await requireBuilder(state);
    const data = await sectionsJson(state.db, state.site?.id ?? null, state.locale);
    return Response.json({ data }, { headers: { "cache-control": "no-store" } });
  },
  async POST({ state, req }) {
    await requireBuilder(state);
    if (!state.site) throw new HttpError(404, "error.404");
    const { body } = await readBody(req, 512 * 1024);
    const input = parseOrThrow(NewSection, body);
    const id = await state.db.transaction((tx) => saveSection(tx, state.site!.id, state.viewer.id, input));
    return Response.json({ id: `saved-${id}` }, { status: 201 });
  },
});
