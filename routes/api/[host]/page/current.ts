// GET /api/{host}/page/current?url= → { site, menu, page, content, layout, baseUri, subDomain } (SPEC §7).
// `content` is what visitors see: a builder page's published tree rendered as on the public page (its old
// HTML column is not shown any more), any other page its stored HTML with its live lists filled (the home
// pages' latest notices and events, components/site/live-content.tsx).
import { z } from "zod";
import { HttpError } from "../../../../framework/errors.ts";
import { LOCALE_BASE_PATHS } from "../../../../fresh.config.ts";
import { hostName } from "../../../../domain/site/hosts.ts";
import { canonicalPath, isReservedPath } from "../../../../domain/site/paths.ts";
import { localizePage, siteJson } from "../../../../domain/site/present.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { publishedPageHtml } from "../../../../components/builder/page-html.tsx";
import { withLiveBlocks } from "../../../../components/site/live-content.tsx";
import { createTranslator } from "../../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../../state.ts";

const Query = z.object({ url: z.string().min(1).max(2048).startsWith("/") });

/** `/en/about` → locale en, path `/about`; the English base path decides the locale as on the site. */
function splitLocale(path: string, fallback: "ko" | "en") {
  for (const [base, locale] of Object.entries(LOCALE_BASE_PATHS)) {
    if (path === base || path.startsWith(`${base}/`)) {
      return { locale, baseUri: `${base}/`, path: path.slice(base.length) || "/" };
    }
  }
  return { locale: fallback === "en" ? "en" as const : "ko" as const, baseUri: fallback === "en" ? "/en/" : "/", path };
}

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params, url }) {
    const { url: target } = parseQuery(Query, url);
    const host = hostName(params.host);
    const site = await state.sites.siteForHost(host);
    if (!site) throw new HttpError(404, "error.404");
    const { locale, baseUri, path: rawPath } = splitLocale(target.split(/[?#]/)[0], state.locale);
    const path = canonicalPath(rawPath);
    const row = isReservedPath(path) ? null : await state.sites.page(site.id, path);
    if (!row) throw new HttpError(404, "error.404");
    const view = localizePage(row, locale);
    const t = locale === state.locale ? state.t : createTranslator(locale, await state.sites.textOverrides(locale));
    const basePath = baseUri === "/" ? "" : baseUri.slice(0, -1);
    const staticUrl = state.staticFiles ? (p: string) => state.staticFiles!.url(p) : undefined;
    if (row.format === "builder") {
      // Publishing makes a page a builder page, so its published tree is there; the fallback is the site's.
      view.content = await publishedPageHtml(state.db, site.id, row.id, locale, {
        t,
        basePath,
        usdKrwRate: state.config.usdKrwRate,
        staticUrl,
      }) ?? view.content;
    } else {
      view.content = await withLiveBlocks(state.db, site.id, view.content, {
        t,
        locale,
        link: (p) => href({ basePath }, p),
        staticUrl,
        usdKrwRate: state.config.usdKrwRate,
      }) ?? view.content;
    }
    return Response.json({
      site: siteJson(site, locale),
      menu: await state.sites.menu(site.id),
      page: {
        id: view.id,
        path: view.path,
        title: view.title,
        description: view.description,
        updated_at: view.updated_at,
        format: row.format,
      },
      content: view.content,
      layout: view.layout,
      baseUri,
      subDomain: site.subDomain,
    });
  },
});
