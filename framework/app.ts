// Builds the Hono app from the routes manifest: static files first, then routes ordered by specificity,
// each wrapped in the `_middleware` chain of its folders and rendered inside its `_layout`s and `_app`.
// deno-lint-ignore-file no-explicit-any -- routes, layouts and islands of any props and state live side by side here
import { type Context as HonoContext, Hono, type MiddlewareHandler } from "hono";
import type { ComponentType } from "preact";
import type { HandlerFn, Handlers, Method, MiddlewareContext, RouteContext, RouteModule } from "./define.ts";
import { type Access, accessFor, isPageResult } from "./define.ts";
import { HttpError, statusOf } from "./errors.ts";
import { ancestorDirs, type Manifest, resolveManifest, type RouteEntry } from "./manifest.ts";
import { registerIslands } from "./islands.ts";
import { type IslandAssets, renderDocument } from "./render.ts";
import type { StaticFiles } from "./static.ts";
import { textResponse } from "./http.ts";

export interface FreshAppOptions<S> {
  manifest: Manifest;
  staticFiles?: StaticFiles;
  islandAssets: IslandAssets | null;
  /** Path prefixes mounted over the same routes, e.g. `/en` for the English site. */
  basePaths?: string[];
  /**
   * Answers tried on the raw request before Hono (cache hits): the first response wins; undefined goes
   * on. They must set their own headers (security headers included): no middleware runs for them.
   */
  beforeRouting?: ((req: Request) => Response | undefined | Promise<Response | undefined>)[];
  /** Hono middleware run before static files and routes (request id, headers, compression…). */
  use?: MiddlewareHandler[];
  createState(c: HonoContext, basePath: string, remoteAddr: string): S;
  /** Paths answered as JSON when they fail (the API). */
  isJsonPath(path: string): boolean;
  jsonError(err: unknown, status: number, ctx: RouteContext<S>): Response;
  /** May answer a page's error itself (e.g. a redirect to sign in) instead of the error screen. */
  pageError?(err: unknown, status: number, ctx: RouteContext<S>): Response | undefined;
  /**
   * Checks a route's declared access (undefined when it declares none) before its handler, and throws
   * an HttpError (401, 403) to refuse; `file` is the route's file in the manifest (`api/entry/index.ts`).
   * Without it, routes' access rules are not enforced.
   */
  authorize?(access: Access<S> | undefined, ctx: RouteContext<S>, file: string): void;
  /** Called for every unexpected failure (and deliberate 500s), to log it. */
  onServerError?(err: unknown, ctx: RouteContext<S>): void;
}

type Env = { Bindings: { basePath: string; remoteAddr: string } };
type ErrorHandler<S> = (ctx: RouteContext<S> & { status: number; error: unknown }) => void;

