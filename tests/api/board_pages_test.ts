// The board pages without JavaScript (SPEC §2.1 /board/write, §2.5 list, read, write, edit, password
// prompt, comments) in Korean and English: plain forms posting back with the CSRF field, redirects after
// a success, refusals shown on the page; no script on any of them; /notice links lead to the boards.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { posts } from "../../db/schema/board.ts";
import { SEED_POST_PASSWORD } from "../../db/seed/board.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");

async function get(path: string, cookie?: string) {
  const res = await t.request(path, {
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

async function submit(path: string, body: FormData | URLSearchParams, cookie?: string, address = randomAddress()) {
  body.set("_token", TEST_CSRF);
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "x-forwarded-for": address }),
    body,
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location"), res };
}

const idOf = async (title: string) => (await db.select().from(posts).where(eq(posts.title, title)))[0].id;

appTest("list pages: Korean and English, pinned notices, search and categories, no script", async () => {
  const ko = await get("/board/notice");
  assert.equal(ko.status, 200);
  assert.ok(ko.html.includes('<h1 class="page-title">공지사항</h1>'));
  assert.ok(ko.html.includes("제18회 한빛국제디자인어워드 시상식 및 수상작 전시 안내"));
  assert.ok(ko.html.includes("관리자가 숨긴 게시글입니다."));
  assert.ok(!ko.html.includes("<script"), "no script on a board page");
  const en = await get("/en/board/notice");
  assert.ok(en.html.includes(">Notices</h1>"));
  assert.ok(en.html.includes('href="/en/board/notice/317"'));
  const short = await get("/board/notice?keyword=a");
  assert.equal(short.status, 400);
  assert.ok(short.html.includes("검색어는 두 글자 이상 입력해 주십시오."));
  const search = await get(`/board/notice?keyword=${encodeURIComponent("교실")}`);
  assert.ok(search.html.includes("겨울방학 청소년 디자인 교실 수강생 모집"));
  assert.ok(!search.html.includes("센터 이용 시간 안내"));
  const nothing = await get(`/board/notice?keyword=${encodeURIComponent("없는말없는말")}`);
  assert.ok(nothing.html.includes("검색 결과가 없습니다."));
  assert.equal((await get("/board/nope")).status, 404);
  assert.ok((await get("/board/free")).html.includes('href="/board/write?bbs=free"'), "anyone may write on the forum");
  assert.ok(!(await get("/board/notice", member)).html.includes("/board/write?bbs=notice"));
});

appTest("/notice, /notice/{id}, /notice/press lead to the boards; unknown ones are 404", async () => {
  assert.deepEqual(Object.values(await get("/notice")).slice(0, 1), [302]);
  assert.equal((await get("/notice")).location, "/board/notice");
  assert.equal((await get("/en/notice/318")).location, "/en/board/notice/318");
  assert.equal((await get("/notice/press")).location, "/board/press");
  assert.equal((await get("http://ibda.localhost/notice/96")).location, "/board/notice/96");
  assert.equal((await get("/notice/96")).status, 404, "the IBDA notice is not the council's");
  assert.equal((await get("/notice/nope")).status, 404);
  assert.equal((await get("/notice/%3Cx%3E")).status, 404);
});

appTest("read page: the post, its files and comments; the secret post's password prompt opens it", async () => {
  const page = await get("/board/notice/315");
  assert.equal(page.status, 200);
  assert.ok(page.html.includes("제18회 한빛국제디자인어워드 최종 수상작 발표"));
  assert.ok(page.html.includes("축하드립니다!"));
  assert.ok(page.html.includes("댓글을 쓰려면 로그인해 주십시오."));
  assert.equal((await get("/board/free/315")).status, 301, "a post is read at its own board's address");
  const locked = await idOf("비밀글: 개인 연락처를 남깁니다");
  const prompt = await get(`/board/free/${locked}`);
  assert.equal(prompt.status, 200);
  assert.ok(prompt.html.includes("비밀글 확인"));
  assert.ok(!prompt.html.includes("비밀번호를 아는 사람만"), "the body is not on the prompt");
  const wrong = await submit(`/board/free/${locked}`, new URLSearchParams({ _action: "password", password: "nope-1" }));
  assert.equal(wrong.status, 403);
  assert.ok(wrong.html.includes("비밀번호를 입력하지 않았거나 비밀번호가 맞지 않습니다."));
  const right = await submit(
    `/board/free/${locked}`,
    new URLSearchParams({ _action: "password", password: SEED_POST_PASSWORD }),
  );
  assert.equal(right.status, 303);
  const cookie = right.res.headers.getSetCookie()[0].split(";")[0];
  const opened = await get(`/board/free/${locked}`, cookie);
  assert.ok(opened.html.includes("비밀번호를 아는 사람만 볼 수 있는 글입니다."));
  const hidden = await get(`/board/notice/${await idOf("시스템 점검 안내(지난 공지)")}`);
  assert.equal(hidden.status, 403);
  assert.ok(hidden.html.includes("관리자가 숨긴 게시글입니다."));
  assert.equal((await get(`/board/notice/${await idOf("잘못 올린 공지")}`)).status, 404);
  assert.equal((await get("/board/notice/abc")).status, 404);
});

appTest("writing without JavaScript: a member's post with a photo, then a comment, edit and delete", async () => {
  const form = await get("/board/write?bbs=free", member);
  assert.equal(form.status, 200);
  assert.ok(form.html.includes('enctype="multipart/form-data"'));
  // The editor is an island over a plain textarea: the form is whole before (or without) any script.
  assert.match(form.html, /<textarea[^>]*name="content"/);
  const body = new FormData();
  body.set("bbs", "free");
  body.set("format", "text");
  body.set("title", "폼으로 쓴 글");
  body.set("content", "첫 문단\n\n<script>alert(1)</script>");
  body.set("secret", "on");
  body.append("photos", new File([await photo(200, 150) as Uint8Array<ArrayBuffer>], "a.jpg", { type: "image/jpeg" }));
  const sent = await submit("/board/write", body, member);
  assert.equal(sent.status, 303, sent.html.slice(0, 500));
  const id = await idOf("폼으로 쓴 글");
  assert.equal(sent.location, `/board/free/${id}`);
  const read = await get(`/board/free/${id}`, member);
  assert.ok(read.html.includes("<p>첫 문단</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"));
  assert.ok(read.html.includes("비밀글"));
  assert.equal((await get(`/board/free/${id}`)).status, 403, "a member's secret post is theirs");
  const comment = await submit(
    `/board/free/${id}`,
    new URLSearchParams({ _action: "comment", content: "첫 댓글" }),
    member,
  );
  assert.equal(comment.status, 303);
  assert.ok((await get(`/board/free/${id}`, member)).html.includes("첫 댓글"));
  const empty = await submit(`/board/free/${id}`, new URLSearchParams({ _action: "comment", content: " " }), member);
  assert.equal(empty.status, 422);
  assert.ok(empty.html.includes("댓글 내용을 입력해 주십시오."));
  const edit = await get(`/board/write?post=${id}`, member);
  assert.equal(edit.status, 200);
  assert.ok(edit.html.includes('name="keep_files[]"'));
  const other = await signIn(t, "tester");
  assert.equal((await get(`/board/write?post=${id}`, other)).status, 403);
  const change = new FormData();
  for (
    const [k, v] of Object.entries({
      bbs: "free",
      post: String(id),
      format: "html",
      title: "고친 제목",
      content: "<p>고침</p>",
    })
  ) {
    change.set(k, v);
  }
  change.set("keep_files", "");
  const saved = await submit("/board/write", change, member);
  assert.equal(saved.status, 303);
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  assert.deepEqual([row.title, row.photoIds.length, row.secret], ["고친 제목", 0, false]);
  const removed = await submit(`/board/free/${id}`, new URLSearchParams({ _action: "delete" }), member);
  assert.equal(removed.status, 303);
  assert.equal((await get(`/board/free/${id}`, member)).status, 404);
});

appTest("writing anonymously: name and password required on the page; the English form", async () => {
  const en = await get("/en/board/write?bbs=free");
  assert.equal(en.status, 200);
  assert.ok(en.html.includes("Your name"));
  const missing = new FormData();
  for (const [k, v] of Object.entries({ bbs: "free", title: "손님 글", content: "내용" })) missing.set(k, v);
  const refused = await submit("/board/write", missing);
  assert.equal(refused.status, 422);
  assert.ok(refused.html.includes("작성자 이름을 입력해 주십시오."));
  assert.ok(refused.html.includes('value="손님 글"'), "what was typed is kept");
  const body = new FormData();
  for (
    const [k, v] of Object.entries({
      bbs: "free",
      title: "손님 글",
      content: "내용",
      name: "손님",
      password: "guest-pass",
    })
  ) {
    body.set(k, v);
  }
  const sent = await submit("/board/write", body);
  assert.equal(sent.status, 303);
  const visitor = await get("/board/write?bbs=notice");
  assert.deepEqual([visitor.status, visitor.location], [303, "/login?redirect=%2Fboard%2Fwrite%3Fbbs%3Dnotice"]);
  assert.equal((await get("/board/write?bbs=notice", member)).status, 403);
  assert.equal((await get("/board/write")).status, 404);
});

appTest("/board/write?return_url=: the form carries a same-site return address and goes back to it", async () => {
  const form = await get("/board/write?bbs=free&return_url=%2Fnotice%3Fpage%3D2", member);
  assert.match(form.html, /<input type="hidden" name="return_url" value="\/notice\?page=2"\/>/);
  assert.match(form.html, /class="button button-ghost" href="\/notice\?page=2"/, "cancel goes back too");
  const evil = await get("/board/write?bbs=free&return_url=%2F%2Fevil.example", member);
  assert.doesNotMatch(evil.html, /name="return_url"/, "another host is dropped");
  const body = new FormData();
  for (const [k, v] of Object.entries({ bbs: "free", format: "text", title: "돌아가는 글", content: "본문" })) {
    body.set(k, v);
  }
  body.set("return_url", "/notice?page=2");
  const sent = await submit("/board/write", body, member);
  assert.equal(sent.status, 303);
  assert.equal(sent.location, "/notice?page=2");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
