// The board calls (SPEC §7 /api/bbs…, /api/comment/{id}) on the seeded boards (db/seed/board.ts): the
// board with the viewer's permissions, lists (pagination shape, pinned first, search ≥ 2 characters,
// categories, bad queries 400), reading (secret, hidden, deleted, posting period), the password call (wrong,
// empty, rate limited), writing as a member and anonymously (sanitised, with files, over the limit),
// editing and deleting (own, another's, with the password), comments, blinding as a member and staff.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { files } from "../../db/schema/file.ts";
import { managementGrants } from "../../db/schema/member.ts";
import { SEED_POST_PASSWORD } from "../../db/seed/board.ts";

const t = await openTestApp();
const db = t.app.database.db;

const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const staff = await signIn(t, "staff");
const admin = await signIn(t, "admin");

async function call(
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; form?: FormData; address?: string } = {},
) {
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-forwarded-for": init.address ?? randomAddress(),
  };
  if (init.cookie) headers.cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const method = init.method ?? "GET";
  const res = await t.request(path, {
    method,
    headers: method === "GET" ? headers : csrfHeaders(headers),
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function postIdByTitle(title: string): Promise<number> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.title, title));
  assert.ok(row, title);
  return row.id;
}

appTest("GET /api/bbs/{id}: the board by slug or id, its categories and the viewer's permissions", async () => {
  const free = await call("/api/bbs/free");
  assert.equal(free.status, 200);
  assert.equal(free.body.bbs.slug, "free");
  assert.deepEqual(free.body.categories.map((c: { name: string }) => c.name), ["후기", "잡담"]);
  assert.equal(free.body.permissions.read, true);
  assert.equal(free.body.permissions.write, true, "anonymous writing is open on the forum");
  assert.equal(free.body.permissions.anonymous_write, true);
  const byId = await call(`/api/bbs/${free.body.bbs.id}?x=1`, { cookie: member });
  assert.equal(byId.body.bbs.slug, "free");
  assert.equal(byId.body.permissions.anonymous_write, false);
  const notice = await call("/api/bbs/notice", { cookie: member });
  assert.equal(notice.body.permissions.write, false, "members do not write notices");
  assert.equal(notice.body.permissions.comment, true);
  assert.equal((await call("/api/bbs/notice", { cookie: staff })).body.permissions.write, true);
  assert.equal((await call("/en/api/bbs/notice")).body.bbs.name, "Notices");
  for (const bad of ["nope", "999999", "A_B", "%27"]) assert.equal((await call(`/api/bbs/${bad}`)).status, 404, bad);
});

appTest("GET /api/bbs/{id}/list: the pagination shape, pinned first, newest next; hidden titles blank", async () => {
  const list = await call("/api/bbs/notice/list");
  assert.equal(list.status, 200);
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(key in list.body);
  assert.equal(list.body.per_page, 8);
  const rows = list.body.data as { id: number; pinned: boolean; title: string; hidden: boolean }[];
  const pinned = rows.filter((r) => r.pinned).length;
  assert.ok(pinned >= 2);
  assert.ok(rows.slice(0, pinned).every((r) => r.pinned), "pinned first");
  const rest = rows.slice(pinned).map((r) => r.id);
  assert.deepEqual(rest, [...rest].sort((a, b) => b - a), "newest first");
  assert.ok(!rows.some((r) => r.title === "잘못 올린 공지"), "deleted posts are not listed");
  assert.ok(!rows.some((r) => r.title.includes("상반기")), "a post before its period is not listed");
  const hidden = rows.find((r) => r.hidden)!;
  assert.equal(hidden.title, "", "a hidden post's title is not shown");
  const forStaff = (await call("/api/bbs/notice/list", { cookie: staff })).body.data as typeof rows;
  assert.ok(forStaff.some((r) => r.title === "시스템 점검 안내(지난 공지)"));
  assert.ok(forStaff.some((r) => r.title.includes("상반기")), "staff see posts outside their period");
  const page2 = await call("/api/bbs/notice/list?perpage=3&page=2");
  assert.equal(page2.body.current_page, 2);
  assert.equal(page2.body.data.length, 3);
});

