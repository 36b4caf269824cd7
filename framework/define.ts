// The Fresh-2-style route contract: handlers per method, pages receiving data, middleware with next().
// deno-lint-ignore-file no-explicit-any -- routes, layouts and islands of any props and state live side by side here
import type { ComponentType, VNode } from "preact";
import type { Context as HonoContext } from "hono";

export const PAGE = Symbol("page");

export interface PageResult<D> {
  [PAGE]: true;
  data: D;
  status?: number;
  headers?: HeadersInit;
}

/** A handler returns `page(data)` to render the route's component, or any Response. */
export function page<D>(data: D, init: { status?: number; headers?: HeadersInit } = {}): PageResult<D> {
  return { [PAGE]: true, data, ...init };
}

export function isPageResult(value: unknown): value is PageResult<unknown> {
  return typeof value === "object" && value !== null && PAGE in value;
}

export interface RouteContext<S> {
  req: Request;
  /** The request URL with the locale base path (e.g. `/en`) removed. */
  url: URL;
  params: Record<string, string>;
  state: S;
  hono: HonoContext;
}

export interface MiddlewareContext<S> extends RouteContext<S> {
  next(): Promise<Response>;
}

export type HandlerResult<D> = Response | PageResult<D>;
export type HandlerFn<D, S> = (ctx: RouteContext<S>) => HandlerResult<D> | Promise<HandlerResult<D>>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Handlers<D, S> = Partial<Record<Method, HandlerFn<D, S>>>;
export type Middleware<S> = (ctx: MiddlewareContext<S>) => Response | Promise<Response>;

export interface PageProps<D, S> {
  data: D;
  url: URL;
  params: Record<string, string>;
  state: S;
}

export interface LayoutProps<S> extends PageProps<unknown, S> {
  Component: ComponentType<Record<never, never>>;
}

export interface ErrorPageProps<S> extends PageProps<unknown, S> {
  status: number;
  error: unknown;
}

/**
 * Who may call a route: anyone, anyone signed in, or those a permission predicate lets through. The app
 * checks it before the handler runs, so a caller is authenticated and authorised before any input is read.
 */
export type Access<S = any> = "public" | "signed-in" | ((state: S) => boolean);

export interface RouteConfig<S = any> {
  /** Render without the `_layout` files above this route (the `_app` still applies). */
  skipInheritedLayouts?: boolean;
  /** One rule for every method, or one per method; unset means the app's default for the path. */
  access?: Access<S> | Partial<Record<Method, Access<S>>>;
}

/** The access rule a route declares for a method (HEAD as GET), or undefined. */
export function accessFor<S>(config: RouteConfig<S> | undefined, method: Method): Access<S> | undefined {
  const access = config?.access;
  if (access === undefined || typeof access === "string" || typeof access === "function") return access;
  return access[method];
}

export interface RouteModule<S = unknown> {
  handler?: Handlers<unknown, S> | HandlerFn<unknown, S>;
  default?: ComponentType<PageProps<any, S>>;
  config?: RouteConfig<S>;
}

type DataOf<H> = H extends Handlers<infer D, any> ? D : never;

/** One `define` per app, typed with its State (as Fresh's `createDefine<State>()`). */
export function createDefine<S>() {
  return {
    handlers<D>(handlers: Handlers<D, S>): Handlers<D, S> {
      return handlers;
    },
    page<H = undefined>(
      component: (props: PageProps<H extends undefined ? undefined : DataOf<H>, S>) => VNode | null,
    ) {
      return component;
    },
    layout(component: (props: LayoutProps<S>) => VNode | null) {
      return component;
    },
    errorPage(component: (props: ErrorPageProps<S>) => VNode | null) {
      return component;
    },
    /** For `_404`/`_500`: runs before the error page renders, to set state (layout, title). */
    errorHandler(fn: (ctx: RouteContext<S> & { status: number; error: unknown }) => void) {
      return fn;
    },
    middleware(middleware: Middleware<S>): Middleware<S> {
      return middleware;
    },
  };
}

/**
 * A redirect whose headers stay mutable (Response.redirect's are not, and middleware appends cookies).
 * 303 by default: after a form post the browser fetches the target with GET.
 */
export function redirect(location: string | URL, status: 301 | 302 | 303 | 307 | 308 = 303): Response {
  return new Response(null, { status, headers: { location: String(location) } });
}
