// Issue 5 §5, over HTTP with the built-in test provider: a company member's entry waiting for payment →
// GET /api/pay/request → the card screen → approve → the entry is pay_complete; decline → failed; and the
// attacks: a forged price, a forged order id, an altered signature or amount, a replayed or concurrent
// return, another member's entry, a return posted cross-site without cookies (accepted: exempt and
// verified) next to other cross-site POSTs (still refused), and the administrators' refund.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { refundPayment } from "../../domain/pay/orders.ts";
import { listPayments } from "../../domain/pay/payment-list.ts";
import { activeProvider } from "../../domain/pay/web.ts";
import type { Viewer } from "../../domain/member/permissions.ts";
import { sessionSecret } from "../../domain/member/secret.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const FEE = 100_000;

const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const companyId = await userId("company");
const memberId = await userId("member");
const adminId = await userId("admin");
const company = await signIn(t, "company");
const member = await signIn(t, "member");

const [award] = await db.insert(awards).values({
  family: "award",
  year: 2090,
  title: "2090 디자인 어워드",
  titleEn: "2090 Design Award",
})
  .returning();
const [ibda] = await db.insert(awards).values({ family: "ibda", year: 2090, title: "2090 IBDA" }).returning();

async function newEntry(
  owner = companyId,
  awardId = award.id,
  fee = FEE,
  status = fee ? "pay_incomplete" : "submitted",
) {
  const [entry] = await db.insert(entries).values({
    awardId,
    userId: owner,
    status: status as "pay_incomplete",
    exhibitorType: fee ? "company" : "general",
    designerName: "디자이너",
    category: 10,
    title: `작품 ${crypto.randomUUID().slice(0, 6)}`,
    workType: "image",
    fee,
  }).returning();
  return entry;
}

const entryStatus = async (id: number) => (await db.select().from(entries).where(eq(entries.id, id)))[0].status;
const paymentOf = async (orderId: string) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

interface RequestAnswer {
  provider: string;
  action: string;
  method: string;
  fields: Record<string, string>;
  order: string;
  amount: number;
}

function payRequest(cookie: string | undefined, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.request(`/api/pay/request?${qs}`, { headers: cookie ? { cookie } : {} });
}

async function requestOrder(entryId: number, cookie = company, type = "award"): Promise<RequestAnswer> {
  const res = await payRequest(cookie, { domain: "localhost", price: FEE, id: entryId, type });
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

const unescape = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The hidden fields and action of the card screen's approve or decline form. */
function cardForm(html: string, which: "approve" | "decline"): { action: string; fields: Record<string, string> } {
  const form = html.match(new RegExp(`<form method="post" action="([^"]+)" class="pay-${which}">(.*?)</form>`, "s"));
  assert.ok(form, `the ${which} form`);
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[unescape(m[1])] = unescape(m[2]);
  }
  return { action: unescape(form[1]), fields };
}

/** Opens the card screen with the signed request, as the browser submits it. */
async function openCard(answer: RequestAnswer, cookie = company) {
  assert.equal(answer.method, "GET");
  const res = await t.request(`${answer.action}?${new URLSearchParams(answer.fields)}`, { headers: { cookie } });
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 500));
  return { approve: cardForm(html, "approve"), decline: cardForm(html, "decline"), html };
}

