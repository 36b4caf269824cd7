// A content page's HTML with its live placeholders (domain/site/live-blocks.ts) drawn by the builder's own
// components (PageTree's nodes) from data loaded like a builder page's (domain/builder/live.ts): the
// latest notices and upcoming events of the home pages, live from the boards. Rendered in the route's
// handler, before the page itself renders, as page-html.tsx renders a builder page for the API.
import { renderToString } from "preact-render-to-string";
import type { Db } from "../../db/client.ts";
import { loadLiveData } from "../../domain/builder/live.ts";
import { liveBlocksOf, replaceLiveBlocks } from "../../domain/site/live-blocks.ts";
import type { Locale } from "../../fresh.config.ts";
import { type TreeContext, TreeNode } from "../builder/PageTree.tsx";

/** The HTML with every live placeholder filled, or null when it holds none (the page as stored). */
export async function withLiveBlocks(
  db: Db,
  siteId: number,
  html: string,
  ctx: Omit<TreeContext, "live"> & { locale: Locale; usdKrwRate: number },
): Promise<string | null> {
  const nodes = liveBlocksOf(html);
  if (!nodes.length) return null;
  const live = await loadLiveData(db, siteId, nodes, ctx.locale, { usdKrwRate: ctx.usdKrwRate });
  const tree: TreeContext = { t: ctx.t, locale: ctx.locale, link: ctx.link, staticUrl: ctx.staticUrl, live };
  return replaceLiveBlocks(html, nodes, (node) => renderToString(<TreeNode node={node} ctx={tree} />));
}
