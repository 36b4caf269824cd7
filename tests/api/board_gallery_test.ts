// Galleries and events (SPEC §7 /api/akfw…, §2.5 galleries; issue 13 schedule by month and its iCalendar
// feed): published items only, the pagination shape, unknown ids 404 and bad ids 400; the pages send no
// script, and a video's player (the provider's privacy-enhanced one) loads only after the play link.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, openTestApp } from "../support/app.ts";
import { designers, scheduleEvents } from "../../db/schema/board.ts";

const t = await openTestApp();
const db = t.app.database.db;

async function json(path: string, status = 200) {
  const res = await t.request(path, { headers: { accept: "application/json" } });
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

async function html(path: string, status = 200) {
  const res = await t.request(path);
  const text = await res.text();
  assert.equal(res.status, status, path);
  return { text, res };
}

appTest("/api/akfw/designer: published designers paginated; one with works; unpublished and unknown 404", async () => {
  const list = await json("/api/akfw/designer");
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(key in list);
  assert.equal(list.total, 4, "the unpublished designer is left out");
  assert.equal(list.data[0].name, "박서연");
  assert.ok(list.data[0].photo.thumbnail.startsWith("/api/file/"));
  const en = await json("/api/akfw/designer?lang=en&perpage=2&page=2");
  assert.deepEqual([en.current_page, en.data.length, en.data[0].name], [2, 2, "Haeun Jung"]);
  const one = await json(`/api/akfw/designer/${list.data[0].id}`);
  assert.equal(one.works.length, 2);
  const [hidden] = await db.select().from(designers).where(eq(designers.published, false));
  await json(`/api/akfw/designer/${hidden.id}`, 404);
  await json("/api/akfw/designer/999999", 404);
  await json("/api/akfw/designer/abc", 400);
  await json("/api/akfw/designer?page=0", 400);
  await json("/api/akfw/designer?lang=fr", 400);
});

appTest("/api/akfw/photo and /video: albums with covers and counts, videos with their players", async () => {
  const albums = await json("/api/akfw/photo");
  assert.equal(albums.total, 2);
  assert.equal(albums.data[0].count, 3);
  const album = await json(`/api/akfw/photo/${albums.data[0].id}`);
  assert.equal(album.photos.length, 3);
  await json("/api/akfw/photo/999999", 404);
  const videos = await json("/api/akfw/video");
  assert.equal(videos.total, 3);
  const youtube = videos.data.find((v: { provider: string }) => v.provider === "youtube");
  assert.ok(youtube.player.startsWith("https://www.youtube-nocookie.com/embed/"));
  const vimeo = videos.data.find((v: { provider: string }) => v.provider === "vimeo");
  assert.ok(vimeo.player.includes("dnt=1"));
  await json(`/api/akfw/video/${youtube.id}`);
  await json("/api/akfw/video/0", 400);
});

appTest("gallery pages: cards without script; a video plays only after the play link", async () => {
  for (const kind of ["designer", "photo", "video"]) {
    const { text } = await html(`/gallery/${kind}`);
    assert.ok(!text.includes("<script"), kind);
    assert.ok(text.includes('aria-current="page"'));
    const en = await html(`/en/gallery/${kind}`);
    assert.ok(en.text.includes("/en/gallery/"));
  }
  const designer = (await json("/api/akfw/designer")).data[0];
  assert.ok((await html(`/gallery/designer/${designer.id}`)).text.includes("대표 작품"));
  await html("/gallery/designer/999999", 404);
  await html("/gallery/designer/abc", 404);
  const video = (await json("/api/akfw/video")).data[0];
  const quiet = await html(`/gallery/video/${video.id}`);
  assert.ok(!quiet.text.includes("<iframe"), "nothing from the provider before a click");
  assert.ok(!quiet.res.headers.get("content-security-policy")!.includes("youtube"));
  const playing = await html(`/gallery/video/${video.id}?play=1`);
  assert.ok(playing.text.includes(`<iframe src="${video.player.replaceAll("&", "&amp;")}"`));
  assert.ok(playing.res.headers.get("content-security-policy")!.includes("frame-src https://www.youtube-nocookie.com"));
  assert.ok(!playing.text.includes("<script"));
  await html(`/gallery/video/${video.id}?play=2`, 400);
});

appTest("events: the month as a calendar and a list, moving by month; the iCalendar feed", async () => {
  const { text } = await html("/notice/events");
  assert.ok(text.includes("디자인 세미나") || text.includes("수상작 전시 개막"));
  assert.ok(!text.includes("<script"));
  const [event] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.title, "송년 네트워킹"));
  const month = event.startsOn.slice(0, 7);
  const later = await html(`/notice/events?month=${month}`);
  assert.ok(later.text.includes("송년 네트워킹"));
  assert.ok((await html(`/en/notice/events?month=${month}`)).text.includes("Year-end networking"));
  const empty = await html("/notice/events?month=1999-01");
  assert.ok(empty.text.includes("이 달에는 행사가 없습니다."));
  // The award site's /schedule (the award's own dates) leads to the events calendar, in both languages.
  assert.ok((await html("/schedule")).text.includes('href="/notice/events"'));
  assert.ok((await html("/en/schedule")).text.includes('href="/en/notice/events"'));
  await html("/notice/events?month=2026-13", 400);
  await html("/notice/events?month=x", 400);
  const feed = await t.request("/notice/events.ics");
  assert.equal(feed.headers.get("content-type"), "text/calendar; charset=utf-8");
  const ics = await feed.text();
  assert.ok(ics.startsWith("BEGIN:VCALENDAR\r\n"));
  assert.ok(ics.includes("SUMMARY:송년 네트워킹"));
  assert.ok(ics.includes(`DTSTART;VALUE=DATE:${event.startsOn.replaceAll("-", "")}`));
  assert.ok(ics.trimEnd().endsWith("END:VCALENDAR"));
  assert.ok((await (await t.request("/en/notice/events.ics")).text()).includes("SUMMARY:Year-end networking"));
});

