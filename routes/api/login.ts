// POST /api/login (SPEC §7): { username, password, remember } as JSON or a form. Sets the session cookie
// and answers { jwt, user, roles }. (The /login screen posts to itself and works without JavaScript.)
import { identityJson, login, LoginInput } from "../../domain/member/login.ts";
import { signInCookies } from "../../domain/member/cookies.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ req, state }) {
    const input = parseOrThrow(LoginInput, (await readBody(req)).body);
    const result = await login(state.db, state.sessionSecret, input, state.clientIp);
    const res = Response.json(identityJson(result.token, result.user, result.viewer));
    for (const cookie of signInCookies(result, input.remember, state.https)) res.headers.append("set-cookie", cookie);
    return res;
  },
});
