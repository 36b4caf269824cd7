// GET /sitemap.xml: the host's site, its published content pages and the award pages, each in both
// languages with its alternates; one per host (none under /en). Cached like an anonymous page, so edits
// to pages or awards renew it on every instance (NOTIFY site_cache).
import { HttpError } from "../framework/errors.ts";
import { textResponse } from "../framework/http.ts";
import { originOf, sitemapXml } from "../domain/site/seo.ts";
import { sitemapPages } from "../domain/site/sitemap.ts";
import { define } from "../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    if (state.basePath || !state.site) throw new HttpError(404, "error.404");
    const pages = await sitemapPages(state.db, state.site.id, new Date());
    state.cacheable = true;
    return textResponse(sitemapXml(originOf(url.href, state.https), pages), {
      headers: { "content-type": "application/xml; charset=utf-8" },
    });
  },
});
