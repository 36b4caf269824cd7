// Pure rules of the site domain: canonical paths, reserved paths, host selection, menu trees, page cache.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import { canonicalPath, isReservedPath } from "../../domain/site/paths.ts";
import { hostLookup, hostName } from "../../domain/site/hosts.ts";
import { buildMenuTree, menuTitle, sectionOf, trailTo } from "../../domain/site/menu.ts";
import { PageCache } from "../../domain/site/page-cache.ts";
import type { MenuRow } from "../../db/schema/site.ts";

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof HttpError ? err.status : "other";
  }
  return "ok";
};

Deno.test("canonical paths agree however a path was encoded", () => {
  assert.equal(canonicalPath("/"), "/");
  assert.equal(canonicalPath("/about/"), "/about");
  assert.equal(canonicalPath("/about//"), "/about");
  assert.equal(canonicalPath("/%7euser"), "/~user");
  assert.equal(canonicalPath("/%ed%99%88"), "/%ED%99%88");
  assert.equal(canonicalPath("/a%20b"), "/a%20b");
});

Deno.test("hostile paths are a 400, never an exception of another kind", () => {
  for (
    const path of [
      "/%00",
      "/a/%2e%2e/b",
      "/%2e",
      "/%zz",
      "/%E0%A4%A",
      "/a%2fb",
      "/a%5cb",
      "/%0d%0a",
      `/${"a".repeat(2000)}`,
    ]
  ) {
    assert.equal(status(() => canonicalPath(path)), 400, path);
  }
});

Deno.test("the application's own paths are never content pages", () => {
  for (
    const path of [
      "/api",
      "/api/x",
      "/management",
      "/_Editor",
      "/_data/x",
      "/memorial",
      "/password/reset",
      "/pay/x/return",
      "/login",
      "/mypage",
    ]
  ) {
    assert.ok(isReservedPath(path), path);
  }
  for (const path of ["/", "/about", "/apiary", "/payment-guide", "/board"]) assert.ok(!isReservedPath(path), path);
});

Deno.test("host names are lowercased without their port; junk is a 400", () => {
  assert.equal(hostName("WWW.Example.KR:8000"), "www.example.kr");
  assert.equal(hostName("localhost"), "localhost");
  assert.equal(hostName("[::1]:8000"), "[::1]");
  assert.equal(hostName("example.kr."), "example.kr");
  for (const bad of ["", "bad host", "a/b", "<script>", "x".repeat(300), "a..b"]) {
    assert.equal(status(() => hostName(bad)), 400, bad);
  }
});

Deno.test("a host under the base domain names its sub-site; the base domain is the default sub-domain", () => {
  assert.deepEqual(hostLookup("localhost", "localhost", "www"), { exact: "localhost", subDomain: "www" });
  assert.deepEqual(hostLookup("ibda.localhost", "localhost", "www"), { exact: "ibda.localhost", subDomain: "ibda" });
  assert.deepEqual(hostLookup("a.b.localhost", "localhost", "www"), { exact: "a.b.localhost", subDomain: undefined });
  assert.deepEqual(hostLookup("design.example.kr", "localhost", "www"), { exact: "design.example.kr" });
});

function row(id: number, parentId: number | null, sort: number, hidden = false, url = `/m${id}`): MenuRow {
  const now = new Date();
  return {
    id,
    siteId: 1,
    parentId,
    title: `메뉴${id}`,
    titleEn: id === 2 ? "" : `Menu ${id}`,
    url,
    layout: null,
    sort,
    hidden,
    createdAt: now,
    updatedAt: now,
  };
}

Deno.test("menu rows become a sorted tree without hidden items or their children", () => {
  const tree = buildMenuTree([
    row(1, null, 20),
    row(2, null, 10),
    row(3, 1, 2),
    row(4, 1, 1),
    row(5, null, 30, true),
    row(6, 5, 1),
    row(7, 1, 3, true),
  ]);
  assert.deepEqual(tree.map((i) => i.id), [2, 1]);
  assert.deepEqual(tree[1].children.map((i) => i.id), [4, 3]);
  assert.equal(buildMenuTree([row(5, null, 1, true), row(6, 5, 1)], { includeHidden: true })[0].children.length, 1);
});

Deno.test("menu titles follow the locale and fall back to Korean", () => {
  const [two, one] = buildMenuTree([row(1, null, 20), row(2, null, 10)]);
  assert.equal(menuTitle(one, "en"), "Menu 1");
  assert.equal(menuTitle(one, "ko"), "메뉴1");
  assert.equal(menuTitle(two, "en"), "메뉴2");
});

Deno.test("section and trail of a path", () => {
  const tree = buildMenuTree([
    row(1, null, 1, false, "/about"),
    row(3, 1, 1, false, "/about/history"),
    row(4, null, 2),
  ]);
  assert.equal(sectionOf(tree, "/about/history")?.id, 1);
  assert.equal(sectionOf(tree, "/about/history/1900s")?.id, 1);
  assert.equal(sectionOf(tree, "/nowhere"), undefined);
  assert.deepEqual(trailTo(tree, "/about/history").map((i) => i.id), [1, 3]);
});

Deno.test("a cached page lives until the generation changes or it expires", async () => {
  let generation = 1;
  const cache = new PageCache(() => generation, 1000, 2);
  const entry = await cache.store(
    "a",
    new Response("<p>hello</p>", { headers: { "content-type": "text/html" } }),
    1,
    0,
  );
  assert.equal(cache.get("a", 500), entry);
  assert.equal(cache.get("a", 1000), undefined, "expired");
  await cache.store("a", new Response("x"), 1, 0);
  generation = 2;
  assert.equal(cache.get("a", 10), undefined, "invalidated");
  await cache.store("b", new Response("b"), 2, 0);
  await cache.store("c", new Response("c"), 2, 0);
  await cache.store("d", new Response("d"), 2, 0);
  assert.equal(cache.size, 2, "bounded");
  const encodingFor = (accept: string) =>
    cache.respond(cache.get("d", 0)!, new Request("http://x/", { headers: { "accept-encoding": accept } }))
      .headers.get("content-encoding");
  assert.equal(encodingFor("gzip, br"), "br");
  assert.equal(encodingFor("gzip"), "gzip");
  assert.equal(encodingFor("identity"), null);
  const plain = cache.respond(cache.get("d", 0)!, new Request("http://x/"));
  assert.equal(await plain.text(), "d");
});
