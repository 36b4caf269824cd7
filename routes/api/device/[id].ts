// DELETE /api/device/{id} (SPEC §7): removes one of the viewer's own devices (204). Another member's
// device, or none, is 404 — the same answer, so ids reveal nothing.
import { z } from "zod";
import { HttpError } from "../../../framework/errors.ts";
import { deleteDevice } from "../../../domain/member/devices.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { define } from "../../../state.ts";

const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const handler = define.handlers({
  async DELETE({ state, params }) {
    requireSignedIn(state.viewer);
    const id = Id.safeParse(params.id);
    if (!id.success) throw new HttpError(404, "error.404");
    await deleteDevice(state.db, state.viewer, id.data);
    return new Response(null, { status: 204 });
  },
});
