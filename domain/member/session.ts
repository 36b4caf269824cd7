// Sessions (SPEC §4 Session): a JWT (HS256, algorithm pinned) in an httpOnly cookie names a session row.
// Revoking the row (logout, password change, withdrawal, role removal) ends it on its next request; an
// idle session or one past its absolute lifetime has expired.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Tx } from "../../db/client.ts";
import { sessions } from "../../db/schema/member.ts";
import { hasRole, isAdministrator, type Viewer } from "./permissions.ts";

export const MINUTE = 60_000;

/** Administrators and judges get shorter sessions: 15 min idle, 8 h in all; others 30 min and 12 h. */
export function sessionLifetimes(viewer: Viewer): { idleMs: number; absoluteMs: number } {
  const privileged = isAdministrator(viewer) || hasRole(viewer, "judge");
  return privileged
    ? { idleMs: 15 * MINUTE, absoluteMs: 8 * 60 * MINUTE }
    : { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE };
}
/**
 * How a session travels: `browser` in the httpOnly cookie, never shown to scripts; `bearer` in an
 * Authorization header, issued only to a client that asks for one, for an hour at most (issue 20 §6).
 */
export type SessionKind = "browser" | "bearer";
export const BEARER_LIFETIME_MS = 60 * MINUTE;

/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = MINUTE;

export interface SessionClaims {
  sid: string;
  uid: number;
}

export async function signSessionToken(claims: SessionClaims, expiresAt: Date, secret: Uint8Array): Promise<string> {
  return await new SignJWT({ uid: claims.uid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sid)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

export type TokenCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: "invalid" | "expired" };

/** A compact JWS: three base64url parts. Anything else is refused without building jose's error (and its stack). */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export async function verifySessionToken(token: string, secret: Uint8Array): Promise<TokenCheck> {
  if (token.length > 4096 || !COMPACT_JWS.test(token)) return { ok: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.uid !== "number") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { sid: payload.sub, uid: payload.uid } };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
}

export interface SessionOrigin {
  kind: SessionKind;
  /** The User-Agent or the client's own name, shown in the member's list of sessions. */
  label?: string | null;
}

export async function createSession(
  tx: Tx,
  userId: number,
  viewer: Viewer,
  origin: SessionOrigin = { kind: "browser" },
  now = new Date(),
) {
  const { absoluteMs } = sessionLifetimes(viewer);
  const lifetime = origin.kind === "bearer" ? Math.min(absoluteMs, BEARER_LIFETIME_MS) : absoluteMs;
  const expiresAt = new Date(now.getTime() + lifetime);
  const label = origin.label?.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 160) || null;
  const [row] = await tx.insert(sessions)
    .values({ userId, createdAt: now, lastSeenAt: now, expiresAt, kind: origin.kind, label })
    .returning({ id: sessions.id });
  return { id: row.id, expiresAt };
}

export type SessionState = "active" | "expired" | "revoked" | "missing";

/**
 * Checks the session row named by a valid token, and keeps its idle clock running. A token counts only
 * where its kind travels: a browser session's token sent as a bearer header (or the reverse) is missing.
 */
export async function checkSession(
  tx: Tx,
  claims: SessionClaims,
  viewer: Viewer,
  via: SessionKind = "browser",
  now = new Date(),
): Promise<SessionState> {
  if (!/^[0-9a-f-]{36}$/.test(claims.sid)) return "missing";
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, claims.sid)).limit(1);
  if (!row || row.userId !== claims.uid || row.kind !== via) return "missing";
  if (row.revokedAt) return "revoked";
  const { idleMs } = sessionLifetimes(viewer);
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > idleMs) {
    await revokeSession(tx, row.id, "expired");
    return "expired";
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return "active";
}

export async function revokeSession(tx: Tx, id: string, reason: string) {
  await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password change, withdrawal, role removal). */
export async function revokeUserSessions(tx: Tx, userId: number, reason: string) {
  await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sign-out: revokes the session the token names (a copied token dies with it). */
export async function endSession(tx: Tx, token: string | null, secret: Uint8Array): Promise<void> {
  if (!token) return;
  const check = await verifySessionToken(token, secret);
  if (check.ok) await revokeSession(tx, check.claims.sid, "logout");
}

/** A member's live sessions and tokens, newest first (the list on /profile). */
export async function listSessions(tx: Tx, userId: number, now = new Date()) {
  return await tx.select({
    id: sessions.id,
    kind: sessions.kind,
    label: sessions.label,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
  }).from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt)).limit(50);
}

/** A member ends one of their own sessions or tokens; someone else's id changes nothing. */
export async function revokeOwnSession(tx: Tx, userId: number, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  const ended = await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: "revoked by member" })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/Whale\//, "Whale"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/OPR\//, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A session's label as a person reads it: "Chrome · Windows" from a browser's User-Agent, or the name a
 * client gave itself, as it is.
 */
export function clientName(label: string | null): string | null {
  if (!label) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(label))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(label))?.[1];
  if (!browser && !system) return label;
  return [browser, system].filter(Boolean).join(" · ");
}

/**
 * Whether a session is still live (the user's, not revoked, not past its lifetime or idle time), without
 * touching its idle clock: what a download link made by that session checks (domain/file/links.ts).
 */
export async function sessionIsLive(tx: Tx, id: string, userId: number, viewer: Viewer, now = new Date()) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  if (!row || row.userId !== userId || row.revokedAt) return false;
  return row.expiresAt > now && now.getTime() - row.lastSeenAt.getTime() <= sessionLifetimes(viewer).idleMs;
}
