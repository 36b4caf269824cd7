// KG Inicis standard web payment (INIStdPay), the real card provider (research/security.md §2.5):
// 1. the payment form, signed on the server: signature = SHA-256("oid=…&price=…&timestamp=…"),
//    verification = SHA-256 with the sign key, mKey = SHA-256(signKey); the price comes from our order;
// 2. the return POST (resultCode, authToken, authUrl, netCancelUrl, mid, orderNumber…), which comes through
//    the browser and is untrusted: authUrl and netCancelUrl must be https on Inicis's own hosts, or nothing
//    is called (no request to a URL an attacker chose);
// 3. the approval, server to server, at authUrl (mid, authToken, timestamp, signature, verification,
//    charset, format=JSON); its MOID, TotPrice and authSignature are checked, and an approval we cannot
//    keep is undone with the net cancel (망취소) — never used for ordinary refunds;
// 4. refunds through INIAPI (/api/v1/refund, hashData = SHA-512 of key + fields), whole or partial.
import { HttpError } from "../../framework/errors.ts";
import { widenPolicy } from "../../framework/http.ts";
import type { InicisOptions } from "../../fresh.config.ts";
import { safeEqual, sha256Hex, sha512Hex, sortedPairs } from "./crypto.ts";
import type {
  Approval,
  ExpectedOrder,
  PaidPayment,
  PayForm,
  PayOrder,
  PayProvider,
  PayReturn,
  ProviderOptions,
  Refund,
} from "./provider.ts";

const PRODUCTION_HOSTS = ["stdpay.inicis.com", "fcstdpay.inicis.com", "ksstdpay.inicis.com"];
const STAGE_HOSTS = ["stgstdpay.inicis.com"];
/** idc_name of the return → the host its authUrl must be on. */
const IDC_HOSTS: Record<string, string> = {
  fc: "fcstdpay.inicis.com",
  ks: "ksstdpay.inicis.com",
  stg: "stgstdpay.inicis.com",
};
export const INICIS_SCRIPT = "https://stdpay.inicis.com/stdjs/INIStdPay.js";
export const INICIS_STAGE_SCRIPT = "https://stgstdpay.inicis.com/stdjs/INIStdPay.js";
export const INICIS_CLOSE_SCRIPT = "https://stdpay.inicis.com/stdjs/INIStdPay_close.js";
/**
 * The policy of our pages that open Inicis's payment window (the popup and the close page): its script,
 * the layer it frames, and the form it posts, from Inicis's hosts only (the strict policy otherwise).
 */
export const INICIS_PAGE_POLICY = widenPolicy({
  "script-src": ["https://stdpay.inicis.com", "https://stgstdpay.inicis.com"],
  "style-src": ["https://stdpay.inicis.com", "https://stgstdpay.inicis.com"],
  "img-src": ["https://stdpay.inicis.com", "https://stgstdpay.inicis.com"],
  "frame-src": ["https://stdpay.inicis.com", "https://stgstdpay.inicis.com"],
  "form-action": ["https://stdpay.inicis.com", "https://stgstdpay.inicis.com"],
});

export const INIAPI_REFUND_URL = "https://iniapi.inicis.com/api/v1/refund";
export const INIAPI_STAGE_REFUND_URL = "https://stginiapi.inicis.com/api/v1/refund";
/** Card payments only, with Inicis's usual options (KRW below 1000 allowed, phone-payment limits). */
export const INICIS_ACCEPT_METHOD = "HPP(1):below1000:centerCd(Y)";
const TIMEOUT_MS = 15_000;

/** What of Inicis's approval answer we keep (no card number, no buyer data). */
const KEPT_FIELDS = [
  "resultCode",
  "resultMsg",
  "tid",
  "MOID",
  "TotPrice",
  "payMethod",
  "applDate",
  "applTime",
  "applNum",
  "CARD_Code",
  "CARD_Quota",
  "CARD_Interest",
  "goodName",
  "cancelDate",
  "cancelTime",
];