/** The provider's return: a cross-site POST with no cookie at all, as a real provider sends it. */
function postReturn(action: string, fields: Record<string, string>, accept = "application/json") {
  return t.request(action, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://stdpay.inicis.com",
      "sec-fetch-site": "cross-site",
      accept,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function expectError(res: Response, status: number, key: string) {
  const body = await res.json();
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.key, key);
}

const adminViewer: Viewer = {
  id: adminId,
  roles: [{ code: "administrator", needsApproval: false, approved: true, testable: false }],
};
const provider = activeProvider(t.config, await sessionSecret(db, t.config.sessionSecret));

// ---------- the happy path ----------

appTest("a company member pays an entry with the test provider: request → card → approve → pay_complete", async () => {
  const entry = await newEntry();
  const answer = await requestOrder(entry.id);
  assert.equal(answer.provider, "test");
  assert.equal(answer.amount, FEE);
  assert.equal(answer.fields.price, String(FEE));
  assert.equal(answer.fields.oid, answer.order);
  assert.match(answer.fields.returnUrl, /^http:\/\/localhost\/api\/pay\/localhost\/return$/);
  assert.match(answer.fields.signature, /^[0-9a-f]{64}$/);
  assert.equal((await paymentOf(answer.order)).status, "ready");

  const card = await openCard(answer);
  assert.match(card.html, /100,000/);
  assert.equal(new URL(card.approve.action).pathname, "/api/pay/localhost/return");
  const res = await postReturn(card.approve.action, card.approve.fields);
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.result, "paid");
  assert.equal(await entryStatus(entry.id), "pay_complete");
  const payment = await paymentOf(answer.order);
  assert.equal(payment.status, "paid");
  assert.equal(payment.providerTid, card.approve.fields.tid);
  assert.ok(payment.approvedAt);
  assert.equal(payment.userId, companyId);
  assert.equal(payment.amount, FEE);

  // The replay changes nothing and says so.
  await expectError(await postReturn(card.approve.action, card.approve.fields), 409, "pay.already_processed");
  // Declining after paying (the other signed form of the same screen) changes nothing either.
  await expectError(await postReturn(card.decline.action, card.decline.fields), 409, "pay.already_processed");
  assert.equal((await paymentOf(answer.order)).status, "paid");
  assert.equal(await entryStatus(entry.id), "pay_complete");
  // The entry is paid: no new order for it.
  await expectError(await payRequest(company, { price: FEE, id: entry.id, type: "award" }), 409, "award.not_payable");
});

appTest("a browser's return goes on to the result screen: 'payment completed' in Korean and English", async () => {
  const entry = await newEntry();
  const card = await openCard(await requestOrder(entry.id));
  const res = await postReturn(card.approve.action, card.approve.fields, "text/html");
  assert.equal(res.status, 303);
  const location = res.headers.get("location")!;
  assert.match(location, /^\/pay\/test\/return\?order=AE\d+-[0-9a-f]{24}$/);
  const page = await t.request(location);
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.match(html, /결제 완료/);
  assert.match(html, /data-status="paid"/);
  const en = await (await t.request(`/en${location}`)).text();
  assert.match(en, /Payment completed/);

  // A replay from the browser lands on the same screen, with the refusal named.
  const again = await postReturn(card.approve.action, card.approve.fields, "text/html");
  assert.equal(again.status, 303);
  assert.match(again.headers.get("location")!, /error=pay\.already_processed/);
  const replayed = await (await t.request(again.headers.get("location")!)).text();
  assert.match(replayed, /data-status="paid"/);
  assert.match(replayed, /이미 처리된 결제입니다/);
});

appTest("the English flow: the return URL carries the language and the card screen is in English", async () => {
  const entry = await newEntry();
  const res = await payRequest(company, { domain: "localhost", price: FEE, id: entry.id, type: "award", lang: "en" });
  const answer: RequestAnswer = await res.json();
  assert.equal(answer.action, "/en/pay/test/popup");
  assert.match(answer.fields.returnUrl, /\/api\/pay\/localhost\/return\?lang=en$/);
  assert.match(answer.fields.goodname, /2090 Design Award entry fee/);
  const card = await openCard(answer);
  assert.match(card.html, /Approve payment/);
  const back = await postReturn(card.approve.action, card.approve.fields, "text/html");
  assert.match(back.headers.get("location")!, /^\/en\/pay\/test\/return\?order=/);
});

appTest("declining fails the payment and leaves the entry waiting for payment; paying again works", async () => {
  const entry = await newEntry();
  const first = await requestOrder(entry.id);
  const card = await openCard(first);
  const res = await postReturn(card.decline.action, card.decline.fields);
  const body = await res.json();
  assert.equal(res.status, 200);
  assert.equal(body.result, "failed");
  assert.equal(body.key, "pay.declined");
  assert.equal((await paymentOf(first.order)).status, "failed");
  assert.equal(await entryStatus(entry.id), "pay_incomplete");
  const screen = await (await t.request(`/pay/test/return?order=${first.order}`)).text();
  assert.match(screen, /결제 실패/);
  assert.match(screen, /카드 결제가 거절되었습니다/);
  // The declined screen's approve form is now a replay of a settled order.
  await expectError(await postReturn(card.approve.action, card.approve.fields), 409, "pay.already_processed");

  const second = await openCard(await requestOrder(entry.id));
  assert.equal((await (await postReturn(second.approve.action, second.approve.fields)).json()).result, "paid");
  assert.equal(await entryStatus(entry.id), "pay_complete");
});

