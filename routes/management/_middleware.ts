// The management area's guard (SPEC §2.4, §6, §8): nobody → 401 (a GET goes to sign in); a member who
// does not see the management link → 403; administrators pass; anyone else needs the sub-path granted to
// one of their roles (management_grants), /manager and /ip never, and is otherwise answered 403 with an
// empty message. Management pages are personal: never cached.
import { HttpError } from "../../framework/errors.ts";
import { requireAllowedAddress } from "../../domain/builder/ip.ts";
import { requirePermission } from "../../domain/member/guard.ts";
import { grantsOf, managementPath } from "../../domain/member/management.ts";
import { canSeeManagementLink, isAdministrator, managementAccess } from "../../domain/member/permissions.ts";
import { define, type State } from "../../state.ts";

const grantsByRequest = new WeakMap<State, string[]>();

/** The sections granted to the viewer's roles, as the guard loaded them (for the side menu). */
export function requestGrants(state: State): string[] {
  return grantsByRequest.get(state) ?? [];
}

const guard = define.middleware(async (ctx) => {
  const { req, state, url } = ctx;
  requirePermission(state.viewer, canSeeManagementLink);
  // The address rules of /management/ip (issue 15 §4), on the address the proxy setting gives.
  await requireAllowedAddress(state.db, state.clientIp);
  const grants = isAdministrator(state.viewer) ? [] : await grantsOf(state.db, state.viewer);
  if (!managementAccess(state.viewer, managementPath(url.pathname), grants).accessible) {
    // "Management access failure: 403 with empty message" — no hint of what exists or why.
    if (req.headers.get("accept")?.includes("application/json")) {
      return Response.json({ status: 403, message: "", key: "error.403" }, {
        status: 403,
        headers: { "cache-control": "no-store" },
      });
    }
    throw new HttpError(403, "error.403", "");
  }
  grantsByRequest.set(state, grants);
  const res = await ctx.next();
  try {
    res.headers.set("cache-control", "no-store");
  } catch {
    // an immutable Response (Response.redirect) keeps its headers
  }
  return res;
});

export const handler = [guard];
