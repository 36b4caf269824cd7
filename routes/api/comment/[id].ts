// DELETE /api/comment/{id} (SPEC §7): its writer or staff remove a comment (softly: the thread keeps its
// place and says it was deleted).
import { deleteComment } from "../../../domain/board/comments.ts";
import { IdParam } from "../../../domain/board/schema.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async DELETE({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    await deleteComment(state.db, state.viewer, id);
    return new Response(null, { status: 204 });
  },
});
