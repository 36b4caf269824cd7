// Content pages (SPEC §2.1): every path the application does not own is looked up by site and encoded
// path; anonymous answers are cached (routes/_middleware.ts). A builder page (issue 15) shows its published
// component tree in the visitor's language, with its live data; any other page its stored HTML, its live
// placeholders (the home pages' latest notices and events) filled from the boards the same way. A menu's
// path without a published page yet shows that it is being prepared (SPEC §2.3 development shell).
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { PageTree } from "../components/builder/PageTree.tsx";
import { withLiveBlocks } from "../components/site/live-content.tsx";
import { type LiveData, loadLiveData } from "../domain/builder/live.ts";
import type { BuilderNode } from "../domain/builder/tree.ts";
import { publishedTrees } from "../domain/builder/versions.ts";
import { canonicalPath, isReservedPath } from "../domain/site/paths.ts";
import { layoutFor } from "../domain/builder/layouts.ts";
import { localizePage, pageLayout, type PageView } from "../domain/site/present.ts";
import { menuTitle, trailTo } from "../domain/site/menu.ts";
import { define, href } from "../state.ts";

/** A published page with its builder tree and layout notes, or a menu page still being prepared. */
type ContentData =
  | { preparing: true }
  | PageView & {
    builder: { nodes: BuilderNode[]; live: LiveData } | null;
    notice: string;
    footerNote: string;
    /** The stored HTML holds live lists: the builder's stylesheet goes with it. */
    liveStyles: boolean;
  };

export const handler = define.handlers({
  async GET({ state, url }) {
    const path = canonicalPath(url.pathname);
    if (!state.site || isReservedPath(path)) throw new HttpError(404, "error.404");
    const row = await state.sites.page(state.site.id, path);
    if (!row) {
      // A menu item whose page is not published yet is being prepared (the development shell), not missing.
      const item = trailTo(state.menu, path).at(-1);
      if (!item) throw new HttpError(404, "error.404");
      state.layout = "development";
      state.title = menuTitle(item, state.locale);
      return page<ContentData>({ preparing: true }, { headers: { "x-robots-tag": "noindex" } });
    }
    const view = localizePage(row, state.locale);
    // The site's layout settings (/management/layout): the frame of the page's layout name, and its notes.
    const layout = await layoutFor(state.db, state.site.id, row.layout, state.locale);
    if (layout) view.layout = pageLayout(layout.shell);
    state.layout = view.layout;
    state.title = path === "/" ? undefined : view.title;
    state.description = view.description || undefined;
    state.cacheable = true;
    let builder: { nodes: BuilderNode[]; live: LiveData } | null = null;
    if (row.format === "builder") {
      const trees = await publishedTrees(state.db, row.id);
      if (trees) {
        const nodes = ((state.locale === "en" && trees.en) || trees.ko) as BuilderNode[];
        const live = await loadLiveData(state.db, state.site.id, nodes, state.locale, {
          usdKrwRate: state.config.usdKrwRate,
        });
        builder = { nodes, live };
      }
    }
    const filled = builder ? null : await withLiveBlocks(state.db, state.site.id, view.content, {
      t: state.t,
      locale: state.locale,
      link: (p) => href(state, p),
      staticUrl: state.staticFiles ? (p) => state.staticFiles!.url(p) : undefined,
      usdKrwRate: state.config.usdKrwRate,
    });
    return page<ContentData>({
      ...view,
      content: filled ?? view.content,
      liveStyles: filled !== null,
      builder,
      notice: layout?.notice ?? "",
      footerNote: layout?.footerNote ?? "",
    });
  },
});

/** The page's stored HTML. */
function Content({ html }: { html: string }) {
  // deno-lint-ignore react-no-danger -- page HTML comes only from administrators (seed, page builder); DESIGN §3: sanitised on write
  return <article class="content" dangerouslySetInnerHTML={{ __html: html }} />;
}

// The default shell has no title band (the sub shell's header names the page): such a page names itself, as
// does a builder page in the home shell (a tree has no level-one heading of its own).
export default define.page<typeof handler>(({ data, state }) =>
  "preparing" in data ? <p class="preparing">{state.t("site.preparing")}</p> : (
    <>
      {(data.layout === "default" || (data.builder && data.layout === "home")) && (
        <h1 class="page-title">{data.title}</h1>
      )}
      {data.notice && <p class="layout-notice">{data.notice}</p>}
      {data.builder
        ? (
          <PageTree
            nodes={data.builder.nodes}
            ctx={{
              t: state.t,
              locale: state.locale,
              link: (p) => href(state, p),
              live: data.builder.live,
              staticUrl: state.staticFiles ? (p) => state.staticFiles!.url(p) : undefined,
            }}
          />
        )
        : (
          <>
            {data.liveStyles && (
              <link
                rel="stylesheet"
                href={state.staticFiles ? state.staticFiles.url("/css/builder.css") : "/css/builder.css"}
              />
            )}
            <Content html={data.content} />
          </>
        )}
      {data.footerNote && <p class="layout-note">{data.footerNote}</p>}
    </>
  )
);
