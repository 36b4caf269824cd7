// A builder page's published tree as an HTML string, for GET /api/{host}/page/current (SPEC §7 `content`):
// the same tree, live data and PageTree the public page renders (routes/[...path].tsx), so the call never
// answers the page's old HTML column once the page is built with the builder.
import { renderToString } from "preact-render-to-string";
import type { Db } from "../../db/client.ts";
import { loadLiveData } from "../../domain/builder/live.ts";
import type { BuilderNode } from "../../domain/builder/tree.ts";
import { publishedTrees } from "../../domain/builder/versions.ts";
import type { Locale } from "../../fresh.config.ts";
import type { Translate } from "../../i18n/mod.ts";
import { href } from "../../state.ts";
import { PageTree } from "./PageTree.tsx";

export interface PageHtmlOptions {
  t: Translate;
  /** The locale's base path (`""` or `/en`): same-site links stay in the page's language. */
  basePath: string;
  usdKrwRate: number;
  staticUrl?: (path: string) => string;
}

/** The published tree of the page in `locale` (the Korean one when there is no English tree), or null. */
export async function publishedPageHtml(
  db: Db,
  siteId: number,
  pageId: number,
  locale: Locale,
  { t, basePath, usdKrwRate, staticUrl }: PageHtmlOptions,
): Promise<string | null> {
  const trees = await publishedTrees(db, pageId);
  if (!trees) return null;
  const nodes = ((locale === "en" && trees.en) || trees.ko) as BuilderNode[];
  const live = await loadLiveData(db, siteId, nodes, locale, { usdKrwRate });
  const link = (path: string) => href({ basePath }, path);
  return renderToString(<PageTree nodes={nodes} ctx={{ t, locale, link, live, staticUrl }} />);
}
