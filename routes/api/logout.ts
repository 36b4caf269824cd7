// GET /api/logout (SPEC §7): ends the session. Started by another site, it ends nothing and sends the
// browser to /logout, which offers a sign-out button (issue 20 §5).
import { redirect } from "../../framework/define.ts";
import { isCrossSiteRequest, signOut } from "../../domain/member/logout.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  GET({ req, state }) {
    if (isCrossSiteRequest(req)) return redirect(href(state, "/logout"));
    return signOut(state, Response.json({ status: 200 }));
  },
});
