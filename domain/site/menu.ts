// The menu tree of a site (SPEC §3 Menu item): rows → nested items sorted by `sort`, hidden ones dropped.
import type { Locale } from "../../fresh.config.ts";
import type { MenuRow } from "../../db/schema/site.ts";

export interface MenuItem {
  id: number;
  parent_id: number | null;
  title: string;
  title_en: string;
  url: string;
  layout: string | null;
  sort: number;
  hidden: boolean;
  children: MenuItem[];
}

export function buildMenuTree(rows: MenuRow[], { includeHidden = false } = {}): MenuItem[] {
  const visible = rows.filter((r) => includeHidden || !r.hidden);
  const items = new Map<number, MenuItem>(visible.map((r) => [r.id, {
    id: r.id,
    parent_id: r.parentId,
    title: r.title,
    title_en: r.titleEn,
    url: r.url,
    layout: r.layout,
    sort: r.sort,
    hidden: r.hidden,
    children: [],
  }]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parent_id === null) roots.push(item);
    else items.get(item.parent_id)?.children.push(item); // a child of a hidden item is hidden with it
  }
  const sort = (list: MenuItem[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((i) => sort(i.children));
    return list;
  };
  return sort(roots);
}

export function menuTitle(item: Pick<MenuItem, "title" | "title_en">, locale: Locale): string {
  return locale === "en" && item.title_en ? item.title_en : item.title;
}

/** The top-level item whose subtree contains `path`, for the section menu of the `sub` layout. */
export function sectionOf(tree: MenuItem[], path: string): MenuItem | undefined {
  const contains = (item: MenuItem): boolean =>
    item.url === path || (item.url !== "/" && path.startsWith(`${item.url}/`)) || item.children.some(contains);
  return tree.find(contains);
}

/** Items from the top of the tree down to the one linking to `path` (for breadcrumbs). */
export function trailTo(tree: MenuItem[], path: string): MenuItem[] {
  for (const item of tree) {
    if (item.url === path) return [item];
    const below = trailTo(item.children, path);
    if (below.length) return [item, ...below];
  }
  return [];
}
