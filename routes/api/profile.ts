// SPEC §7 POST /api/profile (multipart, a form or JSON, with _method=PATCH; a real PATCH works too): updates
// the signed-in member's own profile and answers { user }. GET answers the same shape. Ids in the body
// are ignored and approval-bound fields (roles, judge fields) are not accepted (domain/member/profile.ts).
import { HttpError } from "../../framework/errors.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { loadUser, profileJson, sessionIdOf, updateProfile } from "../../domain/member/profile.ts";
import { type Body, readBody } from "../../domain/request.ts";
import { define, type State } from "../../state.ts";

const NO_STORE = { "cache-control": "no-store" };

async function patch(state: State, { body, files }: Body) {
  requireSignedIn(state.viewer);
  const user = await updateProfile(state.db, state.config, state.viewer.id, body, {
    currentSessionId: await sessionIdOf(state.sessionToken, state.sessionSecret),
    clientIp: state.clientIp,
    images: { files: state.files, sent: files },
  });
  return Response.json({ user: profileJson(user) }, { headers: NO_STORE });
}

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    return Response.json({ user: profileJson(await loadUser(state.db, state.viewer.id)) }, { headers: NO_STORE });
  },
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const read = await readBody(req);
    if (String(read.body._method ?? "").toUpperCase() !== "PATCH") {
      throw new HttpError(405, "error.405", "Method Not Allowed", undefined, { allow: "GET, POST, PATCH" });
    }
    return await patch(state, read);
  },
  async PATCH({ req, state }) {
    requireSignedIn(state.viewer);
    return await patch(state, await readBody(req));
  },
});
