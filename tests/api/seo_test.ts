// What search engines see over HTTP (issue 10 §4): absolute canonical and alternate links on the origin
// asked (behind a trusted proxy too), robots.txt and the sitemap per host, and a sitemap that follows edits.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { pages, sites } from "../../db/schema/site.ts";
import { isDisallowed } from "../../domain/site/seo.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { parseSitemap } from "../support/sitemap.ts";

const t = await openTestApp();
const db = t.app.database.db;

/** GET like a browser: the Host header is the URL's (as Deno.serve's requests have); the body decoded. */
async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.request(url, { headers: { host: new URL(url).host, ...headers } });
  const body = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  const bytes = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  return { res, text: new TextDecoder().decode(bytes) };
}

/** The document head's canonical and alternate links, as [rel/hreflang, href]. */
function headLinks(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const tags = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => m[0]);
  return {
    canonical: tags.filter((tag) => attr(tag, "rel") === "canonical").map((tag) => attr(tag, "href")),
    alternates: tags.filter((tag) => attr(tag, "rel") === "alternate").map((tag) => [
      attr(tag, "hreflang"),
      attr(tag, "href")?.replaceAll("&amp;", "&"),
    ]),
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting for the change to show");
    await new Promise((r) => setTimeout(r, 25));
  }
}

appTest("a content page names itself and its other language by absolute URL, Korean as x-default", async () => {
  for (
    const [path, canonical] of [["/about/greeting", "/about/greeting"], ["/en/about/greeting", "/en/about/greeting"]]
  ) {
    const { res, text } = await get(`http://localhost:8000${path}`);
    assert.equal(res.status, 200);
    const links = headLinks(text);
    assert.deepEqual(links.canonical, [`http://localhost:8000${canonical}`], path);
    assert.deepEqual(links.alternates, [
      ["ko", "http://localhost:8000/about/greeting"],
      ["en", "http://localhost:8000/en/about/greeting"],
      ["x-default", "http://localhost:8000/about/greeting"],
    ], path);
  }
});

appTest("on the IBDA host the links are on the IBDA origin", async () => {
  for (const path of ["/about", "/en/about"]) {
    const { res, text } = await get(`http://ibda.localhost${path}`);
    assert.equal(res.status, 200);
    const links = headLinks(text);
    assert.deepEqual(links.canonical, [`http://ibda.localhost${path}`]);
    assert.deepEqual(links.alternates, [
      ["ko", "http://ibda.localhost/about"],
      ["en", "http://ibda.localhost/en/about"],
      ["x-default", "http://ibda.localhost/about"],
    ]);
  }
  const home = headLinks((await get("http://ibda.localhost/en")).text);
  assert.deepEqual(home.canonical, ["http://ibda.localhost/en"]);
  assert.deepEqual(home.alternates.map(([, href]) => href), [
    "http://ibda.localhost/",
    "http://ibda.localhost/en",
    "http://ibda.localhost/",
  ]);
});

appTest("the canonical URL drops tracking parameters and keeps the ones that choose what is shown", async () => {
  const page = headLinks((await get("http://localhost/about/history/?utm_source=mail&fbclid=x")).text);
  assert.deepEqual(page.canonical, ["http://localhost/about/history"]);
  const award = headLinks((await get("http://localhost/en/award?gclid=1&utm_medium=cpc")).text);
  assert.deepEqual(award.canonical, ["http://localhost/en/award"]);
  assert.equal(award.alternates[2][1], "http://localhost/award");
});

appTest(
  "behind a trusted proxy speaking https the links are https, and each origin has its own cached copy",
  async () => {
    const url = "http://localhost/about/organization";
    const https = { "x-forwarded-proto": "https" };
    for (let i = 0; i < 3; i++) {
      // Fill the cache with one scheme, then ask with the other: neither may get the other's links.
      const secure = await get(url, https);
      assert.deepEqual(headLinks(secure.text).canonical, ["https://localhost/about/organization"], `https ${i}`);
      const plain = await get(url);
      assert.deepEqual(headLinks(plain.text).canonical, ["http://localhost/about/organization"], `http ${i}`);
      if (i > 0) assert.equal(plain.res.headers.get("x-cache"), "hit");
    }
    const other = await get("http://www.localhost/about/organization");
    assert.deepEqual(headLinks(other.text).canonical, ["http://www.localhost/about/organization"]);
  },
);

appTest(
  "robots.txt, per host: the public site open, personal and staff screens closed, the host's sitemap",
  async () => {
    for (const origin of ["http://localhost:8000", "http://ibda.localhost"]) {
      for (let i = 0; i < 3; i++) { // a miss, then answers from the page cache: the same file
        const { res, text } = await get(`${origin}/robots.txt`, { "accept-encoding": i === 2 ? "br" : "" });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "text/plain; charset=utf-8");
        if (i > 0) assert.equal(res.headers.get("x-cache"), "hit");
        assert.equal(res.headers.getSetCookie().find((c) => c.startsWith("lang=")), undefined, "no language cookie");
        const lines = text.split("\n");
        assert.equal(lines[0], "User-agent: *");
        assert.ok(lines.includes("Allow: /"));
        for (
          const path of [
            "/management",
            "/api",
            "/mypage",
            "/entry",
            "/profile",
            "/withdraw",
            "/pay",
            "/login",
            "/register",
          ]
        ) {
          assert.ok(lines.includes(`Disallow: ${path}`), path);
          assert.ok(lines.includes(`Disallow: /en${path}`), `/en${path}`);
        }
        assert.deepEqual(lines.filter((l) => l.startsWith("Sitemap:")), [`Sitemap: ${origin}/sitemap.xml`]);
      }
    }
    assert.equal((await get("http://localhost/en/robots.txt")).res.status, 404, "one per host, not per language");
  },
);

