// Pure rules of what search engines are told (domain/site/seo.ts): origins, canonical and alternate
// URLs, robots.txt, the award pages listed and the sitemap's XML.
import assert from "node:assert/strict";
import {
  alternates,
  awardPages,
  canonicalUrl,
  isDisallowed,
  localePath,
  originOf,
  pagePath,
  robotsTxt,
  sitemapXml,
  withoutTracking,
} from "../../domain/site/seo.ts";
import { pageCacheKey } from "../../domain/site/visitor.ts";
import { parseRouteFile, toPatterns } from "../../framework/manifest.ts";
import { parseSitemap } from "../support/sitemap.ts";

Deno.test("the origin is the request's, with https when a trusted proxy said so", () => {
  assert.equal(originOf("http://localhost:8000/about?x=1", false), "http://localhost:8000");
  assert.equal(originOf("http://ibda.localhost/", false), "http://ibda.localhost");
  assert.equal(originOf("http://www.example.kr/en/about", true), "https://www.example.kr");
  assert.equal(originOf("https://www.example.kr", false), "https://www.example.kr");
  assert.equal(originOf("http://[::1]:8080/x", false), "http://[::1]:8080");
  assert.equal(originOf("http://example.kr?x=1", false), "http://example.kr");
});

Deno.test("pages are cached per origin, since they name themselves by absolute URL", () => {
  const url = new URL("http://www.example.kr/about?x=1");
  assert.notEqual(pageCacheKey(1, "ko", url, false), pageCacheKey(1, "ko", url, true));
  assert.notEqual(
    pageCacheKey(1, "ko", url, false),
    pageCacheKey(1, "ko", new URL("http://example.kr/about?x=1"), false),
  );
  assert.equal(
    pageCacheKey(1, "ko", url, false),
    pageCacheKey(1, "ko", new URL("http://WWW.example.kr/about?x=1"), false),
  );
});

Deno.test("locale paths put the English site under /en", () => {
  assert.equal(localePath("ko", "/about"), "/about");
  assert.equal(localePath("en", "/about"), "/en/about");
  assert.equal(localePath("ko", "/"), "/");
  assert.equal(localePath("en", "/"), "/en");
  assert.equal(pagePath("/about/"), "/about");
  assert.equal(pagePath("/%7eabout"), "/~about");
  assert.equal(pagePath("/a/%2e%2e/b"), "/a/%2e%2e/b", "a path that is no page's stays as it came");
});

Deno.test("tracking parameters never reach a canonical URL; the others stay as written", () => {
  assert.equal(withoutTracking(""), "");
  assert.equal(withoutTracking("?utm_source=x&utm_medium=y"), "");
  assert.equal(withoutTracking("?category=3&gclid=abc&page=2&fbclid=z"), "?category=3&page=2");
  assert.equal(withoutTracking("?UTM_Campaign=a&q=%ED%95%9C+%EB%B9%9B"), "?q=%ED%95%9C+%EB%B9%9B");
  assert.equal(withoutTracking("?%75tm_source=x&a=1&&"), "?a=1", "encoded names and empty pairs");
  assert.equal(withoutTracking("?utmost=1&_ga=2"), "?utmost=1");
  assert.equal(
    canonicalUrl("https://www.example.kr", "en", "/award/years/2025", "?category=2&utm_source=mail"),
    "https://www.example.kr/en/award/years/2025?category=2",
  );
});

Deno.test("alternates: every language absolutely, and x-default is the Korean page", () => {
  assert.deepEqual(alternates("http://localhost:8000", "/about/greeting", "?fbclid=1"), [
    { hreflang: "ko", href: "http://localhost:8000/about/greeting" },
    { hreflang: "en", href: "http://localhost:8000/en/about/greeting" },
    { hreflang: "x-default", href: "http://localhost:8000/about/greeting" },
  ]);
  assert.deepEqual(alternates("https://ibda.example.kr", "/").map((a) => a.href), [
    "https://ibda.example.kr/",
    "https://ibda.example.kr/en",
    "https://ibda.example.kr/",
  ]);
});

Deno.test("robots.txt keeps crawlers off personal and staff screens in both languages and names the sitemap", () => {
  const text = robotsTxt("https://ibda.example.kr");
  const lines = text.split("\n");
  assert.equal(lines[0], "User-agent: *");
  assert.ok(lines.includes("Allow: /"));
  for (const path of ["/management", "/api", "/mypage", "/entry", "/profile", "/withdraw", "/pay", "/login"]) {
    assert.ok(lines.includes(`Disallow: ${path}`), path);
    assert.ok(lines.includes(`Disallow: /en${path}`), `/en${path}`);
  }
  assert.ok(lines.includes("Sitemap: https://ibda.example.kr/sitemap.xml"));
  assert.ok(!lines.some((l) => /^Disallow: \/?$/.test(l)), "the public site stays open");
  for (
    const open of ["/", "/en", "/about/greeting", "/en/award", "/ibda/years/2025/winners", "/storage/public/a.jpg"]
  ) {
    assert.equal(isDisallowed(open), false, open);
  }
  for (const closed of ["/management/award", "/en/mypage/awards", "/pay/test/popup", "/api/menu/1", "/entry?award=1"]) {
    assert.equal(isDisallowed(closed), true, closed);
  }
});

