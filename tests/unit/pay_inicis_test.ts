// The KG Inicis adapter against the fixtures of tests/fixtures/inicis (known answers computed outside our
// code) with an injected fetch — no network: the signed form, the return's checks (authUrl/netCancelUrl only
// on Inicis's hosts: nothing else is ever called), the approval request and its answer (MOID, TotPrice,
// authSignature), the net cancel of an approval we cannot keep, the INIAPI refund; then the same through the
// orders on a database: paid once, a TotPrice that differs fails and is net-cancelled, refunds.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { HttpError } from "../../framework/errors.ts";
import { loadConfig } from "../../fresh.config.ts";
import { inicisAuthSignature, InicisProvider, kstStamp } from "../../domain/pay/inicis.ts";
import { completeReturn, createOrder, refundPayment } from "../../domain/pay/orders.ts";
import type { PayOrder } from "../../domain/pay/provider.ts";
import { isPaymentReturnPath } from "../../domain/pay/web.ts";
import type { Viewer } from "../../domain/member/permissions.ts";
import { openTestDatabase } from "../support/db.ts";

const dir = new URL("../fixtures/inicis/", import.meta.url);
const fixture = async <T = Record<string, string>>(name: string): Promise<T> =>
  JSON.parse(await Deno.readTextFile(new URL(`${name}.json`, dir)));

const config = await fixture<
  { mid: string; signKey: string; apiKey: string; apiIv: string; stage: boolean; now: number; approvalNow: number }
>("config");
const options = { mid: config.mid, signKey: config.signKey, apiKey: config.apiKey, apiIv: config.apiIv, stage: false };
const form = await fixture<{ order: PayOrder; fields: Record<string, string> }>("stdpay-form");
const returnSuccess = await fixture("return-success");
const returnFailure = await fixture("return-failure");
const authRequest = await fixture<{ url: string; body: Record<string, string> }>("auth-request");
const authSuccess = await fixture<Record<string, unknown>>("auth-response-success");
const authFailure = await fixture<Record<string, unknown>>("auth-response-failure");
const netCancelAnswer = await fixture<Record<string, unknown>>("netcancel-response");
const refundRequest = await fixture<{ url: string; clientIp: string; reason: string; body: Record<string, string> }>(
  "refund-request",
);
const refundSuccess = await fixture<Record<string, unknown>>("refund-response-success");
const refundFailure = await fixture<Record<string, unknown>>("refund-response-failure");
const ORDER = { orderId: form.order.orderId, amount: form.order.amount };

interface Call {
  url: string;
  body: Record<string, string>;
}

