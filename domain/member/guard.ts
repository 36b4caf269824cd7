// What a guarded screen or call needs (SPEC §2.4, §6): a signed-in member, or a permission.
import { HttpError } from "../../framework/errors.ts";
import type { Access } from "../../framework/define.ts";
import { isSignedIn, type Viewer } from "./permissions.ts";

/** 401 for nobody (pages send them to /login), 403 for someone without the permission. */
export function requirePermission(viewer: Viewer, allowed: (viewer: Viewer) => boolean): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  if (!allowed(viewer)) throw new HttpError(403, "error.403");
}

export function requireSignedIn(viewer: Viewer): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
}

/** A route's declared access (framework/define.ts) for the one asking: 401 for nobody, 403 when refused. */
export function enforceAccess<S extends { viewer: Viewer }>(access: Access<S>, state: S): void {
  if (access === "public") return;
  requireSignedIn(state.viewer);
  if (typeof access === "function" && !access(state)) throw new HttpError(403, "error.403");
}

/**
 * Where to go after login: the `redirect` query when it is a path on this site and not one of the
 * session screens (SPEC §2.4); otherwise home.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return "/";
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f]/.test(target)) return "/";
  const path = target.replace(/^\/en(?=\/|$)/, "") || "/";
  const blocked = ["/api", "/redirect", "/login", "/logout", "/register", "/password", "/find"];
  if (blocked.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))) return "/";
  return target;
}
