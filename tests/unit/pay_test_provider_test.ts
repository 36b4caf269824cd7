// The built-in test provider's signatures: the request the card screen opens with and the result it posts
// back are HMAC-signed with a key derived from the server secret; any altered field, another server's
// secret, an old or future timestamp, or a result for another order or amount is refused.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import type { PayOrder } from "../../domain/pay/provider.ts";
import { TEST_REQUEST_MAX_AGE_MS, TEST_RETURN_MAX_AGE_MS, TestProvider } from "../../domain/pay/test-provider.ts";

const secret = new TextEncoder().encode("a-session-secret-of-at-least-32-characters!");
const T0 = Date.UTC(2026, 10, 22, 3, 0, 0);
let clock = T0;
const provider = new TestProvider({ secret, now: () => new Date(clock) });
const order: PayOrder = {
  orderId: "AE7-0123456789abcdef01234567",
  amount: 100000,
  goodsName: "2026 디자인 어워드 출품료",
  buyerName: "(주)한빛제작소",
  buyerEmail: "company@example.org",
  buyerTel: "",
  returnUrl: "http://localhost/api/pay/localhost/return",
  closeUrl: "http://localhost/pay/test/close",
  locale: "ko",
};
const expected = { orderId: order.orderId, amount: order.amount };
const refused = (status: number, key: string) => (e: unknown) =>
  e instanceof HttpError && e.status === status && e.key === key;

Deno.test("the request form: a GET to the card screen, signed over oid, price, returnUrl and timestamp", () => {
  clock = T0;
  const form = provider.requestForm(order);
  assert.equal(form.action, "/pay/test/popup");
  assert.equal(form.method, "GET");
  assert.equal(provider.requestForm({ ...order, locale: "en" }).action, "/en/pay/test/popup");
  assert.equal(form.fields.price, "100000");
  assert.equal(form.fields.timestamp, String(T0));
  assert.match(form.fields.signature, /^[0-9a-f]{64}$/);
  const request = provider.verifyRequest(form.fields);
  assert.deepEqual(
    [request.orderId, request.amount, request.returnUrl],
    [order.orderId, 100000, order.returnUrl],
  );
  const changes: Record<string, string>[] = [
    { oid: "AE7-x" },
    { price: "1000" },
    { returnUrl: "https://evil.example/" },
    { timestamp: String(T0 + 1) },
  ];
  for (const change of changes) {
    assert.throws(() => provider.verifyRequest({ ...form.fields, ...change }), refused(400, "pay.invalid_signature"));
  }
  assert.throws(() => provider.verifyRequest({ ...form.fields, price: "-5" }), refused(400, "pay.invalid_request"));
  // Another server's secret signs differently.
  const other = new TestProvider({
    secret: new TextEncoder().encode("another-secret-another-secret-another!"),
    now: () => new Date(T0),
  });
  assert.throws(() => other.verifyRequest(form.fields), refused(400, "pay.invalid_signature"));
  // Old requests expire.
  clock = T0 + TEST_REQUEST_MAX_AGE_MS + 1;
  assert.throws(() => provider.verifyRequest(form.fields), refused(400, "pay.expired"));
  clock = T0;
});

Deno.test("the result: approved and declined are signed; a forged, altered or stale result is refused", () => {
  clock = T0;
  const approved = provider.resultFields(expected, "approved");
  const declined = provider.resultFields(expected, "declined");
  assert.match(approved.tid, /^TEST[0-9A-F]{20}$/);
  assert.equal(declined.tid, "");
  const ok = provider.parseReturn(approved)!;
  assert.equal(ok.authorised, true);
  provider.verifyReturn(ok, expected);
  const no = provider.parseReturn(declined)!;
  assert.equal(no.authorised, false);
  provider.verifyReturn(no, expected);

  const altered: Record<string, string>[] = [
    { amount: "1000" },
    { oid: "AE8-0123456789abcdef01234567" },
    { tid: "TESTAAAAAAAAAAAAAAAAAAAA" },
    { timestamp: String(T0 - 1000) },
    { signature: approved.signature.slice(0, -1) + (approved.signature.endsWith("0") ? "1" : "0") },
  ];
  for (const change of altered) {
    const ret = provider.parseReturn({ ...approved, ...change })!;
    assert.throws(
      () => provider.verifyReturn(ret, expected),
      refused(400, "pay.invalid_signature"),
      JSON.stringify(change),
    );
  }
  // A declined result turned into an approval.
  const flipped = provider.parseReturn({ ...declined, result: "approved" })!;
  assert.throws(() => provider.verifyReturn(flipped, expected), refused(400, "pay.invalid_signature"));
  // A genuine result for another order or amount than ours.
  assert.throws(() => provider.verifyReturn(ok, { ...expected, orderId: "AE9-x" }), refused(400, "pay.invalid_return"));
  assert.throws(() => provider.verifyReturn(ok, { ...expected, amount: 1000 }), refused(400, "pay.amount_mismatch"));
  // Stale, and from the future beyond the skew.
  clock = T0 + TEST_RETURN_MAX_AGE_MS + 1;
  assert.throws(() => provider.verifyReturn(ok, expected), refused(400, "pay.expired"));
  clock = T0 - 10 * 60 * 1000;
  assert.throws(() => provider.verifyReturn(ok, expected), refused(400, "pay.expired"));
  clock = T0;
  // Not a result at all.
  assert.equal(provider.parseReturn({}), null);
  assert.equal(provider.parseReturn({ ...approved, result: "maybe" }), null);
  assert.equal(provider.parseReturn({ ...approved, signature: "" }), null);
});

Deno.test("approve, net cancel and refund of the test provider move no money", async () => {
  clock = T0;
  const ret = provider.parseReturn(provider.resultFields(expected, "approved"))!;
  const approval = await provider.approve(ret);
  assert.ok(approval.ok && approval.amount === 100000 && approval.tid === ret.fields.tid);
  const declined = await provider.approve(provider.parseReturn(provider.resultFields(expected, "declined"))!);
  assert.deepEqual([declined.ok, !declined.ok && declined.key], [false, "pay.declined"]);
  await provider.netCancel();
  assert.equal((await provider.refund()).ok, true);
});
