// Renders a route's page inside its layouts and `_app`, then adds the island boot only when islands were used
// (or a form asks for the boot's unsaved-changes warning).
// deno-lint-ignore-file no-explicit-any -- routes, layouts and islands of any props and state live side by side here
import { type ComponentType, h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { collectIslands, serializeProps } from "./islands.ts";

/** The attribute of a form that warns before the page is left with unsaved changes (SPEC §5). */
export const WARN_UNSAVED = "data-warn-unsaved";

export interface IslandAssets {
  /** URL of the boot module. */
  boot: string;
  /** Island name → URL of its chunk. */
  islands: Record<string, string>;
  /** URL of a chunk → URLs of the chunks it imports statically (for modulepreload). */
  imports: Record<string, string[]>;
}

export interface RenderInput {
  app?: ComponentType<any>;
  /** Outermost first. */
  layouts: ComponentType<any>[];
  component: ComponentType<any>;
  props: Record<string, unknown>;
  assets: IslandAssets | null;
}

export function renderDocument({ app, layouts, component, props, assets }: RenderInput): string {
  let Inner: ComponentType = () => h(component, props);
  for (const layout of [...layouts].reverse()) {
    const Child: ComponentType = Inner;
    Inner = (): VNode => h(layout, { ...props, Component: Child });
  }
  const root: VNode = app ? h(app, { ...props, Component: Inner }) : h(Inner, {});
  const { result: html, islands } = collectIslands(() => renderToString(root));
  let document = html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`;
  // A form that warns about unsaved changes needs the boot's behaviours even on a page without islands.
  if (islands.names.size === 0 && !html.includes(WARN_UNSAVED)) return document;
  if (!assets) throw new Error("This page uses islands but they are not built; run `deno task build`");

  const urls: Record<string, string> = {};
  for (const name of islands.names) {
    const url = assets.islands[name];
    if (!url) throw new Error(`Island ${name} is missing from the build; run \`deno task build\``);
    urls[name] = url;
  }
  const preload = new Set<string>();
  const addWithImports = (url: string) => {
    if (preload.has(url)) return;
    preload.add(url);
    for (const dep of assets.imports[url] ?? []) addWithImports(dep);
  };
  addWithImports(assets.boot);
  Object.values(urls).forEach(addWithImports);
  const links = [...preload].map((url) => `<link rel="modulepreload" href="${url}">`).join("");
  const json = serializeProps({ islands: urls, props: islands.props });
  const scripts = `<script type="application/json" id="__islands">${json}</script>` +
    `<script type="module" src="${assets.boot}"></script>`;
  document = insertBefore(document, "</head>", links);
  return insertBefore(document, "</body>", scripts);
}

function insertBefore(html: string, marker: string, insert: string): string {
  const i = html.lastIndexOf(marker);
  return i === -1 ? html + insert : html.slice(0, i) + insert + html.slice(i);
}
