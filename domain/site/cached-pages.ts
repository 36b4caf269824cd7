// Answers anonymous requests for cached pages before Hono, its routing and the root middleware chain
// (framework/app.ts calls it first): a hit then costs less than /healthz (issue 2's benchmark). Misses, signed-in visitors and anything else go
// on to the routes, where routes/_middleware.ts stores what a cacheable route renders.
//
// A hit does as little as it can: no URL parsing (the key takes the path and query straight from the
// request's URL, see pathAndQuery), the site from a memo of raw Host headers, headers appended to a bare
// Response (see PageCache.respond), the security headers appended too (framework/http.ts).
import { DEFAULT_LOCALE, LOCALE_BASE_PATHS } from "../../fresh.config.ts";
import { isHttps, withSecurityHeaders } from "../../framework/http.ts";
import type { Site } from "../../db/schema/site.ts";
import { csrfCookie } from "../member/cookies.ts";
import { csrfTokenFor } from "../member/csrf.ts";
import type { SiteDirectory } from "./directory.ts";
import { hostName } from "./hosts.ts";
import { originOf } from "./seo.ts";
import type { PageCache } from "./page-cache.ts";
import { isAnonymousRequest, languageCookieFor, pageCacheKeyOf } from "./visitor.ts";

const BASE_PATHS = Object.keys(LOCALE_BASE_PATHS);

/** Raw Host headers remembered per SiteDirectory generation; more than this many go the long way. */
const MAX_REMEMBERED_HOSTS = 1000;

export function serveCachedPages(
  { sites, pageCache, maintenance, trustProxy }: {
    sites: SiteDirectory;
    pageCache: PageCache;
    maintenance: boolean;
    trustProxy: boolean;
  },
): (req: Request) => Response | undefined | Promise<Response | undefined> {
  // The site of each raw Host header seen in this generation (null: no site), so that a hit neither
  // parses the header nor waits for a promise.
  const hosts = new Map<string, Site | null>();
  let hostsGeneration = -1;

  async function lookUpSite(req: Request, header: string | null): Promise<Site | null | undefined> {
    let host: string;
    try {
      host = hostName(header ?? new URL(req.url).host);
    } catch {
      return undefined; // the routes answer a bad host
    }
    const generation = sites.generation;
    const site = await sites.siteForHost(host);
    if (header !== null && generation === sites.generation && hosts.size < MAX_REMEMBERED_HOSTS) {
      hosts.set(header, site);
    }
    return site;
  }

  function answer(req: Request, site: Site): Response | undefined {
    // The English site is the same pages under /en: its key is the path without the prefix.
    let path = pathAndQuery(req.url);
    let basePath = "";
    for (const base of BASE_PATHS) {
      if (path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`)) {
        basePath = base;
        path = path.slice(base.length);
        if (!path.startsWith("/")) path = `/${path}`;
        break;
      }
    }
    const locale = LOCALE_BASE_PATHS[basePath] ?? DEFAULT_LOCALE;
    const https = isHttps(req, trustProxy);
    const hit = pageCache.get(pageCacheKeyOf(site.id, locale, originOf(req.url, https), path));
    if (!hit) return undefined;
    const res = pageCache.respond(hit, req);
    // The language cookie goes with pages, as routes/_middleware.ts sets it (not with robots.txt, the sitemap).
    const lang = hit.contentType.startsWith("text/html") ? languageCookieFor(req, locale, https) : undefined;
    if (lang) res.headers.append("set-cookie", lang);
    const csrf = csrfTokenFor(req);
    if (csrf.isNew) res.headers.append("set-cookie", csrfCookie(csrf.token, https));
    return withSecurityHeaders(res, https);
  }

  const lookUp = async (req: Request, header: string | null) => {
    const site = await lookUpSite(req, header);
    return site ? answer(req, site) : undefined;
  };

  return (req) => {
    if (
      maintenance || pageCache.size === 0 || (req.method !== "GET" && req.method !== "HEAD") || !isAnonymousRequest(req)
    ) {
      return undefined;
    }
    if (hostsGeneration !== sites.generation) {
      hosts.clear();
      hostsGeneration = sites.generation;
    }
    const header = req.headers.get("host");
    const site = header === null ? undefined : hosts.get(header);
    // A remembered host answers without waiting for a promise; a new one is looked up once.
    if (site === undefined) return lookUp(req, header);
    return site ? answer(req, site) : undefined;
  };
}

/**
 * The path and query of a request's URL as written, e.g. `/about/greeting?x=1`. This equals the
 * `pathname + search` of `new URL(url)` (the key routes/_middleware.ts stores pages under) whenever the
 * request's URL is already in normal form; when it is not (`/a/../b`, `%7e`), the string matches no
 * stored key, and the request simply goes on to the routes.
 */
export function pathAndQuery(url: string): string {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? "/" : url.slice(slash);
}
