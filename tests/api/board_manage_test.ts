// Board management without JavaScript (SPEC §2.2 /management/bbs, /management/post, /management/category;
// §4 hide, show, delete, restore; §6 rights per action and role): staff granted the sections moderate
// posts in bulk, change a board's rights (and the board obeys them at once) and its categories.
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { boardCategories, boards, posts } from "../../db/schema/board.ts";
import { files } from "../../db/schema/file.ts";
import { managementGrants } from "../../db/schema/member.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

async function get(path: string, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

async function submit(path: string, fields: [string, string][], cookie: string) {
  const body = new URLSearchParams([...fields, ["_token", TEST_CSRF]]);
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "x-forwarded-for": randomAddress() }),
    body,
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

const byTitle = async (title: string) => (await db.select().from(posts).where(eq(posts.title, title)))[0];

appTest("/management/post: filters, then hide, restore, pin and move chosen posts in one go", async () => {
  assert.equal((await get("/management/post", member)).status, 403);
  assert.equal((await get("/management/post", staff)).status, 403, "staff need the post section");
  const list = await get("/management/post?status=deleted", admin);
  assert.equal(list.status, 200);
  assert.ok(list.html.includes("잘못 올린 공지"));
  assert.ok(!list.html.includes("센터 이용 시간 안내"));
  assert.equal((await get("/management/post?q=a", admin)).status, 400);
  assert.equal((await get("/management/post?status=gone", admin)).status, 400);
  const en = await get("/en/management/post", admin);
  assert.ok(en.html.includes("Hide"));

  await db.insert(managementGrants).values({ roleCode: "support_group", section: "post" });
  const a = await byTitle("전시 관람 후기");
  const b = await byTitle("센터 이용 시간 안내");
  const hidden = await submit("/management/post", [["action", "blind"], ["ids[]", String(a.id)], [
    "ids[]",
    String(b.id),
  ]], staff);
  assert.equal(hidden.status, 303);
  const rows = await db.select().from(posts).where(inArray(posts.id, [a.id, b.id]));
  assert.deepEqual(rows.map((r) => r.status), ["hidden", "hidden"]);
  // One refused step refuses them all (one transaction): b is hidden, restore needs deleted.
  const refused = await submit("/management/post", [["action", "restore"], ["ids[]", String(a.id)]], staff);
  assert.equal(refused.status, 409);
  assert.ok(refused.html.includes("지금 상태에서는 할 수 없는 작업입니다."));
  await submit("/management/post", [["action", "unblind"], ["ids[]", String(a.id)], ["ids[]", String(b.id)]], staff);
  const deleted = await byTitle("잘못 올린 공지");
  assert.equal(
    (await submit("/management/post", [["action", "restore"], ["ids[]", String(deleted.id)]], staff)).status,
    303,
  );
  assert.equal((await byTitle("잘못 올린 공지")).status, "visible");
  assert.equal((await t.request(`/api/bbs/post/${deleted.id}/read`)).status, 200, "a restored post is read again");
  await submit("/management/post", [["action", "pin"], ["ids[]", String(a.id)]], staff);
  assert.equal((await byTitle("전시 관람 후기")).pinned, true);
  const [archive] = await db.select().from(boards).where(eq(boards.slug, "archive"));
  assert.equal(
    (await submit("/management/post", [["action", "move"], ["ids[]", String(a.id)], ["to", String(archive.id)]], staff))
      .status,
    303,
  );
  assert.equal((await byTitle("전시 관람 후기")).boardId, archive.id);
  assert.equal((await submit("/management/post", [["action", "move"], ["ids[]", String(a.id)]], staff)).status, 422);
  assert.equal((await submit("/management/post", [["action", "blind"]], staff)).status, 422);
  assert.equal((await submit("/management/post", [["action", "nuke"], ["ids[]", String(a.id)]], staff)).status, 422);
  assert.equal(
    (await submit("/management/post", [["action", "blind"], ["ids[]", "96"]], staff)).status,
    404,
    "another site's post",
  );
});

appTest("moderation and files: a deleted post's photo is no longer public; restored, it is again", async () => {
  const post = (await db.select().from(posts).where(eq(posts.id, 315)))[0];
  const photoId = post.photoIds[0];
  await submit("/management/post", [["action", "delete"], ["ids[]", "315"]], admin);
  assert.equal((await db.select().from(files).where(eq(files.id, photoId)))[0].access, "owner");
  const res = await t.request(`/api/file/binary/${photoId}`);
  assert.ok([401, 403].includes(res.status), `a deleted post's photo by id: ${res.status}`);
  await res.body?.cancel();
  await submit("/management/post", [["action", "restore"], ["ids[]", "315"]], admin);
  assert.equal((await db.select().from(files).where(eq(files.id, photoId)))[0].access, "public");
});