appTest("lists: search ≥ 2 characters by key, category filter; bad queries 400", async () => {
  const found = await call(`/api/bbs/notice/list?keyword=${encodeURIComponent("어워드")}`);
  assert.ok(found.body.total >= 2);
  assert.ok(found.body.data.every((r: { title: string }) => r.title.includes("어워드")));
  const byWriter = await call(`/api/bbs/free/list?key=writer&keyword=${encodeURIComponent("방문객")}`);
  assert.deepEqual(byWriter.body.data.map((r: { writer: string }) => r.writer), ["방문객"]);
  const byContent = await call(`/api/bbs/notice/list?key=content&keyword=${encodeURIComponent("설문 기간")}`);
  assert.equal(byContent.body.total, 1);
  const categories = (await call("/api/bbs/notice")).body.categories as { id: number; name: string }[];
  const education = categories.find((c) => c.name === "교육")!;
  const filtered = await call(`/api/bbs/notice/list?category=${education.id}`);
  assert.ok(filtered.body.data.every((r: { category: string }) => r.category === "교육"));
  assert.ok(filtered.body.total >= 1);
  for (
    const bad of [
      "keyword=a",
      "keyword=%20a%20",
      "page=0",
      "page=x",
      "perpage=1000",
      "key=password",
      "category=abc",
      `category=${education.id + 100000}`,
    ]
  ) {
    const res = await call(`/api/bbs/notice/list?${bad}`);
    assert.equal(res.status, 400, bad);
    assert.ok(res.body.key);
  }
  assert.equal((await call("/api/bbs/notice/list?keyword=a")).body.errors.keyword[0], "manage.search_short");
  const latest = await call("/api/bbs/notice/latest?limit=3");
  assert.equal(latest.body.data.length, 3);
  assert.equal((await call("/api/bbs/notice/latest?limit=0")).status, 400);
});

appTest(
  "read: a post with files and comments; hidden 403, deleted and out of period 404; views once a day",
  async () => {
    const reader = randomAddress();
    const notice = await call("/api/bbs/post/315/read", { address: reader });
    assert.equal(notice.status, 200);
    assert.equal(notice.body.title, "제18회 한빛국제디자인어워드 최종 수상작 발표");
    assert.equal(notice.body.photos.length, 1);
    assert.ok(notice.body.comments.length >= 3);
    const deleted = notice.body.comments.find((c: { deleted: boolean }) => c.deleted);
    assert.equal(deleted.content, "", "a deleted comment's text is not shown");
    assert.ok(notice.body.siblings.previous || notice.body.siblings.next);
    const views = notice.body.views;
    const again = await call("/api/bbs/post/315/read", { address: reader });
    const other = await call("/api/bbs/post/315/read");
    assert.equal(other.body.views, views + 1, "another visitor's view counts");
    assert.equal(again.body.views, views, "the same visitor's second view on a day does not count");
    const hidden = await postIdByTitle("시스템 점검 안내(지난 공지)");
    assert.deepEqual([(await call(`/api/bbs/post/${hidden}/read`)).status], [403]);
    assert.equal((await call(`/api/bbs/post/${hidden}/read`)).body.key, "board.hidden");
    assert.equal((await call(`/api/bbs/post/${hidden}/read`, { cookie: staff })).status, 200);
    const gone = await postIdByTitle("잘못 올린 공지");
    assert.equal((await call(`/api/bbs/post/${gone}/read`)).status, 404);
    assert.equal((await call(`/api/bbs/post/${gone}/read`, { cookie: admin })).status, 200);
    const early = await postIdByTitle("2027년 상반기 디자인 교육 일정 예고");
    assert.equal((await call(`/api/bbs/post/${early}/read`)).status, 404);
    for (const bad of ["0", "abc", "99999999", "1e3"]) {
      assert.ok([400, 404].includes((await call(`/api/bbs/post/${bad}/read`)).status), bad);
    }
    // A post of the other site is not found here.
    assert.equal((await call("/api/bbs/post/96/read")).status, 404);
    assert.equal((await call("http://ibda.localhost/api/bbs/post/96/read")).status, 200);
  },
);

