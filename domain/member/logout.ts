// Signing out (SPEC §7 GET /api/logout, /logout) without letting another site do it for the member: a
// top-level navigation from a foreign site carries the SameSite=Lax cookie, so a cross-site GET only
// offers a sign-out button (a POST form, CSRF-checked) instead of ending the session (issue 20 §5).
import { clearSessionCookie } from "./cookies.ts";
import { endSession } from "./session.ts";
import type { Db } from "../../db/client.ts";

/** Whether the browser says the request was started from another site (Fetch Metadata). */
export function isCrossSiteRequest(req: Request): boolean {
  return req.headers.get("sec-fetch-site") === "cross-site";
}

/** Ends the session named by `token` and clears its cookie on `res`. */
export async function signOut(
  state: { db: Db; sessionToken: string | null; sessionSecret: Uint8Array; https: boolean },
  res: Response,
): Promise<Response> {
  await endSession(state.db, state.sessionToken, state.sessionSecret);
  res.headers.append("set-cookie", clearSessionCookie(state.https));
  return res;
}
