// Anonymous comments (SPEC §5 post password rules, §7 POST /api/bbs/post/{id}/comment and its PATCH
// variant, DELETE /api/comment/{id}, §8 'password required or wrong'): on the open forum (`free`, whose
// comment right names anonymous) a visitor comments with a name and a password (stored as an argon2id
// hash); the comment is edited and deleted with that password only (right, wrong, missing), members
// change only their own, staff delete any, guesses share the post password's rate limit; and the same
// through the post page's plain forms.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { comments } from "../../db/schema/board.ts";

const t = await openTestApp();
const db = t.app.database.db;

const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const staff = await signIn(t, "staff");

async function call(
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; address?: string } = {},
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
  }
  const method = init.method ?? "GET";
  const res = await t.request(path, { method, headers: method === "GET" ? headers : csrfHeaders(headers), body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A fresh post on the open forum (a member's), so each test's password tries count on a post of its own. */
async function newPost(title: string): Promise<number> {
  const made = await call("/api/bbs/free", { method: "POST", cookie: member, json: { title, content: "본문" } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.id;
}

/** A visitor's comment with a name and a password. */
async function anonymousComment(post: number, password = "pass-1234", content = "손님 댓글"): Promise<number> {
  const made = await call(`/api/bbs/post/${post}/comment`, {
    method: "POST",
    json: { content, name: "손님", password },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.id;
}

const commentRow = async (id: number) => (await db.select().from(comments).where(eq(comments.id, id)))[0];

appTest(
  "writing: a visitor's comment needs a name and a password (4+ characters), kept as an argon2 hash",
  async () => {
    const post = await newPost("익명 댓글 쓰기");
    const path = `/api/bbs/post/${post}/comment`;
    const noName = await call(path, { method: "POST", json: { content: "x", password: "pass-1234" } });
    assert.deepEqual([noName.status, noName.body.key], [422, "board.name_required"]);
    const noPassword = await call(path, { method: "POST", json: { content: "x", name: "손님" } });
    assert.deepEqual([noPassword.status, noPassword.body.key], [422, "board.password_required"]);
    assert.deepEqual(noPassword.body.errors.password, ["board.password_required"]);
    const short = await call(path, { method: "POST", json: { content: "x", name: "손님", password: "abc" } });
    assert.equal(short.status, 422);
    assert.deepEqual(short.body.errors.password, ["board.password_short"]);
    const id = await anonymousComment(post);
    const row = await commentRow(id);
    assert.equal(row.userId, null);
    assert.equal(row.writerName, "손님");
    assert.match(row.passwordHash ?? "", /^\$argon2id\$/);
    assert.ok(!row.passwordHash!.includes("pass-1234"));
    // A member's comment keeps no password, whatever was sent.
    const own = await call(path, {
      method: "POST",
      cookie: member,
      json: { content: "회원 댓글", password: "x-1234" },
    });
    assert.equal(own.status, 201);
    assert.equal((await commentRow(own.body.id)).passwordHash, null);
    // On notices visitors do not comment at all (the board's comment right).
    const notice = await call("/api/bbs/post/315/comment", {
      method: "POST",
      json: { content: "x", name: "손님", password: "pass-1234" },
    });
    assert.deepEqual([notice.status, notice.body.key], [401, "board.no_comment"]);
    // The read call tells who must give the password.
    const read = async (cookie?: string) =>
      ((await call(`/api/bbs/post/${post}/read`, { cookie })).body.comments as {
        id: number;
        anonymous: boolean;
        can_change: boolean;
        needs_password: boolean;
      }[]).find((c) => c.id === id)!;
    assert.deepEqual(
      [(await read()).anonymous, (await read()).can_change, (await read()).needs_password],
      [true, true, true],
    );
    assert.equal((await read(tester)).needs_password, true, "a member too may give the password");
    assert.deepEqual([(await read(staff)).can_change, (await read(staff)).needs_password], [true, false]);
  },
);

appTest("editing an anonymous comment: the right password edits; wrong or missing is 403 board.password", async () => {
  const post = await newPost("익명 댓글 고치기");
  const id = await anonymousComment(post);
  const path = `/api/bbs/post/${post}/comment`;
  const missing = await call(path, { method: "PATCH", json: { comment: id, content: "바꿈" } });
  assert.deepEqual([missing.status, missing.body.key], [403, "board.password"]);
  const empty = await call(path, { method: "PATCH", json: { comment: id, content: "바꿈", password: "" } });
  assert.deepEqual([empty.status, empty.body.key], [403, "board.password"]);
  const wrong = await call(path, {
    method: "POST",
    json: { _method: "PATCH", comment: id, content: "바꿈", password: "wrong-pass" },
  });
  assert.deepEqual([wrong.status, wrong.body.key], [403, "board.password"]);
  const asMember = await call(path, { method: "PATCH", cookie: tester, json: { comment: id, content: "바꿈" } });
  assert.deepEqual([asMember.status, asMember.body.key], [403, "board.password"], "signed in is not the password");
  assert.equal((await commentRow(id)).content, "손님 댓글", "nothing changed by the refusals");
  const right = await call(path, {
    method: "POST",
    json: { _method: "PATCH", comment: id, content: "고친 손님 댓글", password: "pass-1234" },
  });
  assert.equal(right.status, 200);
  assert.equal(right.body.content, "고친 손님 댓글");
  const row = await commentRow(id);
  assert.equal(row.content, "고친 손님 댓글");
  assert.ok(row.editedAt);
  // The comment belongs to its post: named on another post it is not found.
  const elsewhere = await call("/api/bbs/post/315/comment", {
    method: "PATCH",
    cookie: member,
    json: { comment: id, content: "x", password: "pass-1234" },
  });
  assert.equal(elsewhere.status, 404);
});

appTest("deleting an anonymous comment: DELETE /api/comment/{id} with the password only", async () => {
  const post = await newPost("익명 댓글 지우기");
  const id = await anonymousComment(post);
  const path = `/api/comment/${id}`;
  const missing = await call(path, { method: "DELETE" });
  assert.deepEqual([missing.status, missing.body.key], [403, "board.password"]);
  const wrong = await call(path, { method: "DELETE", json: { password: "wrong-pass" } });
  assert.deepEqual([wrong.status, wrong.body.key], [403, "board.password"]);
  const asMember = await call(path, { method: "DELETE", cookie: member });
  assert.deepEqual([asMember.status, asMember.body.key], [403, "board.password"]);
  assert.equal((await commentRow(id)).deletedAt, null);
  assert.equal((await call(path, { method: "DELETE", json: { password: "pass-1234" } })).status, 204);
  assert.ok((await commentRow(id)).deletedAt);
  const again = await call(path, { method: "DELETE", json: { password: "pass-1234" } });
  assert.deepEqual([again.status, again.body.key], [404, "board.comment_not_found"]);
  const shown = (await call(`/api/bbs/post/${post}/read`)).body.comments.find((c: { id: number }) => c.id === id);
  assert.deepEqual([shown.deleted, shown.content, shown.can_change], [true, "", false]);
  // A body that is not JSON or a form is refused as such.
  const res = await t.request(path, {
    method: "DELETE",
    headers: csrfHeaders({ accept: "application/json", "content-type": "text/plain" }),
    body: "pass-1234",
  });
  assert.equal(res.status, 415);
  await res.body?.cancel();
});

appTest("another member's comment: no password opens it; members change only their own; staff delete any", async () => {
  const post = await newPost("회원 댓글");
  const path = `/api/bbs/post/${post}/comment`;
  const mine = await call(path, { method: "POST", cookie: member, json: { content: "회원의 댓글" } });
  assert.equal(mine.status, 201);
  const id = mine.body.id;
  const byTester = await call(path, {
    method: "PATCH",
    cookie: tester,
    json: { comment: id, content: "남의 댓글", password: "pass-1234" },
  });
  assert.deepEqual([byTester.status, byTester.body.key], [403, "board.no_comment_change"]);
  const byVisitor = await call(`/api/comment/${id}`, { method: "DELETE", json: { password: "pass-1234" } });
  assert.deepEqual([byVisitor.status, byVisitor.body.key], [401, "board.no_comment_change"]);
  assert.equal((await call(`/api/comment/${id}`, { method: "DELETE", cookie: tester })).status, 403);
  const own = await call(path, { method: "PATCH", cookie: member, json: { comment: id, content: "내가 고침" } });
  assert.equal(own.status, 200);
  // Staff delete a member's comment and an anonymous one, with no password.
  assert.equal((await call(`/api/comment/${id}`, { method: "DELETE", cookie: staff })).status, 204);
  const anonymous = await anonymousComment(post);
  assert.equal((await call(`/api/comment/${anonymous}`, { method: "DELETE", cookie: staff })).status, 204);
  assert.ok((await commentRow(anonymous)).deletedAt);
});

appTest("guessing a comment's password is rate limited with the post password (10 a minute per address)", async () => {
  const post = await newPost("비밀번호 추측");
  const id = await anonymousComment(post);
  const address = randomAddress();
  const path = `/api/bbs/post/${post}/comment`;
  for (let i = 0; i < 10; i++) {
    const guess = i % 2 === 0
      ? await call(path, { method: "PATCH", address, json: { comment: id, content: "x", password: `guess-${i}` } })
      : await call(`/api/comment/${id}`, { method: "DELETE", address, json: { password: `guess-${i}` } });
    assert.equal(guess.status, 403, `guess ${i}`);
  }
  const limited = await call(path, {
    method: "PATCH",
    address,
    json: { comment: id, content: "x", password: "pass-1234" },
  });
  assert.equal(limited.status, 429, "even the right password waits");
  assert.equal(
    (await call(`/api/comment/${id}`, { method: "DELETE", address, json: { password: "pass-1234" } })).status,
    429,
  );
  // The same limiter as the post password: that address's post password tries wait too.
  const locked = await call(`/api/bbs/post/${post}/password`, { method: "POST", address, json: { password: "x" } });
  assert.equal(locked.status, 429);
  assert.equal((await commentRow(id)).deletedAt, null);
  // Another address is not held up.
  assert.equal((await call(`/api/comment/${id}`, { method: "DELETE", json: { password: "pass-1234" } })).status, 204);
});

// ----- The post page's plain forms (no JavaScript) -----

async function page(path: string, cookie?: string) {
  const res = await t.request(path, { headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() } });
  return { status: res.status, html: await res.text() };
}

async function submit(path: string, fields: Record<string, string>, address = randomAddress()) {
  const body = new URLSearchParams({ ...fields, _token: TEST_CSRF });
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ "x-forwarded-for": address }),
    body,
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

appTest("the post page: a visitor comments with name and password, edits and deletes with the password", async () => {
  const post = await newPost("폼으로 다는 익명 댓글");
  const path = `/board/free/${post}`;
  const before = await page(path);
  assert.match(before.html, /<label class="field-label" for="comment-new-password">비밀번호<\/label>/);
  assert.match(
    before.html,
    /<input[^>]*type="password"[^>]*id="comment-new-password"[^>]*name="password"[^>]*required/,
  );
  assert.ok((await page(`/en${path}`)).html.includes(">Password</label>"));
  assert.ok(!(await page(path, member)).html.includes('id="comment-new-password"'), "members give no password");
  const noPassword = await submit(path, { _action: "comment", name: "손님", content: "비밀번호 없는 댓글" });
  assert.equal(noPassword.status, 422);
  assert.ok(noPassword.html.includes("비밀번호를 입력해 주십시오."));
  const made = await submit(path, { _action: "comment", name: "손님", password: "form-1234", content: "폼 댓글" });
  assert.equal(made.status, 303);
  assert.equal(made.location, `${path}#comments`);
  const [row] = await db.select().from(comments).where(eq(comments.postId, post));
  assert.equal(row.content, "폼 댓글");
  const shown = await page(path);
  // Edit and delete forms ask for the comment's password, each labelled.
  assert.match(
    shown.html,
    new RegExp(`<label class="field-label" for="edit-${row.id}-password">댓글을 쓸 때 정한 비밀번호`),
  );
  assert.match(
    shown.html,
    new RegExp(`<label class="field-label" for="delete-${row.id}-password">댓글을 쓸 때 정한 비밀번호`),
  );
  assert.ok(!shown.html.includes("<script"), "no script on the post page");
  const wrong = await submit(path, {
    _action: "comment_edit",
    comment: String(row.id),
    content: "틀린 비밀번호로 고침",
    password: "wrong-pass",
  });
  assert.equal(wrong.status, 403);
  // The refusal is at the comment: its edit form open, the text sent given back, the error described.
  assert.match(
    wrong.html,
    new RegExp(`<p class="field-error" id="edit-${row.id}-password-error">비밀번호를 입력하지 않았거나`),
  );
  assert.match(wrong.html, new RegExp(`aria-describedby="edit-${row.id}-password-error"`));
  assert.match(wrong.html, /<details open(="")?>\s*<summary>수정<\/summary>/);
  assert.ok(wrong.html.includes("틀린 비밀번호로 고침"));
  assert.equal((await commentRow(row.id)).content, "폼 댓글");
  const edited = await submit(path, {
    _action: "comment_edit",
    comment: String(row.id),
    content: "폼으로 고친 댓글",
    password: "form-1234",
  });
  assert.equal(edited.status, 303);
  assert.equal((await commentRow(row.id)).content, "폼으로 고친 댓글");
  const missing = await submit(path, { _action: "comment_delete", comment: String(row.id) });
  assert.equal(missing.status, 403);
  assert.match(missing.html, new RegExp(`id="delete-${row.id}-password-error"`));
  const removed = await submit(path, { _action: "comment_delete", comment: String(row.id), password: "form-1234" });
  assert.equal(removed.status, 303);
  assert.ok((await commentRow(row.id)).deletedAt);
  assert.ok((await page(path)).html.includes("삭제된 댓글입니다."));
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
