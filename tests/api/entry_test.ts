// Issue 5 §4 and §6 over HTTP: the entry wizard's calls (draft per step, submit, edit, cancel), its plain
// forms without JavaScript, my page's lists — and the refusals: outside the phase, a third entry, a second
// entry as invited designer, four sub designers, another member's file or entry, anonymous.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const admin = await signIn(t, "admin");

const DAY = 24 * 3600_000;
const [open] = await db.insert(awards).values({
  family: "award",
  year: 2091,
  title: "2091 어워드",
  titleEn: "2091 Award",
  submitFrom: new Date(Date.now() - 10 * DAY),
  submitTo: new Date(Date.now() + 10 * DAY),
}).returning();
const [closed] = await db.insert(awards).values({
  family: "award",
  year: 2092,
  title: "2092 어워드",
  submitFrom: new Date(Date.now() - 30 * DAY),
  submitTo: new Date(Date.now() - 20 * DAY),
}).returning();

async function upload(session: string, purpose: string, bytes: Uint8Array, name = "work.jpg"): Promise<number> {
  const body = new FormData();
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/jpeg" }));
  const res = await t.request(`/api/file?purpose=${purpose}`, {
    method: "POST",
    headers: csrfHeaders({ cookie: session, accept: "application/json" }),
    body,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).data[0].id;
}

const json = (session: string | null, path: string, body: unknown, method = "POST") =>
  t.request(path, {
    method,
    headers: csrfHeaders({ "content-type": "application/json", ...(session ? { cookie: session } : {}) }),
    body: JSON.stringify(body),
  });

const entrant = (type = "company") => ({
  exhibitor_type: type,
  company: type === "company" ? "(주)한빛기계" : "",
  designer: { name: "김디자", name_en: "Kim Design", email: "kim@example.org", phone: "010-1234-5678" },
});

async function work(session: string) {
  return {
    category: "10",
    title: "바람 의자",
    title_en: "Wind chair",
    description: "바람을 닮은 의자",
    work_type: "image",
    thumbnail_id: await upload(session, "entry_thumbnail", await photo(400, 300)),
    detail_ids: [await upload(session, "entry_image", await photo(800, 600))],
  };
}

const confirm = { agree_rules: true, declare_not_prized: true };

async function enter(session: string, awardId = open.id, type = "company") {
  const data = { ...entrant(type), ...(await work(session)), ...confirm };
  return await json(session, "/api/entry", { award_id: awardId, data });
}

appTest("wizard calls: each step is checked and kept in the draft; the last one submits", async () => {
  const step1 = await json(company, "/api/entry/draft", { award_id: open.id, step: 1, data: entrant() });
  assert.equal(step1.status, 200, await step1.clone().text());
  assert.deepEqual(await step1.json(), { step: 2 });
  const bad = await json(company, "/api/entry/draft", { award_id: open.id, step: 2, data: { title: "" } });
  assert.equal(bad.status, 422);
  const errors = (await bad.json()).errors;
  assert.deepEqual(errors.title, ["award.title_required"]);
  assert.deepEqual(errors.thumbnail_id, ["award.no_files"]);
  const newEntryDraft = and(eq(wizardDrafts.kind, "award_entry"), eq(wizardDrafts.ref, open.id));
  const [draft] = await db.select().from(wizardDrafts).where(newEntryDraft);
  assert.equal(draft.step, 2);
  assert.equal((draft.data.designer as { name: string }).name, "김디자");

  const res = await json(company, "/api/entry", {
    award_id: open.id,
    data: { ...draft.data, ...(await work(company)), ...confirm, fee: 0, status: "pay_complete" },
  });
  assert.equal(res.status, 201, await res.clone().text());
  const { result } = await res.json();
  assert.equal(result.status, "pay_incomplete", "fee and status come from the server, not the body");
  assert.equal(result.fee, 100_000);
  assert.match(result.payHref, /^\/pay\/test\/popup\?type=award&id=\d+$/);
  assert.equal((await db.select().from(wizardDrafts).where(newEntryDraft)).length, 0);
});

appTest("an individual enters free: submitted at once, nothing to pay", async () => {
  const res = await enter(member, open.id, "general");
  assert.equal(res.status, 201, await res.clone().text());
  const { result } = await res.json();
  assert.deepEqual([result.status, result.fee, result.payHref], ["submitted", 0, null]);
});

appTest("limits: a third entry, a second as invited designer, four sub designers", async () => {
  assert.equal((await enter(member, open.id, "general")).status, 201); // member's second
  const third = await enter(member, open.id, "general");
  assert.equal(third.status, 409);
  assert.equal((await third.json()).key, "award.submit_count_max");

  assert.equal((await enter(tester, open.id, "invited")).status, 201);
  const again = await enter(tester, open.id, "general");
  assert.equal(again.status, 409);
  assert.equal((await again.json()).key, "award.artist_max");

  const subs = Array.from({ length: 4 }, (_, i) => ({ name: `공동 ${i}` }));
  const four = await json(company, "/api/entry/draft", {
    award_id: open.id,
    step: 1,
    data: { ...entrant(), sub_designers: subs },
  });
  assert.equal(four.status, 422);
  assert.deepEqual((await four.json()).errors.sub_designers, ["award.sub_designers_max"]);
});

appTest("phase: outside submission a member is refused; a tester may enter any time", async () => {
  const late = await enter(company, closed.id);
  assert.equal(late.status, 403);
  assert.equal((await late.json()).key, "award.submit_expired");
  assert.equal((await enter(tester, closed.id, "general")).status, 201);
  const page = await t.request(`/entry?award=${closed.id}`, { headers: { cookie: company } });
  assert.equal(page.status, 403);
  assert.ok((await page.text()).includes("출품 기간이 끝났습니다."));
});

appTest("files: another member's upload or one of another purpose cannot be attached", async () => {
  const theirs = await upload(member, "entry_thumbnail", await photo(400, 300));
  const data = { ...entrant(), ...(await work(company)), ...confirm, thumbnail_id: theirs };
  const res = await json(company, "/api/entry", { award_id: open.id, data });
  assert.equal(res.status, 422);
  assert.deepEqual((await res.json()).errors, { thumbnail_id: ["award.file_invalid"] });
  const board = await upload(company, "portrait", await photo(400, 300));
  const wrong = await json(company, "/api/entry", { award_id: open.id, data: { ...data, thumbnail_id: board } });
  assert.deepEqual((await wrong.json()).errors, { thumbnail_id: ["award.file_invalid"] });
});

appTest("edit and cancel: the owner's own entry only; a paid entry cannot be cancelled", async () => {
  const created = await enter(admin, open.id, "general");
  const { result } = await created.json();
  const [entry] = await db.select().from(entries).where(eq(entries.id, result.id));
  const data = { ...entrant("general"), ...(await work(admin)), ...confirm, title: "고친 제목" };
  const other = await json(member, "/api/entry", { award_id: open.id, entry_id: entry.id, data });
  assert.equal(other.status, 404);
  const edited = await json(admin, "/api/entry", { award_id: open.id, entry_id: entry.id, data });
  assert.equal(edited.status, 200, await edited.clone().text());
  assert.equal((await db.select().from(entries).where(eq(entries.id, entry.id)))[0].title, "고친 제목");

  const cancel = (session: string, id: number) =>
    t.request(`/api/entry/${id}`, { method: "DELETE", headers: csrfHeaders({ cookie: session }) });
  assert.equal((await cancel(member, entry.id)).status, 404);
  assert.equal((await cancel(admin, entry.id)).status, 200);
  assert.equal((await db.select().from(entries).where(eq(entries.id, entry.id)))[0].status, "cancel");
  assert.equal((await cancel(admin, entry.id)).status, 409);

  await db.update(entries).set({ status: "pay_complete" }).where(eq(entries.userId, entry.userId));
  const [paid] = await db.select().from(entries).where(eq(entries.userId, entry.userId)).limit(1);
  const refused = await cancel(admin, paid.id);
  assert.equal(refused.status, 409);
  assert.equal((await refused.json()).key, "award.entry_locked");
});

appTest("my page: GET /api/user/awards lists the member's entries with what they may do", async () => {
  const res = await t.request("/api/user/awards", { headers: { cookie: member } });
  assert.equal(res.status, 200);
  const list = await res.json();
  assert.deepEqual(Object.keys(list).sort(), ["current_page", "data", "last_page", "links", "per_page", "total"]);
  assert.ok(list.total >= 1);
  const first = list.data[0];
  assert.equal(first.award.id, open.id);
  assert.deepEqual(first.can, { edit: true, cancel: true, pay: false });
  const ibda = await (await t.request("/api/user/ibda", { headers: { cookie: member } })).json();
  assert.equal(ibda.total, 0);
  assert.equal((await t.request("/api/user/awards")).status, 401);
  assert.equal((await t.request("/api/user/awards?perpage=1000", { headers: { cookie: member } })).status, 400);
  const page = await (await t.request("/mypage/awards", { headers: { cookie: member } })).text();
  assert.ok(page.includes("바람 의자"));
});

appTest("anonymous: the wizard asks to sign in; the calls answer 401", async () => {
  const page = await t.request(`/entry?award=${open.id}`, { redirect: "manual" });
  assert.equal(page.status, 303);
  assert.match(page.headers.get("location") ?? "", /^\/login\?redirect=/);
  assert.equal((await json(null, "/api/entry", { award_id: open.id, data: {} })).status, 401);
});

appTest("without JavaScript: the plain forms carry the entry through to completion", async () => {
  const post = async (fields: Record<string, string>, file?: [string, Uint8Array]) => {
    const body = new FormData();
    body.set("_token", TEST_CSRF);
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    if (file) body.append(file[0], new File([file[1] as Uint8Array<ArrayBuffer>], "w.jpg", { type: "image/jpeg" }));
    const headers = csrfHeaders({ cookie: company });
    delete headers["x-xsrf-token"];
    return await t.request(`/entry?award=${open.id}`, { method: "POST", headers, body, redirect: "manual" });
  };
  // The company has one entry from the first test; this is its second.
  const one = await post({
    _step: "1",
    _action: "next",
    exhibitor_type: "company",
    company: "(주)한빛기계",
    "designer.name": "김디자",
    "designer.name_en": "Kim",
    "designer.email": "kim@example.org",
    "designer.phone": "010-1234-5678",
  });
  assert.equal(one.status, 303);
  // The island's "draft saved" toast is, without JavaScript, a notice on the next step.
  const notice = one.headers.getSetCookie().find((c) => c.startsWith("flash="))?.split(";")[0];
  assert.equal(notice, "flash=entry.draftSaved");
  const stepTwo = await (await t.request(`/entry?award=${open.id}`, { headers: { cookie: `${company}; ${notice}` } }))
    .text();
  assert.ok(stepTwo.includes('name="category"'));
  assert.ok(stepTwo.includes("입력한 내용을 임시 저장했습니다."));
  const missing = await post({ _step: "2", _action: "next", category: "10", title: "t" });
  assert.equal(missing.status, 422);
  assert.ok((await missing.text()).includes("영문 작품명을 입력해 주십시오."));
  const uploaded = await post({ _step: "2", _action: "upload" }, ["thumbnail_file", await photo(400, 300)]);
  assert.equal(uploaded.status, 303);
  const two = await post({
    _step: "2",
    _action: "next",
    category: "10",
    title: "물결 조명",
    title_en: "Wave lamp",
    description: "물결",
    work_type: "image",
  }, ["detail_file", await photo(600, 400)]);
  assert.equal(two.status, 303, await two.clone().text());
  const three = await post({ _step: "3", _action: "next", agree_rules: "1", declare_not_prized: "1" });
  assert.equal(three.status, 303, await three.clone().text());
  assert.match(three.headers.get("location") ?? "", /&done=\d+$/);
  const done = await (await t.request(three.headers.get("location")!, { headers: { cookie: company } })).text();
  assert.ok(done.includes("출품이 접수되었습니다"));
  assert.ok(done.includes("카드로 결제하기"));
});

appTest("close", () => t.close());
