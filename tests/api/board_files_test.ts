// A board post's photos and attachments are read exactly by who may read the post (SPEC §6 "file access has a
// role setting", secret posts; domain/board/files.ts): public only while visitors read the post; otherwise
// the post's readers — an anonymous secret post's password holder and non-admin staff included, a members-
// only board's members only, a post waiting for approval its writer and staff, a deleted post staff alone.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { files } from "../../db/schema/file.ts";
import { SEED_POST_PASSWORD } from "../../db/seed/board.ts";

const t = await openTestApp();
const db = t.app.database.db;

const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const company = await signIn(t, "company");
const staff = await signIn(t, "staff");
const admin = await signIn(t, "admin");

/** The status of loading the file as an image, a derivative and a download (all must agree). */
async function load(fileId: number, cookie?: string): Promise<number> {
  const statuses: number[] = [];
  for (const path of [`/api/file/image/${fileId}`, `/api/file/${fileId}/external_thumbnail.jpg`]) {
    const res = await t.request(path, {
      headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() },
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  assert.equal(statuses[0], statuses[1], `image and thumbnail of ${fileId} agree: ${statuses}`);
  return statuses[0];
}

async function call(path: string, init: { method?: string; cookie?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = { accept: "application/json", "x-forwarded-for": randomAddress() };
  if (init.cookie) headers.cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const method = init.method ?? "GET";
  const res = await t.request(path, { method, headers: method === "GET" ? headers : csrfHeaders(headers), body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function withPhoto(fields: Record<string, string>): Promise<FormData> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const picture = await photo(320, 240);
  body.append("photos", new File([picture as Uint8Array<ArrayBuffer>], "p.jpg", { type: "image/jpeg" }));
  return body;
}

async function accessOf(fileId: number) {
  const [row] = await db.select({ access: files.access }).from(files).where(eq(files.id, fileId));
  return row.access;
}

appTest("an anonymous secret post's photo: the password holder, staff and administrators; nobody else", async () => {
  // The seeded one (its bytes are not stored in tests: the check answers 403 before any 404).
  const [seeded] = await db.select().from(posts).where(eq(posts.title, "비밀글: 개인 연락처를 남깁니다"));
  assert.equal(await accessOf(seeded.photoIds[0]), "owner");
  assert.equal(await load(seeded.photoIds[0]), 403);
  assert.equal(await load(seeded.photoIds[0], member), 403);
  assert.notEqual(await load(seeded.photoIds[0], staff), 403);

  const made = await call("/api/bbs/free", {
    method: "POST",
    form: await withPhoto({
      title: "사진이 있는 비밀글",
      content: "본문",
      name: "손님",
      password: "pass-1234",
      secret: "1",
    }),
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const [post] = await db.select().from(posts).where(eq(posts.id, made.body.id));
  const fileId = post.photoIds[0];
  assert.equal(await accessOf(fileId), "owner");
  assert.equal(await load(fileId), 403, "a visitor without the password");
  assert.equal(await load(fileId, member), 403, "a member without the password");
  assert.equal(await load(fileId, staff), 200, "board staff who are not administrators");
  assert.equal(await load(fileId, admin), 200);
  const opened = await call(`/api/bbs/post/${post.id}/password`, { method: "POST", json: { password: "pass-1234" } });
  assert.equal(opened.status, 200);
  const cookie = opened.headers.get("set-cookie")!.split(";")[0];
  assert.equal(await load(fileId, cookie), 200, "the reader who gave the password");
  const res = await t.request(`/api/file/image/${fileId}`, { headers: { cookie } });
  await res.body?.cancel();
  assert.equal(res.headers.get("cache-control"), "no-store", "kept in no shared cache");
  assert.equal(await load(fileId, cookie.replace(/\.[^.]+$/, ".AAAA")), 403, "a forged opening");
  // The seeded post's opening opens nothing here.
  const seededOpening = await call(`/api/bbs/post/${seeded.id}/password`, {
    method: "POST",
    json: { password: SEED_POST_PASSWORD },
  });
  assert.equal(seededOpening.status, 200);
  assert.equal(await load(fileId, seededOpening.headers.get("set-cookie")!.split(";")[0]), 403);
  // The download and the zip take the opening too.
  const download = await t.request(`/api/file/download/${fileId}`, { headers: { cookie } });
  await download.body?.cancel();
  assert.equal(download.status, 200);
  const zip = (cookie?: string) =>
    t.request("/api/file/download", {
      method: "POST",
      headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "content-type": "application/json" }),
      body: JSON.stringify({ ids: [fileId] }),
    });
  const openedZip = await zip(cookie);
  await openedZip.body?.cancel();
  assert.equal(openedZip.status, 200);
  const refused = await zip();
  await refused.body?.cancel();
  assert.equal(refused.status, 403);
});

appTest("a member's secret post: the writer and staff load its photo; other members and visitors do not", async () => {
  const made = await call("/api/bbs/free", {
    method: "POST",
    cookie: member,
    form: await withPhoto({ title: "회원의 사진 비밀글", content: "본문", secret: "1" }),
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const fileId = made.body.photos[0].id;
  assert.equal(await load(fileId, member), 200, "the writer");
  assert.equal(await load(fileId, staff), 200);
  assert.equal(await load(fileId, tester), 403);
  assert.equal(await load(fileId), 403);
  // Deleted: staff only (the writer no longer reads the post, nor its files).
  assert.equal((await call(`/api/bbs/post/${made.body.id}`, { method: "DELETE", cookie: member })).status, 204);
  assert.equal(await load(fileId, member), 403);
  assert.equal(await load(fileId, staff), 200);
});

appTest("a members-only board: its posts' files are its readers', not the public's; opened again, public", async () => {
  const [qna] = await db.select().from(boards).where(eq(boards.slug, "qna"));
  const made = await call("/api/bbs/qna", {
    method: "POST",
    cookie: member,
    form: await withPhoto({ title: "사진 질문", content: "본문" }),
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const fileId = made.body.photos[0].id;
  assert.equal(await accessOf(fileId), "public", "the Q&A board is read by visitors");
  assert.equal(await load(fileId), 200);

  // The administrator lets members alone read the board: the files already stored close.
  const settings = (read: string[]) => {
    const body = new URLSearchParams({
      _token: TEST_CSRF,
      name: qna.name,
      name_en: qna.nameEn,
      description: qna.description,
      description_en: qna.descriptionEn,
      secret_allowed: "1",
      max_attachments: String(qna.maxAttachments),
      max_attachment_mb: "10",
    });
    for (const code of read) body.append("rights_read", code);
    for (const action of ["write", "comment", "edit", "delete"]) body.append(`rights_${action}`, "member");
    body.append("rights_reply", "support_group");
    return body;
  };
  const save = async (read: string[]) => {
    const res = await t.request(`/management/bbs/${qna.id}`, {
      method: "POST",
      headers: csrfHeaders({ cookie: admin, "x-forwarded-for": randomAddress() }),
      body: settings(read),
      redirect: "manual",
    });
    await res.body?.cancel();
    assert.equal(res.status, 303);
  };
  await save(["member"]);
  assert.equal(await accessOf(fileId), "owner");
  assert.equal(await load(fileId), 403, "a visitor with the id");
  assert.equal(await load(fileId, company), 403, "a company member, whom the read right does not name");
  assert.equal(await load(fileId, tester), 200, "a member");
  assert.equal(await load(fileId, staff), 200);
  // A post written now is never public.
  const later = await call("/api/bbs/qna", {
    method: "POST",
    cookie: tester,
    form: await withPhoto({ title: "회원 게시판 사진", content: "본문" }),
  });
  assert.equal(later.status, 201);
  assert.equal(await accessOf(later.body.photos[0].id), "owner");
  assert.equal(await load(later.body.photos[0].id), 403);
  assert.equal(await load(later.body.photos[0].id, member), 200);

  await save(["anonymous"]);
  assert.equal(await accessOf(fileId), "public");
  assert.equal(await load(fileId), 200);
});

appTest("a post waiting for approval: its writer and staff load its photo; public once approved", async () => {
  await db.update(boards).set({ approvalRequired: true }).where(eq(boards.slug, "free"));
  try {
    const made = await call("/api/bbs/free", {
      method: "POST",
      cookie: member,
      form: await withPhoto({ title: "승인 전 사진 글", content: "본문" }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const fileId = made.body.photos[0].id;
    assert.equal(await load(fileId, member), 200);
    assert.equal(await load(fileId, staff), 200);
    assert.equal(await load(fileId, tester), 403);
    assert.equal(await load(fileId), 403);
    const approve = new URLSearchParams({ _token: TEST_CSRF, action: "approve", ids: String(made.body.id) });
    const res = await t.request("/management/post", {
      method: "POST",
      headers: csrfHeaders({ cookie: admin, "x-forwarded-for": randomAddress() }),
      body: approve,
      redirect: "manual",
    });
    await res.body?.cancel();
    assert.equal(res.status, 303);
    assert.equal(await load(fileId), 200);
  } finally {
    await db.update(boards).set({ approvalRequired: false }).where(eq(boards.slug, "free"));
  }
});

appTest("a notice with a posting period: its photo waits for the period like the post", async () => {
  const from = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const made = await call("/api/bbs/notice", {
    method: "POST",
    cookie: staff,
    form: await withPhoto({ title: "다음 주 공지", content: "본문", post_from: from }),
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const fileId = made.body.photos[0].id;
  assert.equal(await load(fileId), 403, "before the period");
  assert.equal(await load(fileId, member), 403);
  assert.equal(await load(fileId, staff), 200);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
