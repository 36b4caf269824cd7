// GET /api/identify (SPEC §7): { jwt, user, roles } of whoever the cookies (or a bearer token) name; `jwt`
// is null for a browser session (issue 20 §6).
import { identityJson } from "../../domain/member/login.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  GET({ state }) {
    // A browser's session stays in its httpOnly cookie: scripts see the token only of a bearer client.
    const jwt = state.sessionKind === "bearer" ? state.sessionToken : null;
    return Response.json(identityJson(jwt, state.user, state.viewer), {
      headers: { "cache-control": "no-store" },
    });
  },
});
