// Browser boot: hydrates each <island-root> with its island's chunk and props. An island whose chunk does
// not load (a deploy replaced it since the page was served) reloads the page once to get the new one, at
// most once a minute so a chunk that stays missing cannot loop (SPEC §2.4, §8). An island that loads but
// fails to hydrate is skipped (logged) so the rest of the page still works. The page behaviours
// (behaviours.ts) start once, before any island.
import { h, hydrate } from "preact";
import { lazyImages, navigationProgress, warnUnsaved } from "./behaviours.ts";

interface IslandData {
  islands: Record<string, string>;
  props: Record<string, unknown>[];
}

const RELOAD_KEY = "islands:reloaded-at";
const RELOAD_EVERY_MS = 60_000;

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

warnUnsaved();
navigationProgress();
lazyImages();

const script = document.getElementById("__islands");
if (script?.textContent) {
  const data = JSON.parse(script.textContent) as IslandData;
  for (const el of document.querySelectorAll<HTMLElement>("island-root")) {
    if (el.parentElement?.closest("island-root")) continue;
    const name = el.dataset.island ?? "";
    const props = data.props[Number(el.dataset.id)];
    const url = data.islands[name];
    if (!url || !props) continue;
    import(url).then(
      (mod) => {
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
