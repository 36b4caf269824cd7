// Who a request comes from, as far as shared caching is concerned, and the cookies every visitor gets.
import type { MiddlewareHandler } from "hono";
import type { Locale } from "../../fresh.config.ts";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "../../i18n/mod.ts";
import { originOf } from "./seo.ts";

/**
 * The session cookie (`__Host-session` over https, domain/member/cookies.ts); a request without it is
 * anonymous and may be served a shared cached page.
 */
export const SESSION_COOKIE = "session";

/** A flash message is meant for one visitor, so a request carrying one is not served the shared copy. */
const PERSONAL = /(?:^|;\s*)(?:__Host-session|session|flash)=./;

export function isAnonymousRequest(req: Request): boolean {
  const cookie = req.headers.get("cookie");
  return !cookie || !PERSONAL.test(cookie);
}

/**
 * Every answer to a signed-in request (a session cookie or a bearer token) or that signs someone in is
 * personal: kept in no cache, neither shared nor the browser's (issue 20 §7), unless its route marked it
 * public (static assets, public files). Error screens too, since they show the member's name in the header.
 */
export function personalNoStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const personal = !isAnonymousRequest(c.req.raw) || c.req.raw.headers.has("authorization") ||
      c.res.headers.getSetCookie().some((cookie) => /^(?:__Host-)?session=/.test(cookie));
    if (!personal || /\bpublic\b/.test(c.res.headers.get("cache-control") ?? "")) return;
    c.res.headers.set("cache-control", "no-store");
  };
}

/**
 * The key a rendered anonymous page is cached under. The origin is part of it: a page names itself by
 * absolute URL (canonical, alternates: domain/site/seo.ts), so a site reached by two host names, or by
 * http and https, keeps one copy per origin.
 */
export function pageCacheKey(siteId: number, locale: Locale, url: URL, https: boolean): string {
  return pageCacheKeyOf(siteId, locale, originOf(url.href, https), url.pathname + url.search);
}

/** The same key from the origin and the path and query (`/about?x=1`), for hits that do not parse the URL. */
export function pageCacheKeyOf(siteId: number, locale: Locale, origin: string, pathAndQuery: string): string {
  return `${siteId}|${locale}|${origin}|${pathAndQuery}`;
}

/** The 30-day language cookie (SPEC §9) to set when the visitor's cookie names another language. */
export function languageCookieFor(req: Request, locale: Locale, https: boolean): string | undefined {
  const current = req.headers.get("cookie")?.match(/(?:^|;\s*)lang=(\w+)/)?.[1];
  if (current === locale) return undefined;
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${https ? "; Secure" : ""}`;
}
