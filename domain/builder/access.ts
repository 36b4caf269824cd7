// Who may use the page builder and its calls (issue 15: "a member or staff without the right reaching the
// builder or the site screens" is refused): administrators, and staff granted the `page` section.
import { HttpError } from "../../framework/errors.ts";
import { requireAllowedAddress } from "./ip.ts";
import { grantsOf } from "../member/management.ts";
import { canBuildPages, isAdministrator, isSignedIn } from "../member/permissions.ts";
import type { State } from "../../state.ts";

/** 401 for nobody, 403 without the right; the viewer's grants otherwise. */
export async function requireBuilder(state: Pick<State, "db" | "viewer" | "clientIp">): Promise<string[]> {
  if (!isSignedIn(state.viewer)) throw new HttpError(401, "error.401");
  // The builder is part of the management area: its address rules apply (/management/ip).
  await requireAllowedAddress(state.db, state.clientIp);
  const grants = isAdministrator(state.viewer) ? [] : await grantsOf(state.db, state.viewer);
  if (!canBuildPages(state.viewer, grants)) throw new HttpError(403, "error.403");
  return grants;
}
