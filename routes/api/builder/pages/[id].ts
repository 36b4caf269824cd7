// GET /api/builder/pages/{id}: a page as the builder opens it (its working trees, the published version,
// every version); PUT saves the draft (autosave and "save draft"). For those who build pages.
import { requireBuilder } from "../../../../domain/builder/access.ts";
import { builderPage, saveDraft, workingTrees } from "../../../../domain/builder/versions.ts";
import { MAX_TREE_BYTES, pageIdOf, treesOf } from "../../../../domain/builder/web.ts";
import { canSeeManagementLink } from "../../../../domain/member/permissions.ts";
import { readBody } from "../../../../domain/request.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

const noStore = { "cache-control": "no-store" };

export const handler = define.handlers({
  async GET({ state, params }) {
    await requireBuilder(state);
    const p = await builderPage(state.db, pageIdOf(params.id));
    return Response.json({
      page: { id: p.page.id, site_id: p.page.siteId, path: p.page.path, title: p.page.title, format: p.page.format },
      trees: workingTrees(p),
      draft: p.draft?.number ?? null,
      published: p.published?.number ?? null,
      versions: p.versions,
    }, { headers: noStore });
  },
  async PUT({ state, params, req }) {
    await requireBuilder(state);
    const id = pageIdOf(params.id);
    const { body } = await readBody(req, MAX_TREE_BYTES);
    const trees = treesOf(body);
    const row = await state.db.transaction((tx) => saveDraft(tx, state.viewer, id, trees));
    return Response.json({ number: row.number, updated_at: row.updatedAt.toISOString() }, { headers: noStore });
  },
});
