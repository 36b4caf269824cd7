// GET /api/logout (SPEC §7): ends the session.
import { clearSessionCookie } from "../../domain/member/cookies.ts";
import { endSession } from "../../domain/member/session.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state }) {
    await endSession(state.db, state.sessionToken, state.sessionSecret);
    const res = Response.json({ status: 200 });
    res.headers.append("set-cookie", clearSessionCookie(state.https));
    return res;
  },
});
