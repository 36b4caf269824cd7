// Public pages over HTTP: content pages by host and path in both languages, the language switch and
// cookie, the page cache and its invalidation, static files, security headers, error screens.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { HttpError } from "../../framework/errors.ts";
import manifest from "../../routes.gen.ts";
import { createApp } from "../../app.ts";
import { pages, sites } from "../../db/schema/site.ts";
import { parseTrees } from "../../domain/builder/tree.ts";
import { publishDraft } from "../../domain/builder/versions.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { waitFor } from "./site_api_test.ts";

const t = await openTestApp();
const html = async (path: string, init?: RequestInit) => {
  const res = await t.request(path, init);
  return { res, text: await res.text() };
};

appTest("the home page renders in Korean with the site's menu and no script", async () => {
  const { res, text } = await html("/");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  assert.match(text, /^<!DOCTYPE html><html lang="ko">/);
  // The seeded home page is a builder page (issue 15 §6): its hero is an accent section.
  assert.match(text, /class="pb-section pb-tone-accent"/);
  assert.match(text, /href="\/about\/greeting"/);
  assert.doesNotMatch(text, /internal-guide/, "hidden menu items are not shown");
  assert.doesNotMatch(text, /<script/);
  assert.match(text, /본문 바로가기/);
});

appTest("the same page under /en is English, with links kept under /en", async () => {
  const { res, text } = await html("/en/about/greeting");
  assert.equal(res.status, 200);
  assert.match(text, /<html lang="en">/);
  assert.match(text, /href="\/en\/about\/history"/);
  assert.match(text, /Skip to content/);
  assert.doesNotMatch(text, /본문 바로가기/);
});

appTest("the language switch links to the same page in the other language", async () => {
  const ko = (await html("/about/history")).text;
  assert.match(ko, /href="\/en\/about\/history"[^>]*hreflang="en"|hreflang="en"[^>]*href="\/en\/about\/history"/);
  const en = (await html("/en/about/history")).text;
  assert.match(en, /href="\/about\/history"[^>]*hreflang="ko"|hreflang="ko"[^>]*href="\/about\/history"/);
});

appTest("viewing a locale sets the 30-day language cookie once", async () => {
  const langCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("lang="));
  const first = await t.request("/en/about/history");
  assert.match(langCookie(first) ?? "", /^lang=en; Path=\/; Max-Age=2592000; SameSite=Lax/);
  const again = await t.request("/en/about/history", { headers: { cookie: "lang=en" } });
  assert.equal(langCookie(again), undefined);
});

appTest("the site is chosen by host name; an unknown host is the 404 screen", async () => {
  const www = (await html("http://localhost/")).text;
  const ibda = (await html("http://ibda.localhost:8000/")).text;
  assert.notEqual(www.match(/<title>(.*?)<\/title>/)?.[1], ibda.match(/<title>(.*?)<\/title>/)?.[1]);
  const unknown = await html("http://unknown.example.org/");
  assert.equal(unknown.res.status, 404);
  assert.match(unknown.text, /요청하신 페이지를 찾을 수 없습니다/);
});

appTest("unknown and unpublished pages are the 404 screen in the visitor's language", async () => {
  for (const path of ["/no/such/page", "/about/draft"]) {
    const ko = await html(path);
    assert.equal(ko.res.status, 404, path);
    assert.match(ko.text, /요청하신 페이지를 찾을 수 없습니다/);
    const en = await html(`/en${path}`);
    assert.equal(en.res.status, 404);
    assert.match(en.text, /This page could not be found/);
    assert.match(en.text, /<html lang="en">/);
  }
});

appTest("paths the application owns are never content pages, even when such a page exists", async () => {
  const [site] = await t.app.database.db.select().from(sites).where(eq(sites.subDomain, "www"));
  const owned = ["/management", "/_Editor", "/_Data", "/memorial", "/password", "/pay", "/api/x", "/mypage/x"];
  await t.app.database.db.insert(pages).values(
    owned.map((path) => ({ siteId: site.id, path, title: "가로챈 페이지", content: "<p>HIJACKED</p>" })),
  );
  for (const path of owned) {
    const res = await t.request(path);
    assert.notEqual(res.status, 200, path);
    assert.doesNotMatch(await res.text(), /HIJACKED/, path);
  }
});

