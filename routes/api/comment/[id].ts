// DELETE /api/comment/{id} (SPEC §7): its writer or staff remove a comment (softly: the thread keeps its
// place and says it was deleted). Open to visitors: an anonymous comment goes with its writer's password
// in the body (`{"password": "…"}`, JSON or a form); missing or wrong is 403 'password required or
// wrong', guesses are rate limited (429). A member's comment is not a visitor's to remove (401).
import { deleteComment } from "../../../domain/board/comments.ts";
import { CommentProof, IdParam } from "../../../domain/board/schema.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async DELETE({ state, params, req }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    // A DELETE usually comes without a body (a member's or staff's own call).
    const empty = !req.body || (!req.headers.get("content-type") && req.headers.get("content-length") === "0");
    const { body } = empty ? { body: {} } : await readBody(req, 16 * 1024);
    const { password } = parseOrThrow(CommentProof, body);
    await deleteComment(state.db, state, id, password);
    return new Response(null, { status: 204 });
  },
});