appTest(
  "secret posts: writer and staff read them; an anonymous one opens with its password, rate limited",
  async () => {
    const own = await postIdByTitle("회원 비밀글");
    assert.equal((await call(`/api/bbs/post/${own}/read`, { cookie: tester })).status, 200);
    assert.equal((await call(`/api/bbs/post/${own}/read`, { cookie: member })).body.key, "board.secret");
    assert.equal((await call(`/api/bbs/post/${own}/read`, { cookie: staff })).status, 200);
    const locked = await postIdByTitle("비밀글: 개인 연락처를 남깁니다");
    const refused = await call(`/api/bbs/post/${locked}/read`);
    assert.deepEqual([refused.status, refused.body.key], [403, "board.password"]);
    const empty = await call(`/api/bbs/post/${locked}/password`, { method: "POST", json: { password: "" } });
    assert.deepEqual([empty.status, empty.body.key], [403, "board.password"]);
    const wrong = await call(`/api/bbs/post/${locked}/password`, { method: "POST", json: { password: "nope-nope" } });
    assert.deepEqual([wrong.status, wrong.body.key], [403, "board.password"]);
    const right = await call(`/api/bbs/post/${locked}/password`, {
      method: "POST",
      json: { password: SEED_POST_PASSWORD },
    });
    assert.equal(right.status, 200);
    assert.equal(right.body.title, "비밀글: 개인 연락처를 남깁니다");
    const cookie = right.headers.get("set-cookie")!.split(";")[0];
    assert.equal((await call(`/api/bbs/post/${locked}/read`, { cookie })).status, 200, "the opening is kept");
    const forged = cookie.replace(/\.[^.]+$/, ".AAAA");
    assert.equal((await call(`/api/bbs/post/${locked}/read`, { cookie: forged })).status, 403);
    // Guessing fast: the 11th try in a minute from one address is 429.
    const address = randomAddress();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.request(`/api/bbs/post/${locked}/password`, {
        method: "POST",
        headers: csrfHeaders({
          "content-type": "application/json",
          accept: "application/json",
          "x-forwarded-for": address,
        }),
        body: JSON.stringify({ password: `guess-${i}` }),
      });
      await res.body?.cancel();
      last = res.status;
    }
    assert.equal(last, 429);
  },
);

function form(fields: Record<string, string>, extra: [string, File][] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, f] of extra) body.append(k, f);
  return body;
}

appTest("writing: a member's post with a photo and an attachment, its HTML sanitised; files public", async () => {
  const picture = await photo(320, 240);
  const body = await form({
    title: "<script>alert(1)</script>사진 후기",
    content: '<p onclick="x">좋은 <strong>전시</strong><img src=x onerror=alert(1)></p><script>alert(2)</script>',
    format: "html",
  }, [
    ["photos", new File([picture as Uint8Array<ArrayBuffer>], "p.jpg", { type: "image/jpeg" })],
    ["attachments", new File(["a,b\n1,2\n"], "data.csv", { type: "text/csv" })],
  ]);
  const res = await call("/api/bbs/free", { method: "POST", cookie: member, form: body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.content, "<p>좋은 <strong>전시</strong></p>");
  assert.equal(res.body.title, "<script>alert(1)</script>사진 후기", "titles are text, escaped where shown");
  assert.equal(res.body.photos.length, 1);
  assert.equal(res.body.attachments.length, 1);
  assert.equal(res.body.writer, "김민지");
  const download = await t.request(res.body.attachments[0].download);
  assert.equal(download.status, 200, "an attachment of a shown post is everybody's");
  await download.body?.cancel();
  // Text only, no JavaScript: paragraphs from a textarea.
  const plain = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    json: { title: "텍스트", content: "첫 줄 <b>\n\n둘째 문단" },
  });
  assert.equal(plain.body.content, "<p>첫 줄 &lt;b&gt;</p><p>둘째 문단</p>");
});

