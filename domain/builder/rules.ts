// Pure rules of site administration (issue 15 §4), tested without a database: which page paths the
// application owns, menu moves (no item may become its own ancestor), menu links to missing pages.
import { parseRouteFile, SPECIAL_FILES } from "../../framework/manifest.ts";
import { LOCALE_BASE_PATHS } from "../../fresh.config.ts";
import { isReservedPath } from "../site/paths.ts";

/** The route files of the manifest as segment lists, without the special files and the root catch-all. */
export function routeShapes(files: Iterable<string>) {
  const shapes = [];
  for (const file of files) {
    const name = file.split("/").pop()!.replace(/\.[jt]sx?$/, "");
    if ((SPECIAL_FILES as readonly string[]).includes(name)) continue;
    const segments = parseRouteFile(file);
    if (segments.length === 1 && segments[0].kind === "catchall") continue; // content pages themselves
    shapes.push(segments);
  }
  return shapes;
}

/**
 * Whether a canonical page path (`/about/greeting`, percent-encoded) is the application's: a reserved
 * prefix (SPEC §2.1), a locale's base path (`/en/…` is the English site), or a route of the manifest
 * (`/login`, `/contest/5`, `/api/…`).
 */
export function isApplicationPath(path: string, shapes: ReturnType<typeof routeShapes>): boolean {
  if (isReservedPath(path)) return true;
  const lower = path.toLowerCase();
  if (Object.keys(LOCALE_BASE_PATHS).some((base) => lower === base || lower.startsWith(`${base}/`))) return true;
  const parts = path === "/" ? [] : path.slice(1).split("/").map((s) => decodeURIComponent(s).toLowerCase());
  return shapes.some((segments) => {
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i];
      if (s.kind === "catchall") return parts.length > i;
      if (i >= parts.length) return false;
      if (s.kind === "static" && s.value.toLowerCase() !== parts[i]) return false;
    }
    return segments.length === parts.length;
  });
}

export interface MenuNode {
  id: number;
  parentId: number | null;
  sort: number;
}

/** Whether making `parentId` the parent of `id` would make an item its own ancestor (a cycle). */
export function wouldCycle(rows: readonly MenuNode[], id: number, parentId: number | null): boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  for (let at = parentId, steps = 0; at !== null && at !== undefined; at = parentOf.get(at) ?? null, steps++) {
    if (at === id || steps > rows.length) return true;
  }
  return false;
}

/**
 * Moving an item one place up or down among its siblings: the new `sort` of each sibling whose place
 * changed (sorts renumbered 10, 20, 30 … so equal sorts cannot stall a move). Empty when it cannot move.
 */
export function menuMove(rows: readonly MenuNode[], id: number, direction: "up" | "down"): Map<number, number> {
  const item = rows.find((r) => r.id === id);
  if (!item) return new Map();
  const siblings = rows.filter((r) => r.parentId === item.parentId).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const i = siblings.findIndex((r) => r.id === id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= siblings.length) return new Map();
  [siblings[i], siblings[j]] = [siblings[j], siblings[i]];
  const changes = new Map<number, number>();
  siblings.forEach((r, k) => {
    if (r.sort !== (k + 1) * 10) changes.set(r.id, (k + 1) * 10);
  });
  return changes;
}

/**
 * Menu items whose same-site link leads nowhere: no page of the site at that path and no application
 * route. Links to other sites (http…) are not checked.
 */
export function missingLinks(
  items: readonly { id: number; url: string }[],
  pagePaths: ReadonlySet<string>,
  isAppPath: (path: string) => boolean,
): Set<number> {
  const missing = new Set<number>();
  for (const item of items) {
    if (!item.url.startsWith("/") || item.url.startsWith("//")) continue;
    const path = item.url.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
    let canonical: string;
    try {
      canonical = "/" + path.split("/").slice(1).map((s) => encodeURIComponent(decodeURIComponent(s))).join("/");
    } catch {
      missing.add(item.id);
      continue;
    }
    if (canonical === "/") canonical = "/";
    if (!pagePaths.has(canonical) && !isAppPath(canonical)) missing.add(item.id);
  }
  return missing;
}
