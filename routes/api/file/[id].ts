// DELETE /api/file/{id} (SPEC §7): the owner or an administrator removes a file and its derivatives.
import { assertRemovable } from "../../../domain/file/access.ts";
import { fileId } from "../../../domain/file/delivery.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async DELETE({ state, params }) {
    requireSignedIn(state.viewer);
    const file = assertRemovable(state.viewer, await state.files.find(fileId(params.id)));
    await state.files.remove(file);
    return new Response(null, { status: 204 });
  },
});