function kept(answer: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(KEPT_FIELDS.filter((k) => k in answer).map((k) => [k, answer[k]]));
}

/**
 * Inicis's authSignature of an approval answer: SHA-256 over three of mid, tstamp (our approval
 * timestamp), MOID and TotPrice, in an order chosen by the last digit of tstamp (Inicis's sample library).
 */
export function inicisAuthSignature(p: { mid: string; tstamp: string; MOID: string; TotPrice: string }): string {
  const { mid, tstamp, MOID, TotPrice } = p;
  const orders: Record<string, string> = {
    "1": `MOID=${MOID}&mid=${mid}&tstamp=${tstamp}`,
    "2": `MOID=${MOID}&tstamp=${tstamp}&mid=${mid}`,
    "3": `mid=${mid}&MOID=${MOID}&tstamp=${tstamp}`,
    "4": `mid=${mid}&tstamp=${tstamp}&MOID=${MOID}`,
    "5": `tstamp=${tstamp}&mid=${mid}&MOID=${MOID}`,
    "6": `tstamp=${tstamp}&MOID=${MOID}&mid=${mid}`,
    "7": `TotPrice=${TotPrice}&mid=${mid}&tstamp=${tstamp}`,
    "8": `TotPrice=${TotPrice}&tstamp=${tstamp}&mid=${mid}`,
    "9": `TotPrice=${TotPrice}&MOID=${MOID}&tstamp=${tstamp}`,
    "0": `TotPrice=${TotPrice}&tstamp=${tstamp}&MOID=${MOID}`,
  };
  return sha256Hex(orders[tstamp.slice(-1)] ?? orders["0"]);
}

