// GET /api/user/reapplication?email&token (SPEC §7): the rejected member's data and the codes of the roles
// they applied for; 404 as for the password reset (missing → error.404, bad token → password.invalid_token,
// nothing rejected → account.not_rejected). POST (same email and token in the body, with the fixed fields)
// applies again, as the /rejected screen does.
import { findReapplication, reapplicationJson, reapply } from "../../../domain/member/reapplication.ts";
import { readBody } from "../../../domain/request.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    const found = await findReapplication(state.db, url.searchParams.get("email"), url.searchParams.get("token"));
    return Response.json(reapplicationJson(found.user, found.roles), { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    const result = await reapply(state.db, body.email, body.token, body, state.clientIp);
    return Response.json({
      status: 200,
      key: "account.reapplied",
      message: state.t("account.reapplied"),
      roles: result.roles,
    });
  },
});
