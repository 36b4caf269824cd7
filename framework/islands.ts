// Server side of islands: an island component renders inside an <island-root> marker and its props are
// collected for one JSON block that the boot module reads. Islands do not nest (the boot skips inner ones).
// deno-lint-ignore-file no-explicit-any -- routes, layouts and islands of any props and state live side by side here
import { type ComponentType, h, options, type VNode } from "preact";

const islandNames = new Map<ComponentType<any>, string>();
const wrappers = new Map<ComponentType<any>, ComponentType<any>>();

export function registerIslands(islands: Record<string, ComponentType<any>>) {
  for (const [name, component] of Object.entries(islands)) {
    islandNames.set(component, name);
    const wrapper = makeWrapper(name, component);
    wrappers.set(component, wrapper);
    wrapperSet.add(wrapper);
  }
}

export interface IslandCollector {
  names: Set<string>;
  props: unknown[];
}

/** Set only while a synchronous renderToString runs, so concurrent requests never share it. */
let collector: IslandCollector | null = null;

export function collectIslands<T>(render: () => T): { result: T; islands: IslandCollector } {
  const previous = collector;
  const islands: IslandCollector = { names: new Set(), props: [] };
  collector = islands;
  depth = 0;
  try {
    return { result: render(), islands };
  } finally {
    collector = previous;
  }
}

function makeWrapper(name: string, component: ComponentType<any>): ComponentType<any> {
  const Wrapper = (props: Record<string, unknown>) => {
    if (!collector) return h(component, props);
    const id = collector.props.length;
    // Serialise now so a bad prop fails the render of this page, not the browser.
    serializeProps(props);
    collector.props.push(props);
    collector.names.add(name);
    bypass = true;
    try {
      return h("island-root", { "data-island": name, "data-id": String(id) }, h(component, props));
    } finally {
      bypass = false;
    }
  };
  Wrapper.displayName = `Island(${name})`;
  return Wrapper;
}

// `bypass` stops the wrapper's own inner vnode from being wrapped again; `depth` counts islands being
// rendered (preact-render-to-string calls options.__b before and options.diffed after each vnode), so an
// island used inside another island renders as a plain component of its parent.
let bypass = false;
let depth = 0;
const isWrapper = (type: unknown) => typeof type === "function" && wrapperSet.has(type as ComponentType);
const wrapperSet = new Set<ComponentType<any>>();
type Hooks = typeof options & { __b?: (v: VNode) => void };
const hooks = options as Hooks;

const previousVnode = hooks.vnode;
hooks.vnode = (vnode: VNode<any>) => {
  const wrapper = typeof vnode.type === "function" ? wrappers.get(vnode.type) : undefined;
  if (wrapper && collector && !bypass && depth === 0) vnode.type = wrapper;
  previousVnode?.(vnode);
};
const previousDiff = hooks.__b;
hooks.__b = (vnode: VNode) => {
  if (collector && isWrapper(vnode.type)) depth++;
  previousDiff?.(vnode);
};
const previousDiffed = hooks.diffed;
hooks.diffed = (vnode: VNode) => {
  if (collector && isWrapper(vnode.type)) depth--;
  previousDiffed?.(vnode);
};

export class IslandPropsError extends Error {}

function isVNode(value: object): boolean {
  return "__k" in value || ("type" in value && "props" in value && "constructor" in value &&
    (value as { constructor: unknown }).constructor === undefined);
}

/** JSON for a <script type="application/json">: functions and elements refused, markup characters escaped. */
export function serializeProps(value: unknown): string {
  const json = JSON.stringify(value, (key, v) => {
    if (typeof v === "function" || typeof v === "symbol") {
      throw new IslandPropsError(`Island prop "${key}" is a ${typeof v}; only JSON values can be sent`);
    }
    if (typeof v === "bigint") throw new IslandPropsError(`Island prop "${key}" is a bigint`);
    if (v && typeof v === "object" && isVNode(v)) {
      throw new IslandPropsError(`Island prop "${key}" is a JSX element; islands take JSON props only`);
    }
    return v;
  }) ?? "null";
  return escapeJsonForHtml(json);
}

export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
