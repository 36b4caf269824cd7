// The built-in `test` provider: a local card screen (/pay/test/popup) where the payer approves or declines,
// for development, the demo and the tests. No money moves. Everything that crosses the browser is signed
// with a key derived from the server secret (HMAC-SHA256): the request (order id, price, return URL,
// timestamp) and the result (order id, amount, result, transaction id, timestamp), so a forged or altered
// return is detected exactly as a real provider's would be.
import { HttpError } from "../../framework/errors.ts";
import { hmacHex, randomHex, safeEqual, sortedPairs } from "./crypto.ts";
import type {
  Approval,
  ExpectedOrder,
  PayForm,
  PayOrder,
  PayProvider,
  PayReturn,
  ProviderOptions,
  Refund,
} from "./provider.ts";

/** How long the card screen accepts a signed request, and the return a signed result. */
export const TEST_REQUEST_MAX_AGE_MS = 30 * 60 * 1000;
export const TEST_RETURN_MAX_AGE_MS = 60 * 60 * 1000;
/** A little clock skew between instances. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

export const TEST_RESULTS = ["approved", "declined"] as const;
export type TestResult = typeof TEST_RESULTS[number];

/** The order the card screen shows, read from a verified request. */
export interface TestCardRequest {
  orderId: string;
  amount: number;
  goodsName: string;
  buyerName: string;
  returnUrl: string;
  closeUrl: string;
}

const REQUEST_SIGNED = ["oid", "price", "returnUrl", "timestamp"] as const;
const RETURN_SIGNED = ["amount", "oid", "result", "tid", "timestamp"] as const;

function pick(fields: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, fields[k] ?? ""]));
}

const isAmount = (s: string | undefined): s is string => typeof s === "string" && /^[1-9]\d{0,9}$/.test(s);

export class TestProvider implements PayProvider {
  readonly name = "test" as const;
  readonly #key: string;
  readonly #now: () => Date;

  constructor(options: ProviderOptions) {
    // A key of its own, so nothing the test provider signs is valid as anything else (sessions).
    this.#key = hmacHex(options.secret, "pay/test-provider/v1");
    this.#now = options.now ?? (() => new Date());
  }

  #sign(fields: Record<string, string>, keys: readonly string[]): string {
    return hmacHex(this.#key, sortedPairs(pick(fields, keys)));
  }

  #fresh(timestamp: string | undefined, maxAge: number): boolean {
    const at = Number(timestamp);
    if (!timestamp || !/^\d{13}$/.test(timestamp) || !Number.isSafeInteger(at)) return false;
    const age = this.#now().getTime() - at;
    return age <= maxAge && age >= -FUTURE_SKEW_MS;
  }

  requestForm(order: PayOrder): PayForm {
    const fields: Record<string, string> = {
      mid: "test",
      oid: order.orderId,
      price: String(order.amount),
      timestamp: String(this.#now().getTime()),
      goodname: order.goodsName,
      buyername: order.buyerName,
      returnUrl: order.returnUrl,
      closeUrl: order.closeUrl,
    };
    fields.signature = this.#sign(fields, REQUEST_SIGNED);
    // The card screen is a page of this app: a plain GET, no cross-site form and no script.
    const base = order.locale === "en" ? "/en" : "";
    return { provider: this.name, action: `${base}/pay/test/popup`, method: "GET", acceptCharset: "UTF-8", fields };
  }

  /** The card screen's check of the request it was opened with (signature, age). */
  verifyRequest(fields: Record<string, string>): TestCardRequest {
    if (!fields.oid || !isAmount(fields.price) || !fields.returnUrl) throw new HttpError(400, "pay.invalid_request");
    if (!safeEqual(fields.signature, this.#sign(fields, REQUEST_SIGNED))) {
      throw new HttpError(400, "pay.invalid_signature");
    }
    if (!this.#fresh(fields.timestamp, TEST_REQUEST_MAX_AGE_MS)) throw new HttpError(400, "pay.expired");
    return {
      orderId: fields.oid,
      amount: Number(fields.price),
      goodsName: fields.goodname ?? "",
      buyerName: fields.buyername ?? "",
      returnUrl: fields.returnUrl,
      closeUrl: fields.closeUrl ?? "",
    };
  }

  /** The signed result the card screen posts back for the payer's choice. */
  resultFields(request: Pick<TestCardRequest, "orderId" | "amount">, result: TestResult): Record<string, string> {
    const fields: Record<string, string> = {
      oid: request.orderId,
      amount: String(request.amount),
      result,
      tid: result === "approved" ? `TEST${randomHex(10).toUpperCase()}` : "",
      timestamp: String(this.#now().getTime()),
    };
    fields.signature = this.#sign(fields, RETURN_SIGNED);
    return fields;
  }

  parseReturn(fields: Record<string, string>): PayReturn | null {
    if (!fields.oid || !fields.signature || !(TEST_RESULTS as readonly string[]).includes(fields.result)) return null;
    return {
      orderId: fields.oid,
      authorised: fields.result === "approved",
      code: fields.result,
      message: fields.result,
      fields: pick(fields, [...RETURN_SIGNED, "signature"]),
    };
  }

  verifyReturn(ret: PayReturn, expected: ExpectedOrder): void {
    if (!safeEqual(ret.fields.signature, this.#sign(ret.fields, RETURN_SIGNED))) {
      throw new HttpError(400, "pay.invalid_signature");
    }
    if (!this.#fresh(ret.fields.timestamp, TEST_RETURN_MAX_AGE_MS)) throw new HttpError(400, "pay.expired");
    if (ret.orderId !== expected.orderId) throw new HttpError(400, "pay.invalid_return");
    if (ret.fields.amount !== String(expected.amount)) throw new HttpError(400, "pay.amount_mismatch");
    if (ret.authorised && !ret.fields.tid) throw new HttpError(400, "pay.invalid_return");
  }

  approve(ret: PayReturn): Promise<Approval> {
    const raw = { result: ret.fields.result, tid: ret.fields.tid, amount: Number(ret.fields.amount) };
    if (!ret.authorised) return Promise.resolve({ ok: false, key: "pay.declined", raw });
    return Promise.resolve({ ok: true, tid: ret.fields.tid, amount: Number(ret.fields.amount), raw });
  }

  netCancel(): Promise<void> {
    return Promise.resolve();
  }

  refund(): Promise<Refund> {
    return Promise.resolve({ ok: true, raw: { provider: "test", refundedAt: this.#now().toISOString() } });
  }

  partialRefund(payment: { amount: number }, amount: number): Promise<Refund> {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > payment.amount) {
      return Promise.resolve({ ok: false, key: "pay.refund_failed", raw: { provider: "test", amount } });
    }
    return Promise.resolve({
      ok: true,
      raw: { provider: "test", partial: amount, refundedAt: this.#now().toISOString() },
    });
  }
}
