// POST /profile/sessions (the buttons of /profile's session list): the member ends one of their own
// sessions or tokens, then returns to the list with a notice. Someone else's id ends nothing.
import { z } from "zod";
import { redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { revokeOwnSession } from "../../domain/member/session.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const RevokeInput = z.object({ id: z.uuid() });

export const handler = define.handlers({
  async POST({ req, state }) {
    const { id } = parseOrThrow(RevokeInput, (await readBody(req)).body);
    if (!(await revokeOwnSession(state.db, state.viewer.id, id))) throw new HttpError(404, "error.404");
    const res = redirect(href(state, "/profile#sessions"));
    res.headers.append("set-cookie", flashCookie("account.sessions.revoked", state.https));
    return res;
  },
});
