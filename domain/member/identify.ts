// Turns the session cookie (or a bearer header) into who is asking. A bad or revoked token silently
// becomes anonymous and the cookie is cleared; an expired one also says so (SPEC §4 Session).
import type { Db } from "../../db/client.ts";
import { ANONYMOUS, type Viewer } from "./permissions.ts";
import { checkSession, type SessionKind, verifySessionToken } from "./session.ts";
import { loadViewer, type SessionUser } from "./viewer.ts";

export interface Identity {
  viewer: Viewer;
  user: SessionUser | null;
  token: string | null;
  /** The cookie named a session that is no more: clear it. */
  clearCookie: boolean;
  /** …because it expired (idle or absolute): tell the visitor. */
  expired: boolean;
}

const anonymous = (clearCookie = false, expired = false): Identity => ({
  viewer: ANONYMOUS,
  user: null,
  token: null,
  clearCookie,
  expired,
});

/** `via`: where the token came from, the cookie (`browser`) or an Authorization header (`bearer`). */
export async function identify(
  db: Db,
  secret: Uint8Array,
  token: string | undefined,
  via: SessionKind = "browser",
): Promise<Identity> {
  if (!token) return anonymous();
  const check = await verifySessionToken(token, secret);
  if (!check.ok) return anonymous(true, check.reason === "expired");
  const loaded = await loadViewer(db, check.claims.uid);
  if (!loaded) return anonymous(true);
  const state = await checkSession(db, check.claims, loaded.viewer, via);
  if (state !== "active") return anonymous(true, state === "expired");
  return { viewer: loaded.viewer, user: loaded.user, token, clearCookie: false, expired: false };
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.get("authorization");
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._-]+)$/);
  return match?.[1];
}
