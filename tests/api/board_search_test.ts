// The site search (issue 13 §5; SPEC §5 search ≥ 2 characters): posts, pages, awards, contests and market
// products (on sale only) in one box, in Korean and English, the keyword highlighted; hidden, deleted and secret posts, and boards the
// visitor may not read, are never found; one kind is paged in the pagination shape.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { appTest, openTestApp } from "../support/app.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { marketProducts } from "../../db/schema/market.ts";

const t = await openTestApp();
const db = t.app.database.db;

async function json(path: string, status = 200) {
  const res = await t.request(path, { headers: { accept: "application/json" } });
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}
const q = (word: string, extra = "") => `/api/search?q=${encodeURIComponent(word)}${extra}`;

appTest("GET /api/search: every kind with its count and first matches; one kind paged", async () => {
  const all = await json(q("어워드"));
  const kinds = all.groups.map((g: { kind: string }) => g.kind);
  assert.deepEqual(kinds, ["post", "page", "award", "contest", "product"]);
  const posts = all.groups.find((g: { kind: string }) => g.kind === "post");
  assert.ok(posts.total >= 2);
  assert.ok(posts.data.every((h: { path: string }) => h.path.startsWith("/board/")));
  assert.ok(all.groups.find((g: { kind: string }) => g.kind === "award").total >= 1);
  assert.ok(all.groups.find((g: { kind: string }) => g.kind === "page").total >= 1);
  const one = await json(q("어워드", "&kind=post&page=1"));
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(key in one);
  assert.equal(one.total, posts.total);
  const en = await json(`/en${q("Award")}`);
  assert.ok(en.groups.find((g: { kind: string }) => g.kind === "award").data[0].title.includes("Award"));
  for (const bad of ["q=a", "q=%20a", "q=", "", "q=ab&kind=nope", "q=ab&page=0"]) {
    const res = await t.request(`/api/search?${bad}`);
    assert.equal(res.status, 400, bad);
    await res.body?.cancel();
  }
});

appTest("a broad keyword is counted as the lists are: exactly up to 1,000, 'about N' above", async () => {
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free"));
  await db.execute(
    sql`insert into ${posts} (board_id, title, writer_name)
        select ${free.id}, '넓은검색어 ' || g, '방문객' from generate_series(1, 1200) as g`,
  );
  const all = await json(q("넓은검색어"));
  const group = all.groups.find((g: { kind: string }) => g.kind === "post");
  assert.equal(group.estimated, true);
  assert.ok(group.total >= 1001, String(group.total));
  assert.equal(group.data.length, 3);
  const one = await json(q("넓은검색어", "&kind=post&page=2"));
  assert.equal(one.estimated, true);
  assert.equal(one.data.length, 8);
  const page = await (await t.request(`/search?q=${encodeURIComponent("넓은검색어")}`)).text();
  assert.match(page, /검색 결과 약 [\d,]+건/);
  // A narrow keyword stays exact.
  const narrow = (await json(q("넓은검색어 7", "&kind=post"))).estimated;
  assert.equal(narrow, undefined);
});

appTest("search never finds hidden, deleted, secret or unreadable posts", async () => {
  const found = async (word: string) =>
    (await json(q(word, "&kind=post"))).data.map((h: { title: string }) => h.title) as string[];
  assert.deepEqual(await found("시스템 점검"), [], "hidden");
  assert.deepEqual(await found("잘못 올린"), [], "deleted");
  assert.deepEqual(await found("개인 연락처"), [], "secret");
  assert.deepEqual(await found("상반기 디자인 교육"), [], "before its posting period");
  assert.deepEqual(await found("관람 후기"), ["전시 관람 후기"]);
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free"));
  await db.update(boards).set({ rights: { ...free.rights, read: ["member"] } }).where(eq(boards.id, free.id));
  assert.deepEqual(await found("관람 후기"), [], "a board the visitor may not read");
  await db.update(boards).set({ rights: free.rights }).where(eq(boards.id, free.id));
  assert.deepEqual(await found("%_"), [], "LIKE wildcards are literal");
});

