// A paid course over HTTP (issue 14 §4, SPEC §7 Payment) with the built-in test provider: enrolling holds a
// place unpaid (30 minutes), my page shows the fee due with a pay button, GET /api/pay/request?type=course
// → the card screen → the provider's return pays it; a forged price or amount, a replayed return, someone
// else's enrolment, a waiting-list enrolment and a lapsed hold are refused; a lapsed hold frees its place
// for the waiting list (the promoted one gets two days to pay); staff accept only a paid enrolment; an
// administrator refunds from the management page (the place goes to the waiting list), nobody else.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { outbox, userRoles, users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
import { releaseLapsedHolds } from "../../domain/programme/applications.ts";
import { PAY_HOLD_MS, PROMOTED_PAY_HOLD_MS } from "../../domain/programme/fees.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const FEE = 30_000;
const now = Date.now();
const courseForm = (await db.select().from(programmes).where(eq(programmes.kind, "course")))[0].formId;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");

/** New members signed in (fresh accounts: none has applied to anything). */
async function people(prefix: string, n: number) {
  const hash = await hashPassword("Hanbit#2026");
  const rows = await db.insert(users).values(Array.from({ length: n }, (_, i) => ({
    username: `${prefix}${i}`,
    email: `${prefix}${i}@example.com`,
    name: `수강생${i}`,
    passwordHash: hash,
  }))).returning();
  await db.insert(userRoles).values(rows.map((p) => ({ userId: p.id, roleCode: "member", approved: true })));
  return await Promise.all(rows.map(async (p) => ({ ...p, cookie: await signIn(t, p.username) })));
}

async function newCourse(capacity: number, extra: Partial<typeof programmes.$inferInsert> = {}) {
  const [course] = await db.insert(programmes).values({
    kind: "course",
    title: "유료 포트폴리오 과정",
    titleEn: "Paid Portfolio Course",
    fee: FEE,
    capacity,
    formId: courseForm,
    applyFrom: new Date(now - 86_400_000),
    applyTo: new Date(now + 86_400_000),
    ...extra,
  }).returning();
  return course;
}

async function enrol(courseId: number, cookie: string) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries({ name: "수강생", phone: "010-1111-2222", level: "none", privacy: "on" })) {
    body.set(k, v);
  }
  return await t.request(`/api/program/${courseId}`, {
    method: "POST",
    headers: csrfHeaders({ cookie, accept: "application/json" }),
    body,
  });
}

const row = async (id: number) => (await db.select().from(applications).where(eq(applications.id, id)))[0];
const paymentOf = async (orderId: string) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

function payRequest(cookie: string | undefined, id: number, price: number = FEE) {
  const qs = new URLSearchParams({ domain: "localhost", type: "course", id: String(id), price: String(price) });
  return t.request(`/api/pay/request?${qs}`, { headers: cookie ? { cookie } : {} });
}

const unescape = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The card screen's approve form, as the browser gets it from the signed request. */
async function approveForm(cookie: string, id: number) {
  const res = await payRequest(cookie, id);
  const answer = await res.json();
  assert.equal(res.status, 200, JSON.stringify(answer));
  assert.equal(answer.amount, FEE);
  const card = await t.request(`${answer.action}?${new URLSearchParams(answer.fields)}`, { headers: { cookie } });
  const html = await card.text();
  assert.equal(card.status, 200, html.slice(0, 300));
  const form = html.match(/<form method="post" action="([^"]+)" class="pay-approve">(.*?)<\/form>/s);
  assert.ok(form, "the approve form");
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[unescape(m[1])] = unescape(m[2]);
  }
  return { action: unescape(form[1]), fields, order: answer.order as string, goods: answer.fields.goodname as string };
}

