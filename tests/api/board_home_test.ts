// The home pages show the boards live (issue 13 §5 "the home page shows the latest notices and events"): the
// stored home HTML holds placeholders the builder's live components fill (domain/site/live-blocks.ts), so a
// notice written now is on the home page at once (the cached page is dropped: migration board_cache_notify)
// and one taken down leaves it; the upcoming events are listed; secret and hidden posts never show.
import assert from "node:assert/strict";
import { and, desc, eq, isNull } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { boards, posts, scheduleEvents } from "../../db/schema/board.ts";
import { sites } from "../../db/schema/site.ts";
import { liveBlocksOf, replaceLiveBlocks } from "../../domain/site/live-blocks.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");

async function home(path = "/") {
  const res = await t.request(path, { headers: { "x-forwarded-for": randomAddress() } });
  assert.equal(res.status, 200);
  return await res.text();
}

/** The home page until it shows (or stops showing) `text`: the cache is dropped by a notification. */
async function homeUntil(text: string, shown: boolean, path = "/") {
  let html = "";
  for (let i = 0; i < 100; i++) {
    html = await home(path);
    if (html.includes(text) === shown) return html;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`${path} ${shown ? "never showed" : "still shows"} ${text}`);
}

async function call(path: string, method: string, json: unknown) {
  const res = await t.request(path, {
    method,
    headers: csrfHeaders({
      cookie: admin,
      accept: "application/json",
      "content-type": "application/json",
      "x-forwarded-for": randomAddress(),
    }),
    body: JSON.stringify(json),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

appTest("placeholders: the live types only, their board and count checked, filled in order", () => {
  const html = '<p>a</p><div data-live="notices" data-board="notice" data-count="4"></div>' +
    '<div data-live="events"></div><div data-live="script" data-count="2"></div>' +
    '<div data-live="notices" data-board="../x" data-count="900"></div>';
  const nodes = liveBlocksOf(html);
  assert.deepEqual(nodes.map((n) => [n.id, n.type, n.props]), [
    ["live-0", "notices", { board: "notice", count: 4 }],
    ["live-1", "events", {}],
    ["live-3", "notices", {}],
  ]);
  assert.equal(
    replaceLiveBlocks(html, nodes, (n) => `[${n.id}]`),
    '<p>a</p>[live-0][live-1]<div data-live="script" data-count="2"></div>[live-3]',
  );
  assert.deepEqual(liveBlocksOf("<p>no lists</p>"), []);
});

appTest("the home page lists the latest notices from the board, and a new one at once", async () => {
  const [www] = await db.select().from(sites).where(eq(sites.subDomain, "www"));
  const [notice] = await db.select().from(boards).where(and(eq(boards.siteId, www.id), eq(boards.slug, "notice")));
  const [latest] = await db.select().from(posts).where(
    and(eq(posts.boardId, notice.id), eq(posts.status, "visible"), isNull(posts.postFrom), isNull(posts.parentId)),
  ).orderBy(desc(posts.id)).limit(1);
  const first = await home();
  assert.ok(first.includes(`href="/board/notice/${latest.id}"`), "the latest notice, linked to its post");
  assert.ok(first.includes("/css/builder.css"), "the live list's styles");
  assert.ok(!first.includes("data-live="), "no placeholder is left");
  await home(); // cached now

  const made = await call("/api/bbs/notice", "POST", { title: "방금 올린 공지", content: "본문" });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const shown = await homeUntil("방금 올린 공지", true);
  assert.ok(shown.includes(`href="/board/notice/${made.body.id}"`));
  assert.ok(shown.indexOf("방금 올린 공지") < shown.indexOf(`/board/notice/${latest.id}"`), "newest first");
  const en = await homeUntil("방금 올린 공지", true, "/en");
  assert.ok(en.includes(`href="/en/board/notice/${made.body.id}"`), "links in the visitor's language");
  // The page call answers what visitors see, the list filled.
  for (const [url, link] of [["/", "/board/notice/"], ["/en/", "/en/board/notice/"]]) {
    const res = await t.request(`/api/localhost/page/current?url=${url}`, { headers: { accept: "application/json" } });
    const { content } = await res.json();
    assert.ok(content.includes(`href="${link}${made.body.id}"`), url);
    assert.ok(!content.includes("data-live="), url);
  }

  // Blinded by staff: off the home page.
  const blinded = await call(`/api/bbs/post/${made.body.id}/blind`, "PATCH", { blind: true });
  assert.ok([200, 204].includes(blinded.status), JSON.stringify(blinded.body));
  await homeUntil("방금 올린 공지", false);
  // Another board's posts and secret ones never show.
  const [free] = await db.select().from(boards).where(and(eq(boards.siteId, www.id), eq(boards.slug, "free")));
  const [forum] = await db.select().from(posts).where(eq(posts.boardId, free.id)).limit(1);
  assert.ok(!(await home()).includes(`/board/free/${forum.id}"`));
});

appTest("the home page lists the upcoming events; a new event at once", async () => {
  const [www] = await db.select().from(sites).where(eq(sites.subDomain, "www"));
  const html = await home();
  assert.ok(html.includes("디자인 세미나"), "a seeded upcoming event");
  assert.ok(html.includes('href="/notice/events"'));
  assert.ok((await home("/en")).includes("Design seminar"), "in English on the English site");
  const day = new Date(Date.now() + 9 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  await db.insert(scheduleEvents).values({
    siteId: www.id,
    title: "내일 열리는 특강",
    titleEn: "A talk tomorrow",
    startsOn: day,
    endsOn: day,
  });
  await homeUntil("내일 열리는 특강", true);
  await db.delete(scheduleEvents).where(eq(scheduleEvents.title, "내일 열리는 특강"));
  await homeUntil("내일 열리는 특강", false);
});

appTest("the IBDA home page lists its own site's notices", async () => {
  const [ibda] = await db.select().from(sites).where(eq(sites.subDomain, "ibda"));
  const [notice] = await db.select().from(boards).where(and(eq(boards.siteId, ibda.id), eq(boards.slug, "notice")));
  const [latest] = await db.select().from(posts).where(and(eq(posts.boardId, notice.id), eq(posts.status, "visible")))
    .orderBy(desc(posts.id)).limit(1);
  const res = await t.request("http://ibda.localhost/", { headers: { "x-forwarded-for": randomAddress() } });
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.ok(html.includes(latest.title), html.slice(0, 200));
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
