// Browser boot: starts the page behaviours (behaviours.ts) once, before any island, then hydrates each
// <island-root> of the page with its island's chunk and props (hydrate.ts; islands inserted later are
// hydrated by whoever inserts them, through the same function).
import { lazyImages, navigationProgress, warnUnsaved } from "./behaviours.ts";
import { hydrateIslands, islandDataOf } from "./hydrate.ts";

warnUnsaved();
navigationProgress();
lazyImages();

hydrateIslands(document, islandDataOf(document));
