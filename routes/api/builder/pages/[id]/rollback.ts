// POST /api/builder/pages/{id}/rollback { number }: publishes an earlier version again, as a new version.
import { requireBuilder } from "../../../../../domain/builder/access.ts";
import { rollbackTo } from "../../../../../domain/builder/versions.ts";
import { pageIdOf, RollbackBody } from "../../../../../domain/builder/web.ts";
import { canSeeManagementLink } from "../../../../../domain/member/permissions.ts";
import { readBody } from "../../../../../domain/request.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

export const handler = define.handlers({
  async POST({ state, params, req }) {
    await requireBuilder(state);
    const id = pageIdOf(params.id);
    const { body } = await readBody(req, 4 * 1024);
    const { number } = parseOrThrow(RollbackBody, body);
    const row = await state.db.transaction((tx) => rollbackTo(tx, state.viewer, id, number));
    // This instance drops its cached pages now, before answering: a read that starts after the answer is
    // fresh here; other instances follow the page row's NOTIFY.
    state.sites.clear();
    return Response.json({ number: row.number, restored_from: row.restoredFrom });
  },
});
