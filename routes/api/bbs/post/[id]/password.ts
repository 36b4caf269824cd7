// POST /api/bbs/post/{id}/password (SPEC §5, §7): opens an anonymous writer's post with its password
// (secret posts to read, any anonymous post to edit) for 30 minutes (a signed cookie, domain/board/
// unlock.ts) and answers the post. A missing or wrong password is 403 'password required or wrong';
// guessing is rate limited (10 tries a minute per address, 50 an hour per post: 429).
import { presentPost } from "../../../../../domain/board/posts.ts";
import { findPost } from "../../../../../domain/board/read.ts";
import { readAccess, readRefusal } from "../../../../../domain/board/rights.ts";
import { IdParam, PasswordInput } from "../../../../../domain/board/schema.ts";
import { unlockCookie, unlockCookieName, unlockValue } from "../../../../../domain/board/unlock.ts";
import { siteIdOf } from "../../../../../domain/board/web.ts";
import { assertPostPassword } from "../../../../../domain/board/write.ts";
import { readBody } from "../../../../../domain/request.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { HttpError } from "../../../../../framework/errors.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ state, params, req }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { board, post } = await findPost(state.db, siteIdOf(state), id);
    const { body } = await readBody(req, 16 * 1024);
    const parsed = PasswordInput.safeParse(body);
    if (!parsed.success) throw new HttpError(403, "board.password");
    await assertPostPassword(state.db, state.clientIp, post, parsed.data.password);
    const access = readAccess(state.viewer, board, post, { now: new Date(), unlocked: true });
    if (access !== "ok") throw readRefusal(access);
    const cookie = unlockCookie(unlockCookieName(post.id), await unlockValue(state.sessionSecret, post), state.https);
    return Response.json(await presentPost(state.db, board, post, state.viewer, state.locale), {
      headers: { "set-cookie": cookie },
    });
  },
});
