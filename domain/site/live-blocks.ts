// Live lists inside a content page's stored HTML (issue 13 §5 "the home page shows the latest notices and
// events"): an empty element `<div data-live="notices" data-board="notice" data-count="4"></div>` (or
// `events`, `contests`) stands for the builder's live component of that type — its data read through the
// same function (domain/builder/live.ts loadLiveData) and drawn by the same component (PageTree) when the
// page renders, so a page written as HTML shows the boards as they are rather than a list typed once.
import type { BuilderNode } from "../builder/tree.ts";

/** The live components a content page may hold, with the props each takes from its element. */
const LIVE_BLOCK_TYPES = ["notices", "events", "contests"] as const;

/** One placeholder: exactly this shape (attributes in any order), nothing inside it. */
export const LIVE_BLOCK = /<div\s+((?:data-(?:live|board|count)="[^"<>]*"\s*)+)><\/div>/g;

const attribute = (attrs: string, name: string) => attrs.match(new RegExp(`data-${name}="([^"]*)"`))?.[1];

/** The node a placeholder stands for, or null when it names no live component (left as it is). */
function nodeOf(attrs: string, index: number): BuilderNode | null {
  const type = attribute(attrs, "live");
  if (!LIVE_BLOCK_TYPES.includes(type as typeof LIVE_BLOCK_TYPES[number])) return null;
  const props: Record<string, unknown> = {};
  const board = attribute(attrs, "board");
  if (board && /^[a-z0-9_-]{1,40}$/.test(board)) props.board = board;
  const count = Number(attribute(attrs, "count"));
  if (Number.isInteger(count) && count >= 1 && count <= 20) props.count = count;
  return { id: `live-${index}`, type: type!, props };
}

/** The live components of the page's HTML, in order (ids `live-0`, `live-1` … by position). */
export function liveBlocksOf(html: string): BuilderNode[] {
  const nodes: BuilderNode[] = [];
  let index = 0;
  for (const match of html.matchAll(LIVE_BLOCK)) {
    const node = nodeOf(match[1], index++);
    if (node) nodes.push(node);
  }
  return nodes;
}

/** The HTML with each placeholder replaced by `render(node)` (a placeholder naming nothing stays). */
export function replaceLiveBlocks(html: string, nodes: BuilderNode[], render: (node: BuilderNode) => string): string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let index = 0;
  return html.replace(LIVE_BLOCK, (whole) => {
    const node = byId.get(`live-${index++}`);
    return node ? render(node) : whole;
  });
}