export interface FreshApp {
  hono: Hono<Env>;
  /** Deno.serve's handler: `info` gives the client address. */
  fetch(req: Request, info?: { remoteAddr?: Deno.Addr }): Promise<Response>;
}

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export function createFreshApp<S>(options: FreshAppOptions<S>): FreshApp {
  const resolved = resolveManifest(options.manifest);
  registerIslands(options.manifest.islands);
  const hono = new Hono<Env>();
  const basePaths = options.basePaths ?? [];

  for (const middleware of options.use ?? []) hono.use(middleware);

  if (options.staticFiles) {
    const files = options.staticFiles;
    hono.use(async (c, next) => {
      if ((c.req.method === "GET" || c.req.method === "HEAD") && files.has(c.req.path)) {
        return await files.serve(c.req.raw, c.req.path);
      }
      await next();
    });
  }

  const layoutsFor = (dir: string) =>
    ancestorDirs(dir).map((d) => resolved.layouts.get(d)).filter((l): l is ComponentType<any> => !!l);
  const middlewaresFor = (dir: string) => ancestorDirs(dir).flatMap((d) => resolved.middlewares.get(d) ?? []);

  const html = (body: string, status: number, headers?: HeadersInit, head = false) => {
    const res = head ? new Response(null, { status, headers }) : textResponse(body, { status, headers });
    res.headers.set("content-type", "text/html; charset=utf-8");
    return res;
  };

  function renderRoute(entry: RouteEntry, ctx: RouteContext<S>, data: unknown, status = 200, headers?: HeadersInit) {
    const component = entry.module.default;
    if (!component) throw new Error(`${entry.file} returned page() but has no default component`);
    const layouts = entry.module.config?.skipInheritedLayouts ? [] : layoutsFor(entry.dir);
    const body = renderDocument({
      app: resolved.app,
      layouts,
      component,
      props: { data, url: ctx.url, params: ctx.params, state: ctx.state },
      assets: options.islandAssets,
    });
    return html(body, status, headers, ctx.req.method === "HEAD");
  }

  function errorResponse(thrown: unknown, ctx: RouteContext<S>): Response {
    const status = statusOf(thrown);
    // Deliberate answers (503 maintenance) are not failures; anything unexpected is.
    if (!(thrown instanceof HttpError) || status === 500) options.onServerError?.(thrown, ctx);
    // The database unreachable (statusOf: 503) answers as the maintenance switch does, asking to retry.
    const err = !(thrown instanceof HttpError) && status === 503
      ? new HttpError(503, "error.503", undefined, undefined, { "retry-after": "5" })
      : thrown;
    if (options.isJsonPath(ctx.url.pathname)) return options.jsonError(err, status, ctx);
    const answered = options.pageError?.(err, status, ctx);
    if (answered) return answered;
    const module = status === 404 && resolved.notFound ? resolved.notFound : resolved.error;
    const headers = err instanceof HttpError ? err.headers : {};
    if (!module?.default) return new Response(`${status}`, { status });
    try {
      // An error page's handler prepares the state (layout, title) before anything renders.
      (module.handler as ErrorHandler<S> | undefined)?.({ ...ctx, status, error: err });
      const body = renderDocument({
        app: resolved.app,
        layouts: layoutsFor(""),
        component: module.default,
        props: { data: undefined, url: ctx.url, params: {}, state: ctx.state, status, error: err },
        assets: options.islandAssets,
      });
      return html(body, status, headers, ctx.req.method === "HEAD");
    } catch (renderError) {
      options.onServerError?.(renderError, ctx);
      return new Response("Internal Server Error", { status: 500, headers: { "content-type": "text/plain" } });
    }
  }

  async function dispatch(entry: RouteEntry, ctx: RouteContext<S>): Promise<Response> {
    const module = entry.module as RouteModule<S>;
    const method = ctx.req.method === "HEAD" ? "GET" : ctx.req.method as Method;
    let fn: HandlerFn<unknown, S> | undefined;
    if (typeof module.handler === "function") fn = module.handler;
    else if (module.handler) fn = (module.handler as Handlers<unknown, S>)[method];
    else if (module.default && method === "GET") return renderRoute(entry, ctx, undefined);
    if (!fn) {
      const allowed = typeof module.handler === "object"
        ? METHODS.filter((m) => (module.handler as Handlers<unknown, S>)[m])
        : module.default
        ? ["GET"]
        : [];
      throw new HttpError(405, "error.405", "Method Not Allowed", undefined, { allow: allowed.join(", ") });
    }
    // Authenticate and authorise before the handler reads any input (SPEC §8: 401 before 400).
    options.authorize?.(accessFor(module.config, method), ctx, entry.file);
    const result = await fn(ctx);
    if (isPageResult(result)) return renderRoute(entry, ctx, result.data, result.status, result.headers);
    if (ctx.req.method === "HEAD" && result.body) return new Response(null, result);
    // Response.redirect() has immutable headers, and middleware appends cookies: copy (there is no body).
    if (result.status >= 300 && result.status < 400) return new Response(null, result);
    return result;
  }

  async function run(c: HonoContext<Env>, dir: string, final: (ctx: RouteContext<S>) => Promise<Response>) {
    const basePath = c.env?.basePath ?? "";
    const url = new URL(c.req.url);
    const ctx: RouteContext<S> = {
      req: c.req.raw,
      url,
      params: decodedParams(c),
      state: options.createState(c, basePath, c.env?.remoteAddr ?? ""),
      hono: c,
    };
    const chain = middlewaresFor(dir);
    const step = (i: number): Promise<Response> => {
      if (i === chain.length) return final(ctx);
      const mctx: MiddlewareContext<S> = { ...ctx, next: () => step(i + 1) };
      return Promise.resolve(chain[i](mctx));
    };
    try {
      return await step(0);
    } catch (err) {
      return errorResponse(err, ctx);
    }
  }

  for (const entry of resolved.routes) {
    for (const pattern of entry.patterns) {
      hono.all(pattern, (c) => run(c, entry.dir, (ctx) => dispatch(entry, ctx)));
    }
  }
  hono.notFound((c) => run(c, "", () => Promise.reject(new HttpError(404, "error.404"))));
  hono.onError((err, c) => {
    console.error(err);
    return c.text("Internal Server Error", 500);
  });

  const early = options.beforeRouting ?? [];
  const fetch = async (req: Request, info?: { remoteAddr?: Deno.Addr }): Promise<Response> => {
    for (const answer of early) {
      const res = await answer(req);
      if (res) return res;
    }
    return await route(req, info);
  };

  const route = (req: Request, info?: { remoteAddr?: Deno.Addr }): Promise<Response> => {
    const addr = info?.remoteAddr;
    const remoteAddr = addr && "hostname" in addr ? addr.hostname : "";
    const url = new URL(req.url);
    for (const base of basePaths) {
      if (url.pathname === base || url.pathname.startsWith(`${base}/`)) {
        url.pathname = url.pathname.slice(base.length) || "/";
        return Promise.resolve(hono.fetch(new Request(url, req), { basePath: base, remoteAddr }));
      }
    }
    return Promise.resolve(hono.fetch(req, { basePath: "", remoteAddr }));
  };
  return { hono, fetch };
}

/** Hono leaves catch-all values percent-encoded and may throw on bad encoding; a bad one is a 400. */
function decodedParams(c: HonoContext): Record<string, string> {
  try {
    return c.req.param() as Record<string, string>;
  } catch {
    throw new HttpError(400, "error.400");
  }
}