appTest("hostile paths and headers answer 400 or 404, never 500", async () => {
  const paths = [
    "/..%2f..%2fetc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/a/%00",
    "/%zz",
    "/%E0%A4%A",
    `/${"a".repeat(5000)}`,
    "/api/localhost/page/current?url=/%00",
    "/en/%c0%ae%c0%ae/",
  ];
  for (const path of paths) {
    const res = await t.request(path);
    assert.ok([400, 404].includes(res.status), `${path.slice(0, 40)} → ${res.status}`);
    await res.body?.cancel();
  }
  const badHost = await t.request("/", { headers: { host: "bad host\\name" } });
  assert.equal(badHost.status, 400);
  const huge = await t.request("/", { headers: { cookie: `x=${"y".repeat(60_000)}`, "x-long": "z".repeat(60_000) } });
  assert.ok(huge.status < 500);
});

appTest("every response carries the security headers; nothing reveals versions", async () => {
  for (const path of ["/", "/no/such/page", "/api/text.json", "/css/site.css"]) {
    const res = await t.request(path);
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/, path);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /base-uri 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.ok(res.headers.get("referrer-policy"));
    assert.equal(res.headers.get("server"), null);
    assert.equal(res.headers.get("x-powered-by"), null);
    assert.equal(res.headers.get("strict-transport-security"), null, "no HSTS over plain http");
  }
  const https = await t.request("https://localhost/");
  await https.body?.cancel();
  assert.match(https.headers.get("strict-transport-security") ?? "", /max-age=(\d{8,})/);
});

appTest("anonymous pages are cached compressed and dropped when the page is edited", async () => {
  const gzip = { headers: { "accept-encoding": "gzip" } };
  await (await t.request("/about/location", gzip)).body?.cancel();
  const hit = await t.request("/about/location", gzip);
  assert.equal(hit.headers.get("x-cache"), "hit");
  assert.equal(hit.headers.get("content-encoding"), "gzip");
  const text = await new Response(hit.body!.pipeThrough(new DecompressionStream("gzip"))).text();
  assert.match(text, /<html lang="ko">/);

  // The seeded page is a builder page: edited as the builder publishes (issue 15 §3).
  const [row] = await t.app.database.db.select({ id: pages.id }).from(pages).where(eq(pages.path, "/about/location"));
  const edit = { id: "edit", type: "text", props: { html: "<p>새로 고친 안내입니다.</p>" } };
  await publishDraft(t.app.database.db, { id: 0, roles: [] }, row.id, parseTrees({ ko: [edit], en: null }));
  await waitFor(async () => (await html("/about/location")).text.includes("새로 고친 안내입니다."));
  const member = await t.request("/about/location", { headers: { cookie: "session=abc" } });
  assert.equal(member.headers.get("x-cache"), null, "a signed-in visitor is never served the shared copy");
  await member.body?.cancel();
});

appTest("a cache hit still gets the security headers, a request id and a new visitor's cookies", async () => {
  await (await t.request("/en/terms")).body?.cancel();
  const hit = await t.request("/en/terms");
  assert.equal(hit.headers.get("x-cache"), "hit");
  assert.match(hit.headers.get("content-security-policy") ?? "", /script-src 'self'/);
  assert.match(hit.headers.get("x-request-id") ?? "", /^[0-9a-f]{16}$/);
  const cookies = hit.headers.getSetCookie();
  assert.ok(cookies.some((c) => c.startsWith("lang=en;")), "language cookie");
  assert.ok(cookies.some((c) => /^XSRF-TOKEN=[\w-]{20,}/.test(c)), "CSRF cookie");
  assert.match(await hit.text(), /<html lang="en">/);
  const returning = await t.request("/en/terms", { headers: { cookie: `lang=en; XSRF-TOKEN=${"a".repeat(32)}` } });
  assert.equal(returning.headers.get("x-cache"), "hit");
  assert.deepEqual(returning.headers.getSetCookie(), []);
  await returning.body?.cancel();
});