appTest("/search page: a GET form, results grouped with the keyword marked, no script; too short is 400", async () => {
  const empty = await t.request("/search");
  const prompt = await empty.text();
  assert.equal(empty.status, 200);
  assert.ok(prompt.includes("두 글자 이상 입력해 검색해 주십시오."));
  const res = await t.request(`/search?q=${encodeURIComponent("교실")}`);
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.ok(html.includes("<mark>교실</mark>"));
  assert.ok(html.includes('href="/board/notice/318"'));
  assert.ok(!html.includes("<script"));
  const short = await t.request("/search?q=a");
  assert.equal(short.status, 400);
  assert.ok((await short.text()).includes("검색어는 두 글자 이상 입력해 주십시오."));
  const xss = await t.request(`/search?q=${encodeURIComponent("<script>alert(1)</script>")}`);
  const escaped = await xss.text();
  assert.ok(!escaped.includes("<script>alert(1)</script>"));
  const en = await (await t.request(`/en/search?q=${encodeURIComponent("classes")}&kind=post`)).text();
  assert.ok(en.includes("Search"));
});

appTest(
  "market products: found by title and description in both languages, on sale only, linked to their page",
  async () => {
    const products = async (word: string, prefix = "") =>
      (await json(`${prefix}${q(word, "&kind=product")}`)).data as { title: string; path: string; excerpt: string }[];
    const [lamp] = await db.select().from(marketProducts).where(eq(marketProducts.title, "한지 무드등"));
    const byTitle = await products("무드등");
    assert.deepEqual(byTitle.map((h) => [h.title, h.path]), [["한지 무드등", `/market/design/${lamp.id}`]]);
    const en = await products("mood lamp", "/en");
    assert.deepEqual(en.map((h) => h.title), ["Hanji mood lamp"]);
    assert.ok(en[0].excerpt.length > 0);
    // Only the description says this (every seeded product's): the products on sale, never waiting, refused or sold.
    const all = await db.select().from(marketProducts);
    const described = (await products("거래 조건")).map((h) => h.title).sort();
    assert.deepEqual(described, all.filter((p) => p.status === "approved").map((p) => p.title).sort());
    assert.ok(described.length >= 2);
    assert.ok((await products("full specification", "/en")).length === described.length, "English descriptions");
    for (const gone of ["모듈형 공원 벤치", "유명 캐릭터 복제 인형", "옻칠 나무 그릇"]) {
      assert.deepEqual(await products(gone), [], gone);
    }
    // Taken off sale (refused after all): no longer found.
    await db.update(marketProducts).set({ status: "rejected" }).where(eq(marketProducts.id, lamp.id));
    assert.deepEqual(await products("무드등"), []);
    await db.update(marketProducts).set({ status: "approved" }).where(eq(marketProducts.id, lamp.id));
    // Everything at once counts them; the page links each to its product page, the keyword marked.
    const group = (await json(q("무드등"))).groups.find((g: { kind: string }) => g.kind === "product");
    assert.equal(group.total, 1);
    const html = await (await t.request(`/search?q=${encodeURIComponent("무드등")}`)).text();
    assert.ok(html.includes(`href="/market/design/${lamp.id}"`), "linked to the product page");
    assert.ok(html.includes("<mark>무드등</mark>"));
    const enHtml = await (await t.request(`/en/search?q=${encodeURIComponent("lamp")}&kind=product`)).text();
    assert.ok(enHtml.includes(`href="/en/market/design/${lamp.id}"`));
    assert.ok(enHtml.includes("Hanji mood <mark>lamp</mark>"));
    const page = await t.request(`/market/design/${lamp.id}`);
    await page.body?.cancel();
    assert.equal(page.status, 200, "the link opens the product");
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
