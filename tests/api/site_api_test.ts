// SPEC §7 Site and content: GET /api/{host}/page/current, /api/menu/{siteId}, /api/text.json.
import assert from "node:assert/strict";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";

const t = await openTestApp();
const json = async (path: string) => {
  const res = await t.request(path);
  return { res, body: await res.json() };
};

appTest("page/current answers site, menu, page, content, layout, baseUri and subDomain", async () => {
  const { res, body } = await json("/api/localhost/page/current?url=/about/greeting");
  assert.equal(res.status, 200);
  assert.deepEqual(Object.keys(body).sort(), ["baseUri", "content", "layout", "menu", "page", "site", "subDomain"]);
  assert.equal(body.subDomain, "www");
  assert.equal(body.baseUri, "/");
  assert.equal(body.layout, "sub");
  assert.equal(body.page.path, "/about/greeting");
  assert.ok(body.page.title.length > 0);
  assert.ok(body.content.includes("<"));
  assert.deepEqual(Object.keys(body.site).sort(), [
    "description",
    "home_url",
    "id",
    "keywords",
    "locale",
    "name",
    "og_image",
    "pay",
    "title",
  ]);
  assert.deepEqual(body.site.pay, { module: "test" });
  assert.ok(Array.isArray(body.menu) && body.menu.length >= 5);
});

appTest("page/current under /en answers the English page; the host is lowercased", async () => {
  const ko = (await json("/api/localhost/page/current?url=/about/greeting")).body;
  const { res, body } = await json("/api/LOCALHOST/page/current?url=/en/about/greeting");
  assert.equal(res.status, 200);
  assert.equal(body.baseUri, "/en/");
  assert.notEqual(body.page.title, ko.page.title);
  assert.notEqual(body.site.name, ko.site.name);
});

appTest("page/current chooses the site by host", async () => {
  const www = (await json("/api/www.localhost/page/current?url=/")).body;
  const ibda = (await json("/api/ibda.localhost/page/current?url=/")).body;
  assert.equal(www.subDomain, "www");
  assert.equal(ibda.subDomain, "ibda");
  assert.notEqual(www.site.id, ibda.site.id);
  assert.equal(ibda.layout, "home");
});

appTest("page/current: unknown page, unpublished page, unknown host and owned paths are 404 JSON", async () => {
  for (
    const path of [
      "/api/localhost/page/current?url=/no/such/page",
      "/api/localhost/page/current?url=/about/draft",
      "/api/unknown.example/page/current?url=/",
      "/api/localhost/page/current?url=/login",
    ]
  ) {
    const { res, body } = await json(path);
    assert.equal(res.status, 404, path);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.deepEqual(Object.keys(body).sort(), ["key", "message", "status"]);
    assert.equal(body.status, 404);
    assert.equal(body.key, "error.404");
  }
});

appTest("page/current: a missing or bad url and a bad host are 400 with field errors", async () => {
  const missing = await json("/api/localhost/page/current");
  assert.equal(missing.res.status, 400);
  assert.equal(missing.body.key, "error.validation");
  assert.ok(missing.body.errors.url);
  assert.equal((await json("/api/localhost/page/current?url=about")).res.status, 400);
  assert.equal((await json("/api/localhost/page/current?url=/%zz")).res.status, 400);
  assert.equal((await json("/api/bad_host!/page/current?url=/")).res.status, 400);
});

appTest("menu answers the visible tree with children; hidden items are left out", async () => {
  const site = (await json("/api/localhost/page/current?url=/")).body.site;
  const { res, body } = await json(`/api/menu/${site.id}`);
  assert.equal(res.status, 200);
  const item = body[0];
  assert.deepEqual(Object.keys(item).sort(), [
    "children",
    "hidden",
    "id",
    "layout",
    "parent_id",
    "sort",
    "title",
    "title_en",
    "url",
  ]);
  const all = (items: { url: string; hidden: boolean; children: [] }[]): { url: string; hidden: boolean }[] =>
    items.flatMap((i) => [i, ...all(i.children)]);
  const urls = all(body).map((i) => i.url);
  assert.ok(urls.includes("/about/greeting"));
  assert.ok(!urls.includes("/about/internal-guide"), "hidden item left out");
  assert.ok(all(body).every((i) => !i.hidden));
  assert.ok(body.some((i: { children: unknown[] }) => i.children.length > 0));
});

appTest("menu of an unknown site is 404; a bad id is 400", async () => {
  assert.equal((await json("/api/menu/999999")).res.status, 404);
  assert.equal((await json("/api/menu/abc")).res.status, 400);
  assert.equal((await json("/api/menu/-1")).res.status, 400);
  assert.equal((await json("/api/menu/99999999999999999999")).res.status, 400);
});

appTest("text.json answers the UI texts of the locale, with overrides from the database", async () => {
  const ko = await json("/api/text.json");
  assert.equal(ko.res.status, 200);
  assert.equal(ko.body["error.404.text"], "요청하신 페이지를 찾을 수 없습니다.");
  assert.equal((await json("/api/text.json?lang=en")).body["error.404.text"], "This page could not be found.");
  assert.equal((await json("/en/api/text.json")).body["error.404.text"], "This page could not be found.");
  assert.equal((await json("/api/text.json?lang=fr")).res.status, 400);
  const { texts } = await import("../../db/schema/site.ts");
  await t.app.database.db.insert(texts).values({ locale: "en", key: "site.home", value: "Start page" });
  await waitFor(async () => (await json("/api/text.json?lang=en")).body["site.home"] === "Start page");
});

appTest("unknown API paths and methods answer JSON errors", async () => {
  const { res, body } = await json("/api/nothing/here");
  assert.equal(res.status, 404);
  assert.equal(body.key, "error.404");
  const post = await t.request("/api/text.json", { method: "POST", headers: csrfHeaders() });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET");
  assert.equal((await post.json()).status, 405);
});

/** Invalidations arrive as database notifications: poll briefly for them. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail("condition not met in time");
}

appTest("close", () => t.close());
