// /management/akfw/{kind}/{id} (SPEC §2.2 akfw {id}): staff granted `akfw` (and administrators) edit one
// designer, album, video or event in Korean and English; add a designer's works with a picture (sent with
// the form, or an earlier upload of the gallery's purpose that is their own), caption, reorder and remove
// them; add and remove an album's photos. Refused: members and staff without the grant (403), bad input
// (422), another member's upload and an upload of another purpose (422), items of another site (404).
import assert from "node:assert/strict";
import { and, asc, eq, ne } from "drizzle-orm";
import { albumPhotos, designers, designerWorks, photoAlbums, scheduleEvents, videos } from "../../db/schema/board.ts";
import { files } from "../../db/schema/file.ts";
import { managementGrants } from "../../db/schema/member.ts";
import { sites } from "../../db/schema/site.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { photo, upload } from "../support/images.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");
const jpeg = await photo(320, 240);

const [designer] = await db.select().from(designers).where(eq(designers.published, true))
  .orderBy(asc(designers.sort), asc(designers.id)).limit(1);
const [album] = await db.select().from(photoAlbums).orderBy(asc(photoAlbums.id)).limit(1);
const [video] = await db.select().from(videos).orderBy(asc(videos.id)).limit(1);
const [event] = await db.select().from(scheduleEvents).orderBy(asc(scheduleEvents.id)).limit(1);

const get = async (path: string, cookie?: string) => {
  const res = await t.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text() };
};