appTest("writing: refusals — no right, anonymous without name or password, over the limits, bad fields", async () => {
  const notice = await call("/api/bbs/notice", { method: "POST", cookie: member, json: { title: "x", content: "y" } });
  assert.deepEqual([notice.status, notice.body.key], [403, "board.no_write"]);
  const anonNotice = await call("/api/bbs/notice", { method: "POST", json: { title: "x", content: "y" } });
  assert.equal(anonNotice.status, 401);
  const qna = await call("/api/bbs/qna", {
    method: "POST",
    json: { title: "x", content: "y", name: "a", password: "abcd" },
  });
  assert.equal(qna.status, 401, "the Q&A takes no anonymous questions");
  const noName = await call("/api/bbs/free", { method: "POST", json: { title: "x", content: "y", password: "abcd" } });
  assert.deepEqual([noName.status, noName.body.key], [422, "board.name_required"]);
  const noPassword = await call("/api/bbs/free", { method: "POST", json: { title: "x", content: "y", name: "a" } });
  assert.deepEqual([noPassword.status, noPassword.body.key], [422, "board.password_required"]);
  const short = await call("/api/bbs/free", { method: "POST", json: { title: "x", name: "a", password: "ab" } });
  assert.equal(short.status, 422);
  assert.equal((await call("/api/bbs/free", { method: "POST", cookie: member, json: { title: "" } })).status, 422);
  assert.equal(
    (await call("/api/bbs/free", { method: "POST", cookie: member, json: { title: "x", category: 99999 } })).status,
    422,
  );
  assert.equal(
    (await call("/api/bbs/press", { method: "POST", cookie: staff, json: { title: "x", secret: true } })).body.key,
    "board.secret_not_allowed",
  );
  const files = Array.from(
    { length: 6 },
    (_, i) => ["attachments", new File([`x${i}`], `f${i}.txt`)] as [string, File],
  );
  const tooMany = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    form: await form({ title: "x" }, files),
  });
  assert.deepEqual([tooMany.status, tooMany.body.key], [422, "file.too_many"]);
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free")).limit(1);
  await db.update(boards).set({ maxAttachmentBytes: 1000 }).where(eq(boards.id, free.id));
  const big = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    form: await form({ title: "x" }, [["attachments", new File(["x".repeat(2000)], "big.txt")]]),
  });
  await db.update(boards).set({ maxAttachmentBytes: free.maxAttachmentBytes }).where(eq(boards.id, free.id));
  assert.deepEqual([big.status, big.body.key], [413, "file.too_large"]);
  const svg = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    form: await form({ title: "x" }, [["photos", new File(["<svg onload=alert(1)></svg>"], "x.jpg")]]),
  });
  assert.equal(svg.status, 422, "a photo is checked by its bytes");
  assert.equal((await call("/api/bbs/free", { method: "POST", cookie: member, json: [1] })).status, 400);
});

appTest("anonymous posts: written with a name and a password, edited and deleted only with it", async () => {
  const made = await call("/api/bbs/free", {
    method: "POST",
    json: { title: "익명 글", content: "안녕하세요", name: "손님", password: "pass-1234", secret: true },
  });
  assert.equal(made.status, 201);
  const id = made.body.id;
  assert.equal((await call(`/api/bbs/post/${id}/read`)).body.key, "board.password");
  const noPassword = await call(`/api/bbs/post/${id}`, { method: "POST", json: { _method: "PATCH", title: "바꿈" } });
  assert.deepEqual([noPassword.status, noPassword.body.key], [403, "board.password"]);
  const wrong = await call(`/api/bbs/post/${id}`, {
    method: "POST",
    json: { _method: "PATCH", title: "바꿈", password: "wrong-one" },
  });
  assert.equal(wrong.status, 403);
  const edited = await call(`/api/bbs/post/${id}`, {
    method: "POST",
    json: { _method: "PATCH", title: "바꾼 익명 글", content: "고침", secret: true, password: "pass-1234" },
  });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.title, "바꾼 익명 글");
  assert.equal(
    (await call(`/api/bbs/post/${id}`, { method: "POST", cookie: member, json: { _method: "DELETE" } })).status,
    403,
  );
  const removed = await call(`/api/bbs/post/${id}`, {
    method: "POST",
    json: { _method: "DELETE", password: "pass-1234" },
  });
  assert.equal(removed.status, 204);
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  assert.equal(row.status, "deleted");
});

