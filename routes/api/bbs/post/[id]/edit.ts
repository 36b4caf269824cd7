// GET /api/bbs/post/{id}/edit (SPEC §7): the post as its edit form needs it, for whoever may edit it (the
// writer, staff, or with an anonymous post's password opened through POST …/password).
import { changeAccess, PASSWORD_REFUSAL } from "../../../../../domain/board/rights.ts";
import { presentPost } from "../../../../../domain/board/posts.ts";
import { findPost } from "../../../../../domain/board/read.ts";
import { IdParam } from "../../../../../domain/board/schema.ts";
import { isUnlocked } from "../../../../../domain/board/unlock.ts";
import { siteIdOf } from "../../../../../domain/board/web.ts";
import { isSignedIn } from "../../../../../domain/member/permissions.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { HttpError } from "../../../../../framework/errors.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, req }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { board, post } = await findPost(state.db, siteIdOf(state), id);
    if (post.status === "deleted") throw new HttpError(404, "board.post_not_found");
    const access = changeAccess(state.viewer, board, post, "edit");
    if (access === "no") throw new HttpError(isSignedIn(state.viewer) ? 403 : 401, "board.no_edit");
    if (access === "password" && !(await isUnlocked(req, state.sessionSecret, post))) {
      throw new HttpError(403, PASSWORD_REFUSAL);
    }
    return Response.json(await presentPost(state.db, board, post, state.viewer, state.locale));
  },
});