/** The provider's return: cross-site, no cookie. */
function postReturn(action: string, fields: Record<string, string>) {
  return t.request(action, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://stdpay.inicis.com",
      "sec-fetch-site": "cross-site",
      accept: "application/json",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A plain form post as the browser sends it (the CSRF field, no header). */
function formPost(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const headers = csrfHeaders({ cookie });
  delete headers["x-xsrf-token"];
  return t.request(path, { method: "POST", headers, body, redirect: "manual" });
}

async function expectError(res: Response, status: number, key: string) {
  const body = await res.json();
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.key, key);
}

appTest(
  "a paid course: the place is held unpaid, paid end to end with the test provider, a replay does nothing",
  async () => {
    const course = await newCourse(5);
    const [a, b] = await people("paya", 2);
    const res = await enrol(course.id, a.cookie);
    const enrolled = await res.json();
    assert.equal(res.status, 201, JSON.stringify(enrolled));
    const held = await row(enrolled.id);
    assert.equal(held.status, "received");
    assert.equal(held.fee, FEE);
    assert.equal(held.paidAt, null);
    const due = held.payDue!.getTime() - held.createdAt.getTime();
    assert.ok(Math.abs(due - PAY_HOLD_MS) < 5_000, String(due));
    // The mail says until when to pay.
    const mails = await db.select().from(outbox).where(eq(outbox.to, a.email));
    assert.ok(mails.some((m) => m.body.includes("수강료를 결제해 주십시오")), JSON.stringify(mails.map((m) => m.body)));

    // My page: the fee is due, with the pay button (the payment module's screen, no JavaScript).
    const api = await (await t.request("/api/user/supports", { headers: { cookie: a.cookie } })).json();
    const mine = api.data.find((x: { id: number }) => x.id === held.id);
    assert.equal(mine.pay, "due");
    assert.equal(mine.fee, FEE);
    assert.ok(mine.pay_due);
    const page = await (await t.request("/mypage/supports", { headers: { cookie: a.cookie } })).text();
    assert.ok(page.includes(`/pay/test/popup?type=course&amp;id=${held.id}`), "the pay button");
    assert.match(page, /결제 대기/);
    const coursePage = await (await t.request(`/education/${course.id}`, { headers: { cookie: a.cookie } })).text();
    assert.ok(coursePage.includes(`/pay/test/popup?type=course&amp;id=${held.id}`));

    // Staff cannot accept it while unpaid.
    const accept = { ids: String(held.id), action: "accept" };
    const refused = await formPost(`/management/education/${course.id}`, admin, accept);
    assert.equal(refused.status, 303);
    assert.equal((await row(held.id)).status, "received");

    // Another member cannot pay it, anonymous cannot ask, and the price is the server's.
    await expectError(await payRequest(b.cookie, held.id), 404, "programme.application_not_found");
    assert.equal((await payRequest(undefined, held.id)).status, 401);
    await expectError(await payRequest(a.cookie, held.id, 100), 400, "pay.amount_mismatch");

    const card = await approveForm(a.cookie, held.id);
    assert.match(card.order, /^CE\d+-[0-9a-f]{24}$/);
    assert.match(card.goods, /유료 포트폴리오 과정 수강료/);
    // A forged amount is caught by the signature and changes nothing.
    await expectError(await postReturn(card.action, { ...card.fields, amount: "100" }), 400, "pay.invalid_signature");
    assert.equal((await row(held.id)).paidAt, null);
    const paid = await postReturn(card.action, card.fields);
    const body = await paid.json();
    assert.equal(paid.status, 200, JSON.stringify(body));
    assert.equal(body.result, "paid");
    const after = await row(held.id);
    assert.ok(after.paidAt);
    assert.equal(after.payDue, null);
    assert.equal((await paymentOf(card.order)).status, "paid");
    // The replay does nothing.
    await expectError(await postReturn(card.action, card.fields), 409, "pay.already_processed");
    assert.equal((await row(held.id)).paidAt!.getTime(), after.paidAt!.getTime());
    // Paid: no new order, and my page says so.
    await expectError(await payRequest(a.cookie, held.id), 409, "programme.pay.not_payable");
    const paidPage = await (await t.request("/mypage/supports", { headers: { cookie: a.cookie } })).text();
    assert.match(paidPage, /결제 완료/);
    assert.ok(!paidPage.includes(`popup?type=course&amp;id=${held.id}`));

    // Now staff may accept it.
    assert.equal((await formPost(`/management/education/${course.id}`, admin, accept)).status, 303);
    assert.equal((await row(held.id)).status, "accepted");
  },
);

appTest("a full paid course: waiting enrolments pay later; a lapsed hold frees its place for the list", async () => {
  const course = await newCourse(1);
  const [first, second] = await people("payb", 2);
  const one = await (await enrol(course.id, first.cookie)).json();
  const two = await (await enrol(course.id, second.cookie)).json();
  assert.deepEqual([one.status, two.status], ["received", "waiting"]);
  const waiting = await row(two.id);
  assert.equal(waiting.payDue, null);
  // The waiting list pays only once promoted.
  await expectError(await payRequest(second.cookie, two.id), 409, "programme.pay.not_payable");
  const full = await (await t.request(`/education/${course.id}`)).text();
  assert.match(full, /남은 자리<\/dt><dd>0</);

  // The first starts paying, but the hold lapses before the provider returns: the money is not kept.
  const card = await approveForm(first.cookie, one.id);
  await db.update(applications).set({ payDue: new Date(Date.now() - 1000) }).where(eq(applications.id, one.id));
  // A lapsed hold no longer counts, even before the sweep.
  const freed = await (await t.request(`/education/${course.id}`)).text();
  assert.match(freed, /남은 자리<\/dt><dd>1</);
  const late = await postReturn(card.action, card.fields);
  const lateBody = await late.json();
  assert.equal(lateBody.result, "failed", JSON.stringify(lateBody));
  assert.equal(lateBody.key, "pay.not_payable");
  assert.equal((await paymentOf(card.order)).status, "failed");
  assert.equal((await row(one.id)).paidAt, null);
  await expectError(await payRequest(first.cookie, one.id), 409, "programme.pay.not_payable");

  // The sweep cancels the lapsed hold and promotes the waiting one, who has two days and is mailed.
  assert.equal(await releaseLapsedHolds(db, t.config), 1);
  assert.equal((await row(one.id)).status, "cancelled");
  const promoted = await row(two.id);
  assert.equal(promoted.status, "received");
  const window = promoted.payDue!.getTime() - promoted.updatedAt.getTime();
  assert.ok(Math.abs(window - PROMOTED_PAY_HOLD_MS) < 5_000, String(window));
  const mails = await db.select().from(outbox).where(eq(outbox.to, second.email));
  assert.ok(mails.some((m) => m.subject.includes("배정") && m.body.includes("수강료")));
  assert.equal(await releaseLapsedHolds(db, t.config), 0);
  // The promoted one pays.
  const promotedCard = await approveForm(second.cookie, two.id);
  assert.equal((await (await postReturn(promotedCard.action, promotedCard.fields)).json()).result, "paid");
  assert.ok((await row(two.id)).paidAt);
});

appTest("an enrolment whose hold lapsed is let go when the next one enrols: the waiting list goes first", async () => {
  const course = await newCourse(1);
  const [x, y, z] = await people("payc", 3);
  const one = await (await enrol(course.id, x.cookie)).json();
  const two = await (await enrol(course.id, y.cookie)).json();
  assert.equal(two.status, "waiting");
  await db.update(applications).set({ payDue: new Date(Date.now() - 1000) }).where(eq(applications.id, one.id));
  const three = await (await enrol(course.id, z.cookie)).json();
  assert.equal(three.status, "waiting");
  assert.deepEqual(
    [(await row(one.id)).status, (await row(two.id)).status, (await row(three.id)).status],
    ["cancelled", "received", "waiting"],
  );
});

appTest("a paid course with a role the member lacks is refused before anything is held", async () => {
  const course = await newCourse(3, { roles: ["company"] });
  const [m] = await people("payd", 1);
  await expectError(await enrol(course.id, m.cookie), 403, "programme.role");
  assert.equal((await db.select().from(applications).where(eq(applications.programmeId, course.id))).length, 0);
});

appTest(
  "an administrator refunds a paid enrolment from the management page; staff cannot; the list moves",
  async () => {
    const course = await newCourse(1);
    const [p, q] = await people("paye", 2);
    const one = await (await enrol(course.id, p.cookie)).json();
    const two = await (await enrol(course.id, q.cookie)).json();
    const card = await approveForm(p.cookie, one.id);
    assert.equal((await (await postReturn(card.action, card.fields)).json()).result, "paid");
    const payment = await paymentOf(card.order);
    const path = `/management/education/${course.id}/applications/${one.id}`;
    const view = await (await t.request(path, { headers: { cookie: admin } })).text();
    assert.ok(view.includes(card.order), "the payment's order number");
    assert.match(view, /name="action" value="refund"/);

    const refund = (cookie: string, fields: Record<string, string>) => formPost(path, cookie, fields);
    // Not an administrator: refused, nothing changes.
    const byStaff = await refund(staff, { action: "refund", payment: String(payment.id), reason: "요청" });
    assert.equal(byStaff.status, 403);
    // Another payment's id, or no reason: refused.
    assert.equal((await refund(admin, { action: "refund", payment: "999999", reason: "요청" })).status, 404);
    assert.equal((await refund(admin, { action: "refund", payment: String(payment.id), reason: "" })).status, 422);
    assert.equal((await paymentOf(card.order)).status, "paid");

    const done = await refund(admin, { action: "refund", payment: String(payment.id), reason: "수강 취소 요청" });
    assert.equal(done.status, 303, await done.clone().text());
    assert.equal((await paymentOf(card.order)).status, "cancelled");
    const refunded = await row(one.id);
    assert.equal(refunded.status, "cancelled");
    assert.ok(refunded.refundedAt);
    assert.equal((await row(two.id)).status, "received");
    // A second refund is refused.
    assert.equal((await refund(admin, { action: "refund", payment: String(payment.id), reason: "다시" })).status, 409);
    const api = await (await t.request("/api/user/supports", { headers: { cookie: p.cookie } })).json();
    assert.equal(api.data.find((x: { id: number }) => x.id === one.id).pay, "refunded");
    // The member sees it in English too.
    const en = await (await t.request("/en/mypage/supports", { headers: { cookie: p.cookie } })).text();
    assert.match(en, /Refunded/);
    const stillFree = await db.select().from(applications).where(
      and(eq(applications.programmeId, course.id), eq(applications.status, "received")),
    );
    assert.equal(stillFree.length, 1);
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
