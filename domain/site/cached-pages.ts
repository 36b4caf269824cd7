// Answers anonymous requests for cached pages before routing and the root middleware chain: a hit then
// costs about what /healthz costs (issue 2's benchmark). Misses, signed-in visitors and anything else go
// on to the routes, where routes/_middleware.ts stores what a cacheable route renders.
import type { MiddlewareHandler } from "hono";
import { DEFAULT_LOCALE, LOCALE_BASE_PATHS } from "../../fresh.config.ts";
import { isHttps } from "../../framework/http.ts";
import { csrfCookie } from "../member/cookies.ts";
import { csrfTokenFor } from "../member/csrf.ts";
import type { SiteDirectory } from "./directory.ts";
import { hostName } from "./hosts.ts";
import type { PageCache } from "./page-cache.ts";
import { isAnonymousRequest, languageCookieFor, pageCacheKey } from "./visitor.ts";

export function serveCachedPages(
  { sites, pageCache, maintenance, trustProxy }: {
    sites: SiteDirectory;
    pageCache: PageCache;
    maintenance: boolean;
    trustProxy: boolean;
  },
): MiddlewareHandler<{ Bindings: { basePath: string } }> {
  return async (c, next) => {
    const req = c.req.raw;
    if (
      maintenance || (req.method !== "GET" && req.method !== "HEAD") || !isAnonymousRequest(req) || pageCache.size === 0
    ) {
      return await next();
    }
    let host: string;
    try {
      host = hostName(req.headers.get("host") ?? new URL(req.url).host);
    } catch {
      return await next(); // the routes answer a bad host
    }
    const site = await sites.siteForHost(host);
    const locale = LOCALE_BASE_PATHS[c.env?.basePath ?? ""] ?? DEFAULT_LOCALE;
    const hit = site && pageCache.get(pageCacheKey(site.id, locale, new URL(req.url)));
    if (!hit) return await next();
    const res = pageCache.respond(hit, req);
    const https = isHttps(req, trustProxy);
    const lang = languageCookieFor(req, locale, https);
    if (lang) res.headers.append("set-cookie", lang);
    const csrf = csrfTokenFor(req);
    if (csrf.isNew) res.headers.append("set-cookie", csrfCookie(csrf.token, https));
    return res;
  };
}
