// The words visitors read on a builder page, as plain text for the site search (domain/search/sources.ts):
// stored on the page row whenever a version is published or rolled back to (domain/builder/versions.ts), so
// the search finds what is published and never a draft. Which properties are text comes from the
// catalogue's field kinds; links, images, numbers and options are not words of the page. Live components
// (notices, contests, …) are left out: their items are found as themselves.
import { plainText } from "../common/rich-text.ts";
import type { PageTrees } from "../../db/schema/builder.ts";
import { componentDef } from "./catalogue.ts";
import { type BuilderNode, walkNodes } from "./tree.ts";

/** Text fields that name something rather than show it (the notices' board slug). */
const NOT_SHOWN = new Set(["notices.board"]);

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap(strings) : typeof v === "string" ? [v] : []);

/** The text of one language's tree, in reading order, joined by spaces. */
export function treeText(nodes: readonly BuilderNode[]): string {
  const parts: string[] = [];
  for (const node of walkNodes(nodes)) {
    for (const field of componentDef(node.type)?.fields ?? []) {
      if (NOT_SHOWN.has(`${node.type}.${field.name}`)) continue;
      const value = node.props?.[field.name];
      switch (field.kind) {
        case "text":
        case "textarea":
        case "items":
        case "rows":
          parts.push(...strings(value));
          break;
        case "richtext":
          if (typeof value === "string") parts.push(plainText(value));
          break;
        case "slides":
          for (const slide of Array.isArray(value) ? value : []) {
            parts.push(...strings([slide?.alt, slide?.caption]));
          }
          break;
      }
    }
  }
  return parts.map((p) => p.trim()).filter(Boolean).join(" ");
}

/** The search columns of a page from its published trees (English empty when it shows the Korean tree). */
export function searchTexts(trees: PageTrees): { searchText: string; searchTextEn: string } {
  // Stored trees passed parseTrees when they were saved.
  const ko = trees.ko as BuilderNode[];
  const en = trees.en as BuilderNode[] | null;
  return { searchText: treeText(ko), searchTextEn: en ? treeText(en) : "" };
}
