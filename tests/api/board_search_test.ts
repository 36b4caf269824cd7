// The site search (issue 13 §5; SPEC §5 search ≥ 2 characters): posts, pages, awards and contests in one
// box, in Korean and English, the keyword highlighted; hidden, deleted and secret posts, and boards the
// visitor may not read, are never found; one kind is paged in the pagination shape.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, openTestApp } from "../support/app.ts";
import { boards } from "../../db/schema/board.ts";

const t = await openTestApp();
globalThis.addEventListener("unload", () => t.close());
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
  assert.deepEqual(kinds, ["post", "page", "award", "contest"]);
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
