// Content pages (SPEC §2.1): every path the application does not own is looked up by site and encoded
// path; anonymous answers are cached (routes/_middleware.ts).
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { canonicalPath, isReservedPath } from "../domain/site/paths.ts";
import { localizePage } from "../domain/site/present.ts";
import { define } from "../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    const path = canonicalPath(url.pathname);
    if (!state.site || isReservedPath(path)) throw new HttpError(404, "error.404");
    const row = await state.sites.page(state.site.id, path);
    if (!row) throw new HttpError(404, "error.404");
    const view = localizePage(row, state.locale);
    state.layout = view.layout;
    state.title = path === "/" ? undefined : view.title;
    state.description = view.description || undefined;
    state.cacheable = true;
    return page(view);
  },
});

/** The page's stored HTML. */
function Content({ html }: { html: string }) {
  // deno-lint-ignore react-no-danger -- page HTML comes only from administrators (seed, page builder); DESIGN §3: sanitised on write
  return <article class="content" dangerouslySetInnerHTML={{ __html: html }} />;
}

// The default shell has no title band (the sub shell's header names the page): such a page names itself.
export default define.page<typeof handler>(({ data }) => (
  <>
    {data.layout === "default" && <h1 class="page-title">{data.title}</h1>}
    <Content html={data.content} />
  </>
));