/** KST wall-clock time as YYYYMMDDhhmmss (INIAPI's timestamp). */
export function kstStamp(date: Date): string {
  return new Date(date.getTime() + 9 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

export class InicisProvider implements PayProvider {
  readonly name = "inicis" as const;
  readonly #options: InicisOptions;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;

  constructor(options: InicisOptions, provider: ProviderOptions) {
    this.#options = options;
    this.#fetch = provider.fetch ?? fetch;
    this.#now = provider.now ?? (() => new Date());
  }

  get #hosts(): string[] {
    return this.#options.stage ? STAGE_HOSTS : PRODUCTION_HOSTS;
  }

  /** The hash of the form: signature over oid, price and timestamp, verification adds the sign key. */
  formSignatures(oid: string, price: string, timestamp: string) {
    const signKey = this.#options.signKey;
    return {
      signature: sha256Hex(sortedPairs({ oid, price, timestamp })),
      verification: sha256Hex(sortedPairs({ oid, price, signKey, timestamp })),
      mKey: sha256Hex(signKey),
    };
  }

  requestForm(order: PayOrder): PayForm {
    const price = String(order.amount);
    const timestamp = String(this.#now().getTime());
    const fields: Record<string, string> = {
      version: "1.0",
      gopaymethod: "Card",
      mid: this.#options.mid,
      oid: order.orderId,
      price,
      timestamp,
      use_chkfake: "Y",
      ...this.formSignatures(order.orderId, price, timestamp),
      currency: "WON",
      goodname: order.goodsName,
      buyername: order.buyerName,
      buyertel: order.buyerTel,
      buyeremail: order.buyerEmail,
      returnUrl: order.returnUrl,
      closeUrl: order.closeUrl,
      acceptmethod: INICIS_ACCEPT_METHOD,
      charset: "UTF-8",
    };
    return {
      provider: this.name,
      action: "",
      method: "POST",
      acceptCharset: "UTF-8",
      fields,
      script: this.#options.stage ? INICIS_STAGE_SCRIPT : INICIS_SCRIPT,
    };
  }

  parseReturn(fields: Record<string, string>): PayReturn | null {
    if (!fields.resultCode || !fields.orderNumber) return null;
    return {
      orderId: fields.orderNumber,
      authorised: fields.resultCode === "0000",
      code: fields.resultCode,
      message: fields.resultMsg ?? "",
      fields: { ...fields },
    };
  }

  /**
   * A URL from the return that we are asked to call: https, no port or credentials, one of Inicis's hosts
   * (the one its idc_name names, when given) and the expected path.
   */
  trustedUrl(value: string | undefined, path: string, idc?: string): URL | null {
    let url: URL;
    try {
      url = new URL(value ?? "");
    } catch {
      return null;
    }
    if (url.protocol !== "https:" || url.port || url.username || url.password || url.search || url.hash) return null;
    if (!this.#hosts.includes(url.hostname) || url.pathname !== path) return null;
    if (idc && IDC_HOSTS[idc] && IDC_HOSTS[idc] !== url.hostname) return null;
    return url;
  }

  verifyReturn(ret: PayReturn, expected: ExpectedOrder): void {
    const f = ret.fields;
    if (f.mid !== this.#options.mid || ret.orderId !== expected.orderId) throw new HttpError(400, "pay.invalid_return");
    if (!ret.authorised) return;
    if (!f.authToken || f.authToken.length > 4000) throw new HttpError(400, "pay.invalid_return");
    if (!this.trustedUrl(f.authUrl, "/api/payAuth", f.idc_name)) throw new HttpError(400, "pay.invalid_return");
    if (!this.trustedUrl(f.netCancelUrl, "/api/netCancel", f.idc_name)) throw new HttpError(400, "pay.invalid_return");
  }

  /** The body of the approval and the net cancel: the same signed map (Inicis's sample). */
  authRequest(authToken: string, timestamp: string): Record<string, string> {
    return {
      mid: this.#options.mid,
      authToken,
      timestamp,
      signature: sha256Hex(sortedPairs({ authToken, timestamp })),
      verification: sha256Hex(sortedPairs({ authToken, signKey: this.#options.signKey, timestamp })),
      charset: "UTF-8",
      format: "JSON",
    };
  }

  async #post(url: string | URL, body: Record<string, string>): Promise<Record<string, unknown>> {
    const res = await this.#fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8", accept: "application/json" },
      body: new URLSearchParams(body).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Inicis answered HTTP ${res.status}`);
    const parsed = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) throw new Error("Inicis answered no object");
    return parsed as Record<string, unknown>;
  }

  async approve(ret: PayReturn, expected: ExpectedOrder): Promise<Approval> {
    if (!ret.authorised) {
      return { ok: false, key: "pay.declined", raw: { resultCode: ret.code, resultMsg: ret.message } };
    }
    const authUrl = this.trustedUrl(ret.fields.authUrl, "/api/payAuth", ret.fields.idc_name);
    if (!authUrl) return { ok: false, key: "pay.invalid_return", raw: {} };
    const timestamp = String(this.#now().getTime());
    let answer: Record<string, unknown>;
    try {
      answer = await this.#post(authUrl, this.authRequest(ret.fields.authToken, timestamp));
    } catch (error) {
      // We do not know whether Inicis approved: undo to be sure (its manual's rule).
      await this.netCancel(ret);
      return { ok: false, key: "pay.approval_failed", raw: { error: String(error) } };
    }
    const raw = kept(answer);
    const str = (k: string) =>
      (typeof answer[k] === "string" || typeof answer[k] === "number") ? String(answer[k]) : "";
    if (str("resultCode") !== "0000") return { ok: false, key: "pay.approval_failed", raw };
    const tid = str("tid");
    const consistent = tid && str("MOID") === expected.orderId && /^\d+$/.test(str("TotPrice")) &&
      (!("authSignature" in answer) || safeEqual(
        str("authSignature"),
        inicisAuthSignature({
          mid: this.#options.mid,
          tstamp: timestamp,
          MOID: str("MOID"),
          TotPrice: str("TotPrice"),
        }),
      ));
    if (!consistent) {
      await this.netCancel(ret);
      return { ok: false, key: "pay.invalid_return", raw };
    }
    return { ok: true, tid, amount: Number(str("TotPrice")), raw };
  }

  async netCancel(ret: PayReturn): Promise<void> {
    const url = this.trustedUrl(ret.fields.netCancelUrl, "/api/netCancel", ret.fields.idc_name);
    if (!url || !ret.fields.authToken) return;
    try {
      await this.#post(url, this.authRequest(ret.fields.authToken, String(this.#now().getTime())));
    } catch (error) {
      // Logged for reconciliation; the payment row already says it was not kept.
      console.error(`[pay] Inicis net cancel of ${ret.orderId} failed`, String(error));
    }
  }

  /** INIAPI full refund (type Refund, paymethod Card): hashData = SHA-512(key+type+paymethod+timestamp+clientIp+mid+tid). */
  refundRequest(payment: PaidPayment, reason: string, clientIp: string): Record<string, string> {
    const type = "Refund";
    const paymethod = "Card";
    const timestamp = kstStamp(this.#now());
    const { mid, apiKey } = this.#options;
    return {
      type,
      paymethod,
      timestamp,
      clientIp,
      mid,
      tid: payment.tid,
      msg: reason.slice(0, 100),
      hashData: sha512Hex(`${apiKey}${type}${paymethod}${timestamp}${clientIp}${mid}${payment.tid}`),
    };
  }

  /**
   * INIAPI's partial cancel of a card payment (type PartialRefund): `price` is the amount given back and
   * `confirmPrice` what stays charged; hashData = SHA-512 of key + type + paymethod + timestamp + clientIp +
   * mid + tid + price + confirmPrice. Used for a contest host's refund of part of the prize money (issue 12).
   */
  partialRefundRequest(payment: PaidPayment, amount: number, reason: string, clientIp: string): Record<string, string> {
    const type = "PartialRefund";
    const paymethod = "Card";
    const timestamp = kstStamp(this.#now());
    const { mid, apiKey } = this.#options;
    const price = String(amount);
    const confirmPrice = String(payment.amount - amount);
    return {
      type,
      paymethod,
      timestamp,
      clientIp,
      mid,
      tid: payment.tid,
      price,
      confirmPrice,
      msg: reason.slice(0, 100),
      hashData: sha512Hex(
        `${apiKey}${type}${paymethod}${timestamp}${clientIp}${mid}${payment.tid}${price}${confirmPrice}`,
      ),
    };
  }

  async partialRefund(payment: PaidPayment, amount: number, reason: string, clientIp: string): Promise<Refund> {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount >= payment.amount) {
      return { ok: false, key: "pay.refund_failed", raw: { amount } };
    }
    let answer: Record<string, unknown>;
    try {
      const url = this.#options.stage ? INIAPI_STAGE_REFUND_URL : INIAPI_REFUND_URL;
      answer = await this.#post(url, this.partialRefundRequest(payment, amount, reason, clientIp));
    } catch (error) {
      return { ok: false, key: "pay.refund_failed", raw: { error: String(error) } };
    }
    const raw = { ...kept(answer), partial: amount };
    return String(answer.resultCode) === "00" ? { ok: true, raw } : { ok: false, key: "pay.refund_failed", raw };
  }

  async refund(payment: PaidPayment, reason: string, clientIp: string): Promise<Refund> {
    let answer: Record<string, unknown>;
    try {
      const url = this.#options.stage ? INIAPI_STAGE_REFUND_URL : INIAPI_REFUND_URL;
      answer = await this.#post(url, this.refundRequest(payment, reason, clientIp));
    } catch (error) {
      return { ok: false, key: "pay.refund_failed", raw: { error: String(error) } };
    }
    const raw = kept(answer);
    return String(answer.resultCode) === "00" ? { ok: true, raw } : { ok: false, key: "pay.refund_failed", raw };
  }
}