appTest("/management/bbs/{id}: a board's rights by action and role; the board obeys at once", async () => {
  const [notice] = await db.select().from(boards).where(eq(boards.slug, "notice")).orderBy(boards.id).limit(1);
  assert.equal((await get("/management/bbs", admin)).status, 200);
  const form = await get(`/management/bbs/${notice.id}`, admin);
  assert.ok(form.html.includes('name="rights_write[]"'));
  assert.equal((await get("/management/bbs/999999", admin)).status, 404);
  assert.equal((await get(`/management/bbs/${notice.id}`, member)).status, 403);
  const fields: [string, string][] = [
    ["name", "공지사항"],
    ["name_en", "Notices"],
    ["max_attachments", "3"],
    ["max_attachment_mb", "5"],
    ["rights_read[]", "member"],
    ["rights_write[]", "member"],
    ["rights_comment[]", "member"],
  ];
  const saved = await submit(`/management/bbs/${notice.id}`, fields, admin);
  assert.equal(saved.status, 303);
  const [row] = await db.select().from(boards).where(eq(boards.id, notice.id));
  assert.deepEqual(row.rights.read, ["member"]);
  assert.equal(row.maxAttachmentBytes, 5 * 1024 * 1024);
  // Visitors may no longer read; members may now write.
  assert.equal((await t.request("/api/bbs/notice/list", { headers: { accept: "application/json" } })).status, 401);
  const write = await t.request("/api/bbs/notice", {
    method: "POST",
    headers: csrfHeaders({ cookie: member, "content-type": "application/json", accept: "application/json" }),
    body: JSON.stringify({ title: "회원이 쓴 공지", content: "x" }),
  });
  assert.equal(write.status, 201);
  await write.body?.cancel();
  const bad = await submit(`/management/bbs/${notice.id}`, [...fields, ["rights_read[]", "emperor"]], admin);
  assert.equal(bad.status, 422);
  const noName = await submit(`/management/bbs/${notice.id}`, [["name", ""], ["max_attachments", "1"], [
    "max_attachment_mb",
    "1",
  ]], admin);
  assert.equal(noName.status, 422);
  await db.update(boards).set({ rights: notice.rights, maxAttachmentBytes: notice.maxAttachmentBytes }).where(
    eq(boards.id, notice.id),
  );
});

appTest("/management/category: add, rename and delete a board's categories", async () => {
  const [press] = await db.select().from(boards).where(eq(boards.slug, "press"));
  const page = await get(`/management/category?bbs=${press.id}`, admin);
  assert.equal(page.status, 200);
  const added = await submit(`/management/category?bbs=${press.id}`, [["action", "add"], ["name", "행사"], [
    "name_en",
    "Events",
  ]], admin);
  assert.equal(added.status, 303);
  const [cat] = await db.select().from(boardCategories).where(eq(boardCategories.boardId, press.id));
  assert.equal(cat.name, "행사");
  await submit(`/management/category?bbs=${press.id}`, [["action", "save"], ["id", String(cat.id)], ["name", "전시"], [
    "sort",
    "2",
  ]], admin);
  assert.equal((await db.select().from(boardCategories).where(eq(boardCategories.id, cat.id)))[0].name, "전시");
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free"));
  const [noticeCat] = await db.select().from(boardCategories).where(eq(boardCategories.boardId, free.id));
  const foreign = await submit(`/management/category?bbs=${press.id}`, [["action", "delete"], [
    "id",
    String(noticeCat.id),
  ]], admin);
  assert.equal(foreign.status, 404, "a category of another board");
  assert.equal(
    (await submit(`/management/category?bbs=${press.id}`, [["action", "add"], ["name", ""]], admin)).status,
    422,
  );
  await submit(`/management/category?bbs=${press.id}`, [["action", "delete"], ["id", String(cat.id)]], admin);
  assert.equal((await db.select().from(boardCategories).where(eq(boardCategories.boardId, press.id))).length, 0);
  assert.equal((await get("/management/category?bbs=x", admin)).status, 400);
  assert.equal((await get("/management/category?bbs=999999", admin)).status, 404);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
