// The cookies of a visit: the session (httpOnly, SameSite=Lax, Secure over https), the CSRF token
// (readable by islands), a one-minute flash message, and the remembered user ID of the login form.
// Over https the session cookie is `__Host-session`: Secure, Path=/ and no Domain, so no sibling host can
// set or shadow it (issue 20 §9).
import { SESSION_COOKIE } from "../site/visitor.ts";
import { CSRF_COOKIE } from "./csrf.ts";

export const FLASH_COOKIE = "flash";
export const REMEMBER_COOKIE = "remember_username";
export { SESSION_COOKIE };

function cookie(name: string, value: string, options: { maxAge?: number; httpOnly?: boolean; secure: boolean }) {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The session cookie's name: `__Host-session` over https, `session` over plain http (development). */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The session cookie: for the browser session only (gone when the browser closes), or, when the member
 * asked to be remembered, until the session's absolute end.
 */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean, persistent = false): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return cookie(sessionCookieName(secure), token, { maxAge: persistent ? maxAge : undefined, secure });
}

export const clearSessionCookie = (secure: boolean) => cookie(sessionCookieName(secure), "", { maxAge: 0, secure });
export const csrfCookie = (token: string, secure: boolean) => cookie(CSRF_COOKIE, token, { httpOnly: false, secure });
export const flashCookie = (key: string, secure: boolean) => cookie(FLASH_COOKIE, key, { maxAge: 60, secure });
export const clearFlashCookie = (secure: boolean) => cookie(FLASH_COOKIE, "", { maxAge: 0, secure });
export const rememberCookie = (username: string, secure: boolean) =>
  cookie(REMEMBER_COOKIE, username, { maxAge: 60 * 60 * 24 * 30, secure });
export const clearRememberCookie = (secure: boolean) => cookie(REMEMBER_COOKIE, "", { maxAge: 0, secure });

/**
 * The cookies a successful sign-in sets: the session (kept after the browser closes only when the member
 * asked to be remembered), and the remembered user ID or its removal.
 */
export function signInCookies(
  result: { token: string; expiresAt: Date; user: { username: string } },
  remember: boolean,
  secure: boolean,
): string[] {
  return [
    sessionCookie(result.token, result.expiresAt, secure, remember),
    remember ? rememberCookie(result.user.username, secure) : clearRememberCookie(secure),
  ];
}
