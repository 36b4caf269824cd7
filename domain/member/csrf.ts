// CSRF protection on every state-changing request (DESIGN §3): the Origin (or Referer) must be this
// site, and a token from the XSRF-TOKEN cookie must come back in the X-XSRF-TOKEN header (islands, API)
// or the `_token` form field (forms without JavaScript). A bearer-token call carries no ambient
// credential and is exempt.
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";
export const CSRF_FIELD = "_token";

export function newCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/** The request comes from a page of this origin (or the browser says it is same-origin). */
export function sameOrigin(req: Request, origin: string): boolean {
  const header = req.headers.get("origin");
  if (header) return header === origin;
  const referer = req.headers.get("referer");
  if (referer) {
    try {
      return new URL(referer).origin === origin;
    } catch {
      return false;
    }
  }
  const site = req.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/** Constant-time comparison of two tokens. */
export function tokensMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function readCookie(req: Request, name: string): string | undefined {
  const cookie = req.headers.get("cookie");
  if (!cookie) return undefined;
  for (const part of cookie.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The visitor's CSRF token, or a new one (to be set as the cookie) when they have none or a bad one. */
export function csrfTokenFor(req: Request): { token: string; isNew: boolean } {
  const cookie = readCookie(req, CSRF_COOKIE);
  return cookie && /^[\w-]{20,64}$/.test(cookie)
    ? { token: cookie, isNew: false }
    : { token: newCsrfToken(), isNew: true };
}
