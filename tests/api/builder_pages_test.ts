// Issue 15 §1–§3 over HTTP: a page built as a component tree is saved as a draft, published, read by
// visitors in both languages as script-free HTML (the page cache dropped at publishing), rolled back; the
// bad inputs of the issue are refused cleanly; members and staff without the right are refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { pages } from "../../db/schema/site.ts";
import { pageVersions } from "../../db/schema/builder.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const member = await signIn(t, "member");
const staff = await signIn(t, "staff");

const [site] = await db.select({ id: pages.siteId }).from(pages).where(eq(pages.path, "/")).limit(1);
const [created] = await db.insert(pages).values({
  siteId: site.id,
  path: "/builder-test",
  title: "빌더 시험",
  titleEn: "Builder test",
  content: "<p>예전 내용</p>",
}).returning();
const pageId = created.id;

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: csrfHeaders({ cookie, "content-type": "application/json", accept: "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const visit = async (path: string) => {
  const res = await t.request(path, { headers: { host: "localhost" } });
  return { res, html: await res.text() };
};

const tree = (heading: string) => [
  {
    id: "s1",
    type: "section",
    props: { title: "", tone: "plain" },
    children: [
      {
        id: "c1",
        type: "columns",
        props: { ratio: "1-1" },
        children: [
          { id: "c1a", type: "column", props: {}, children: [{ id: "h1", type: "heading", props: { text: heading } }] },
          {
            id: "c1b",
            type: "column",
            props: {},
            children: [{ id: "i1", type: "image", props: { src: "/images/common/no_img.png", alt: "빈 그림" } }],
          },
        ],
      },
      { id: "n1", type: "notices", props: { board: "notice", count: 3 } },
    ],
  },
];

appTest("the catalogue is grouped basic, custom, layout, with labels and schemas", async () => {
  const res = await send(admin, "GET", "/api/cms/component");
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body), ["basic", "custom", "layout"]);
  const types = Object.values(body).flat().map((c) => (c as { type: string }).type);
  for (const type of ["heading", "slider", "notices", "award", "columns", "tabs"]) {
    assert.ok(types.includes(type), type);
  }
  const heading = body.basic.find((c: { type: string }) => c.type === "heading");
  assert.equal(heading.label, "제목");
  assert.equal(heading.schema.type, "object");
  const sections = await (await send(admin, "GET", "/api/cms/asset/section")).json();
  assert.ok(sections.data.some((s: { id: string }) => s.id === "news"));
});

appTest("members and staff without the page grant cannot reach the builder's calls", async () => {
  for (const cookie of [member, staff]) {
    assert.equal((await send(cookie, "GET", `/api/builder/pages/${pageId}`)).status, 403);
    assert.equal(
      (await send(cookie, "PUT", `/api/builder/pages/${pageId}`, { trees: { ko: [], en: null } })).status,
      403,
    );
    assert.equal((await send(cookie, "POST", `/api/builder/pages/${pageId}/publish`, {})).status, 403);
  }
  assert.equal((await t.request(`/api/builder/pages/${pageId}`)).status, 401);
});

appTest("draft, publish, read in both languages with no script, roll back", async () => {
  const before = await visit("/builder-test");
  assert.match(before.html, /예전 내용/);
  // A second read is a cache hit; publishing must drop it.
  await visit("/builder-test");

  const saved = await send(admin, "PUT", `/api/builder/pages/${pageId}`, { trees: { ko: tree("첫 제목"), en: null } });
  assert.equal(saved.status, 200, await saved.clone().text());
  assert.equal((await saved.json()).number, 1);
  assert.match((await visit("/builder-test")).html, /예전 내용/, "a draft is not shown to visitors");

  const published = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, {});
  assert.equal(published.status, 200);
  // At once, without waiting for the database's notice: the publishing instance dropped its cached copy
  // before it answered.
  const page = (await visit("/builder-test")).html;
  assert.match(page, /<h2 class="pb-heading">첫 제목<\/h2>/);
  assert.match(page, /pb-columns pb-ratio-1-1/);
  assert.match(page, /alt="빈 그림"/);
  assert.match(page, /pb-live-list|pb-empty/, "the latest notices are there");
  assert.doesNotMatch(page, /<script/i, "a published page sends no script");
  const en = (await visit("/en/builder-test")).html;
  assert.match(en, /첫 제목/, "the English page falls back to the Korean tree");
  assert.match(en, /href="\/en\/board\/notice/, "links stay in the visitor's language");
  assert.doesNotMatch(en, /<script/i);

  // A second version with its own English tree.
  const second = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, {
    trees: { ko: tree("둘째 제목"), en: tree("Second heading") },
  });
  assert.equal((await second.json()).number, 2);
  assert.match((await visit("/builder-test")).html, /둘째 제목/);
  assert.match((await visit("/en/builder-test")).html, /Second heading/);

  const back = await send(admin, "POST", `/api/builder/pages/${pageId}/rollback`, { number: 1 });
  assert.equal(back.status, 200);
  assert.deepEqual(await back.json(), { number: 3, restored_from: 1 });
  assert.match((await visit("/builder-test")).html, /첫 제목/);
  const info = await (await send(admin, "GET", `/api/builder/pages/${pageId}`)).json();
  assert.equal(info.published, 3);
  assert.deepEqual(info.versions.map((v: { status: string }) => v.status), ["published", "archived", "archived"]);
  assert.equal((await send(admin, "POST", `/api/builder/pages/${pageId}/rollback`, { number: 3 })).status, 409);
  assert.equal((await send(admin, "POST", `/api/builder/pages/${pageId}/rollback`, { number: 99 })).status, 404);
  assert.equal((await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, {})).status, 409, "no draft");
});