/** A fetch that answers by path from `answers` (or throws), recording every call. */
function fakeFetch(answers: Record<string, Record<string, unknown> | Error>) {
  const calls: Call[] = [];
  const fetcher = ((input: string | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))) });
    const answer = answers[new URL(url).pathname];
    if (!answer) return Promise.reject(new Error(`unexpected call to ${url}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(Response.json(answer));
  }) as typeof fetch;
  return { fetcher, calls };
}

function provider(answers: Record<string, Record<string, unknown> | Error> = {}, now = config.approvalNow) {
  const fake = fakeFetch(answers);
  const p = new InicisProvider(options, { secret: new Uint8Array(32), fetch: fake.fetcher, now: () => new Date(now) });
  return { p, calls: fake.calls };
}

const refusedWith = (key: string) => (e: unknown) => e instanceof HttpError && e.status === 400 && e.key === key;

// ---------- the form ----------

Deno.test("the payment form: every field as the fixture, signature/verification/mKey as computed outside", () => {
  const { p } = provider({}, config.now);
  const made = p.requestForm(form.order);
  assert.deepEqual(made.fields, form.fields);
  assert.equal(made.method, "POST");
  assert.equal(made.script, "https://stdpay.inicis.com/stdjs/INIStdPay.js");
  // INIpayTest's published mKey.
  assert.equal(made.fields.mKey, "3a9503069192f207491d4b19bd743fc249a761ed94246c8c42fed06c3cd15a33");
  const stage = new InicisProvider({ ...options, stage: true }, { secret: new Uint8Array(32) });
  assert.equal(stage.requestForm(form.order).script, "https://stgstdpay.inicis.com/stdjs/INIStdPay.js");
});

// ---------- the return ----------

Deno.test("a genuine return passes; a failure return is read as not authorised", () => {
  const { p } = provider();
  const ret = p.parseReturn(returnSuccess)!;
  assert.equal(ret.orderId, ORDER.orderId);
  assert.equal(ret.authorised, true);
  p.verifyReturn(ret, ORDER);
  const failed = p.parseReturn(returnFailure)!;
  assert.equal(failed.authorised, false);
  p.verifyReturn(failed, ORDER);
  assert.equal(p.parseReturn({ foo: "bar" }), null);
});

Deno.test("authUrl and netCancelUrl off Inicis's hosts are refused and never called", async () => {
  const bad: Record<string, string>[] = [
    { authUrl: "http://fcstdpay.inicis.com/api/payAuth" },
    { authUrl: "https://evil.example/api/payAuth" },
    { authUrl: "https://fcstdpay.inicis.com.evil.example/api/payAuth" },
    { authUrl: "https://evil.example/fcstdpay.inicis.com/api/payAuth" },
    { authUrl: "https://fcstdpay.inicis.com:8443/api/payAuth" },
    { authUrl: "https://user:pw@fcstdpay.inicis.com/api/payAuth" },
    { authUrl: "https://fcstdpay.inicis.com/api/payAuth?next=https://evil.example" },
    { authUrl: "https://fcstdpay.inicis.com/api/other" },
    { authUrl: "https://169.254.169.254/api/payAuth" },
    { authUrl: "not a url" },
    { authUrl: "https://stgstdpay.inicis.com/api/payAuth", idc_name: "stg" }, // staging host, production config
    { idc_name: "ks" }, // the idc names another host than the URLs'
    { netCancelUrl: "https://evil.example/api/netCancel" },
    { netCancelUrl: "https://fcstdpay.inicis.com/api/payAuth" },
    { authToken: "" },
    { mid: "OtherMid01" },
    { orderNumber: "AE7-ffffffffffffffffffffffff" },
  ];
  for (const change of bad) {
    const { p, calls } = provider({ "/api/payAuth": authSuccess, "/api/netCancel": netCancelAnswer });
    const ret = p.parseReturn({ ...returnSuccess, ...change })!;
    assert.throws(() => p.verifyReturn(ret, ORDER), refusedWith("pay.invalid_return"), JSON.stringify(change));
    // Even asked directly, the approval calls no URL that is not Inicis's.
    if (change.authUrl || change.idc_name) {
      const approval = await p.approve(ret, ORDER);
      assert.equal(approval.ok, false);
      assert.equal(calls.length, 0, `no call for ${JSON.stringify(change)}`);
    }
  }
  // The staging configuration accepts the staging host only.
  const stage = new InicisProvider({ ...options, stage: true }, { secret: new Uint8Array(32) });
  assert.ok(stage.trustedUrl("https://stgstdpay.inicis.com/api/payAuth", "/api/payAuth", "stg"));
  assert.equal(stage.trustedUrl("https://fcstdpay.inicis.com/api/payAuth", "/api/payAuth", "fc"), null);
});

// ---------- the approval ----------

Deno.test("the approval posts the fixture's request to authUrl and keeps no card number", async () => {
  const { p, calls } = provider({ "/api/payAuth": authSuccess });
  const approval = await p.approve(p.parseReturn(returnSuccess)!, ORDER);
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, authRequest.url);
  assert.deepEqual(calls[0].body, authRequest.body);
  assert.ok(approval.ok);
  if (!approval.ok) return;
  assert.equal(approval.tid, authSuccess.tid);
  assert.equal(approval.amount, 100000);
  assert.equal(approval.raw.CARD_Num, undefined);
  assert.equal(approval.raw.buyerEmail, undefined);
  assert.equal(approval.raw.applNum, "30012345");
});

Deno.test("authSignature: the fixture's known answer, and every ordering of Inicis's sample", () => {
  const p = { mid: "INIpayTest", tstamp: String(config.approvalNow), MOID: ORDER.orderId, TotPrice: "100000" };
  assert.equal(inicisAuthSignature(p), authSuccess.authSignature);
  const signatures = new Set(
    Array.from({ length: 10 }, (_, d) => inicisAuthSignature({ ...p, tstamp: `179531290045${d}` })),
  );
  assert.equal(signatures.size, 10);
});

Deno.test("an approval answer that does not add up is net-cancelled and refused", async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ authSignature: "0".repeat(64) }, "pay.invalid_return"],
    [{ MOID: "AE7-ffffffffffffffffffffffff" }, "pay.invalid_return"],
    [{ TotPrice: "1000" }, "pay.invalid_return"], // the authSignature covers TotPrice (tstamp ends in 7)
    [{ tid: "" }, "pay.invalid_return"],
  ];
  for (const [change, key] of cases) {
    const { p, calls } = provider({ "/api/payAuth": { ...authSuccess, ...change }, "/api/netCancel": netCancelAnswer });
    const approval = await p.approve(p.parseReturn(returnSuccess)!, ORDER);
    assert.equal(approval.ok, false, JSON.stringify(change));
    if (!approval.ok) assert.equal(approval.key, key);
    assert.equal(calls.length, 2);
    assert.equal(calls[1].url, "https://fcstdpay.inicis.com/api/netCancel");
    assert.deepEqual(calls[1].body, authRequest.body);
  }
});

Deno.test("a refused approval is not net-cancelled; a failed call is", async () => {
  const refused = provider({ "/api/payAuth": authFailure, "/api/netCancel": netCancelAnswer });
  const a = await refused.p.approve(refused.p.parseReturn(returnSuccess)!, ORDER);
  assert.deepEqual([a.ok, !a.ok && a.key], [false, "pay.approval_failed"]);
  assert.equal(refused.calls.length, 1);
  assert.equal((a as { raw: Record<string, unknown> }).raw.resultCode, "1195");

  const down = provider({ "/api/payAuth": new Error("connection reset"), "/api/netCancel": netCancelAnswer });
  const b = await down.p.approve(down.p.parseReturn(returnSuccess)!, ORDER);
  assert.deepEqual([b.ok, !b.ok && b.key], [false, "pay.approval_failed"]);
  assert.deepEqual(down.calls.map((c) => new URL(c.url).pathname), ["/api/payAuth", "/api/netCancel"]);

  const declined = provider();
  const c = await declined.p.approve(declined.p.parseReturn(returnFailure)!, ORDER);
  assert.deepEqual([c.ok, !c.ok && c.key], [false, "pay.declined"]);
  assert.equal(declined.calls.length, 0);
});

// ---------- refunds ----------

Deno.test("the INIAPI refund: the fixture's request (SHA-512 hashData, KST timestamp), success and refusal", async () => {
  assert.equal(kstStamp(new Date(config.approvalNow)), "20261122110140");
  const ok = provider({ "/api/v1/refund": refundSuccess });
  const paid = { orderId: ORDER.orderId, tid: String(authSuccess.tid), amount: 100000 };
  const refund = await ok.p.refund(paid, refundRequest.reason, refundRequest.clientIp);
  assert.equal(refund.ok, true);
  assert.equal(ok.calls[0].url, refundRequest.url);
  assert.deepEqual(ok.calls[0].body, refundRequest.body);
  const no = provider({ "/api/v1/refund": refundFailure });
  const refused = await no.p.refund(paid, "x", "10.0.0.1");
  assert.deepEqual([refused.ok, !refused.ok && refused.key], [false, "pay.refund_failed"]);
  const down = provider({ "/api/v1/refund": new Error("timeout") });
  assert.equal((await down.p.refund(paid, "x", "10.0.0.1")).ok, false);
});

// ---------- configuration and paths ----------

Deno.test("PAY_PROVIDER: test by default, inicis only with its keys, nothing else", () => {
  assert.equal(loadConfig({}).payProvider, "test");
  assert.throws(() => loadConfig({ PAY_PROVIDER: "paypal" }), /PAY_PROVIDER/);
  assert.throws(() => loadConfig({ PAY_PROVIDER: "inicis", INICIS_MID: "INIpayTest" }), /INICIS_SIGN_KEY/);
  const c = loadConfig({
    PAY_PROVIDER: "inicis",
    INICIS_MID: "INIpayTest",
    INICIS_SIGN_KEY: config.signKey,
    INICIS_API_KEY: config.apiKey,
    INICIS_API_IV: config.apiIv,
    INICIS_STAGE: "1",
  });
  assert.equal(c.payProvider, "inicis");
  assert.deepEqual(c.inicis, { ...options, stage: true });
});

Deno.test("only the two return paths are exempt from the CSRF check", () => {
  for (
    const path of [
      "/api/pay/localhost/return",
      "/api/pay/ibda.localhost:8000/return",
      "/pay/test/return",
      "/pay/inicis/return",
    ]
  ) {
    assert.ok(isPaymentReturnPath(path), path);
  }
  for (
    const path of [
      "/api/pay/request",
      "/api/pay/localhost/return/x",
      "/api/pay/a/b/return",
      "/api/pay//return",
      "/pay/test/popup",
      "/pay/test/close",
      "/pay/paypal/return",
      "/pay/test/return/",
      "/api/profile",
      "/api/pay/localhost/returns",
    ]
  ) assert.ok(!isPaymentReturnPath(path), path);
});

// ---------- through the orders, on a database ----------

Deno.test({
  name: "Inicis through the orders: paid once, a different TotPrice is failed and net-cancelled, refund",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const database = await openTestDatabase();
    try {
      const db = database.db;
      const [company] = await db.select().from(users).where(eq(users.username, "company"));
      const [admin] = await db.select().from(users).where(eq(users.username, "admin"));
      const viewer: Viewer = {
        id: company.id,
        roles: [{ code: "company", needsApproval: true, approved: true, testable: false }],
      };
      const adminViewer: Viewer = {
        id: admin.id,
        roles: [{ code: "administrator", needsApproval: false, approved: true, testable: false }],
      };
      const [award] = await db.insert(awards).values({ family: "award", year: 2091, title: "2091 어워드" }).returning();
      const newEntry = async () =>
        (await db.insert(entries).values({
          awardId: award.id,
          userId: company.id,
          status: "pay_incomplete",
          exhibitorType: "company",
          designerName: "디자이너",
          category: 10,
          title: "작품",
          workType: "image",
          fee: 100000,
        }).returning())[0];
      const order = (p: InicisProvider, id: number) =>
        createOrder(db, p, viewer, {
          type: "award",
          id,
          price: 100000,
          locale: "ko",
          returnUrl: form.order.returnUrl,
          closeUrl: form.order.closeUrl,
          goodsName: () => form.order.goodsName,
        });
      const status = async (id: number) => (await db.select().from(entries).where(eq(entries.id, id)))[0].status;

      // Paid: the answer names our order (MOID) and the amount.
      const entry = await newEntry();
      const first = provider();
      const created = await order(first.p, entry.id);
      assert.equal(created.form.fields.price, "100000");
      assert.equal(created.form.fields.buyername, company.name);
      const oid = created.payment.orderId;
      const answers = { "/api/payAuth": { ...authSuccess, MOID: oid }, "/api/netCancel": netCancelAnswer };
      const paid = provider(answers);
      const outcome = await completeReturn(db, paid.p, { ...returnSuccess, orderNumber: oid });
      assert.equal(outcome.status, "paid");
      assert.equal(outcome.payment.providerTid, authSuccess.tid);
      assert.equal(await status(entry.id), "pay_complete");
      assert.equal((outcome.payment.raw as Record<string, unknown>).CARD_Num, undefined);
      // The replay (same authToken) is refused before any call to Inicis.
      const replay = provider(answers);
      await assert.rejects(
        completeReturn(db, replay.p, { ...returnSuccess, orderNumber: oid }),
        (e) => e instanceof HttpError && e.status === 409 && e.key === "pay.already_processed",
      );
      assert.equal(replay.calls.length, 0);
      // A forged authUrl on a fresh order: refused, nothing called, nothing changed.
      const other = await newEntry();
      const o2 = (await order(provider().p, other.id)).payment.orderId;
      const forged = provider(answers);
      await assert.rejects(
        completeReturn(db, forged.p, {
          ...returnSuccess,
          orderNumber: o2,
          authUrl: "https://evil.example/api/payAuth",
        }),
        refusedWith("pay.invalid_return"),
      );
      assert.equal(forged.calls.length, 0);
      assert.equal((await db.select().from(payments).where(eq(payments.orderId, o2)))[0].status, "ready");

      // Inicis approved another amount (its signature fits it: the tstamp's last digit leaves MOID out):
      // failed, net-cancelled, the entry still waits for payment.
      const wrong = provider({
        "/api/payAuth": {
          ...authSuccess,
          MOID: o2,
          TotPrice: "1000",
          authSignature: inicisAuthSignature({
            mid: config.mid,
            tstamp: String(config.approvalNow),
            MOID: o2,
            TotPrice: "1000",
          }),
        },
        "/api/netCancel": netCancelAnswer,
      });
      const mismatch = await completeReturn(db, wrong.p, { ...returnSuccess, orderNumber: o2 });
      assert.equal(mismatch.status, "failed");
      assert.equal(mismatch.key, "pay.amount_mismatch");
      assert.deepEqual(wrong.calls.map((c) => new URL(c.url).pathname), ["/api/payAuth", "/api/netCancel"]);
      assert.equal(await status(other.id), "pay_incomplete");

      // The failure return of the provider's window: failed, no call.
      const o3 = (await order(provider().p, other.id)).payment.orderId;
      const cancelled = provider(answers);
      const declined = await completeReturn(db, cancelled.p, { ...returnFailure, orderNumber: o3 });
      assert.deepEqual([declined.status, declined.key], ["failed", "pay.declined"]);
      assert.equal(cancelled.calls.length, 0);

      // Refund through INIAPI: the payment is cancelled and the entry waits for payment again.
      const refunder = provider({ "/api/v1/refund": refundSuccess });
      const refunded = await refundPayment(db, refunder.p, adminViewer, outcome.payment.id, {
        reason: refundRequest.reason,
        clientIp: refundRequest.clientIp,
      });
      assert.equal(refunded.status, "cancelled");
      assert.equal(refunder.calls[0].body.tid, authSuccess.tid);
      assert.equal(await status(entry.id), "pay_incomplete");
      // A refund Inicis refuses changes nothing.
      const e2 = await newEntry();
      const o4 = (await order(provider().p, e2.id)).payment.orderId;
      const p4 = await completeReturn(db, provider({ "/api/payAuth": { ...authSuccess, MOID: o4 } }).p, {
        ...returnSuccess,
        orderNumber: o4,
      });
      await assert.rejects(
        refundPayment(db, provider({ "/api/v1/refund": refundFailure }).p, adminViewer, p4.payment.id, {
          reason: "x",
          clientIp: "10.0.0.1",
        }),
        (e) => e instanceof HttpError && e.status === 502 && e.key === "pay.refund_failed",
      );
      assert.equal((await db.select().from(payments).where(eq(payments.id, p4.payment.id)))[0].status, "paid");
      assert.equal(await status(e2.id), "pay_complete");
    } finally {
      await database.close();
    }
  },
});
