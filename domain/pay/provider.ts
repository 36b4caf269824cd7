// The card payment provider behind SPEC §7 Payment: what the browser submits to the provider (a form signed
// by the server), how the provider's return is read and checked, the server-side approval, the undo of an
// approval we cannot keep (net cancel) and the administrators' refund. One provider is active, chosen by
// configuration (PAY_PROVIDER): `test`, the built-in card screen, or `inicis`, KG Inicis standard payment.
import type { Config, Locale, PayProviderName } from "../../fresh.config.ts";
import { InicisProvider } from "./inicis.ts";
import { TestProvider } from "./test-provider.ts";

export type { PayProviderName };

/** What the provider needs to show its payment window for one of our orders. Amounts are integer KRW. */
export interface PayOrder {
  orderId: string;
  amount: number;
  goodsName: string;
  buyerName: string;
  buyerEmail: string;
  buyerTel: string;
  /** Absolute URL the provider posts its result to (/api/pay/{host}/return). */
  returnUrl: string;
  /** Absolute URL the provider's window loads when the payer closes it (/pay/{provider}/close). */
  closeUrl: string;
  locale: Locale;
}

/** The signed form the browser submits to the provider (GET /api/pay/request answers it). */
export interface PayForm {
  provider: PayProviderName;
  /** Where the fields go; Inicis's own script posts them, so its action is the provider's script's business. */
  action: string;
  method: "GET" | "POST";
  acceptCharset: string;
  fields: Record<string, string>;
  /** The provider's browser script its payment window needs (Inicis's INIStdPay.js), if any. */
  script?: string;
}

/** A return as the provider posted it, read but not yet trusted. */
export interface PayReturn {
  orderId: string;
  /** The payer got through the provider's window; the payment still needs the server's approval. */
  authorised: boolean;
  /** The provider's result code and message, for the record. */
  code: string;
  message: string;
  fields: Record<string, string>;
}

/** Our side of an order, as stored: what a return must match. */
export interface ExpectedOrder {
  orderId: string;
  amount: number;
}

export type Approval =
  | { ok: true; tid: string; amount: number; raw: Record<string, unknown> }
  | { ok: false; key: PayErrorKey; raw: Record<string, unknown> };

export type Refund =
  | { ok: true; raw: Record<string, unknown> }
  | { ok: false; key: PayErrorKey; raw: Record<string, unknown> };

/** A paid payment as the refund needs it. */
export interface PaidPayment {
  orderId: string;
  tid: string;
  amount: number;
}

/** The message keys of the `pay` i18n section that name a refusal or a failure. */
export type PayErrorKey =
  | "pay.invalid_request"
  | "pay.invalid_return"
  | "pay.invalid_signature"
  | "pay.expired"
  | "pay.amount_mismatch"
  | "pay.not_found"
  | "pay.already_processed"
  | "pay.declined"
  | "pay.approval_failed"
  | "pay.not_payable"
  | "pay.not_refundable"
  | "pay.refund_failed"
  | "pay.provider_unavailable";

export interface PayProvider {
  readonly name: PayProviderName;
  /** The signed form fields for one order. */
  requestForm(order: PayOrder): PayForm;
  /** Reads a return; null when it is not this provider's return at all. */
  parseReturn(fields: Record<string, string>): PayReturn | null;
  /**
   * Checks a return against our order before anything changes: signature, order id, merchant, amount
   * where the provider sends one, the hosts of any URL we are to call. Throws HttpError 400 (a forgery
   * changes nothing).
   */
  verifyReturn(ret: PayReturn, expected: ExpectedOrder): void;
  /** The server-to-server approval of an authorised return: the approved transaction and amount. */
  approve(ret: PayReturn, expected: ExpectedOrder): Promise<Approval>;
  /** Undoes an approval we could not keep (amount mismatch, the entry no longer payable, a failed commit). */
  netCancel(ret: PayReturn): Promise<void>;
  /** Refunds a paid payment in full. */
  refund(payment: PaidPayment, reason: string, clientIp: string): Promise<Refund>;
  /**
   * Refunds part of a paid payment (a partial cancel), where the provider has one: a contest's host gets
   * back part of the prize money (issue 12). Without it, such a refund is paid by bank transfer instead.
   */
  partialRefund?(payment: PaidPayment, amount: number, reason: string, clientIp: string): Promise<Refund>;
}

export interface ProviderOptions {
  /** The server secret the test provider signs with (derived from the session secret). */
  secret: Uint8Array;
  /** Outbound calls (Inicis); injected in tests, never the network there. */
  fetch?: typeof fetch;
  now?: () => Date;
}

/** The active provider of this configuration. */
export function payProvider(config: Pick<Config, "payProvider" | "inicis">, options: ProviderOptions): PayProvider {
  if (config.payProvider === "inicis") {
    if (!config.inicis) throw new Error("PAY_PROVIDER=inicis without the INICIS_* settings");
    return new InicisProvider(config.inicis, options);
  }
  return new TestProvider(options);
}