appTest(
  "the sitemap lists the host's published pages and the award pages in both languages with alternates",
  async () => {
    const { res, text } = await get("http://localhost:8000/sitemap.xml");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/xml; charset=utf-8");
    const urls = parseSitemap(text);
    const locs = urls.map((u) => u.loc);
    assert.equal(new Set(locs).size, locs.length, "each URL once");
    for (const path of ["/", "/about/greeting", "/privacy", "/award/overview", "/award", "/ibda", "/schedule"]) {
      const ko = `http://localhost:8000${path}`;
      const en = `http://localhost:8000${path === "/" ? "/en" : `/en${path}`}`;
      for (const loc of [ko, en]) {
        const url = urls.find((u) => u.loc === loc);
        assert.ok(url, `${loc} listed`);
        assert.deepEqual(url.alternates, [
          { hreflang: "ko", href: ko },
          { hreflang: "en", href: en },
          { hreflang: "x-default", href: ko },
        ]);
      }
    }
    const greeting = urls.find((u) => u.loc === "http://localhost:8000/about/greeting")!;
    assert.ok(greeting.lastmod && !Number.isNaN(Date.parse(greeting.lastmod)), "content pages say when they changed");
    assert.ok(locs.some((l) => /\/award\/years\/\d{4}$/.test(l)), "award years");
    assert.ok(locs.some((l) => /\/en\/ibda\/years\/\d{4}\/judges$/.test(l)), "IBDA judges in English");
    assert.ok(!locs.some((l) => l.endsWith("/about/draft")), "no unpublished page");
    assert.ok(!locs.some((l) => l.endsWith("/categories")), "no page of another site");
    for (const loc of locs) {
      assert.ok(loc.startsWith("http://localhost:8000/"), loc);
      assert.equal(isDisallowed(new URL(loc).pathname), false, `${loc} is not closed by robots.txt`);
    }
    // Every listed page answers 200 (no redirect, no error screen).
    for (const loc of locs) assert.equal((await get(loc)).res.status, 200, loc);

    const ibda = parseSitemap((await get("http://ibda.localhost/sitemap.xml")).text).map((u) => u.loc);
    assert.ok(
      ibda.includes("http://ibda.localhost/categories") && ibda.includes("http://ibda.localhost/en/categories"),
    );
    assert.ok(ibda.includes("http://ibda.localhost/ibda"));
    assert.ok(!ibda.some((l) => l.endsWith("/about/greeting")), "no page of the council's site");
    assert.equal((await get("http://localhost/en/sitemap.xml")).res.status, 404, "one per host, not per language");
  },
);

appTest(
  "a page published, retitled or withdrawn shows in the sitemap at once (cached, renewed by NOTIFY)",
  async () => {
    const sitemap = async () => {
      const { res, text } = await get("http://localhost/sitemap.xml");
      return { cache: res.headers.get("x-cache"), urls: parseSitemap(text) };
    };
    const has = (urls: { loc: string }[], path: string) => urls.some((u) => u.loc === `http://localhost${path}`);
    await sitemap();
    const before = await sitemap();
    assert.equal(before.cache, "hit", "the sitemap is kept in the page cache");
    assert.equal(has(before.urls, "/about/draft"), false);

    const [www] = await db.select().from(sites).where(eq(sites.subDomain, "www"));
    const draft = and(eq(pages.siteId, www.id), eq(pages.path, "/about/draft"));
    await db.update(pages).set({ published: true, updatedAt: new Date("2030-01-02T03:04:05Z") }).where(draft);
    await waitFor(async () => has((await sitemap()).urls, "/about/draft"));
    const published = (await sitemap()).urls;
    assert.ok(has(published, "/en/about/draft"));
    assert.equal(published.find((u) => u.loc === "http://localhost/about/draft")?.lastmod, "2030-01-02T03:04:05.000Z");

    await db.insert(pages).values({ siteId: www.id, path: "/news/seo-test", title: "새 소식", titleEn: "News" });
    await waitFor(async () => has((await sitemap()).urls, "/en/news/seo-test"));
    assert.equal((await get("http://localhost/en/news/seo-test")).res.status, 200);

    await db.update(pages).set({ published: false }).where(draft);
    await db.delete(pages).where(and(eq(pages.siteId, www.id), eq(pages.path, "/news/seo-test")));
    await waitFor(async () => {
      const urls = (await sitemap()).urls;
      return !has(urls, "/about/draft") && !has(urls, "/news/seo-test");
    });
  },
);

appTest("close", () => t.close());
