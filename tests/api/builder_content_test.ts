// A builder page's published content where the site answers with page content (issue 15 §3): the SPEC §7
// call GET /api/{host}/page/current renders the published tree (not the page's old HTML column) in each
// language; the draft stays unseen until it is published.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { pages } from "../../db/schema/site.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");

const [home] = await db.select({ siteId: pages.siteId }).from(pages).where(eq(pages.path, "/")).limit(1);
const [created] = await db.insert(pages).values({
  siteId: home.siteId,
  path: "/builder-content",
  title: "빌더 내용",
  titleEn: "Builder content",
  layout: "sub",
  content: "<p>옛날 본문</p>",
  contentEn: "<p>Old body</p>",
}).returning();

const send = (method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: csrfHeaders({ cookie: admin, "content-type": "application/json", accept: "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const current = async (url: string) => {
  const res = await t.request(`/api/localhost/page/current?url=${encodeURIComponent(url)}`);
  return { res, body: await res.json() };
};

const tree = (heading: string, text: string) => [
  {
    id: "s1",
    type: "section",
    props: { title: "", tone: "plain" },
    children: [
      { id: "h1", type: "heading", props: { text: heading } },
      { id: "t1", type: "text", props: { html: `<p>${text}</p>` } },
      { id: "b1", type: "button", props: { label: heading, href: "/contest" } },
    ],
  },
];

appTest("page/current answers a builder page's published tree as HTML in each language", async () => {
  const before = await current("/builder-content");
  assert.equal(before.res.status, 200);
  assert.match(before.body.content, /옛날 본문/, "a page not built yet answers its HTML");
  assert.equal(before.body.page.format, "html");

  const saved = await send("PUT", `/api/builder/pages/${created.id}`, {
    trees: { ko: tree("빌더 제목", "빌더 본문"), en: tree("Builder heading", "Builder body") },
  });
  assert.equal(saved.status, 200, await saved.clone().text());
  assert.match((await current("/builder-content")).body.content, /옛날 본문/, "a draft is not answered");

  assert.equal((await send("POST", `/api/builder/pages/${created.id}/publish`, {})).status, 200);
  // Cached pages are dropped by a database notification: wait for it briefly.
  let ko = await current("/builder-content");
  for (let i = 0; i < 200 && ko.body.page.format !== "builder"; i++) {
    await new Promise((r) => setTimeout(r, 25));
    ko = await current("/builder-content");
  }
  assert.equal(ko.res.status, 200);
  assert.equal(ko.body.page.format, "builder");
  assert.equal(ko.body.layout, "sub");
  assert.match(ko.body.content, /<h2 class="pb-heading">빌더 제목<\/h2>/);
  assert.match(ko.body.content, /빌더 본문/);
  assert.match(ko.body.content, /href="\/contest"/);
  assert.doesNotMatch(ko.body.content, /옛날 본문/, "the old HTML column is not answered");

  const en = await current("/en/builder-content");
  assert.equal(en.body.baseUri, "/en/");
  assert.match(en.body.content, /Builder heading/);
  assert.match(en.body.content, /href="\/en\/contest"/, "links stay in the page's language");
  assert.doesNotMatch(en.body.content, /빌더 제목|Old body/);

  // The same HTML as the public page shows.
  const page = await (await t.request("/builder-content", { headers: { host: "localhost" } })).text();
  assert.ok(page.includes(ko.body.content), "the public page renders the same tree");
});

const search = async (word: string, locale = "") => {
  const res = await t.request(`${locale}/api/search?kind=page&q=${encodeURIComponent(word)}`);
  assert.equal(res.status, 200);
  return (await res.json()).data as { id: number; title: string; excerpt: string; path: string }[];
};

appTest("site search finds a published builder page's words in both languages, never its draft", async () => {
  const [made] = await db.insert(pages).values({
    siteId: home.siteId,
    path: "/builder-search",
    title: "검색 시험",
    titleEn: "Search test",
    content: "<p>낡은본문단어</p>",
  }).returning();
  const page = (ko: string, en: string) => ({
    trees: {
      ko: [
        { id: "h1", type: "heading", props: { text: "안내" } },
        { id: "t1", type: "text", props: { html: `<p>이 쪽은 <strong>${ko}</strong> 입니다.</p>` } },
        { id: "l1", type: "list", props: { items: ["목록항목단어"] } },
        { id: "n1", type: "notices", props: { board: "notice", count: 3 } },
      ],
      en: [{ id: "t1", type: "text", props: { html: `<p>This is ${en}.</p>` } }],
    },
  });
  const first = await send("PUT", `/api/builder/pages/${made.id}`, page("자카란다보라색", "jacarandapurple"));
  assert.equal(first.status, 200);
  assert.deepEqual(await search("자카란다보라색"), [], "a draft is not found");
  assert.equal((await send("POST", `/api/builder/pages/${made.id}/publish`, {})).status, 200);

  const ko = await search("자카란다보라색");
  assert.deepEqual(ko.map((h) => h.path), ["/builder-search"]);
  assert.match(ko[0].excerpt, /자카란다보라색/);
  assert.deepEqual((await search("목록항목단어")).map((h) => h.id), [made.id], "list items are text too");
  const en = await search("jacarandapurple", "/en");
  assert.deepEqual(en.map((h) => h.id), [made.id]);
  assert.equal(en[0].title, "Search test");
  assert.match(en[0].excerpt, /This is jacarandapurple/);
  assert.deepEqual(await search("낡은본문단어"), [], "the old HTML of a builder page is not searched");
  assert.ok(!(await search("notice")).some((h) => h.id === made.id), "a board slug is no word of the page");

  // A new draft's words stay unfound until it is published; the published words go with the next version.
  await send("PUT", `/api/builder/pages/${made.id}`, page("초안에만있는말", "draftonlyword"));
  assert.deepEqual(await search("초안에만있는말"), []);
  assert.equal((await search("자카란다보라색")).length, 1);
  assert.equal((await send("POST", `/api/builder/pages/${made.id}/publish`, {})).status, 200);
  assert.equal((await search("초안에만있는말")).length, 1);
  assert.deepEqual(await search("자카란다보라색"), []);

  // Rolling back publishes the earlier text again.
  const back = await send("POST", `/api/builder/pages/${made.id}/rollback`, { number: 1 });
  assert.equal(back.status, 200, await back.clone().text());
  assert.equal((await search("자카란다보라색")).length, 1);
  assert.deepEqual(await search("초안에만있는말"), []);
});

appTest("close", async () => {
  await t.close();
});
