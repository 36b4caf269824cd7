// Board approval (issue 23 §13; SPEC §8 board errors 'not approved', 'rejected'): on a board that takes
// posts after approval, a member's post waits — its writer reads it with a notice, everyone else is told
// 'not approved' (403) and the lists leave it out; staff find it in /management/post, reject it with a reason
// (the writer is mailed and reads why; others are told 'rejected'), then approve it, and it is public.
// An anonymous writer, who cannot open a waiting post, is sent back to the board and told.
import assert from "node:assert/strict";
import { and, eq, like } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { outbox } from "../../db/schema/member.ts";

const t = await openTestApp();
const db = t.app.database.db;

async function get(path: string, cookie?: string) {
  const res = await t.request(path, {
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location"), res };
}

async function submit(path: string, body: FormData | URLSearchParams, cookie?: string) {
  body.set("_token", TEST_CSRF);
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() }),
    body,
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location"), res };
}

function postForm(title: string, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (
    const [k, v] of Object.entries({ bbs: "free", format: "text", title, content: "승인을 기다리는 글", ...extra })
  ) {
    body.set(k, v);
  }
  return body;
}

appTest("a board that takes posts after approval: waiting, rejected with a reason, approved", async () => {
  const member = await signIn(t, "member");
  const other = await signIn(t, "tester");
  const admin = await signIn(t, "admin");
  // The administrator switches the option on in the board's settings (checked in the form).
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free"));
  await db.update(boards).set({ approvalRequired: true }).where(eq(boards.id, free.id));
  assert.match((await get(`/management/bbs/${free.id}`, admin)).html, /name="approval_required"[^>]*checked/);

  const sent = await submit("/board/write", postForm("승인 대기 글"), member);
  assert.equal(sent.status, 303);
  const [row] = await db.select().from(posts).where(eq(posts.title, "승인 대기 글"));
  assert.equal(row.approval, "waiting");
  assert.equal(sent.location, `/board/free/${row.id}`);

  const own = await get(`/board/free/${row.id}`, member);
  assert.equal(own.status, 200);
  assert.match(own.html, /승인을 기다리는 글입니다/);
  for (const cookie of [other, undefined]) {
    const refused = await get(`/board/free/${row.id}`, cookie);
    assert.equal(refused.status, 403);
    assert.match(refused.html, /승인되지 않은 게시글입니다/);
  }
  const api = await t.request(`/api/bbs/post/${row.id}/read`, { headers: { "x-forwarded-for": randomAddress() } });
  assert.deepEqual([api.status, (await api.json()).key], [403, "board.not_approved"]);
  assert.doesNotMatch((await get("/board/free")).html, /승인 대기 글/, "not in the public list");
  assert.doesNotMatch((await get("/search?q=%EC%8A%B9%EC%9D%B8%20%EB%8C%80%EA%B8%B0")).html, /승인 대기 글/);

  // Staff find it by its approval state and reject it with a reason; the writer is mailed.
  const queue = await get("/management/post?approval=waiting", admin);
  assert.match(queue.html, /승인 대기 글/);
  const moderate = (action: string, reason = "") =>
    submit(
      "/management/post?approval=waiting",
      new URLSearchParams({ action, "ids[]": String(row.id), reason }),
      admin,
    );
  assert.equal((await moderate("reject", "광고성 글입니다")).status, 303);
  const rejected = await get(`/board/free/${row.id}`, member);
  assert.match(rejected.html, /반려된 글입니다. 사유: 광고성 글입니다/);
  assert.match((await get(`/board/free/${row.id}`, other)).html, /반려된 게시글입니다/);
  const mails = await db.select().from(outbox).where(like(outbox.subject, "%게시글이 반려되었습니다%"));
  assert.equal(mails.length, 1);
  assert.match(mails[0].body, /광고성 글입니다/);
  // Rejecting twice is refused by the approval machine; approving a rejected post reconsiders it.
  assert.equal((await moderate("reject")).status, 409);
  assert.equal((await moderate("approve")).status, 303);
  const shown = await get(`/board/free/${row.id}`, other);
  assert.equal(shown.status, 200);
  assert.doesNotMatch(shown.html, /승인을 기다리는 글입니다|반려된 글입니다/);
  assert.match((await get("/board/free")).html, /승인 대기 글/);
  assert.equal((await db.select().from(outbox).where(like(outbox.subject, "%게시글이 승인되었습니다%"))).length, 1);

  // A post by staff needs no approval.
  assert.equal((await submit("/board/write", postForm("운영자 글"), admin)).status, 303);
  const [staffPost] = await db.select().from(posts).where(eq(posts.title, "운영자 글"));
  assert.equal(staffPost.approval, "approved");

  // An anonymous writer is sent back to the board, told the post waits.
  const anonymous = await submit(
    "/board/write",
    postForm("비회원 대기 글", { name: "방문객", password: "secret-123" }),
  );
  assert.equal(anonymous.status, 303);
  assert.equal(anonymous.location, "/board/free");
  assert.match(anonymous.res.headers.get("set-cookie") ?? "", /flash=/);
  const [guest] = await db.select().from(posts).where(
    and(eq(posts.title, "비회원 대기 글"), eq(posts.boardId, free.id)),
  );
  assert.equal(guest.approval, "waiting");
  await db.update(boards).set({ approvalRequired: false }).where(eq(boards.id, free.id));
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
