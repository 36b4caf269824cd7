// The cookies of a visit: the session (httpOnly, SameSite=Lax, Secure over https), the CSRF token
// (readable by islands), a one-minute flash message, and the remembered user ID of the login form.
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

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return cookie(SESSION_COOKIE, token, { maxAge, secure });
}

export const clearSessionCookie = (secure: boolean) => cookie(SESSION_COOKIE, "", { maxAge: 0, secure });
export const csrfCookie = (token: string, secure: boolean) => cookie(CSRF_COOKIE, token, { httpOnly: false, secure });
export const flashCookie = (key: string, secure: boolean) => cookie(FLASH_COOKIE, key, { maxAge: 60, secure });
export const clearFlashCookie = (secure: boolean) => cookie(FLASH_COOKIE, "", { maxAge: 0, secure });
export const rememberCookie = (username: string, secure: boolean) =>
  cookie(REMEMBER_COOKIE, username, { maxAge: 60 * 60 * 24 * 30, secure });
export const clearRememberCookie = (secure: boolean) => cookie(REMEMBER_COOKIE, "", { maxAge: 0, secure });

/** The cookies a successful sign-in sets: the session, and the remembered user ID or its removal. */
export function signInCookies(
  result: { token: string; expiresAt: Date; user: { username: string } },
  remember: boolean,
  secure: boolean,
): string[] {
  return [
    sessionCookie(result.token, result.expiresAt, secure),
    remember ? rememberCookie(result.user.username, secure) : clearRememberCookie(secure),
  ];
}