appTest("bad trees are refused with 422 and nothing is stored", async () => {
  const count = async () => (await db.select().from(pageVersions).where(eq(pageVersions.pageId, pageId))).length;
  const n = await count();
  let deep: unknown = { id: "d", type: "divider", props: {} };
  for (let i = 0; i < 100; i++) deep = { id: `d${i}`, type: "section", props: {}, children: [deep] };
  const bad: [string, unknown][] = [
    ["unknown type", [{ id: "a", type: "marquee", props: {} }]],
    ["wrong property type", [{ id: "a", type: "heading", props: { text: ["x"] } }]],
    ["100 levels", [deep]],
    ["10,000 nodes", Array.from({ length: 10_000 }, (_, i) => ({ id: `n${i}`, type: "divider", props: {} }))],
    ["javascript: link", [{ id: "a", type: "button", props: { label: "x", href: "javascript:alert(1)" } }]],
    ["encoded javascript", [{ id: "a", type: "button", props: { label: "x", href: "&#106;avascript:alert(1)" } }]],
  ];
  for (const [name, ko] of bad) {
    const res = await send(admin, "PUT", `/api/builder/pages/${pageId}`, { trees: { ko, en: null } });
    assert.equal(res.status, 422, name);
    const body = await res.json();
    assert.ok(body.key.startsWith("builder."), `${name}: ${body.key}`);
  }
  assert.equal((await send(admin, "PUT", `/api/builder/pages/${pageId}`, { trees: "nope" })).status, 422);
  assert.equal((await send(admin, "PUT", "/api/builder/pages/999999", { trees: { ko: [], en: null } })).status, 404);
  assert.equal(await count(), n);
});

appTest("script in a text property is stored without it and never reaches the page", async () => {
  const ko = [
    { id: "x1", type: "heading", props: { text: '<img src=x onerror="alert(1)">안전<script>alert(2)</script>' } },
    { id: "x2", type: "text", props: { html: '<p onmouseover="alert(3)">본문<iframe src="//evil"></iframe></p>' } },
  ];
  const res = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, { trees: { ko, en: null } });
  assert.equal(res.status, 200);
  await new Promise((r) => setTimeout(r, 100));
  const { html } = await visit("/builder-test");
  assert.match(html, /안전/);
  assert.doesNotMatch(html, /onerror|onmouseover|<script|<iframe|alert\(/);
});

appTest("the builder screen, its preview and its no-script forms", async () => {
  const get = (cookie: string, path: string) => t.request(path, { headers: { cookie } });
  const list = await get(admin, "/builder");
  assert.equal(list.status, 200);
  assert.match(await list.text(), /builder-test/);
  const screen = await get(admin, `/builder?page=${pageId}`);
  assert.equal(screen.status, 200);
  const html = await screen.text();
  assert.match(html, /PageBuilder/, "the island is on the page");
  assert.match(html, /<noscript>/);
  assert.match(await (await get(admin, `/en/builder?page=${pageId}`)).text(), /Page builder/);
  const preview = await get(admin, `/builder/preview?page=${pageId}`);
  assert.equal(preview.status, 200);
  assert.match(await preview.text(), /pb-page/);
  for (const cookie of [member, staff]) {
    assert.equal((await get(cookie, "/builder")).status, 403);
    assert.equal((await get(cookie, `/builder/preview?page=${pageId}`)).status, 403);
  }
  const anonymous = await t.request("/builder");
  assert.ok([302, 303].includes(anonymous.status), `nobody is sent to sign in (${anonymous.status})`);
  assert.match(anonymous.headers.get("location") ?? "", /\/login/);
  assert.equal((await get(admin, "/builder?page=abc")).status, 404);

  // Without JavaScript: roll back to version 2 by a plain form, then publish a saved draft.
  const form = (body: Record<string, string>) =>
    t.request(`/builder?page=${pageId}`, {
      method: "POST",
      headers: csrfHeaders({ cookie: admin, "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ _token: "test-csrf-token-0123456789", ...body }),
    });
  const back = await form({ action: "rollback", number: "2" });
  assert.equal(back.status, 303);
  await new Promise((r) => setTimeout(r, 100));
  assert.match((await visit("/builder-test")).html, /둘째 제목/);
  assert.equal((await form({ action: "publish" })).status, 409, "no draft: refused on the screen");
  assert.equal((await form({ action: "nothing" })).status, 422);
});

appTest("close", async () => {
  await t.close();
});