appTest("the no-JavaScript way in: /pay/test/popup?type&id makes the order and shows the card screen", async () => {
  const entry = await newEntry();
  const res = await t.request(`/pay/test/popup?type=award&id=${entry.id}`, { headers: { cookie: company } });
  const html = await res.text();
  assert.equal(res.status, 200, html.slice(0, 300));
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.doesNotMatch(html, /<script/);
  const approve = cardForm(html, "approve");
  // Posted to the page return this time: processed, and the screen shown at once.
  const page = await postReturn("/pay/test/return", approve.fields, "text/html");
  const body = await page.text();
  assert.equal(page.status, 200);
  assert.match(body, /data-status="paid"/);
  assert.equal(await entryStatus(entry.id), "pay_complete");
  const again = await postReturn("/pay/test/return", approve.fields, "text/html");
  assert.equal(again.status, 409);
  assert.match(await again.text(), /이미 처리된 결제입니다/);
  // Anonymous visitors sign in first.
  const anon = await t.request(`/pay/test/popup?type=award&id=${entry.id}`);
  assert.equal(anon.status, 303);
  assert.match(anon.headers.get("location")!, /^\/login\?redirect=/);
});

// ---------- refusals at the request ----------

appTest(
  "the request refuses a forged price, someone else's entry, the wrong family, free entries, anonymous",
  async () => {
    const entry = await newEntry();
    await expectError(
      await payRequest(company, { price: 1000, id: entry.id, type: "award" }),
      400,
      "pay.amount_mismatch",
    );
    await expectError(await payRequest(company, { price: 0, id: entry.id, type: "award" }), 400, "pay.amount_mismatch");
    await expectError(
      await payRequest(member, { price: FEE, id: entry.id, type: "award" }),
      404,
      "award.entry_not_found",
    );
    await expectError(
      await payRequest(company, { price: FEE, id: entry.id, type: "ibda" }),
      404,
      "award.entry_not_found",
    );
    await expectError(
      await payRequest(company, { price: FEE, id: 999999, type: "award" }),
      404,
      "award.entry_not_found",
    );
    await expectError(
      await payRequest(undefined, { price: FEE, id: entry.id, type: "award" }),
      401,
      "error.401",
    );
    const free = await newEntry(memberId, award.id, 0);
    await expectError(await payRequest(member, { price: 0, id: free.id, type: "award" }), 409, "award.not_payable");
    await expectError(await payRequest(company, { price: FEE, id: entry.id, type: "market" }), 400, "error.validation");
    await expectError(await payRequest(company, { price: FEE, id: "x", type: "award" }), 400, "error.validation");
    await expectError(
      await payRequest(company, { price: FEE, id: entry.id, type: "award", domain: "evil.example" }),
      400,
      "pay.invalid_request",
    );
    // No order was made by any of these.
    assert.equal((await db.select().from(payments).where(eq(payments.targetId, entry.id))).length, 0);
    // An IBDA entry is paid with type=ibda.
    const ib = await newEntry(companyId, ibda.id);
    const answer = await requestOrder(ib.id, company, "ibda");
    assert.equal(answer.amount, FEE);
  },
);

appTest("the card screen refuses an altered request: price, order id, signature", async () => {
  const entry = await newEntry();
  const answer = await requestOrder(entry.id);
  const open = (fields: Record<string, string>) =>
    t.request(`/pay/test/popup?${new URLSearchParams(fields)}`, { headers: { cookie: company } });
  const alterations: Record<string, string>[] = [{ price: "1000" }, { oid: `${answer.order}x` }, {
    signature: "0".repeat(64),
  }, { returnUrl: "https://evil.example/x" }];
  for (const altered of alterations) {
    const res = await open({ ...answer.fields, ...altered });
    assert.equal(res.status, 400, JSON.stringify(altered));
    assert.match(await res.text(), /서명이 올바르지 않습니다/);
  }
  // Inicis's screens do not exist while the test provider is active.
  assert.equal(
    (await t.request(`/pay/inicis/popup?type=award&id=${entry.id}`, { headers: { cookie: company } })).status,
    404,
  );
  assert.equal((await t.request("/pay/inicis/close")).status, 404);
  assert.equal((await t.request("/pay/test/close")).status, 200);
});