appTest("edit and delete: the writer, not another member; a deleted post's files are no longer public", async () => {
  const made = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    form: await form({ title: "내 글", content: "본문" }, [["attachments", new File(["hello"], "hello.txt")]]),
  });
  const id = made.body.id;
  const fileId = made.body.attachments[0].id;
  const other = await call(`/api/bbs/post/${id}`, { method: "PATCH", cookie: tester, json: { title: "남의 글" } });
  assert.deepEqual([other.status, other.body.key], [403, "board.no_edit"]);
  const anon = await call(`/api/bbs/post/${id}`, { method: "PATCH", json: { title: "남의 글" } });
  assert.equal(anon.status, 401);
  const edit = await call(`/api/bbs/post/${id}/edit`, { cookie: member });
  assert.equal(edit.status, 200);
  assert.equal((await call(`/api/bbs/post/${id}/edit`, { cookie: tester })).status, 403);
  const own = await call(`/api/bbs/post/${id}`, {
    method: "PATCH",
    cookie: member,
    json: { title: "고친 글", content: "새 본문" },
  });
  assert.equal(own.status, 200);
  assert.equal(own.body.attachments.length, 1, "files are kept unless named");
  assert.equal((await call(`/api/bbs/post/${id}`, { method: "DELETE", cookie: tester })).status, 403);
  assert.equal((await call(`/api/bbs/post/${id}`, { method: "DELETE", cookie: member })).status, 204);
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  assert.equal(file.access, "owner");
  const download = await t.request(`/api/file/download/${fileId}`);
  assert.ok([401, 403, 404].includes(download.status), `a deleted post's attachment by id: ${download.status}`);
  await download.body?.cancel();
  assert.equal((await call(`/api/bbs/post/${id}`, { method: "DELETE", cookie: member })).status, 404);
  assert.equal((await call(`/api/bbs/post/${id}`, { method: "PUT", cookie: member })).status, 405);
});

appTest(
  "comments: not empty, the right of the board, threaded one level; edited and deleted by their writer",
  async () => {
    const post = 315;
    const empty = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: member,
      json: { content: "  " },
    });
    assert.deepEqual([empty.status, empty.body.key], [422, "error.validation"]);
    assert.deepEqual(empty.body.errors.content, ["board.comment_empty"]);
    const anon = await call(`/api/bbs/post/${post}/comment`, { method: "POST", json: { content: "hi" } });
    assert.deepEqual([anon.status, anon.body.key], [401, "board.no_comment"]);
    const made = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: member,
      json: { content: "<img src=x onerror=alert(1)>" },
    });
    assert.equal(made.status, 201);
    assert.equal(made.body.content, "<img src=x onerror=alert(1)>", "comments are text, escaped where shown");
    const reply = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: tester,
      json: { content: "답글", parent: made.body.id },
    });
    assert.equal(reply.status, 201);
    const deep = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: tester,
      json: { content: "답글의 답글", parent: reply.body.id },
    });
    assert.equal(deep.status, 422, "one level only");
    const notMine = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: tester,
      json: { _method: "PATCH", comment: made.body.id, content: "고침" },
    });
    assert.equal(notMine.status, 403);
    const edited = await call(`/api/bbs/post/${post}/comment`, {
      method: "PATCH",
      cookie: member,
      json: { comment: made.body.id, content: "고친 댓글" },
    });
    assert.equal(edited.body.content, "고친 댓글");
    assert.equal((await call(`/api/comment/${made.body.id}`, { method: "DELETE", cookie: tester })).status, 403);
    assert.equal((await call(`/api/comment/${made.body.id}`, { method: "DELETE" })).status, 401);
    assert.equal((await call(`/api/comment/${made.body.id}`, { method: "DELETE", cookie: member })).status, 204);
    assert.equal((await call(`/api/comment/${made.body.id}`, { method: "DELETE", cookie: member })).status, 404);
    assert.equal((await call(`/api/comment/${reply.body.id}`, { method: "DELETE", cookie: staff })).status, 204);
    assert.equal((await call("/api/comment/abc", { method: "DELETE", cookie: member })).status, 400);
    // A board whose comment right leaves companies out.
    const company = await signIn(t, "company");
    const refused = await call(`/api/bbs/post/${post}/comment`, {
      method: "POST",
      cookie: company,
      json: { content: "x" },
    });
    assert.equal(refused.status, 201, "companies comment on notices");
    const hidden = await postIdByTitle("시스템 점검 안내(지난 공지)");
    assert.equal(
      (await call(`/api/bbs/post/${hidden}/comment`, { method: "POST", cookie: member, json: { content: "x" } }))
        .status,
      403,
    );
  },
);