appTest("another instance on the same database sees the edit too", async () => {
  const other = await createApp({ config: t.config, database: t.app.database });
  const first = await other.fetch(new Request("http://localhost/about/organization"));
  await first.body?.cancel();
  await t.app.database.db.update(pages).set({ title: "조직 안내(개정)" }).where(eq(pages.path, "/about/organization"));
  await waitFor(async () => {
    const res = await other.fetch(new Request("http://localhost/about/organization"));
    return (await res.text()).includes("조직 안내(개정)");
  });
});

appTest("static files: long caching when versioned, ETag and 304, brotli", async () => {
  const page = (await html("/")).text;
  const css = page.match(/href="(\/css\/site\.css\?v=[a-f0-9]+)"/)?.[1];
  assert.ok(css, "the stylesheet link is versioned");
  const res = await t.request(css, { headers: { "accept-encoding": "br, gzip" } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-encoding"), "br");
  assert.match(res.headers.get("cache-control") ?? "", /immutable/);
  const etag = res.headers.get("etag")!;
  await res.body?.cancel();
  const again = await t.request("/css/site.css", { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
  assert.equal((await t.request("/css/nope.css")).status, 404);
});

appTest("dynamic HTML and JSON are gzipped when the client accepts it", async () => {
  const res = await t.request("/api/text.json", { headers: { "accept-encoding": "gzip" } });
  assert.equal(res.headers.get("content-encoding"), "gzip");
  const body = JSON.parse(await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text());
  assert.ok(body["site.home"]);
});

appTest("rendered pages are gzipped from their text, whole, one after another", async () => {
  // A session cookie keeps them out of the shared page cache: rendered and compressed per request.
  const headers = { "accept-encoding": "gzip", cookie: "session=not-a-token" };
  const gunzip = async (res: Response) =>
    await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
  for (const [path, words] of [["/about/greeting", "인사말"], ["/en/about/greeting", "Welcome"], ["/", "</footer>"]]) {
    const res = await t.request(path, { headers });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-encoding"), "gzip");
    const html = await gunzip(res);
    const plain = await (await t.request(path, { headers: { cookie: headers.cookie } })).text();
    assert.ok(html.startsWith("<!DOCTYPE html>") && html.endsWith("</html>"), path);
    assert.ok(html.includes(words), path);
    assert.equal(html.length, plain.length, `${path}: the same document as without compression`);
  }
});

appTest("error screens for each status in both languages, JSON under /api", async () => {
  const statusRoute = {
    config: { access: "public" },
    handler: (ctx: { params: Record<string, string> }) => {
      const status = Number(ctx.params.code);
      throw status === 500 ? new Error("database password is hunter2") : new HttpError(status, `error.${status}`);
    },
  };
  const app = await createApp({
    config: t.config,
    database: t.app.database,
    manifest: {
      ...manifest,
      routes: { ...manifest.routes, "status/[code].ts": statusRoute, "api/status/[code].ts": statusRoute },
    },
  });
  const expected: Record<number, [RegExp, RegExp]> = {
    400: [/잘못된 요청/, /could not be processed/],
    401: [/로그인이 필요한 페이지입니다/, /This page requires Sign in/],
    403: [/접근 제한/, /Forbidden/],
    404: [/요청하신 페이지를 찾을 수 없습니다/, /This page could not be found/],
    429: [/요청이 너무 많습니다/, /Rate limit exceeded/],
    500: [/일시적인 문제가 발생했습니다/, /Internal Server Error/],
    503: [/시스템 점검 중/, /maintenance/],
  };
  const errors = console.error;
  console.error = () => {}; // the 500 is logged on purpose
  try {
    // a POST: a GET of a member screen sends the anonymous visitor to sign in instead (tested in auth)
    const post = () => ({ method: "POST", headers: csrfHeaders() });
    for (const [status, [ko, en]] of Object.entries(expected)) {
      const koRes = await app.fetch(new Request(`http://localhost/status/${status}`, post()));
      const koText = await koRes.text();
      assert.equal(koRes.status, Number(status));
      assert.match(koText, ko, `ko ${status}`);
      assert.doesNotMatch(koText, /hunter2/);
      const enRes = await app.fetch(new Request(`http://localhost/en/status/${status}`, post()));
      assert.match(await enRes.text(), en, `en ${status}`);
      const api = await app.fetch(new Request(`http://localhost/en/api/status/${status}`));
      const body = await api.json();
      assert.equal(api.status, Number(status));
      assert.equal(body.status, Number(status));
      assert.equal(body.key, `error.${status}`);
      assert.match(body.message, en);
    }
  } finally {
    console.error = errors;
  }
});

appTest("the maintenance switch answers 503 everywhere but keeps the stylesheet", async () => {
  const app = await createApp({ config: { ...t.config, maintenance: true }, database: t.app.database });
  const page = await app.fetch(new Request("http://localhost/about/greeting"));
  assert.equal(page.status, 503);
  assert.match(await page.text(), /시스템 점검 중/);
  const api = await app.fetch(new Request("http://localhost/api/text.json"));
  assert.equal(api.status, 503);
  assert.equal((await api.json()).key, "error.503");
  const css = await app.fetch(new Request("http://localhost/css/site.css"));
  assert.equal(css.status, 200);
  await css.body?.cancel();
});

appTest("a body over the limit is refused from its Content-Length with 413", async () => {
  const res = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "content-length": String(33 * 1024 * 1024) }),
    body: "{}",
  });
  assert.equal(res.status, 413);
  assert.equal((await res.json()).key, "error.413");
});

