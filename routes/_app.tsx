// The HTML document: language, title, description, Open Graph, the stylesheet, canonical and
// alternate-language links.
import { alternates, canonicalUrl, originOf, pagePath } from "../domain/site/seo.ts";
import { define } from "../state.ts";

export default define.layout(({ Component, state, url }) => {
  const siteName = state.site ? (state.locale === "en" && state.site.nameEn ? state.site.nameEn : state.site.name) : "";
  const title = [state.title, siteName].filter(Boolean).join(" | ") || state.t("error.title");
  const description = state.description ??
    (state.locale === "en" ? state.site?.descriptionEn : state.site?.description) ?? "";
  // Absolute, on the origin the visitor reached (issue 10 §4); the page cache keys pages by origin.
  const origin = originOf(url.href, state.https);
  const path = pagePath(url.pathname);
  return (
    <html lang={state.locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description && <meta name="description" content={description} />}
        {state.site?.keywords && <meta name="keywords" content={state.site.keywords} />}
        <meta property="og:title" content={title} />
        {description && <meta property="og:description" content={description} />}
        {state.site?.ogImage && <meta property="og:image" content={`/storage/public/${state.site.ogImage}`} />}
        <link rel="canonical" href={canonicalUrl(origin, state.locale, path, url.search)} />
        {alternates(origin, path, url.search).map((a) => (
          <link key={a.hreflang} rel="alternate" hreflang={a.hreflang} href={a.href} />
        ))}
        <link rel="stylesheet" href={state.staticFiles?.url("/css/site.css") ?? "/css/site.css"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <Component />
      </body>
    </html>
  );
});
