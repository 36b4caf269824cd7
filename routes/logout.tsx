// /logout: ends the session and returns home.
import { redirect } from "../framework/define.ts";
import { clearSessionCookie } from "../domain/member/cookies.ts";
import { endSession } from "../domain/member/session.ts";
import { define, href } from "../state.ts";

export const handler = define.handlers({
  async GET({ state }) {
    await endSession(state.db, state.sessionToken, state.sessionSecret);
    const res = redirect(href(state, "/"));
    res.headers.append("set-cookie", clearSessionCookie(state.https));
    return res;
  },
});