const at = (iso: string) => new Date(iso);
const schedule = {
  submitFrom: at("2025-03-01T00:00:00+09:00"),
  submitTo: at("2025-05-31T23:59:00+09:00"),
  preAt: at("2025-07-01T10:00:00+09:00"),
  resultAt: at("2025-09-01T10:00:00+09:00"),
  displayFrom: at("2025-09-10T10:00:00+09:00"),
  displayTo: at("2025-12-31T18:00:00+09:00"),
};

Deno.test("award pages: each family's home, every year's exhibition and judges, published lists only", () => {
  const awards = [
    { family: "award" as const, year: 2025, updatedAt: at("2025-02-01T00:00:00Z"), ...schedule },
    { family: "award" as const, year: 2024, updatedAt: at("2024-02-01T00:00:00Z"), ...schedule },
    { family: "ibda" as const, year: 2025, updatedAt: at("2025-01-05T00:00:00Z"), ...schedule },
  ];
  const paths = (now: string) => awardPages(["award", "ibda"], awards, at(now)).map((p) => p.path);
  const judging = paths("2025-06-15T00:00:00+09:00");
  assert.deepEqual(judging, [
    "/schedule",
    "/award",
    "/award/years/2025",
    "/award/years/2025/judges",
    "/award/years/2024",
    "/award/years/2024/judges",
    "/ibda",
    "/ibda/years/2025",
    "/ibda/years/2025/judges",
  ]);
  const nominees = paths("2025-07-15T00:00:00+09:00");
  assert.ok(nominees.includes("/award/years/2025/nominees") && !nominees.includes("/award/years/2025/winners"));
  const results = paths("2025-09-15T00:00:00+09:00");
  assert.ok(results.includes("/ibda/years/2025/winners") && results.includes("/ibda/years/2025/nominees"));
  const home = awardPages(["award"], awards, at("2025-06-15T00:00:00Z"))[1];
  assert.equal(
    home.lastmod?.toISOString(),
    "2025-02-01T00:00:00.000Z",
    "the family's home changes with its newest award",
  );
  assert.deepEqual(awardPages(["ibda"], [], new Date()), [{ path: "/schedule" }, { path: "/ibda", lastmod: null }]);
});

Deno.test("the sitemap lists each page in both languages with its alternates, escaped, as valid XML", () => {
  const xml = sitemapXml("https://www.example.kr", [
    { path: "/", lastmod: at("2025-01-02T03:04:05Z") },
    { path: "/a&b/%ED%99%88" },
  ]);
  const urls = parseSitemap(xml);
  assert.deepEqual(urls.map((u) => u.loc), [
    "https://www.example.kr/",
    "https://www.example.kr/en",
    "https://www.example.kr/a&b/%ED%99%88",
    "https://www.example.kr/en/a&b/%ED%99%88",
  ]);
  assert.match(xml, /<loc>https:\/\/www\.example\.kr\/a&amp;b\/%ED%99%88<\/loc>/);
  assert.doesNotMatch(xml, /&(?!amp;|lt;|gt;|quot;|apos;)/, "every ampersand escaped");
  assert.equal(urls[0].lastmod, "2025-01-02T03:04:05.000Z");
  assert.equal(urls[2].lastmod, undefined);
  assert.deepEqual(urls[1].alternates, [
    { hreflang: "ko", href: "https://www.example.kr/" },
    { hreflang: "en", href: "https://www.example.kr/en" },
    { hreflang: "x-default", href: "https://www.example.kr/" },
  ]);
  assert.deepEqual(urls[3].alternates.map((a) => a.href), [
    "https://www.example.kr/a&b/%ED%99%88",
    "https://www.example.kr/en/a&b/%ED%99%88",
    "https://www.example.kr/a&b/%ED%99%88",
  ]);
});

Deno.test("route files with a dot in their name serve that exact path", () => {
  assert.deepEqual(toPatterns(parseRouteFile("robots.txt.ts")), ["/robots.txt"]);
  assert.deepEqual(toPatterns(parseRouteFile("sitemap.xml.ts")), ["/sitemap.xml"]);
});
