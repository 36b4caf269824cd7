// SPEC §7 password calls:
//   POST /api/password/reset?email=            requests a reset mail (same answer for unknown addresses)
//   GET  /api/password/reset?email&token       validates: 200 { valid: true } or 404 password.invalid_token
//   POST /api/password/reset, _method=PATCH    sets the password (email, token, password, password_confirmation)
import {
  checkAccountToken,
  EmailInput,
  requestPasswordReset,
  resetPassword,
} from "../../../domain/member/password-reset.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, type RouteConfig, type State } from "../../../state.ts";

/** The body, or nothing when the request has none (a bare POST ?email=). */
async function bodyOf(req: Request): Promise<Record<string, unknown>> {
  return req.headers.get("content-type") ? (await readBody(req)).body : {};
}

async function setPassword(state: State, body: Record<string, unknown>) {
  await resetPassword(state.db, state.config, body, state.clientIp);
  return Response.json({ status: 200, key: "account.password_changed", message: state.t("account.password_changed") });
}

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, url }) {
    await checkAccountToken(state.db, "reset", url.searchParams.get("email"), url.searchParams.get("token"));
    return Response.json({ valid: true }, { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state, url }) {
    const body = await bodyOf(req);
    if (String(body._method ?? "").toUpperCase() === "PATCH") return await setPassword(state, body);
    const { email } = parseOrThrow(EmailInput, { email: url.searchParams.get("email") ?? body.email });
    await requestPasswordReset(state.db, state.config, email, state.clientIp);
    return Response.json({ status: 200, key: "account.reset_sent", message: state.t("account.reset_sent") });
  },
  async PATCH({ req, state }) {
    return await setPassword(state, await bodyOf(req));
  },
});
