// Helpers of the /api/award and /api/ibda calls: the answer's language, page links, cache headers.
import type { Locale } from "../../fresh.config.ts";

/** `lang` when given, else the site's language of the request. */
export const answerLocale = (lang: Locale | undefined, fallback: Locale): Locale => lang ?? fallback;

/** Page links keep every query parameter of the request and change `page`. */
export function pageUrlOf(url: URL): (page: number) => string {
  return (page) => {
    const next = new URL(url.pathname + url.search, "http://x");
    next.searchParams.set("page", String(page));
    return `${next.pathname}${next.search}`;
  };
}

/** Public lists may be kept a little by browsers and proxies; `force` asks for a fresh answer. */
export function jsonAnswer(body: unknown, force = false): Response {
  return Response.json(body, {
    headers: { "cache-control": force ? "no-store" : "public, max-age=30" },
  });
}
