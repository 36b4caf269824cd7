// Creating and deleting boards (SPEC §2.2 /management/bbs, issue 13 §6): staff granted `bbs` create a board
// (a unique address, Korean and English names, a kind) that visitors read at once and that only staff
// write until its settings open writing; a board is deleted only while it has no posts (409 otherwise,
// soft-deleted posts included: they are restorable). Members and ungranted staff are refused.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { boardCategories, boards, posts } from "../../db/schema/board.ts";
import { managementGrants } from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

async function submit(path: string, fields: Record<string, string>, cookie = admin) {
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie }),
    body: new URLSearchParams({ ...fields, _token: TEST_CSRF }),
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

const [free] = await db.select().from(boards).where(eq(boards.slug, "free")).limit(1);
const bySlug = async (slug: string) =>
  (await db.select().from(boards).where(and(eq(boards.slug, slug), eq(boards.siteId, free.siteId))))[0];

appTest("create a board: unique address, names, kind; visitors read it, only staff write until opened", async () => {
  const page = await t.request("/management/bbs", { headers: { cookie: admin } });
  assert.ok((await page.text()).includes('name="slug"'));
  const made = await submit("/management/bbs", {
    slug: "Events-2027",
    name: "행사 게시판",
    name_en: "Events board",
    kind: "gallery",
  });
  assert.equal(made.status, 303, made.html.slice(0, 300));
  const board = await bySlug("events-2027");
  assert.ok(board, "the address is kept in lower case");
  assert.equal(made.location, `/management/bbs/${board.id}`);
  assert.deepEqual([board.name, board.nameEn, board.kind], ["행사 게시판", "Events board", "gallery"]);
  assert.deepEqual(board.rights.read, ["anonymous"]);
  assert.deepEqual(board.rights.write, []);
  assert.equal((await t.request("/board/events-2027")).status, 200, "visitors read the new board");
  const written = await t.request("/api/bbs/events-2027", {
    method: "POST",
    headers: csrfHeaders({ cookie: member, "content-type": "application/json", accept: "application/json" }),
    body: JSON.stringify({ title: "회원 글", content: "x" }),
  });
  assert.equal(written.status, 403, "members do not write until staff open writing");
  await written.body?.cancel();
  const byAdmin = await t.request("/api/bbs/events-2027", {
    method: "POST",
    headers: csrfHeaders({ cookie: admin, "content-type": "application/json", accept: "application/json" }),
    body: JSON.stringify({ title: "운영진 글", content: "x" }),
  });
  assert.equal(byAdmin.status, 201);
  await byAdmin.body?.cancel();

  const taken = await submit("/management/bbs", { slug: "free", name: "중복", kind: "list" });
  assert.equal(taken.status, 409);
  assert.ok(taken.html.includes("이미 다른 게시판이 쓰는 주소입니다."));
  assert.ok(taken.html.includes('value="중복"'), "the form keeps what was sent");
  for (const slug of ["write", "post"]) {
    const reserved = await submit("/management/bbs", { slug, name: "x", kind: "list" });
    assert.equal(reserved.status, 422, slug);
    assert.ok(reserved.html.includes("사이트에서 쓰는 주소라"), slug);
  }
  for (const slug of ["", "1abc", "a", "bad slug", "한글", "a".repeat(41), "../x"]) {
    assert.equal((await submit("/management/bbs", { slug, name: "x", kind: "list" })).status, 422, slug);
  }
  assert.equal((await submit("/management/bbs", { slug: "okay", name: "", kind: "list" })).status, 422);
  assert.equal((await submit("/management/bbs", { slug: "okay", name: "x", kind: "forum" })).status, 422);
  assert.equal(await bySlug("okay"), undefined, "nothing refused was created");
});

appTest("create and delete are the bbs section's: members and ungranted staff 403", async () => {
  assert.equal((await submit("/management/bbs", { slug: "by-member", name: "x", kind: "list" }, member)).status, 403);
  assert.equal((await submit("/management/bbs", { slug: "by-staff", name: "x", kind: "list" }, staff)).status, 403);
  assert.equal((await submit(`/management/bbs/${free.id}`, { action: "delete" }, member)).status, 403);
  assert.equal((await submit(`/management/bbs/${free.id}`, { action: "delete" }, staff)).status, 403);
  await db.insert(managementGrants).values({ roleCode: "support_group", section: "bbs" });
  try {
    assert.equal((await submit("/management/bbs", { slug: "by-staff", name: "x", kind: "list" }, staff)).status, 303);
    const board = await bySlug("by-staff");
    assert.equal((await submit(`/management/bbs/${board.id}`, { action: "delete" }, staff)).status, 303);
  } finally {
    await db.delete(managementGrants).where(eq(managementGrants.section, "bbs"));
  }
  assert.equal(await bySlug("by-member"), undefined);
  assert.equal(await bySlug("by-staff"), undefined);
});

appTest("delete: an empty board goes with its categories; one with posts (even deleted ones) is 409", async () => {
  const refused = await submit(`/management/bbs/${free.id}`, { action: "delete" });
  assert.equal(refused.status, 409);
  assert.match(refused.html, /이 게시판에 게시글 \d+개\(삭제된 글 포함\)가 있습니다/);
  assert.ok(await bySlug("free"), "the board with posts stays");

  assert.equal((await submit("/management/bbs", { slug: "empty-one", name: "빈 게시판", kind: "faq" })).status, 303);
  const empty = await bySlug("empty-one");
  await db.insert(boardCategories).values({ boardId: empty.id, name: "분류" });
  // A post soft-deleted is still the board's: it could be restored.
  const [post] = await db.insert(posts).values({
    boardId: empty.id,
    title: "지운 글",
    writerName: "운영진",
    status: "deleted",
    deletedAt: new Date(),
  }).returning();
  assert.equal((await submit(`/management/bbs/${empty.id}`, { action: "delete" })).status, 409);
  await db.delete(posts).where(eq(posts.id, post.id));
  assert.equal((await submit(`/management/bbs/${empty.id}`, { action: "nuke" })).status, 422);
  const deleted = await submit(`/management/bbs/${empty.id}`, { action: "delete" });
  assert.equal(deleted.status, 303);
  assert.equal(deleted.location, "/management/bbs");
  assert.equal(await bySlug("empty-one"), undefined);
  assert.equal((await db.select().from(boardCategories).where(eq(boardCategories.boardId, empty.id))).length, 0);
  assert.equal((await t.request("/board/empty-one")).status, 404);
  assert.equal((await submit(`/management/bbs/${empty.id}`, { action: "delete" })).status, 404);
  // The settings form (no action) still saves.
  assert.equal(
    (await submit(`/management/bbs/${free.id}`, {
      name: free.name,
      max_attachments: "5",
      max_attachment_mb: "10",
      "rights_read[]": "anonymous",
    })).status,
    303,
  );
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
