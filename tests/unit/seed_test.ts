// The demo seed (db/seed.ts): runs once, and gives both sites hosts, a well-formed menu and pages in
// both languages that use only site-relative links.
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { domains, menus, pages, sites } from "../../db/schema/site.ts";
import { seedDatabase } from "../../db/seed.ts";
import { MIGRATIONS_DIR } from "../../fresh.config.ts";

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false, fn });

const database = await openDatabase({ dataDir: "memory://" });
await database.migrate(MIGRATIONS_DIR);
const first = await seedDatabase(database.db);
const db = database.db;
const siteId = async (subDomain: string) =>
  (await db.select({ id: sites.id }).from(sites).where(eq(sites.subDomain, subDomain)))[0].id;

test("the seed runs once: an empty database is seeded, a seeded one is left alone", async () => {
  assert.deepEqual(first, { seeded: true });
  const count = async () => (await db.select({ id: pages.id }).from(pages)).length;
  const before = await count();
  assert.deepEqual(await seedDatabase(db), { seeded: false });
  assert.equal(await count(), before);
  assert.equal((await db.select().from(sites)).length, 2);
});

test("hosts map to the www and ibda sites", async () => {
  const www = await siteId("www");
  const ibda = await siteId("ibda");
  const rows = await db.select().from(domains);
  const hostsOf = (id: number) => rows.filter((r) => r.siteId === id).map((r) => r.host).sort();
  assert.deepEqual(hostsOf(www), ["127.0.0.1", "localhost", "www.localhost"]);
  assert.deepEqual(hostsOf(ibda), ["ibda.localhost"]);
  const [site] = await db.select().from(sites).where(eq(sites.id, www));
  assert.equal(site.host, "www.localhost");
  assert.equal(site.payModule, "test");
  assert.ok(site.nameEn && site.titleEn && site.descriptionEn);
});

test("the www menu: top-level items with children, sorted by tens, one hidden item", async () => {
  const www = await siteId("www");
  const rows = await db.select().from(menus).where(eq(menus.siteId, www)).orderBy(asc(menus.sort), asc(menus.id));
  const top = rows.filter((r) => r.parentId === null);
  assert.ok(top.length >= 10);
  assert.deepEqual(top.map((r) => r.sort), top.map((_, i) => (i + 1) * 10));
  for (const item of top) {
    const children = rows.filter((r) => r.parentId === item.id);
    const visible = children.filter((r) => !r.hidden);
    assert.ok(visible.length >= 2 && visible.length <= 4, `${item.url} has ${visible.length} visible children`);
    assert.equal(item.url, children[0].url, `${item.title} links to its first child`);
    assert.deepEqual(children.map((r) => r.sort), children.map((_, i) => (i + 1) * 10));
  }
  for (const row of rows) {
    assert.match(row.url, /^\/[a-z0-9\-/]*$/, row.url);
    assert.ok(row.title && row.titleEn, `${row.url} has titles in both languages`);
  }
  assert.deepEqual(rows.filter((r) => r.hidden).map((r) => r.url), ["/about/internal-guide"]);
});

test("pages: a home page per site, About pages, one unpublished draft, bodies under 4 KB", async () => {
  const www = await siteId("www");
  const ibda = await siteId("ibda");
  // The HTML pages; the builder's pages (format builder, issue 15) are checked below.
  const rows = (await db.select().from(pages)).filter((r) => r.format === "html");
  const pathsOf = (id: number) => rows.filter((r) => r.siteId === id).map((r) => r.path);
  for (
    const path of ["/", "/about/greeting", "/about/history", "/about/organization", "/about/location", "/privacy"]
  ) {
    assert.ok(pathsOf(www).includes(path), path);
  }
  assert.deepEqual(pathsOf(ibda).sort(), ["/", "/about", "/categories", "/privacy", "/terms"]);
  assert.deepEqual(rows.filter((r) => !r.published).map((r) => r.path), ["/about/draft"]);
  for (const page of rows) {
    const where = `${page.siteId}${page.path}`;
    assert.equal(page.layout === "home", page.path === "/", `${where}: only home pages use the home layout`);
    assert.ok(["home", "sub", "default"].includes(page.layout), where);
    assert.ok(page.title && page.titleEn && page.description && page.descriptionEn, where);
    for (const body of [page.content, page.contentEn]) {
      assert.ok(body.length > (page.published ? 500 : 0), `${where} has content`);
      assert.ok(new TextEncoder().encode(body).length < 4096, `${where} is under 4 KB`);
      assert.doesNotMatch(body, /<script|\son\w+=|style=/i, where);
    }
    const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    // The same links in both languages, the English ones on the English site (/en).
    const english = links(page.content).map((href) => /^\/(?!\/)/.test(href) ? `/en${href === "/" ? "" : href}` : href);
    assert.deepEqual(links(page.contentEn), english, `${where}: the same links, in English under /en`);
    for (const href of links(page.content)) assert.match(href, /^\/(?!\/|en\/)/, `${where}: ${href}`);
  }
  const home = rows.find((r) => r.siteId === www && r.path === "/")!;
  for (const cls of ["hero", "card-grid", "stats"]) assert.match(home.content, new RegExp(cls));
  // The latest notices and upcoming events come live from the boards, not as a list typed once.
  assert.match(home.content, /<div data-live="notices" data-board="notice" data-count="4"><\/div>/);
  assert.match(home.contentEn, /<div data-live="events" data-count="4"><\/div>/);
  assert.doesNotMatch(home.content, /notice-list/);
});

test("builder pages: the showcase on www and the news on IBDA, published from component trees", async () => {
  const rows = (await db.select().from(pages)).filter((r) => r.format === "builder");
  const www = await siteId("www");
  const ibda = await siteId("ibda");
  assert.deepEqual(rows.map((r) => `${r.siteId === www ? "www" : r.siteId === ibda ? "ibda" : "?"}${r.path}`).sort(), [
    "ibda/news",
    "www/showcase",
  ]);
});

test("close", () => database.close());
