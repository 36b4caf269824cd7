// The fast paths of the shared caches (issue 2, part 11): a page-cache hit keyed without parsing the URL
// and with the site remembered per raw Host header, and the menu JSON made once per site and generation.
// What must hold: no answer leaks across sites, locales or paths, edits drop everything, and a hit
// carries the same headers a miss does.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { domains, menus, sites } from "../../db/schema/site.ts";
import { pathAndQuery } from "../../domain/site/cached-pages.ts";
import { encodingFor } from "../../domain/site/page-cache.ts";
import { appTest, openTestApp } from "../support/app.ts";

const t = await openTestApp();
/** Like a browser, with the Host header a server sees (t.request alone sends none). */
const text = async (url: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("host", new URL(url).host);
  const res = await t.request(url, { ...init, headers });
  return { res, text: await res.text() };
};
async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting for the change to show");
    await new Promise((r) => setTimeout(r, 25));
  }
}
const title = (html: string) => html.match(/<title>(.*?)<\/title>/)?.[1];

/** Requests the URL until it is a cache hit; returns that hit. */
async function hit(url: string, init?: RequestInit) {
  for (let i = 0; i < 3; i++) {
    const answer = await text(url, init);
    if (answer.res.headers.get("x-cache") === "hit") return answer;
  }
  throw new Error(`${url} is never a cache hit`);
}

Deno.test("the key of a hit is the URL's path and query as written", () => {
  for (const url of ["http://localhost/", "http://localhost:8000/about/greeting?x=1&y=%20", "https://a.b/%EC%95%88"]) {
    const parsed = new URL(url);
    assert.equal(pathAndQuery(url), parsed.pathname + parsed.search, url);
  }
  // Not in normal form: the string differs from the stored key, so such a request is never a hit.
  assert.notEqual(pathAndQuery("http://localhost/a/../about/greeting"), "/about/greeting");
});

Deno.test("the encoding follows Accept-Encoding, also when the header changes between requests", () => {
  assert.equal(encodingFor("gzip, deflate, br"), "br");
  assert.equal(encodingFor("gzip, deflate, br"), "br");
  assert.equal(encodingFor("gzip"), "gzip");
  assert.equal(encodingFor(null), undefined);
  assert.equal(encodingFor("identity"), undefined);
  assert.equal(encodingFor("br;q=1"), "br");
});

appTest("hits never leak across sites, locales or paths", async () => {
  const wwwHome = await hit("http://localhost/");
  const ibdaHome = await hit("http://ibda.localhost:8000/");
  assert.notEqual(title(wwwHome.text), title(ibdaHome.text));
  assert.equal(title((await hit("http://ibda.localhost:8000/")).text), title(ibdaHome.text));
  assert.equal(title((await hit("http://localhost/")).text), title(wwwHome.text));
  // The same host header spelled differently is the same site, and never another one.
  assert.equal(title((await hit("http://LOCALHOST/")).text), title(wwwHome.text));

  const en = await hit("http://localhost/en/");
  assert.match(en.text, /<html lang="en">/);
  assert.match((await hit("http://localhost/")).text, /<html lang="ko">/);

  const greeting = await hit("http://localhost/about/greeting");
  const query = await text("http://localhost/about/greeting?ref=x");
  assert.equal(query.res.status, 200);
  assert.match(query.text, /<html lang="ko">/);
  assert.equal(title(query.text), title(greeting.text));
  // A path not in normal form is answered by the routes, with the page it names.
  const dotted = await text("http://localhost/about/../about/greeting");
  assert.equal(title(dotted.text), title(greeting.text));

  // An unknown host is never served a cached page, however often it asks.
  for (let i = 0; i < 3; i++) {
    const unknown = await text("http://unknown.example.org/");
    assert.equal(unknown.res.status, 404);
    assert.equal(unknown.res.headers.get("x-cache"), null);
  }
});

appTest("a host that moves to another site is served that site's pages at once", async () => {
  const ibda = (await t.app.database.db.select().from(sites).where(eq(sites.subDomain, "ibda")))[0];
  const ibdaTitle = title((await hit("http://ibda.localhost/")).text);
  const before = await hit("http://moved.example.org/").catch(() => null);
  assert.equal(before, null, "an unknown host has no page");
  await t.app.database.db.insert(domains).values({ host: "moved.example.org", siteId: ibda.id });
  await waitFor(async () => (await text("http://moved.example.org/")).res.status === 200);
  assert.equal(title((await hit("http://moved.example.org/")).text), ibdaTitle);
  await t.app.database.db.delete(domains).where(eq(domains.host, "moved.example.org"));
  await waitFor(async () => (await text("http://moved.example.org/")).res.status === 404);
});

