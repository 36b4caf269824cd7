// The payments screen of an award family: a status filter and the table, with a refund form (reason,
// what the entry becomes) on each paid payment for administrators.
import { PAYMENT_STATUSES } from "../../../db/schema/pay.ts";
import type { Paginated } from "../../../domain/member/management.ts";
import type { PaymentListItem } from "../../../domain/pay/payment-list.ts";
import { formatMoney, hasMessage, type MessageKey } from "../../../i18n/mod.ts";
import type { State } from "../../../state.ts";
import { Button } from "../../ui/Button.tsx";
import { Select } from "../../ui/FormField.tsx";
import { Table } from "../../ui/Table.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { DateText } from "../Labels.tsx";

export function PaymentFilterBar({ state, action, status }: { state: State; action: string; status: string }) {
  const { t } = state;
  return (
    <form method="get" action={action} class="filter-bar aw-filter aw-filter-short" role="search">
      <Select
        name="status"
        id="payment-status"
        label={t("awardAdmin.col.status")}
        value={status}
        placeholder={t("awardAdmin.payments.allStatuses")}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`pay.status.${s}`) }))}
      />
      <div class="filter-actions">
        <button type="submit" class="button button-primary">{t("common.search")}</button>
        <a class="button button-ghost" href={action}>{t("manage.reset")}</a>
      </div>
    </form>
  );
}

/** The card provider's name in the viewer's language (its code when unnamed). */
export const providerName = (state: State, provider: string) => {
  const key = `pay.providers.${provider}`;
  return hasMessage(key) ? state.t(key as MessageKey) : provider;
};

function RefundForm({ state, action, p }: { state: State; action: string; p: PaymentListItem }) {
  const { t } = state;
  const id = `refund-${p.id}`;
  return (
    <details class="reject">
      <summary class="button button-ghost button-sm">{t("awardAdmin.payments.refund")}</summary>
      <form method="post" action={action} class="reject-form">
        <CsrfField state={state} />
        <input type="hidden" name="payment" value={String(p.id)} />
        <label class="field-label" for={`${id}-reason`}>{t("awardAdmin.payments.reason")}</label>
        <input class="input" id={`${id}-reason`} name="reason" required maxLength={200} />
        <label class="field-label" for={`${id}-status`}>{t("awardAdmin.payments.entryStatus")}</label>
        <select class="select" id={`${id}-status`} name="entry_status">
          <option value="pay_incomplete">{t("awardAdmin.payments.toUnpaid")}</option>
          <option value="cancel">{t("awardAdmin.payments.toCancel")}</option>
        </select>
        <Button type="submit" size="sm" aria-label={t("awardAdmin.payments.refundLabel", { order: p.orderId })}>
          {t("awardAdmin.payments.refund")}
        </Button>
      </form>
    </details>
  );
}

export function PaymentTable(
  { state, action, list, canRefund }: {
    state: State;
    action: string;
    list: Paginated<PaymentListItem>;
    canRefund: boolean;
  },
) {
  const { t } = state;
  return (
    <Table
      caption={t("awardAdmin.tabs.payments")}
      captionHidden
      rows={list.data}
      rowKey={(p) => p.id}
      empty={t("awardAdmin.payments.none")}
      stack
      columns={[
        { header: t("awardAdmin.col.order"), rowHeader: true, class: "nowrap aw-order", cell: (p) => p.orderId },
        {
          header: t("awardAdmin.col.entry"),
          align: "start",
          cell: (p) =>
            p.entry
              ? (
                <>
                  {p.entry.title}
                  <span class="muted aw-work-meta">
                    #{p.entry.id} · {t(`award.entry_status.${p.entry.status}`)}
                  </span>
                </>
              )
              : `${p.targetType} #${p.targetId}`,
        },
        {
          header: t("awardAdmin.col.user"),
          hideOnMobile: true,
          cell: (p) => (p.user ? `${p.user.name} (${p.user.username})` : "—"),
        },
        {
          header: t("awardAdmin.col.amount"),
          align: "end",
          class: "nowrap",
          cell: (p) => formatMoney(p.amount, state.locale),
        },
        { header: t("awardAdmin.col.provider"), hideOnMobile: true, cell: (p) => providerName(state, p.provider) },
        {
          header: t("awardAdmin.col.status"),
          class: "nowrap",
          cell: (p) => <span class={`badge aw-paystatus-${p.status}`}>{t(`pay.status.${p.status}`)}</span>,
        },
        {
          header: t("awardAdmin.col.when"),
          class: "nowrap",
          hideOnMobile: true,
          cell: (p) => <DateText state={state} value={p.approvedAt ?? p.createdAt} />,
        },
        {
          header: t("awardAdmin.col.actions"),
          cell: (p) => canRefund && p.status === "paid" ? <RefundForm state={state} action={action} p={p} /> : "—",
        },
      ]}
    />
  );
}
