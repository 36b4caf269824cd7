// Hydrating islands in the browser: each <island-root> marker under a root is hydrated with its island's
// chunk and props, read from the `__islands` JSON block of the document that rendered the marker. The boot
// module does it for the page once; code that inserts server-rendered HTML later (the wizard shell swapping
// the next step in) does it for the inserted subtree, with the answer's own block (its markers' ids index
// that answer's props, not the page's). An island whose chunk does not load (a deploy replaced it since the
// page was served) reloads the page once to get the new one, at most once a minute so a chunk that stays
// missing cannot loop (SPEC §2.4, §8). An island that loads but fails to hydrate is skipped (logged) so the
// rest of the page still works.
import { h, hydrate, render } from "preact";

export interface IslandData {
  islands: Record<string, string>;
  props: Record<string, unknown>[];
}

const RELOAD_KEY = "islands:reloaded-at";
const RELOAD_EVERY_MS = 60_000;

/** Markers hydrated here, so a subtree handed over twice is not hydrated twice. */
const started = new WeakSet<Element>();

/** Reloads the page unless it was reloaded for this in the last minute (or cannot remember that). */
function reloadForMissingChunk(name: string, err: unknown) {
  console.error(`island ${name} failed to load`, err);
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
    if (Date.now() - last < RELOAD_EVERY_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return; // no storage to remember the reload by: never risk a loop
  }
  location.reload();
}

/** The islands block of a document (the page, or one parsed from a fetched answer); null without one. */
export function islandDataOf(doc: ParentNode): IslandData | null {
  const script = doc.querySelector("script#__islands");
  return script?.textContent ? JSON.parse(script.textContent) as IslandData : null;
}

/** Hydrates every outermost island marker under `root` (islands do not nest) not hydrated yet. */
export function hydrateIslands(root: ParentNode, data: IslandData | null): void {
  if (!data) return;
  for (const el of root.querySelectorAll<HTMLElement>("island-root")) {
    if (started.has(el) || el.parentElement?.closest("island-root")) continue;
    const name = el.dataset.island ?? "";
    const props = data.props[Number(el.dataset.id)];
    const url = data.islands[name];
    if (!url || !props) continue;
    started.add(el);
    import(url).then(
      (mod) => {
        if (!el.isConnected) return; // replaced before its chunk arrived
        try {
          hydrate(h(mod.default, props), el);
        } catch (err) {
          console.error(`island ${name} failed to hydrate`, err);
        }
      },
      (err) => reloadForMissingChunk(name, err),
    );
  }
}

/** Unmounts the islands under `root` before its content is replaced, so their effects are cleaned up. */
export function releaseIslands(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>("island-root")) {
    if (!started.has(el)) continue;
    started.delete(el);
    render(null, el);
  }
}
