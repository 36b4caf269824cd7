// File-system routing: turns the keys of routes.gen.ts ("award/[id].tsx") into ordered route entries.
// deno-lint-ignore-file no-explicit-any -- routes, layouts and islands of any props and state live side by side here
import type { ComponentType } from "preact";
import type { Middleware, RouteModule } from "./define.ts";

export interface Manifest {
  routes: Record<string, Record<string, unknown>>;
  islands: Record<string, ComponentType<any>>;
}

export type SegmentKind = "static" | "param" | "catchall";
export interface Segment {
  kind: SegmentKind;
  value: string;
}

export interface RouteEntry {
  file: string;
  dir: string;
  segments: Segment[];
  /** Hono patterns; a catch-all registers its bare prefix too so `/[...path]` matches `/`. */
  patterns: string[];
  module: RouteModule<any>;
}

export const SPECIAL_FILES = ["_app", "_layout", "_middleware", "_404", "_500"] as const;

const ROUTE_FILE = /\.(tsx?|jsx?)$/;

export function parseRouteFile(file: string): Segment[] {
  const parts = file.replace(ROUTE_FILE, "").split("/");
  if (parts.at(-1) === "index") parts.pop();
  return parts.map((part) => {
    const catchall = part.match(/^\[\.\.\.([A-Za-z_]\w*)\]$/);
    if (catchall) return { kind: "catchall", value: catchall[1] };
    const param = part.match(/^\[([A-Za-z_]\w*)\]$/);
    if (param) return { kind: "param", value: param[1] };
    if (/[:*{}()[\]]/.test(part)) throw new Error(`Unsupported route segment "${part}" in ${file}`);
    return { kind: "static", value: part };
  });
}

export function toPatterns(segments: Segment[]): string[] {
  const last = segments.at(-1);
  if (last?.kind === "catchall") {
    const prefix = toPatterns(segments.slice(0, -1))[0];
    const base = prefix === "/" ? "" : prefix;
    return [prefix, `${base}/:${last.value}{.+}`];
  }
  const path = segments.map((s) => (s.kind === "param" ? `:${s.value}` : s.value)).join("/");
  return [`/${path}`];
}

const RANK: Record<SegmentKind, number> = { static: 0, param: 1, catchall: 2 };

/**
 * Static segments win over parameters, which win over catch-alls, segment by segment. When one route
 * continues the other, the longer wins, except that `/x` (index) wins over `/x/[...rest]`, whose bare
 * prefix also matches `/x`.
 */
export function compareSpecificity(a: Segment[], b: Segment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const diff = RANK[a[i].kind] - RANK[b[i].kind];
    if (diff !== 0) return diff;
  }
  if (a.length === b.length) return 0;
  const next = (a.length > b.length ? a : b)[shared];
  if (next.kind === "catchall") return a.length - b.length;
  return b.length - a.length;
}

function dirOf(file: string): string {
  const i = file.lastIndexOf("/");
  return i === -1 ? "" : file.slice(0, i);
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1).replace(ROUTE_FILE, "");
}

export interface ResolvedManifest {
  routes: RouteEntry[];
  middlewares: Map<string, Middleware<any>[]>;
  layouts: Map<string, ComponentType<any>>;
  app?: ComponentType<any>;
  notFound?: RouteModule<any>;
  error?: RouteModule<any>;
}

export function resolveManifest(manifest: Manifest): ResolvedManifest {
  const resolved: ResolvedManifest = { routes: [], middlewares: new Map(), layouts: new Map() };
  for (const [file, mod] of Object.entries(manifest.routes)) {
    const name = baseName(file);
    const dir = dirOf(file);
    const module = mod as RouteModule<any> & { handler?: unknown };
    if (name === "_middleware") {
      const handler = module.handler as Middleware<any> | Middleware<any>[];
      resolved.middlewares.set(dir, Array.isArray(handler) ? handler : [handler]);
    } else if (name === "_layout") resolved.layouts.set(dir, module.default as ComponentType<any>);
    else if (name === "_app" && dir === "") resolved.app = module.default as ComponentType<any>;
    else if (name === "_404" && dir === "") resolved.notFound = module;
    else if (name === "_500" && dir === "") resolved.error = module;
    else if (name.startsWith("_")) throw new Error(`Unknown special route file ${file}`);
    else {
      const segments = parseRouteFile(file);
      resolved.routes.push({ file, dir, segments, patterns: toPatterns(segments), module });
    }
  }
  resolved.routes.sort((a, b) => compareSpecificity(a.segments, b.segments));
  return resolved;
}

/** The directories from the root down to `dir`: "", "api", "api/menu". */
export function ancestorDirs(dir: string): string[] {
  if (dir === "") return [""];
  const parts = dir.split("/");
  return ["", ...parts.map((_, i) => parts.slice(0, i + 1).join("/"))];
}
