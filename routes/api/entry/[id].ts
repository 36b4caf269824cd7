// DELETE /api/entry/{id}: the owner cancels an entry while submission is open (a paid entry's refund is
// the administrators'); someone else's or a missing entry is 404.
import { z } from "zod";
import { HttpError } from "../../../framework/errors.ts";
import { cancelEntry } from "../../../domain/award/entries.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { define } from "../../../state.ts";

const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const handler = define.handlers({
  async DELETE({ state, params }) {
    requireSignedIn(state.viewer);
    const id = Id.safeParse(params.id);
    if (!id.success) throw new HttpError(404, "award.entry_not_found");
    const entry = await cancelEntry(state.db, state.viewer, id.data);
    return Response.json({ id: entry.id, status: entry.status }, { headers: { "cache-control": "no-store" } });
  },
});
