// Browser boot: hydrates each <island-root> with its island's chunk and props. A broken island is
// skipped (logged) so the rest of the page still works.
import { h, hydrate } from "preact";

interface IslandData {
  islands: Record<string, string>;
  props: Record<string, unknown>[];
}

const script = document.getElementById("__islands");
if (script?.textContent) {
  const data = JSON.parse(script.textContent) as IslandData;
  for (const el of document.querySelectorAll<HTMLElement>("island-root")) {
    if (el.parentElement?.closest("island-root")) continue;
    const name = el.dataset.island ?? "";
    const props = data.props[Number(el.dataset.id)];
    const url = data.islands[name];
    if (!url || !props) continue;
    import(url)
      .then((mod) => hydrate(h(mod.default, props), el))
      .catch((err) => console.error(`island ${name} failed to load`, err));
  }
}