appTest(
  "blind: members 403, staff without the post section 403, granted staff and administrators hide and show",
  async () => {
    const id = await postIdByTitle("전시 관람 후기");
    assert.equal((await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", json: { blind: true } })).status, 401);
    const asMember = await call(`/api/bbs/post/${id}/blind`, {
      method: "PATCH",
      cookie: member,
      json: { blind: true },
    });
    assert.equal(asMember.status, 403);
    assert.equal(
      (await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", cookie: staff, json: { blind: true } })).status,
      403,
    );
    await db.insert(managementGrants).values({ roleCode: "support_group", section: "post" });
    try {
      const hidden = await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", cookie: staff, json: { blind: true } });
      assert.deepEqual([hidden.status, hidden.body.status], [200, "hidden"]);
      assert.equal((await call(`/api/bbs/post/${id}/read`)).body.key, "board.hidden");
      const twice = await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", cookie: staff, json: { blind: true } });
      assert.deepEqual([twice.status, twice.body.key], [409, "board.status_refused"]);
      const shown = await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", cookie: admin, json: { blind: false } });
      assert.equal(shown.body.status, "visible");
      assert.equal((await call(`/api/bbs/post/${id}/read`)).status, 200);
      assert.equal(
        (await call(`/api/bbs/post/${id}/blind`, { method: "PATCH", cookie: admin, json: { blind: "x" } })).status,
        422,
      );
    } finally {
      await db.delete(managementGrants).where(
        and(eq(managementGrants.roleCode, "support_group"), eq(managementGrants.section, "post")),
      );
    }
  },
);

appTest("Q&A: staff answer a question; its member writer gets a mail", async () => {
  const question = await postIdByTitle("사업자 등록 서류는 어떤 형식으로 내나요?");
  const refused = await call("/api/bbs/qna", {
    method: "POST",
    cookie: member,
    json: { title: "답", parent: question },
  });
  assert.deepEqual([refused.status, refused.body.key], [403, "board.no_reply"]);
  const answer = await call("/api/bbs/qna", {
    method: "POST",
    cookie: staff,
    json: { title: "답변드립니다", content: "PDF로 내 주십시오.", parent: question },
  });
  assert.equal(answer.status, 201);
  assert.equal(answer.body.secret, true, "an answer to a secret question is secret too");
  const read = await call(`/api/bbs/post/${question}/read`, { cookie: await signIn(t, "company") });
  assert.equal(read.body.answers.length, 1);
  const { outbox } = await import("../../db/schema/member.ts");
  const mails = await db.select().from(outbox);
  assert.ok(mails.some((m) => m.subject.includes("답변")), "the question's writer is told");
});

appTest(
  "board parameters (SPEC §3): url and command echoed with their permission; return_url same-site only",
  async () => {
    const shown = await call("/api/bbs/notice?url=%2Fcommunity%2Fnews&command=write");
    assert.equal(shown.status, 200);
    assert.deepEqual(shown.body.parameters, { url: "/community/news", command: "write", allowed: false });
    const asMember = await call("/api/bbs/free?command=write", { cookie: member });
    assert.deepEqual(asMember.body.parameters, { url: "/board/free", command: "write", allowed: true });
    // Another host, a protocol-relative or backslash path, the API: dropped for the board's own address.
    for (const evil of ["https://evil.example/x", "//evil.example", "/\\evil.example", "/api/user/me"]) {
      const res = await call(`/api/bbs/free?url=${encodeURIComponent(evil)}`);
      assert.equal(res.body.parameters.url, "/board/free", evil);
    }
    assert.equal((await call("/api/bbs/free?command=drop")).status, 400);

    const json = { title: "돌아갈 곳이 있는 글", content: "본문", format: "text" };
    const back = await call("/api/bbs/free", {
      method: "POST",
      cookie: member,
      json: { ...json, return_url: "/notice" },
    });
    assert.equal(back.status, 201);
    assert.equal(back.body.return_url, "/notice");
    const away = await call("/api/bbs/free", {
      method: "POST",
      cookie: member,
      json: { ...json, title: "밖으로 못 가는 글", return_url: "//evil.example" },
    });
    assert.equal(away.status, 201);
    assert.equal(away.body.return_url, null);
    // The plain form returns to the same-site page it came from.
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...json, title: "폼에서 돌아가는 글", return_url: "/en/notice" })) {
      form.set(
        k,
        v,
      );
    }
    const res = await t.request("/api/bbs/free", {
      method: "POST",
      headers: csrfHeaders({ cookie: member, "x-forwarded-for": randomAddress() }),
      body: form,
      redirect: "manual",
    });
    await res.body?.cancel();
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/en/notice");
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