// ---------- refusals at the return ----------

appTest("forged returns change nothing: altered signature, amount, result, order id; unknown order", async () => {
  const entry = await newEntry();
  const answer = await requestOrder(entry.id);
  const card = await openCard(answer);
  const other = await requestOrder((await newEntry()).id);
  const otherCard = await openCard(other);
  const { action, fields } = card.approve;
  const cases: [Record<string, string>, number, string][] = [
    [{ signature: "f".repeat(64) }, 400, "pay.invalid_signature"],
    [{ signature: "" }, 400, "pay.invalid_request"],
    [{ amount: "1000" }, 400, "pay.invalid_signature"],
    [{ tid: "TESTFORGED" }, 400, "pay.invalid_signature"],
    // The approval of another order, with this order's id.
    [{ ...otherCard.approve.fields, oid: answer.order }, 400, "pay.invalid_signature"],
    // This order's approval with another existing order's id.
    [{ oid: other.order }, 400, "pay.invalid_signature"],
    [{ oid: "AE1-000000000000000000000000" }, 404, "pay.not_found"],
    [{ result: "maybe" }, 400, "pay.invalid_request"],
  ];
  for (const [change, status, key] of cases) {
    await expectError(await postReturn(action, { ...fields, ...change }), status, key);
  }
  // A declined return turned into an approval by editing `result` is caught by the signature.
  await expectError(
    await postReturn(action, { ...card.decline.fields, result: "approved" }),
    400,
    "pay.invalid_signature",
  );
  // Not a form at all.
  const json = await t.request(action, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://stdpay.inicis.com" },
    body: JSON.stringify(fields),
  });
  await expectError(json, 400, "pay.invalid_request");
  assert.equal((await paymentOf(answer.order)).status, "ready");
  assert.equal((await paymentOf(other.order)).status, "ready");
  assert.equal(await entryStatus(entry.id), "pay_incomplete");
  // The genuine return still works afterwards.
  assert.equal((await (await postReturn(action, fields)).json()).result, "paid");
});

appTest("two copies of one return at once: exactly one is applied", async () => {
  const entry = await newEntry();
  const card = await openCard(await requestOrder(entry.id));
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => postReturn(card.approve.action, card.approve.fields)),
  );
  const statuses = answers.map((r) => r.status).sort();
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.deepEqual(statuses, [200, 409, 409, 409, 409]);
  assert.equal(await entryStatus(entry.id), "pay_complete");
});

appTest("paying twice for one entry (two windows): the second approval is not kept", async () => {
  const entry = await newEntry();
  const a = await openCard(await requestOrder(entry.id));
  const b = await openCard(await requestOrder(entry.id));
  assert.equal((await (await postReturn(a.approve.action, a.approve.fields)).json()).result, "paid");
  const second = await (await postReturn(b.approve.action, b.approve.fields)).json();
  assert.equal(second.result, "failed");
  assert.equal(second.key, "pay.not_payable");
  assert.equal((await paymentOf(b.approve.fields.oid)).status, "failed");
  assert.equal(await entryStatus(entry.id), "pay_complete");
});

appTest("the CSRF exemption covers the return paths only", async () => {
  const crossSite = (path: string) =>
    t.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "a=b",
    });
  for (
    const path of [
      "/pay/test/popup",
      "/pay/test/close",
      "/api/pay/request",
      "/api/pay/localhost/return/x",
      "/api/profile",
    ]
  ) {
    const res = await crossSite(path);
    assert.equal(res.status, 403, path);
    await res.body?.cancel();
  }
  // The return paths answer the provider's refusal instead (400: not a return), not the CSRF 403.
  for (const path of ["/api/pay/localhost/return", "/pay/test/return", "/en/pay/test/return"]) {
    const res = await crossSite(path);
    assert.equal(res.status, 400, path);
    await res.body?.cancel();
  }
  // A same-site form post elsewhere still needs its token.
  const ok = await t.request("/api/pay/localhost/return", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/x-www-form-urlencoded" }),
    body: "a=b",
  });
  assert.equal(ok.status, 400);
  await ok.body?.cancel();
});

