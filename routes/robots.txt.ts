// GET /robots.txt: one per host (the site chosen by host name), naming that host's sitemap; none under /en.
import { HttpError } from "../framework/errors.ts";
import { textResponse } from "../framework/http.ts";
import { originOf, robotsTxt } from "../domain/site/seo.ts";
import { define } from "../state.ts";

export const handler = define.handlers({
  GET({ state, url }) {
    if (state.basePath) throw new HttpError(404, "error.404");
    state.cacheable = true;
    return textResponse(robotsTxt(originOf(url.href, state.https)), {
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  },
});
