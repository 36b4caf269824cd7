// The routes of the manifest as calls to make: each route file × each method it answers, with its path
// pattern and declared access. The harnesses that must cover every route (access, fuzzing) walk these,
// so a route added later is covered the day it lands.
import manifest from "../../routes.gen.ts";
import { type Access, accessFor, type Method, type RouteModule } from "../../framework/define.ts";
import { parseRouteFile, type Segment, SPECIAL_FILES } from "../../framework/manifest.ts";

export const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export interface RouteCall {
  /** `GET /api/award/:id` */
  key: string;
  /** The route's file in the manifest (`api/award/[id].ts`). */
  file: string;
  method: Method;
  segments: Segment[];
  access: Access | undefined;
  api: boolean;
}

export function routeCalls(): RouteCall[] {
  const calls: RouteCall[] = [];
  for (const [file, module] of Object.entries(manifest.routes)) {
    const name = file.split("/").pop()!.replace(/\.[jt]sx?$/, "");
    if ((SPECIAL_FILES as readonly string[]).includes(name)) continue;
    const route = module as RouteModule;
    const segments = parseRouteFile(file);
    const pattern = "/" + segments.map((s) => (s.kind === "static" ? s.value : `:${s.value}`)).join("/");
    const methods = typeof route.handler === "function"
      ? METHODS
      : route.handler
      ? METHODS.filter((m) => (route.handler as Record<string, unknown>)[m])
      : route.default
      ? ["GET" as const]
      : [];
    for (const method of methods) {
      calls.push({
        key: `${method} ${pattern}`,
        file,
        method,
        segments,
        access: accessFor(route.config, method),
        api: file.startsWith("api/"),
      });
    }
  }
  return calls;
}

/** The call's path with each parameter filled by `fill` (already URL-safe). */
export function pathOf(call: RouteCall, fill: (segment: Segment) => string): string {
  return "/" + call.segments.map((s) => (s.kind === "static" ? s.value : fill(s))).join("/");
}

/** A path's shape for crawls: every numeric segment as `:id`, so one page per route is visited. */
export const routeShape = (path: string) => path.replace(/\/\d+(?=\/|$)/g, "/:id");

/** Links to downloads (CSV, ZIP, PDF, calendars) that page crawls leave to the authorization matrix. */
export const isDownload = (path: string) => /\.(csv|zip|pdf|ics)$/.test(path);
