// The payment screens (SPEC §2.1 /pay/{provider}/…), server-rendered without scripts of ours: the test
// provider's card screen, the Inicis payment form, the result ('payment completed' / 'payment failed') and
// the closed-window notice. Every text comes from the `pay` i18n section.
import type { PaymentStatus } from "../../db/schema/pay.ts";
import { formatMoney, hasMessage, type MessageKey } from "../../i18n/mod.ts";
import { MemberStyles } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { buttonClass } from "../ui/Button.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { href, type State } from "../../state.ts";
import type { PayForm } from "../../domain/pay/provider.ts";

export interface OrderSummary {
  orderId: string;
  amount: number;
  goodsName?: string;
  buyerName?: string;
}

function Summary({ state, order }: { state: State; order: OrderSummary }) {
  const { t } = state;
  const rows: [string, string][] = [
    [t("pay.order"), order.orderId],
    ...(order.goodsName ? [[t("pay.goodsName"), order.goodsName] as [string, string]] : []),
    ...(order.buyerName ? [[t("pay.buyer"), order.buyerName] as [string, string]] : []),
    [t("pay.amount"), formatMoney(order.amount, state.locale)],
  ];
  return (
    <dl class="detail-list detail-list-compact pay-summary">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The test provider's card screen: two signed forms posting to our return, and the close link. */
export function TestCardScreen({ state, order, action, approve, decline, closeUrl }: {
  state: State;
  order: OrderSummary;
  action: string;
  approve: Record<string, string>;
  decline: Record<string, string>;
  closeUrl: string;
}) {
  const { t } = state;
  const hidden = (fields: Record<string, string>) =>
    Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader t={t} title={t("pay.popup.title")} lead={t("pay.popup.lead")} />
      <Alert kind="warning">{t("pay.popup.testNotice")}</Alert>
      <Summary state={state} order={order} />
      <div class="form-actions pay-actions">
        <form method="post" action={action} class="pay-approve">
          {hidden(approve)}
          <button type="submit" class={buttonClass("primary", "lg")}>{t("pay.popup.approve")}</button>
        </form>
        <form method="post" action={action} class="pay-decline">
          {hidden(decline)}
          <button type="submit" class={buttonClass("secondary", "lg")}>{t("pay.popup.decline")}</button>
        </form>
        {closeUrl && <a class={buttonClass("ghost", "lg")} href={closeUrl}>{t("pay.popup.close")}</a>}
      </div>
    </>
  );
}

/** Inicis: the signed form INIStdPay.js submits (it needs the provider's script; see the README). */
export function InicisPayForm({ state, order, form }: { state: State; order: OrderSummary; form: PayForm }) {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader t={t} title={t("pay.popup.title")} lead={t("pay.popup.inicisLead")} />
      <Summary state={state} order={order} />
      <form id="inicis-pay-form" method="post" accept-charset={form.acceptCharset}>
        {Object.entries(form.fields).map(([name, value]) => (
          <input
            key={name}
            type="hidden"
            name={name}
            value={value}
          />
        ))}
        <div class="form-actions">
          <button type="button" id="inicis-pay-button" class={buttonClass("primary", "lg")}>
            {t("pay.popup.inicisPay")}
          </button>
        </div>
      </form>
      <noscript>
        <Alert kind="warning">{t("pay.popup.noScript")}</Alert>
      </noscript>
      {form.script && <script src={form.script} charset="UTF-8" />}
      <script src={state.staticFiles?.url("/js/pay-inicis.js") ?? "/js/pay-inicis.js"} />
    </>
  );
}

const RESULT_KIND = { paid: "success", failed: "error", ready: "warning", cancelled: "info" } as const;

/** 'Payment completed' / 'payment failed' (or not completed, or cancelled), with the reason when known. */
export function PayResult({ state, status, order, reason }: {
  state: State;
  status: PaymentStatus;
  order?: OrderSummary;
  reason?: string;
}) {
  const { t } = state;
  const title = t(`pay.result.${status}Title` as MessageKey);
  const reasonText = reason && hasMessage(reason) && reason.startsWith("pay.") ? t(reason) : "";
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader t={t} title={title} />
      <div class={`pay-result pay-result-${status}`} data-status={status}>
        <Alert kind={RESULT_KIND[status]} title={title}>
          <p>{t(`pay.result.${status}` as MessageKey)}</p>
          {reasonText && <p class="pay-reason">{t("pay.result.reason")}: {reasonText}</p>}
        </Alert>
        {order && <Summary state={state} order={order} />}
        <div class="form-actions">
          <a class={buttonClass("primary")} href={href(state, "/mypage")}>{t("pay.result.mypage")}</a>
          <a class={buttonClass("ghost")} href={href(state, "/")}>{t("pay.result.home")}</a>
        </div>
      </div>
    </>
  );
}

/** The provider's window was closed: nothing paid. */
export function PayClosed({ state, closeScript }: { state: State; closeScript?: string }) {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader t={t} title={t("pay.close.title")} />
      <Alert kind="info">{t("pay.close.text")}</Alert>
      <div class="form-actions">
        <a class={buttonClass("primary")} href={href(state, "/mypage")}>{t("pay.result.mypage")}</a>
      </div>
      {closeScript && <script src={closeScript} charset="UTF-8" />}
    </>
  );
}
