// What search engines are told about a site (issue 10 §4): absolute canonical and alternate-language
// URLs on the origin the visitor reached, robots.txt and the sitemap. Pure: the routes and the document
// head give the request's facts, domain/site/sitemap.ts the rows.
import { DEFAULT_LOCALE, type Locale, LOCALE_BASE_PATHS, LOCALES } from "../../fresh.config.ts";
import type { AwardFamily } from "../award/options.ts";
import type { AwardSchedule } from "../award/phase.ts";
import { nomineesPublished, resultsPublished } from "../award/publication.ts";
import { canonicalPath } from "./paths.ts";

/**
 * The origin the visitor reached, `scheme://host[:port]`, from the request's URL (whose host is the Host
 * header under Deno.serve); `https` is isHttps(req, trustProxy), so behind a trusted proxy that speaks
 * https the scheme is https although the proxy talked http to us. Works on the raw URL string, as the
 * page cache's hit path does (domain/site/cached-pages.ts), so both key pages alike.
 */
export function originOf(url: string, https: boolean): string {
  const start = url.indexOf("//") + 2;
  const slash = url.indexOf("/", start);
  const end = slash < 0 ? url.length : slash;
  const query = url.indexOf("?", start);
  const authority = url.slice(start, query >= 0 && query < end ? query : end);
  return `${https ? "https" : url.slice(0, url.indexOf(":"))}://${authority}`;
}

const BASE_PATH_OF = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.keys(LOCALE_BASE_PATHS).find((b) => LOCALE_BASE_PATHS[b] === locale) ?? ""]),
) as Record<Locale, string>;

/** A site path in a locale: `/about` → `/en/about`, `/` → `/en` (as state.ts href does). */
export function localePath(locale: Locale, path: string): string {
  const base = BASE_PATH_OF[locale];
  if (!base) return path;
  return path === "/" ? base : `${base}${path}`;
}

/** The path a page is known by: `/about/` and `/%7eabout` are `/about` and `/~about` (paths.ts); a path
 * that is no page's (an error screen's) stays as it came. */
export function pagePath(pathname: string): string {
  try {
    return canonicalPath(pathname);
  } catch {
    return pathname;
  }
}

/** Query parameters that only say where a visitor came from: never part of a canonical URL. */
const TRACKING_PARAM =
  /^(?:utm_.*|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref_src)$/i;

/** `?a=1&utm_source=x` → `?a=1`: the query without tracking parameters (other pairs kept as written). */
export function withoutTracking(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  const kept = query.split("&").filter((pair) => {
    if (!pair) return false;
    const name = pair.split("=", 1)[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(name.replaceAll("+", " "));
    } catch {
      decoded = name;
    }
    return !TRACKING_PARAM.test(decoded);
  });
  return kept.length ? `?${kept.join("&")}` : "";
}

/** The absolute URL of a page (path without the locale's base path) in a locale, tracking parameters dropped. */
export function canonicalUrl(origin: string, locale: Locale, path: string, search = ""): string {
  return `${origin}${localePath(locale, path)}${withoutTracking(search)}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** The page in every language, absolute, and `x-default`: the Korean page (SPEC §1, Korean first). */
export function alternates(origin: string, path: string, search = ""): Alternate[] {
  const links = LOCALES.map((locale) => ({ hreflang: locale, href: canonicalUrl(origin, locale, path, search) }));
  return [...links, { hreflang: "x-default", href: canonicalUrl(origin, DEFAULT_LOCALE, path, search) }];
}

/**
 * Screens of one person or of staff, in every language: nothing for a search engine. /pay and /login
 * cover their sub-paths (`/pay/test/popup`); the rest of the site, award pages and public files included,
 * is open. (Robots rules are prefixes: a content page must not be named like these, e.g. `/payments`.)
 */
export const PRIVATE_PREFIXES = [
  "/management",
  "/api",
  "/mypage",
  "/entry",
  "/profile",
  "/withdraw",
  "/pay",
  "/login",
  "/logout",
  "/register",
  "/find",
  "/password",
  "/change",
  "/rejected",
] as const;

/** robots.txt of the site on `origin`: the public site allowed, personal screens not, the sitemap named. */
export function robotsTxt(origin: string): string {
  const disallow = LOCALES.flatMap((locale) =>
    PRIVATE_PREFIXES.map((prefix) => `Disallow: ${localePath(locale, prefix)}`)
  );
  return ["User-agent: *", "Allow: /", ...disallow, "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** Whether robots.txt keeps crawlers off a path (with its locale's base path), by the rules above. */
export function isDisallowed(pathWithBase: string): boolean {
  return LOCALES.some((locale) =>
    PRIVATE_PREFIXES.some((prefix) => pathWithBase.startsWith(localePath(locale, prefix)))
  );
}

/** A page of the sitemap: its path without base path (listed once per language), and when it last changed. */
export interface SitemapPage {
  path: string;
  lastmod?: Date | null;
}

export interface SitemapAward extends AwardSchedule {
  family: AwardFamily;
  year: number;
  updatedAt?: Date | null;
}

/**
 * The award pages a visitor can read: the site's award schedule (/schedule; /winners only redirects to a
 * year's winners), each family's home, and per year its exhibition and judges, its nominees and winners
 * once they are published (domain/award/publication.ts). Entries are left out.
 */
export function awardPages(families: readonly AwardFamily[], awards: SitemapAward[], now: Date): SitemapPage[] {
  const pages: SitemapPage[] = [{ path: "/schedule" }];
  for (const family of families) {
    const own = awards.filter((a) => a.family === family).sort((a, b) => b.year - a.year);
    const newest = own.reduce<Date | null>(
      (last, a) => (a.updatedAt && (!last || a.updatedAt > last) ? a.updatedAt : last),
      null,
    );
    pages.push({ path: `/${family}`, lastmod: newest });
    for (const award of own) {
      const base = `/${family}/years/${award.year}`;
      pages.push({ path: base, lastmod: award.updatedAt }, { path: `${base}/judges`, lastmod: award.updatedAt });
      if (nomineesPublished(award, now)) pages.push({ path: `${base}/nominees`, lastmod: award.updatedAt });
      if (resultsPublished(award, now)) pages.push({ path: `${base}/winners`, lastmod: award.updatedAt });
    }
  }
  return pages;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/**
 * The sitemap of the site on `origin`: every page once per language, each with its alternates
 * (`xhtml:link`, sitemaps.org and Google's hreflang-in-sitemap format). A sitemap holds at most 50,000
 * URLs; pages beyond that are left out (a sitemap index would be the next step).
 */
export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const perPage = LOCALES.length;
  const kept = pages.length * perPage <= 50_000 ? pages : pages.slice(0, Math.floor(50_000 / perPage));
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of kept) {
    const links = alternates(origin, page.path).map((a) =>
      `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`
    ).join("");
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : "";
    for (const locale of LOCALES) {
      out.push(`<url><loc>${xml(canonicalUrl(origin, locale, page.path))}</loc>${lastmod}${links}</url>`);
    }
  }
  out.push("</urlset>", "");
  return out.join("\n");
}