appTest("a hit has the same headers as any answer: one of each security header, HSTS over https", async () => {
  for (const proto of ["http", "https"]) {
    const headers = { "x-forwarded-proto": proto, "accept-encoding": "br" };
    const { res } = await hit("http://localhost/about/history", { headers });
    assert.equal(res.headers.get("content-encoding"), "br");
    assert.equal(res.headers.get("vary"), "Accept-Encoding, Cookie");
    for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"]) {
      assert.ok(res.headers.get(name), name);
      assert.ok(!res.headers.get(name)!.includes(","), `${name} is sent once`);
    }
    assert.equal(res.headers.has("strict-transport-security"), proto === "https");
    assert.ok(res.headers.getSetCookie().every((c) => (proto === "https") === c.endsWith("; Secure")));
  }
  const head = await t.request("http://localhost/about/history", {
    method: "HEAD",
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(head.headers.get("x-cache"), "hit");
  assert.ok(Number(head.headers.get("content-length")) > 0, "HEAD says the length GET would send");
  assert.equal(await head.text(), "");
});

appTest("the menu JSON is compressed once and dropped when the menu changes", async () => {
  const site = (await t.app.database.db.select().from(sites).where(eq(sites.subDomain, "www")))[0];
  const menu = async (encoding?: string) => {
    const res = await t.request(`/api/menu/${site.id}`, { headers: encoding ? { "accept-encoding": encoding } : {} });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/json");
    assert.equal(res.headers.get("vary"), "Accept-Encoding");
    assert.equal(res.headers.get("content-encoding"), encoding ?? null);
    const body = encoding ? res.body!.pipeThrough(new DecompressionStream(encoding as "gzip")) : res.body!;
    return JSON.parse(await new Response(body).text()) as { title: string; children: unknown[] }[];
  };
  const plain = await menu();
  assert.deepEqual(await menu("gzip"), plain);
  assert.ok(
    (await t.request(`/api/menu/${site.id}`, { headers: { "accept-encoding": "br" } })).headers.get(
      "content-encoding",
    ) === "br",
  );

  const [first] = await t.app.database.db.select().from(menus)
    .where(eq(menus.siteId, site.id)).orderBy(menus.sort).limit(1);
  await t.app.database.db.update(menus).set({ title: "바뀐 메뉴" }).where(eq(menus.id, first.id));
  await waitFor(async () => JSON.stringify(await menu("gzip")).includes("바뀐 메뉴"));
  assert.ok(JSON.stringify(await menu()).includes("바뀐 메뉴"));
  await t.app.database.db.update(menus).set({ title: first.title }).where(eq(menus.id, first.id));
  await waitFor(async () => !JSON.stringify(await menu()).includes("바뀐 메뉴"));
});

appTest("misses of one page at once render it once; the others are answered from what it stored", async () => {
  t.app.sites.clear(); // a new generation: nothing cached
  const answers = await Promise.all(Array.from({ length: 12 }, () => text("http://localhost/about/history")));
  const kinds = answers.map((a) => a.res.headers.get("x-cache"));
  assert.deepEqual(kinds.filter((k) => k === "miss").length, 1, `one render: ${kinds.join(",")}`);
  assert.deepEqual(kinds.filter((k) => k === "hit").length, 11);
  for (const a of answers) {
    assert.equal(a.res.status, 200);
    assert.equal(a.text, answers[0].text, "the same page");
    assert.ok(a.res.headers.getSetCookie().some((c) => c.startsWith("XSRF-TOKEN=")), "each visitor's own cookie");
  }
  // Another page, language or a signed-in visitor never waits on it: each is its own render.
  const mixed = await Promise.all([
    text("http://localhost/about/greeting"),
    text("http://localhost/en/about/greeting"),
    text("http://localhost/about/greeting", { headers: { cookie: "session=abc" } }),
  ]);
  assert.deepEqual(mixed.map((a) => a.res.headers.get("x-cache")), ["miss", "miss", null]);
  assert.match(mixed[1].text, /<html lang="en">/);
  // A page that is not cacheable (404) is rendered by each visitor.
  const missing = await Promise.all([text("http://localhost/no/such/page"), text("http://localhost/no/such/page")]);
  assert.deepEqual(missing.map((a) => a.res.status), [404, 404]);
  assert.deepEqual(missing.map((a) => a.res.headers.get("x-cache")), [null, null]);
});

appTest("close", () => t.close());
