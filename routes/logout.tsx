// /logout: ends the session and returns home.
import { clearSessionCookie } from "../domain/member/cookies.ts";
import { endSession } from "../domain/member/session.ts";
import { define, href } from "../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    await endSession(state.db, state.sessionToken, state.sessionSecret);
    const res = new Response(null, { status: 303, headers: { location: new URL(href(state, "/"), url).href } });
    res.headers.append("set-cookie", clearSessionCookie(state.https));
    return res;
  },
});
