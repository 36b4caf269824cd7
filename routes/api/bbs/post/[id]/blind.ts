// PATCH /api/bbs/post/{id}/blind (SPEC §7, §4): hides (`blind` true) or shows again (false) a post; the
// administrators and staff granted the `post` section. A second request in the same direction is 409.
import { assertModerator, moderate } from "../../../../../domain/board/moderate.ts";
import { findPost } from "../../../../../domain/board/read.ts";
import { BlindInput, IdParam } from "../../../../../domain/board/schema.ts";
import { siteIdOf } from "../../../../../domain/board/web.ts";
import { readBody } from "../../../../../domain/request.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { define } from "../../../../../state.ts";

export const handler = define.handlers({
  async PATCH({ state, params, req }) {
    await assertModerator(state.db, state.viewer);
    const { id } = parseOrThrow(IdParam, params, 400);
    const { post } = await findPost(state.db, siteIdOf(state), id);
    const { body } = await readBody(req, 16 * 1024);
    const input = parseOrThrow(BlindInput, body);
    const [row] = await moderate(state.db, state.files, [post.id], input.blind ? "blind" : "unblind");
    return Response.json({ id: row.id, status: row.status, hidden: row.status === "hidden" });
  },
});
