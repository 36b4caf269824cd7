// The Fresh-convention layer on its own: routing precedence, params, nested layouts and middleware,
// method handling, the locale base path and error pages, with an in-memory manifest.
import assert from "node:assert/strict";
import type { ComponentChildren } from "preact";
import { createFreshApp } from "../../framework/app.ts";
import { createDefine, page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { compareSpecificity, parseRouteFile, toPatterns } from "../../framework/manifest.ts";

interface TestState {
  trail: string[];
  basePath: string;
}
const define = createDefine<TestState>();

const Shell = ({ name, children }: { name: string; children: ComponentChildren }) => (
  <div class={`layout-${name}`}>{children}</div>
);

const catchAll = define.handlers({ GET: (ctx) => page({ path: ctx.params.path ?? "" }) });
const item = define.handlers({
  GET: (ctx) => page({ id: ctx.params.id }),
  POST: () => new Response("posted", { status: 201 }),
});

function testApp() {
  const routes: Record<string, Record<string, unknown>> = {
    "_app.tsx": {
      default: define.layout(({ Component }) => (
        <html>
          <body>
            <Component />
          </body>
        </html>
      )),
    },
    "_layout.tsx": {
      default: define.layout(({ Component }) => (
        <Shell name="root">
          <Component />
        </Shell>
      )),
    },
    "_middleware.ts": {
      handler: define.middleware(async (ctx) => {
        ctx.state.trail.push("root");
        const res = await ctx.next();
        res.headers.set("x-trail", ctx.state.trail.join(","));
        return res;
      }),
    },
    "_404.tsx": { default: define.errorPage(({ status }) => <p>missing {status}</p>) },
    "_500.tsx": { default: define.errorPage(({ status }) => <p>failed {status}</p>) },
    "[...path].tsx": {
      handler: catchAll,
      default: define.page<typeof catchAll>(({ data }) => <p>catch-all:{data.path}</p>),
    },
    "admin/_layout.tsx": {
      default: define.layout(({ Component }) => (
        <Shell name="admin">
          <Component />
        </Shell>
      )),
    },
    "admin/_middleware.ts": {
      handler: [
        define.middleware((ctx) => {
          ctx.state.trail.push("admin");
          if (ctx.url.searchParams.has("deny")) throw new HttpError(403, "error.403");
          return ctx.next();
        }),
      ],
    },
    "admin/index.tsx": { default: define.page(() => <p>admin home</p>) },
    "admin/new.tsx": { default: define.page(() => <p>admin new</p>) },
    "admin/[id].tsx": { handler: item, default: define.page<typeof item>(({ data }) => <p>admin item {data.id}</p>) },
    "bare/page.tsx": {
      config: { skipInheritedLayouts: true },
      default: define.page(({ state }) => <p>bare {state.basePath || "ko"}</p>),
    },
    "api/boom.ts": {
      handler: () => {
        throw new Error("secret internals");
      },
    },
  };
  const errors: unknown[] = [];
  const app = createFreshApp<TestState>({
    manifest: { routes, islands: {} },
    islandAssets: null,
    basePaths: ["/en"],
    createState: (_c, basePath) => ({ trail: [], basePath }),
    isJsonPath: (path) => path.startsWith("/api/"),
    jsonError: (_err, status) => Response.json({ status }, { status }),
    onServerError: (err) => errors.push(err),
  });
  return { app, errors };
}

async function get(path: string, init?: RequestInit) {
  const { app } = testApp();
  const res = await app.fetch(new Request(`http://localhost${path}`, init));
  return { res, text: await res.text() };
}

Deno.test("route files become patterns: index, params, catch-all", () => {
  assert.deepEqual(toPatterns(parseRouteFile("index.tsx")), ["/"]);
  assert.deepEqual(toPatterns(parseRouteFile("award/[id].tsx")), ["/award/:id"]);
  assert.deepEqual(toPatterns(parseRouteFile("award/index.tsx")), ["/award"]);
  assert.deepEqual(toPatterns(parseRouteFile("[...path].tsx")), ["/", "/:path{.+}"]);
  assert.deepEqual(toPatterns(parseRouteFile("docs/[...rest].tsx")), ["/docs", "/docs/:rest{.+}"]);
  assert.deepEqual(toPatterns(parseRouteFile("api/text.json.ts")), ["/api/text.json"]);
  assert.throws(() => parseRouteFile("bad/:x.tsx"));
});

Deno.test("static segments win over params, params over catch-alls", () => {
  const order = ["[...path].tsx", "admin/[id].tsx", "admin/new.tsx"].map(parseRouteFile)
    .sort(compareSpecificity);
  assert.deepEqual(order.map((s) => s.map((x) => x.value).join("/")), ["admin/new", "admin/id", "path"]);
});

Deno.test("an index wins over the bare prefix of a catch-all beside it", () => {
  const order = ["docs/[...rest].tsx", "docs/index.tsx", "docs/[id]/edit.tsx"].map(parseRouteFile)
    .sort(compareSpecificity).map((s) => s.map((x) => x.value).join("/"));
  assert.deepEqual(order, ["docs/id/edit", "docs", "docs/rest"]);
});

Deno.test("a static route wins over a dynamic one at the same place", async () => {
  assert.match((await get("/admin/new")).text, /admin new/);
  assert.match((await get("/admin/42")).text, /admin item 42/);
  assert.match((await get("/admin")).text, /admin home/);
});

Deno.test("catch-all receives the rest of the path, and the root", async () => {
  assert.match((await get("/a/b/c")).text, /catch-all:a\/b\/c/);
  assert.match((await get("/")).text, /catch-all:</);
});

Deno.test("layouts nest from the root down and _app wraps them", async () => {
  const { text } = await get("/admin/7");
  assert.match(text, /^<!DOCTYPE html><html><body><div class="layout-root"><div class="layout-admin"><p>admin item 7/);
});

Deno.test("a route can skip inherited layouts", async () => {
  const { text } = await get("/bare/page");
  assert.match(text, /<body><p>bare ko<\/p><\/body>/);
});

Deno.test("middleware runs outermost first and only for its folder", async () => {
  assert.equal((await get("/admin/7")).res.headers.get("x-trail"), "root,admin");
  assert.equal((await get("/x")).res.headers.get("x-trail"), "root");
});

Deno.test("an error thrown in middleware renders the error page with its status", async () => {
  const { res, text } = await get("/admin/7?deny");
  assert.equal(res.status, 403);
  assert.match(text, /failed 403/);
});

Deno.test("methods: handler per method, 405 with Allow otherwise, HEAD like GET without a body", async () => {
  assert.equal((await get("/admin/7", { method: "POST" })).res.status, 201);
  const put = await get("/admin/7", { method: "PUT" });
  assert.equal(put.res.status, 405);
  assert.equal(put.res.headers.get("allow"), "GET, POST");
  assert.equal((await get("/admin/new", { method: "POST" })).res.status, 405);
  const head = await get("/admin/7", { method: "HEAD" });
  assert.equal(head.res.status, 200);
  assert.equal(head.text, "");
});

Deno.test("the locale base path mounts the same routes and is stripped from the URL", async () => {
  assert.match((await get("/en/bare/page")).text, /bare \/en/);
  assert.match((await get("/en/admin/new")).text, /admin new/);
  assert.match((await get("/en")).text, /catch-all:</);
  assert.match((await get("/enterprise")).text, /catch-all:enterprise/);
});

Deno.test("unknown errors answer 500 without internals and are reported", async () => {
  const { app, errors } = testApp();
  const res = await app.fetch(new Request("http://localhost/api/boom"));
  assert.equal(res.status, 500);
  const body = await res.text();
  assert.doesNotMatch(body, /secret internals/);
  assert.deepEqual(JSON.parse(body), { status: 500 });
  assert.equal(errors.length, 1);
});

Deno.test("a handler's Response.redirect can still get headers from middleware", async () => {
  const app = createFreshApp<TestState>({
    manifest: {
      routes: {
        "_middleware.ts": {
          handler: define.middleware(async (ctx) => {
            const res = await ctx.next();
            res.headers.append("set-cookie", "a=b");
            return res;
          }),
        },
        "go.ts": { handler: () => Response.redirect("http://localhost/there", 303) },
      },
      islands: {},
    },
    islandAssets: null,
    createState: (_c, basePath) => ({ trail: [], basePath }),
    isJsonPath: () => false,
    jsonError: (_err, status) => new Response(null, { status }),
  });
  const res = await app.fetch(new Request("http://localhost/go"));
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "http://localhost/there");
  assert.equal(res.headers.get("set-cookie"), "a=b");
});
