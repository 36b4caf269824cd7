// POST /api/builder/pages/{id}/publish: publishes the page's draft (saved first from `trees` when sent);
// the page row's trigger drops every instance's cached pages, so visitors read it at once.
import { requireBuilder } from "../../../../../domain/builder/access.ts";
import { publishDraft } from "../../../../../domain/builder/versions.ts";
import { MAX_TREE_BYTES, pageIdOf, treesOf } from "../../../../../domain/builder/web.ts";
import { canSeeManagementLink } from "../../../../../domain/member/permissions.ts";
import { readBody } from "../../../../../domain/request.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

export const handler = define.handlers({
  async POST({ state, params, req }) {
    await requireBuilder(state);
    const id = pageIdOf(params.id);
    const { body } = await readBody(req, MAX_TREE_BYTES);
    const trees = body.trees === undefined ? undefined : treesOf(body);
    const row = await state.db.transaction((tx) => publishDraft(tx, state.viewer, id, trees));
    // This instance drops its cached pages now, before answering: a read that starts after the answer is
    // fresh here; other instances follow the page row's NOTIFY.
    state.sites.clear();
    return Response.json({ number: row.number, published_at: row.publishedAt?.toISOString() ?? null });
  },
});
