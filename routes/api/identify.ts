// GET /api/identify (SPEC §7): { jwt, user, roles } of whoever the cookies name.
import { identityJson } from "../../domain/member/login.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  GET({ state }) {
    return Response.json(identityJson(state.sessionToken, state.user, state.viewer), {
      headers: { "cache-control": "no-store" },
    });
  },
});
