// POST /api/register (SPEC §7): multipart (or JSON) registration. Answers 201 `{ id, username, status }`,
// 422 with field errors, 413 over 20 MB, 429 over the rate limit. CSRF is checked by the root middleware.
import { readRegistrationBody, registerMember } from "../../domain/member/register.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ req, state }) {
    const request = await readRegistrationBody(req);
    const registered = await registerMember(state.db, state.config, request, {
      clientIp: state.clientIp,
      locale: state.locale,
    });
    return Response.json(registered, { status: 201 });
  },
});
