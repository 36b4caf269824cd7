// POST /api/login (SPEC §7): { username, password, remember } as JSON or a form. Sets the session cookie
// and answers { jwt: null, user, roles }: a browser's session stays in its httpOnly cookie. A client that
// sends `bearer: true` (and may name itself in `client`) gets no cookie but a token valid for an hour in
// `jwt`, listed on the member's /profile where it can be ended (issue 20 §6). (The /login screen posts to
// itself and works without JavaScript.)
import { identityJson, login, LoginInput } from "../../domain/member/login.ts";
import { signInCookies } from "../../domain/member/cookies.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ req, state }) {
    const input = parseOrThrow(LoginInput, (await readBody(req)).body);
    const label = input.client || req.headers.get("user-agent");
    const kind = input.bearer ? "bearer" : "browser";
    const client = { ip: state.clientIp, config: state.config };
    const result = await login(state.db, state.sessionSecret, input, client, { kind, label });
    if (kind === "bearer") return Response.json(identityJson(result.token, result.user, result.viewer));
    const res = Response.json(identityJson(null, result.user, result.viewer));
    for (const cookie of signInCookies(result, input.remember, state.https)) res.headers.append("set-cookie", cookie);
    return res;
  },
});