/** A multipart form as the screen posts it; `pictures` under their field names. */
async function send(
  path: string,
  fields: Record<string, string | string[]>,
  cookie = admin,
  pictures: Record<string, File[]> = {},
) {
  const body = new FormData();
  body.append("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [k, list] of Object.entries(pictures)) for (const f of list) body.append(k, f);
  const res = await t.request(path, { method: "POST", headers: csrfHeaders({ cookie }), body, redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

/** An earlier upload through POST /api/file, as the islands make them. */
async function uploaded(cookie: string, purpose: string): Promise<number> {
  const body = new FormData();
  body.append("file", upload("earlier.jpg", jpeg));
  const res = await t.request(`/api/file?purpose=${purpose}`, {
    method: "POST",
    headers: csrfHeaders({ cookie, accept: "application/json" }),
    body,
  });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  return json.data[0].id;
}

const worksOf = (id: number) =>
  db.select().from(designerWorks).where(eq(designerWorks.designerId, id)).orderBy(
    asc(designerWorks.sort),
    asc(designerWorks.id),
  );

const designerPath = `/management/akfw/designer/${designer.id}`;

appTest("the item screen: administrators and staff granted akfw; members and ungranted staff 403", async () => {
  const visitor = await t.request(designerPath, { redirect: "manual" });
  assert.equal(visitor.status, 303, "a visitor signs in first");
  assert.ok(visitor.headers.get("location")?.startsWith("/login?redirect="));
  await visitor.body?.cancel();
  assert.equal((await get(designerPath, member)).status, 403);
  assert.equal((await get(designerPath, staff)).status, 403, "staff without the akfw grant");
  assert.equal(
    (await send(`/management/akfw/video/${video.id}`, { action: "save", title: "x" }, staff)).status,
    403,
  );
  await db.insert(managementGrants).values({ roleCode: "support_group", section: "akfw" });
  try {
    const page = await get(designerPath, staff);
    assert.equal(page.status, 200);
    assert.ok(page.html.includes(designer.name));
    assert.ok(page.html.includes('value="work_add"'), "the designer's works can be added");
    assert.ok(page.html.includes(`${designer.name}의 대표작 1`));
    // The list links to each item's screen.
    assert.ok((await get("/management/akfw/designer", staff)).html.includes(`href="${designerPath}"`));
    assert.ok((await get(`/en${designerPath}`, staff)).html.includes("Add a work"));
  } finally {
    await db.delete(managementGrants).where(eq(managementGrants.section, "akfw"));
  }
  assert.equal((await get("/management/akfw/designer/999999", admin)).status, 404);
  assert.equal((await get("/management/akfw/designer/abc", admin)).status, 404);
  assert.equal((await get(`/management/akfw/nope/${designer.id}`, admin)).status, 404);
  // An item of another site is not this site's screen's.
  const [other] = await db.select().from(sites).where(ne(sites.id, designer.siteId)).limit(1);
  assert.ok(other, "the seed has more than one site");
  const [foreign] = await db.insert(designers).values({ siteId: other.id, name: "다른 사이트 디자이너" }).returning();
  assert.equal((await get(`/management/akfw/designer/${foreign.id}`, admin)).status, 404);
  assert.equal((await send(`/management/akfw/designer/${foreign.id}`, { action: "save", name: "x" })).status, 404);
});

appTest("a designer's fields in Korean and English; bad input refused on the screen", async () => {
  const saved = await send(designerPath, {
    action: "save",
    name: "박서연(수정)",
    name_en: "Seoyeon Park (edited)",
    field: "브랜드",
    field_en: "Branding",
    bio: "고친 소개",
    bio_en: "Edited bio",
    website: "https://example.org/park",
  });
  assert.equal(saved.status, 303, saved.html.slice(0, 300));
  assert.equal(saved.location, designerPath);
  const [row] = await db.select().from(designers).where(eq(designers.id, designer.id));
  assert.deepEqual([row.name, row.nameEn, row.fieldEn, row.bioEn, row.website], [
    "박서연(수정)",
    "Seoyeon Park (edited)",
    "Branding",
    "Edited bio",
    "https://example.org/park",
  ]);
  const en = await (await t.request(`/api/akfw/designer/${designer.id}?lang=en`)).json();
  assert.equal(en.name, "Seoyeon Park (edited)");

  const script = await send(designerPath, { action: "save", name: "x", website: "javascript:alert(1)" });
  assert.equal(script.status, 422);
  assert.ok(script.html.includes("http 또는 https 주소를 입력해 주십시오."));
  assert.equal((await send(designerPath, { action: "save", name: "" })).status, 422);
  assert.equal((await send(designerPath, { action: "save", name: "x".repeat(121) })).status, 422);
  assert.equal((await send(designerPath, { action: "explode", name: "x" })).status, 422);
  // An album's action on a designer is not this kind's.
  assert.equal((await send(designerPath, { action: "photo_remove", photo: "1" })).status, 422);
  const [after] = await db.select().from(designers).where(eq(designers.id, designer.id));
  assert.equal(after.name, "박서연(수정)", "nothing refused was stored");
});

appTest("a designer's works: add with a picture, caption, reorder by buttons, remove", async () => {
  const before = await worksOf(designer.id);
  // Sent with the form: stored for the gallery's purpose, public.
  const added = await send(
    designerPath,
    { action: "work_add", title: "새 작품", title_en: "New work", year: "2027" },
    admin,
    {
      image: [upload("work.jpg", jpeg)],
    },
  );
  assert.equal(added.status, 303, added.html.slice(0, 300));
  let works = await worksOf(designer.id);
  assert.equal(works.length, before.length + 1);
  const work = works.at(-1)!;
  assert.deepEqual([work.title, work.titleEn, work.year], ["새 작품", "New work", 2027]);
  const [file] = await db.select().from(files).where(eq(files.id, work.imageId!));
  assert.deepEqual([file.purpose, file.access, file.attachedAt !== null], ["board_photo", "public", true]);
  const shown = await (await t.request(`/api/akfw/designer/${designer.id}`)).json();
  assert.equal(shown.works.at(-1).title, "새 작품");
  const image = await t.request(shown.works.at(-1).image.thumbnail);
  assert.equal(image.status, 200, "the work's picture is served to everyone");
  await image.body?.cancel();

  // An earlier upload of the gallery's purpose, the viewer's own: attached and public.
  const earlier = await uploaded(admin, "board_photo");
  assert.equal(
    (await send(designerPath, { action: "work_add", title: "올려 둔 사진", image_id: String(earlier) })).status,
    303,
  );
  const [taken] = await db.select().from(files).where(eq(files.id, earlier));
  assert.deepEqual([taken.access, taken.attachedAt !== null], ["public", true]);
  // Used once: a second work cannot take it again.
  assert.equal(
    (await send(designerPath, { action: "work_add", title: "다시", image_id: String(earlier) })).status,
    422,
  );

  // Refused: another member's upload, an upload of another purpose, no picture, not a picture, bad fields.
  const theirs = await uploaded(member, "board_photo");
  const foreign = await send(designerPath, { action: "work_add", title: "남의 사진", image_id: String(theirs) });
  assert.equal(foreign.status, 422);
  assert.ok(foreign.html.includes("파일을 찾을 수 없습니다."), foreign.html.slice(0, 200));
  assert.equal((await db.select().from(files).where(eq(files.id, theirs)))[0].attachedAt, null);
  const portrait = await uploaded(admin, "portrait");
  assert.equal(
    (await send(designerPath, { action: "work_add", title: "다른 용도", image_id: String(portrait) })).status,
    422,
  );
  assert.equal((await send(designerPath, { action: "work_add", title: "사진 없음" })).status, 422);
  const text = await send(designerPath, { action: "work_add", title: "글" }, admin, {
    image: [upload("notes.jpg", new TextEncoder().encode("not a picture"), "image/jpeg")],
  });
  assert.equal(text.status, 422);
  assert.equal((await send(designerPath, { action: "work_add", title: "", image_id: String(portrait) })).status, 422);
  assert.equal(
    (await send(designerPath, { action: "work_add", title: "연도", year: "20270" }, admin, {
      image: [upload("w.jpg", jpeg)],
    })).status,
    422,
  );
  works = await worksOf(designer.id);
  assert.equal(works.length, before.length + 2, "nothing refused was added");

  // Caption edited.
  const first = works[0];
  assert.equal(
    (await send(designerPath, { action: "work_save", work: String(first.id), title: "고친 제목", title_en: "Fixed" }))
      .status,
    303,
  );
  assert.equal((await worksOf(designer.id))[0].title, "고친 제목");
  assert.equal((await send(designerPath, { action: "work_save", work: String(first.id), title: " " })).status, 422);

  // Moved down, then the last one up to the top by steps.
  assert.equal((await send(designerPath, { action: "work_down", work: String(first.id) })).status, 303);
  assert.deepEqual((await worksOf(designer.id)).slice(0, 2).map((w) => w.id), [works[1].id, first.id]);
  const last = works.at(-1)!;
  for (let i = 0; i < works.length - 1; i++) {
    assert.equal((await send(designerPath, { action: "work_up", work: String(last.id) })).status, 303);
  }
  assert.equal((await worksOf(designer.id))[0].id, last.id);
  // At the top already: nothing changes.
  assert.equal((await send(designerPath, { action: "work_up", work: String(last.id) })).status, 303);
  assert.equal((await worksOf(designer.id))[0].id, last.id);
  const page = await get(designerPath, admin);
  assert.ok(page.html.includes(`value="work_down"`));

  // Removed, with its picture.
  assert.equal((await send(designerPath, { action: "work_remove", work: String(work.id) })).status, 303);
  assert.ok(!(await worksOf(designer.id)).some((w) => w.id === work.id));
  assert.equal((await db.select().from(files).where(eq(files.id, work.imageId!))).length, 0);

  // Another designer's work through this designer's screen.
  const [other] = await db.select().from(designers).where(
    and(ne(designers.id, designer.id), eq(designers.published, true)),
  )
    .limit(1);
  const [theirWork] = await worksOf(other.id);
  assert.equal((await send(designerPath, { action: "work_remove", work: String(theirWork.id) })).status, 404);
  assert.equal((await send(designerPath, { action: "work_up", work: "abc" })).status, 422);
  assert.ok((await worksOf(other.id)).some((w) => w.id === theirWork.id));
});

appTest("an album's photos: add several, remove one; an album needs pictures", async () => {
  const path = `/management/akfw/photo/${album.id}`;
  const count = async () => (await db.select().from(albumPhotos).where(eq(albumPhotos.albumId, album.id))).length;
  const before = await count();
  const page = await get(path, admin);
  assert.equal(page.status, 200);
  assert.ok(page.html.includes('value="photo_add"'));
  const added = await send(path, { action: "photo_add" }, admin, {
    photos: [upload("a.jpg", jpeg), upload("b.png", await photo(200, 100, "png"), "image/png")],
  });
  assert.equal(added.status, 303, added.html.slice(0, 300));
  assert.equal(await count(), before + 2);
  const earlier = await uploaded(admin, "board_photo");
  assert.equal((await send(path, { action: "photo_add", "photo_ids[]": String(earlier) })).status, 303);
  assert.equal(await count(), before + 3);
  const shown = await (await t.request(`/api/akfw/photo/${album.id}`)).json();
  assert.equal(shown.photos.length, before + 3);

  assert.equal((await send(path, { action: "photo_add" })).status, 422, "no picture");
  const theirs = await uploaded(member, "board_photo");
  assert.equal((await send(path, { action: "photo_add", "photo_ids[]": String(theirs) })).status, 422);
  assert.equal(
    (await send(path, { action: "photo_add" }, admin, {
      photos: [upload("x.jpg", new TextEncoder().encode("<svg/>"))],
    }))
      .status,
    422,
  );
  assert.equal((await send(path, { action: "work_add", title: "x", image_id: String(earlier) })).status, 422);
  assert.equal(await count(), before + 3);

  const [one] = await db.select().from(albumPhotos).where(eq(albumPhotos.albumId, album.id)).limit(1);
  assert.equal((await send(path, { action: "photo_remove", photo: String(one.id) })).status, 303);
  assert.equal(await count(), before + 2);
  assert.equal((await send(path, { action: "photo_remove", photo: String(one.id) })).status, 404);

  const saved = await send(path, {
    action: "save",
    title: "시상식 사진",
    title_en: "Ceremony photos",
    description: "",
    description_en: "",
    taken_on: "2026-10-01",
  });
  assert.equal(saved.status, 303);
  const [row] = await db.select().from(photoAlbums).where(eq(photoAlbums.id, album.id));
  assert.deepEqual([row.title, row.titleEn, row.takenOn], ["시상식 사진", "Ceremony photos", "2026-10-01"]);
  assert.equal((await send(path, { action: "save", title: "x", taken_on: "1 Oct" })).status, 422);
});

appTest("a video's title and provider id; an event's dates; the id is checked as when adding", async () => {
  const path = `/management/akfw/video/${video.id}`;
  const saved = await send(path, {
    action: "save",
    title: "고친 영상",
    title_en: "Edited video",
    description: "설명",
    description_en: "About",
    provider: "vimeo",
    video_key: "123456789",
  });
  assert.equal(saved.status, 303);
  const shown = await (await t.request(`/api/akfw/video/${video.id}`)).json();
  assert.equal(shown.player, "https://player.vimeo.com/video/123456789?autoplay=1&dnt=1");
  for (const key of ["https://youtu.be/abcdefgh", "<script>", "abc", "x".repeat(21)]) {
    const bad = await send(path, { action: "save", title: "x", provider: "youtube", video_key: key });
    assert.equal(bad.status, 422, key);
    assert.ok(bad.html.includes("영상 ID 형식이 올바르지 않습니다."), key);
  }
  assert.equal(
    (await send(path, { action: "save", title: "x", provider: "dailymotion", video_key: "abcdefg" })).status,
    422,
  );
  assert.equal((await db.select().from(videos).where(eq(videos.id, video.id)))[0].videoKey, "123456789");

  const eventPath = `/management/akfw/schedule/${event.id}`;
  assert.equal((await get(eventPath, admin)).status, 200);
  const dated = await send(eventPath, {
    action: "save",
    title: "일정 수정",
    starts_on: "2027-03-01",
    ends_on: "2027-03-02",
  });
  assert.equal(dated.status, 303);
  const [row] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.id, event.id));
  assert.deepEqual([row.title, row.startsOn, row.endsOn], ["일정 수정", "2027-03-01", "2027-03-02"]);
  const backwards = await send(eventPath, {
    action: "save",
    title: "x",
    starts_on: "2027-03-05",
    ends_on: "2027-03-01",
  });
  assert.equal(backwards.status, 422);
  assert.equal(
    (await send(eventPath, { action: "save", title: "x", starts_on: "2027-3-5", ends_on: "2027-03-06" })).status,
    422,
  );
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