// ---------- administrators ----------

appTest("an administrator refunds a paid payment: cancelled, entry back to pay_incomplete, once", async () => {
  const entry = await newEntry();
  const answer = await requestOrder(entry.id);
  const card = await openCard(answer);
  await (await postReturn(card.approve.action, card.approve.fields)).body?.cancel();
  const payment = await paymentOf(answer.order);
  assert.equal(payment.status, "paid");

  const companyViewer: Viewer = {
    id: companyId,
    roles: [{ code: "company", needsApproval: true, approved: true, testable: false }],
  };
  await assert.rejects(
    refundPayment(db, provider, companyViewer, payment.id, { reason: "x", clientIp: "127.0.0.1" }),
    (e: { status: number }) => e.status === 403,
  );
  const refunded = await refundPayment(db, provider, adminViewer, payment.id, {
    reason: "요청에 따른 환불",
    clientIp: "127.0.0.1",
  });
  assert.equal(refunded.status, "cancelled");
  assert.ok(refunded.cancelledAt);
  assert.equal(await entryStatus(entry.id), "pay_incomplete");
  assert.equal(
    (refunded.raw as { refund: { previousEntryStatus: string } }).refund.previousEntryStatus,
    "pay_complete",
  );
  await assert.rejects(
    refundPayment(db, provider, adminViewer, payment.id, { reason: "again", clientIp: "127.0.0.1" }),
    (e: { status: number; key: string }) => e.status === 409 && e.key === "pay.not_refundable",
  );
  await assert.rejects(
    refundPayment(db, provider, adminViewer, 987654, { reason: "none", clientIp: "127.0.0.1" }),
    (e: { status: number; key: string }) => e.status === 404 && e.key === "pay.not_found",
  );
  // The result screen of a refunded order says so; the entry can be paid again.
  assert.match(await (await t.request(`/pay/test/return?order=${answer.order}`)).text(), /결제 취소/);
  const again = await openCard(await requestOrder(entry.id));
  assert.equal((await (await postReturn(again.approve.action, again.approve.fields)).json()).result, "paid");

  // Refund-and-cancel puts the entry in `cancel`.
  const other = await newEntry();
  const o = await requestOrder(other.id);
  const oc = await openCard(o);
  await (await postReturn(oc.approve.action, oc.approve.fields)).body?.cancel();
  await refundPayment(db, provider, adminViewer, (await paymentOf(o.order)).id, {
    reason: "출품 취소",
    clientIp: "127.0.0.1",
    entryStatus: "cancel",
  });
  assert.equal(await entryStatus(other.id), "cancel");
});

appTest("the management list shows payments with their member and entry, filtered", async () => {
  const list = await listPayments(db, { targetType: "award_entry", userId: companyId, family: "award" }, 1, 5);
  assert.ok(list.total > 0);
  assert.equal(list.per_page, 5);
  assert.ok(list.data.length <= 5);
  for (const row of list.data) {
    assert.equal(row.user?.username, "company");
    assert.equal(row.entry?.family, "award");
  }
  const paid = await listPayments(db, { status: "paid" });
  assert.ok(paid.data.every((p) => p.status === "paid"));
  assert.equal((await listPayments(db, { family: "ibda", status: "paid" })).total, 0);
});

appTest("result screens: an unknown order is 404, a refused one without an order says why", async () => {
  assert.equal((await t.request("/pay/test/return?order=AE1-nothing")).status, 404);
  assert.equal((await t.request("/pay/test/return")).status, 404);
  const refused = await t.request("/pay/test/return?error=pay.invalid_signature");
  assert.equal(refused.status, 200);
  assert.match(await refused.text(), /서명이 올바르지 않습니다/);
  // Only pay.* keys are shown.
  const odd = await (await t.request("/pay/test/return?error=auth.csrf")).text();
  assert.doesNotMatch(odd, /보안/);
});

Deno.test({ name: "close the app", sanitizeOps: false, sanitizeResources: false, fn: () => t.close() });