appTest(
  "/management/akfw: staff granted akfw add a video and an event, hide and delete; bad input refused",
  async () => {
    const { signIn } = await import("../support/session.ts");
    const { csrfHeaders, TEST_CSRF } = await import("../support/app.ts");
    const admin = await signIn(t, "admin");
    const member = await signIn(t, "member");
    const send = async (kind: string, fields: Record<string, string>, cookie = admin) => {
      const res = await t.request(`/management/akfw/${kind}`, {
        method: "POST",
        headers: csrfHeaders({ cookie }),
        body: new URLSearchParams({ ...fields, _token: TEST_CSRF }),
        redirect: "manual",
      });
      return { status: res.status, html: await res.text() };
    };
    assert.equal((await t.request("/management/akfw/video", { headers: { cookie: member } })).status, 403);
    assert.equal((await t.request("/management/akfw/nope", { headers: { cookie: admin } })).status, 404);
    const added = await send("video", {
      action: "add",
      title: "새 영상",
      provider: "youtube",
      video_key: "abcdeFGH_12",
    });
    assert.equal(added.status, 303);
    const videos = await json("/api/akfw/video");
    const made = videos.data.find((v: { title: string }) => v.title === "새 영상");
    assert.ok(made);
    const bad = await send("video", { action: "add", title: "x", provider: "youtube", video_key: "<script>" });
    assert.equal(bad.status, 422);
    assert.ok(bad.html.includes("영상 ID 형식이 올바르지 않습니다."));
    assert.equal(
      (await send("video", { action: "add", title: "x", provider: "dailymotion", video_key: "abcdef" })).status,
      422,
    );
    assert.equal((await send("video", { action: "unpublish", id: String(made.id) })).status, 303);
    await json(`/api/akfw/video/${made.id}`, 404);
    assert.equal((await send("video", { action: "delete", id: String(made.id) })).status, 303);
    assert.equal((await send("video", { action: "delete", id: String(made.id) })).status, 404);
    const event = await send("schedule", {
      action: "add",
      title: "새 행사",
      starts_on: "2027-01-10",
      ends_on: "2027-01-09",
    });
    assert.equal(event.status, 422, "an event must not end before it starts");
    assert.equal(
      (await send("schedule", {
        action: "add",
        title: "새 행사",
        starts_on: "2027-01-10",
        ends_on: "2027-01-11",
        url: "javascript:alert(1)",
      })).status,
      422,
    );
    assert.equal(
      (await send("schedule", { action: "add", title: "새 행사", starts_on: "2027-01-10", ends_on: "2027-01-11" }))
        .status,
      303,
    );
    assert.ok((await html("/notice/events?month=2027-01")).text.includes("새 행사"));
    assert.equal(
      (await send("photo", { action: "add", title: "사진 없는 앨범" })).status,
      422,
      "an album needs pictures",
    );
    assert.equal((await send("designer", { action: "add", name: "" })).status, 422);
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
