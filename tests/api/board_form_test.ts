// A board that carries a form of the form builder (issue 14 §1; SPEC §3 Bulletin board "form", §5 forms):
// the seeded "event" board asks its sign-up form on the write page; a post stores the answers with the
// form's version; every submission, page or call, is checked by the schema built from the tree (422 with
// messages keyed answers.…); the post page shows the answers by the version they were given in, even
// after the form changed; management sets and clears a board's form, and only management may.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { randomAddress, signIn } from "../support/session.ts";
import { boards, posts } from "../../db/schema/board.ts";
import { forms } from "../../db/schema/programme.ts";
import { createForm, deleteForm, saveForm } from "../../domain/form/forms.ts";
import { files } from "../../db/schema/file.ts";
import { PDF } from "../support/images.ts";
import type { HttpError } from "../../framework/errors.ts";
import { EVENT_FORM } from "../../db/seed/board-form.ts";
import { RIGHT_ROLES } from "../../domain/board/manage.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const admin = await signIn(t, "admin");

async function get(path: string, cookie?: string) {
  const res = await t.request(path, {
    headers: { ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
}

async function submit(path: string, body: FormData | URLSearchParams, cookie?: string) {
  body.set("_token", TEST_CSRF);
  const res = await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "x-forwarded-for": randomAddress() }),
    body,
    redirect: "manual",
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

async function call(path: string, method: string, body: unknown, cookie?: string) {
  const res = await t.request(path, {
    method,
    headers: csrfHeaders({
      ...(cookie ? { cookie } : {}),
      "content-type": "application/json",
      accept: "application/json",
      "x-forwarded-for": randomAddress(),
    }),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const ANSWERS = {
  "answers.attendee": "홍길동",
  "answers.organisation": "한빛디자인",
  "answers.session": "talk",
  "answers.seats": "3",
  "answers.email": "hong@example.com",
  "answers.privacy": "on",
};

function writeForm(title: string, answers: Record<string, string> = ANSWERS) {
  const body = new FormData();
  for (
    const [k, v] of Object.entries({ bbs: "event", format: "text", title, content: "참가 신청합니다", ...answers })
  ) {
    body.set(k, v);
  }
  return body;
}

const eventBoard = async () => (await db.select().from(boards).where(eq(boards.slug, "event")))[0];
const byTitle = async (title: string) => (await db.select().from(posts).where(eq(posts.title, title)))[0];

appTest("the write page asks the board's form; a post keeps its answers with the form's version", async () => {
  const board = await eventBoard();
  assert.ok(board.formId, "the seeded event board carries a form");
  const page = await get("/board/write?bbs=event", member);
  assert.equal(page.status, 200);
  assert.ok(page.html.includes('name="answers.attendee"'), "the form's fields, under answers.");
  assert.ok(page.html.includes("참가자 이름"));
  assert.ok((await get("/en/board/write?bbs=event", member)).html.includes("Attendee"), "labels in English");

  const sent = await submit("/board/write", writeForm("기조 강연 신청"), member);
  assert.equal(sent.status, 303, sent.html.slice(0, 300));
  const row = await byTitle("기조 강연 신청");
  assert.equal(row.formId, board.formId);
  assert.equal(row.formVersion, 1);
  assert.deepEqual(row.answers, {
    attendee: "홍길동",
    organisation: "한빛디자인",
    session: "talk",
    seats: 3,
    email: "hong@example.com",
    privacy: true,
  });
  const read = await get(`/board/event/${row.id}`);
  assert.ok(read.html.includes("참가자 이름") && read.html.includes("홍길동"));
  assert.ok(read.html.includes("기조 강연"), "a choice by its option's label");
  const en = await get(`/en/board/event/${row.id}`);
  assert.ok(en.html.includes("Attendee") && en.html.includes("Keynote talk"), "labels in the reader's language");

  // The same form through the call, answers as an object.
  const json = await call("/api/bbs/event", "POST", {
    title: "전시 투어 신청",
    content: "x",
    answers: { attendee: "Kim", session: "tour", seats: 1, email: "kim@example.com", privacy: true },
  }, member);
  assert.equal(json.status, 201, JSON.stringify(json.body));
  assert.equal(json.body.form.version, 1);
  assert.equal(json.body.form.answers.session, "tour");
  assert.equal(json.body.form.components[0].key, "attendee");
  const info = await get("/api/bbs/event");
  assert.equal(JSON.parse(info.html).form_id, board.formId, "the board names its form (its tree: /api/form/{id})");
});

appTest("bad answers are refused with 422 and field messages, on the page and through the call", async () => {
  const { attendee: _, ...rest } = Object.fromEntries(
    Object.entries(ANSWERS).map(([k, v]) => [k.slice("answers.".length), v]),
  );
  const page = await submit(
    "/board/write",
    writeForm("이름 없는 신청", Object.fromEntries(Object.entries(rest).map(([k, v]) => [`answers.${k}`, v]))),
    member,
  );
  assert.equal(page.status, 422);
  assert.ok(page.html.includes("필수"), "the required message by the field");
  assert.ok(page.html.includes('value="hong@example.com"'), "what was typed is kept");
  assert.equal(await byTitle("이름 없는 신청"), undefined);

  const missing = await call("/api/bbs/event", "POST", { title: "x", content: "x", answers: rest }, member);
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.errors["answers.attendee"], ["programme.form.required"]);
  const noAnswers = await call("/api/bbs/event", "POST", { title: "x", content: "x" }, member);
  assert.equal(noAnswers.status, 422, "a board with a form needs its answers");
  const tooMany = await call("/api/bbs/event", "POST", {
    title: "x",
    content: "x",
    answers: { ...rest, attendee: "A", seats: 9 },
  }, member);
  assert.equal(tooMany.status, 422);
  assert.deepEqual(tooMany.body.errors["answers.seats"], ["programme.form.too_large"]);
  const unknown = await call("/api/bbs/event", "POST", {
    title: "x",
    content: "x",
    answers: { ...rest, attendee: "A", bogus: "1" },
  }, member);
  assert.equal(unknown.status, 422);
  assert.ok(unknown.body.errors["answers.bogus"], JSON.stringify(unknown.body));
  const badChoice = await call("/api/bbs/event", "POST", {
    title: "x",
    content: "x",
    answers: { ...rest, attendee: "A", session: "party" },
  }, member);
  assert.deepEqual(badChoice.body.errors["answers.session"], ["programme.form.choice"]);

  // Wrong role: a visitor may not write on the members' board, whatever the answers (401 before 422).
  const visitor = await call("/api/bbs/event", "POST", { title: "x", content: "x", answers: {} });
  assert.equal(visitor.status, 401);
  assert.equal((await get("/board/write?bbs=event")).status, 303, "the page sends a visitor to sign in");
});

appTest("a form changed after posting: the post keeps and shows its answers by their version", async () => {
  const board = await eventBoard();
  const sent = await submit("/board/write", writeForm("버전 1 신청"), member);
  assert.equal(sent.status, 303);
  const before = await byTitle("버전 1 신청");
  const changed = EVENT_FORM.map((c) => c.key === "attendee" ? { ...c, label: "성함", labelEn: "Full name" } : c);
  const saved = await saveForm(db, board.formId!, {
    title: "행사 참가 신청서",
    titleEn: "Event sign-up form",
    components: [...changed, { key: "diet", type: "text", label: "식이 제한", labelEn: "Diet", required: true }],
  });
  assert.ok(saved.newVersion, "posts count as answers: the form gets a new version");
  assert.equal(saved.form.version, 2);

  const read = await get(`/board/event/${before.id}`);
  assert.ok(read.html.includes("참가자 이름"), "the post shows its own version's labels");
  assert.ok(!read.html.includes("성함") && !read.html.includes("식이 제한"));
  const write = await get("/board/write?bbs=event", member);
  assert.ok(write.html.includes("성함") && write.html.includes('name="answers.diet"'), "new posts get version 2");
  // A new post without the new required field is refused; with it, stored at version 2.
  assert.equal((await submit("/board/write", writeForm("버전 2 신청"), member)).status, 422);
  const v2 = await submit("/board/write", writeForm("버전 2 신청", { ...ANSWERS, "answers.diet": "없음" }), member);
  assert.equal(v2.status, 303);
  assert.equal((await byTitle("버전 2 신청")).formVersion, 2);

  // Editing the older post is checked against its own version (no diet asked) and keeps it.
  const edit = await get(`/board/write?post=${before.id}`, member);
  assert.ok(edit.html.includes('value="홍길동"') && !edit.html.includes("answers.diet"));
  const edited = await call(`/api/bbs/post/${before.id}`, "PATCH", {
    title: "버전 1 신청",
    content: "x",
    answers: { attendee: "홍길동", session: "workshop", seats: 2, email: "hong@example.com", privacy: true },
  }, member);
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
  const after = await byTitle("버전 1 신청");
  assert.equal(after.formVersion, 1);
  assert.equal(after.answers.session, "workshop");
  const badEdit = await call(`/api/bbs/post/${before.id}`, "PATCH", {
    title: "버전 1 신청",
    content: "x",
    answers: { attendee: "", session: "workshop", seats: 2, email: "hong@example.com", privacy: true },
  }, member);
  assert.equal(badEdit.status, 422);
  assert.deepEqual(badEdit.body.errors["answers.attendee"], ["programme.form.required"]);
});

appTest("management sets and clears a board's form; others are refused", async () => {
  const [free] = await db.select().from(boards).where(eq(boards.slug, "free"));
  const board = await eventBoard();
  const settings = (formId: string): [string, string][] => [
    ["name", free.name],
    ["name_en", free.nameEn],
    ["max_attachments", String(free.maxAttachments)],
    ["max_attachment_mb", "10"],
    ...Object.entries(free.rights).flatMap(([a, roles]) =>
      roles.filter((r) => RIGHT_ROLES.includes(r as never)).map((r) => [`rights_${a}[]`, r] as [string, string])
    ),
    ["secret_allowed", "on"],
    ["anonymous_allowed", "on"],
    ["form_id", formId],
  ];
  const screen = await get(`/management/bbs/${free.id}`, admin);
  assert.ok(screen.html.includes('name="form_id"') && screen.html.includes("행사 참가 신청서"));

  const set = await submit(`/management/bbs/${free.id}`, new URLSearchParams(settings(String(board.formId))), admin);
  assert.equal(set.status, 303);
  assert.equal((await db.select().from(boards).where(eq(boards.id, free.id)))[0].formId, board.formId);
  const asked = await call("/api/bbs/free", "POST", { title: "양식 없이", content: "x" }, member);
  assert.equal(asked.status, 422, "the forum now asks the form");
  assert.ok((await get("/board/write?bbs=free", member)).html.includes('name="answers.attendee"'));

  const unknown = await submit(`/management/bbs/${free.id}`, new URLSearchParams(settings("999999")), admin);
  assert.equal(unknown.status, 422);

  const cleared = await submit(`/management/bbs/${free.id}`, new URLSearchParams(settings("")), admin);
  assert.equal(cleared.status, 303);
  assert.equal((await db.select().from(boards).where(eq(boards.id, free.id)))[0].formId, null);
  const plain = await call("/api/bbs/free", "POST", { title: "양식 없는 글", content: "x" }, member);
  assert.equal(plain.status, 201, "cleared: the forum writes as before");
  assert.equal(plain.body.form, null);

  // Wrong role: a member may neither open nor save a board's settings.
  assert.equal((await get(`/management/bbs/${free.id}`, member)).status, 403);
  const refused = await submit(
    `/management/bbs/${free.id}`,
    new URLSearchParams(settings(String(board.formId))),
    member,
  );
  assert.equal(refused.status, 403);
  assert.equal((await db.select().from(boards).where(eq(boards.id, free.id)))[0].formId, null);
  // A form a board's posts answered cannot be deleted (its answers name it).
  await assert.rejects(() => deleteForm(db, board.formId!), (e: HttpError) => e.status === 409);
  assert.ok((await db.select().from(forms).where(eq(forms.id, board.formId!))).length);
});

appTest(
  "a form's file field: files go through the pipeline as the post's; file facts sent as text are dropped",
  async () => {
    const [qna] = await db.select().from(boards).where(eq(boards.slug, "qna"));
    const form = await createForm(db, {
      title: "파일 양식",
      titleEn: "File form",
      components: [
        { key: "topic", type: "text", label: "주제", labelEn: "Topic", required: true },
        { key: "doc", type: "file", label: "자료", labelEn: "Document", accept: ["pdf"] },
      ],
    });
    await db.update(boards).set({ formId: form.id }).where(eq(boards.id, qna.id));
    // Someone else's file named in the answers as text: dropped, never attached to the post.
    const [other] = await db.select().from(files).limit(1);
    const forged = await call("/api/bbs/qna", "POST", {
      title: "남의 파일",
      content: "x",
      answers: { topic: "a", doc: [{ id: other.id, name: "x.pdf", size: 10, kind: "pdf" }] },
    }, member);
    assert.equal(forged.status, 201, JSON.stringify(forged.body));
    const forgedRow = await byTitle("남의 파일");
    assert.equal(forgedRow.answers.doc, undefined);
    assert.ok(!forgedRow.attachmentIds.includes(other.id));

    const body = new FormData();
    for (
      const [k, v] of Object.entries({
        bbs: "qna",
        format: "text",
        title: "자료 첨부",
        content: "x",
        "answers.topic": "b",
      })
    ) {
      body.set(k, v);
    }
    body.set("answers.doc", new File([PDF as Uint8Array<ArrayBuffer>], "plan.pdf", { type: "application/pdf" }));
    const sent = await submit("/board/write", body, member);
    assert.equal(sent.status, 303, sent.html.slice(0, 300));
    const row = await byTitle("자료 첨부");
    const doc = row.answers.doc as { id: number; name: string }[];
    assert.equal(doc.length, 1);
    assert.equal(doc[0].name, "plan.pdf");
    assert.ok(row.attachmentIds.includes(doc[0].id), "read as the post is");
    const [stored] = await db.select().from(files).where(eq(files.id, doc[0].id));
    assert.equal(stored.purpose, "board_attachment");
    // A file of the wrong type is refused on its field.
    const bad = new FormData();
    for (
      const [k, v] of Object.entries({
        bbs: "qna",
        format: "text",
        title: "잘못된 자료",
        content: "x",
        "answers.topic": "c",
      })
    ) {
      bad.set(k, v);
    }
    bad.set("answers.doc", new File(["<html>hi</html>"], "plan.pdf", { type: "application/pdf" }));
    assert.equal((await submit("/board/write", bad, member)).status, 422);
    // Editing without a new file keeps the answered one.
    const edited = await call(`/api/bbs/post/${row.id}`, "PATCH", {
      title: "자료 첨부",
      content: "y",
      answers: { topic: "d" },
    }, member);
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const after = await byTitle("자료 첨부");
    assert.deepEqual((after.answers.doc as { id: number }[]).map((f) => f.id), [doc[0].id]);
    assert.ok(after.attachmentIds.includes(doc[0].id));
    await db.update(boards).set({ formId: null }).where(eq(boards.id, qna.id));
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
