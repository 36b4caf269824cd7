// /notice/{id} and /notice/{slug}: a post of the site's boards by number (the home pages' latest notices
// link /notice/318) or another board of the news menu (/notice/press), at its board address. Unknown
// numbers and boards are 404.
import { redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { boardOf, postPath } from "../../domain/board/boards.ts";
import { findPost } from "../../domain/board/read.ts";
import { siteIdOf } from "../../domain/board/web.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const siteId = siteIdOf(state);
    if (/^\d{1,9}$/.test(params.key)) {
      const { board, post } = await findPost(state.db, siteId, Number(params.key));
      return redirect(href(state, postPath(board, post.id)), 302);
    }
    if (!/^[a-z0-9-]{1,40}$/.test(params.key)) throw new HttpError(404, "board.not_found");
    const board = await boardOf(state.db, siteId, params.key);
    return redirect(href(state, `/board/${board.slug}`), 302);
  },
});