appTest("HEAD answers headers only", async () => {
  const res = await t.request("/about/greeting", { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "");
});

appTest("/healthz answers ok without touching the site", async () => {
  const res = await t.request("http://unknown.example/healthz");
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "ok");
});

appTest(
  "the development shell: a menu page not published yet is being prepared (200, noindex), in both languages",
  async () => {
    const db = t.app.database.db;
    await db.update(pages).set({ published: false }).where(eq(pages.path, "/about/history"));
    try {
      await waitFor(async () => (await html("/about/history")).text.includes("준비 중"));
      const { res, text } = await html("/about/history");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("x-robots-tag"), "noindex");
      assert.match(text, /class="site site-development"/);
      assert.match(text, /<h1 class="page-title">[^<]+<\/h1>/, "named by its menu item");
      assert.match(text, /class="site-header"/, "with the site's frame");
      const en = await html("/en/about/history");
      assert.match(en.text, /being prepared/);
      // A path that no menu names is still missing.
      assert.equal((await html("/about/nothing-here")).res.status, 404);
    } finally {
      await db.update(pages).set({ published: true }).where(eq(pages.path, "/about/history"));
    }
  },
);

appTest("the agent shell: a page opened by the council's app (?view=app) is its title and content alone", async () => {
  const app = await html("/about/greeting?view=app");
  assert.equal(app.res.status, 200);
  assert.match(app.text, /class="site site-agent"/);
  assert.doesNotMatch(app.text, /class="site-header"|class="site-footer"/, "the app draws its own frame");
  assert.match(app.text, /<main id="main"/);
  assert.match(app.text, /href="\/about\/greeting">전체 사이트에서 보기</);
  assert.doesNotMatch(app.text, /<script/);
  // The browser's copy stays the full page (the query is part of the cache key).
  const full = await html("/about/greeting");
  assert.match(full.text, /class="site-header"/);
  const en = await html("/en/about/greeting?view=app");
  assert.match(en.text, /href="\/en\/about\/greeting">Open on the full site</);
  // Screens with their own frame (sign-in) keep it.
  assert.match((await html("/login?view=app")).text, /class="site site-anonymous"/);
});

appTest("close", () => t.close());
