// The entries screen of an award family: the filter bar (year, category, status, payment, search), the
// CSV link with the same filter, and the table whose last cell holds the entry's own small form for
// exhibition, nominee and rank. Plain forms; no JavaScript.
import type { ManagedEntry } from "../../../domain/award/manage-entries.ts";
import { PAYMENT_STATES } from "../../../domain/award/manage-entries.ts";
import { AWARD_RANKS, DESIGN_CATEGORIES, type DesignCategory, ENTRY_STATUSES } from "../../../domain/award/options.ts";
import type { Paginated } from "../../../domain/member/management.ts";
import { formatMoney } from "../../../i18n/mod.ts";
import type { State } from "../../../state.ts";
import { Button } from "../../ui/Button.tsx";
import { Select, TextField } from "../../ui/FormField.tsx";
import { Table } from "../../ui/Table.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { DateText } from "../Labels.tsx";

export type EntryQuery = Record<"year" | "category" | "status" | "payment" | "q", string>;
const QUERY_NAMES = ["year", "category", "status", "payment", "q"] as const;

/** The filter of the entries screen and its CSV, as the address carries it. */
export function entryQuery(url: URL): EntryQuery {
  return Object.fromEntries(QUERY_NAMES.map((k) => [k, url.searchParams.get(k)?.slice(0, 100) ?? ""])) as EntryQuery;
}

export function EntryFilterBar(
  { state, action, query, years, categories, error }: {
    state: State;
    action: string;
    query: EntryQuery;
    years: number[];
    categories: readonly DesignCategory[];
    error?: string;
  },
) {
  const { t } = state;
  return (
    <form method="get" action={action} class="filter-bar aw-filter" role="search">
      <Select
        name="year"
        label={t("awardAdmin.col.year")}
        value={query.year}
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
      />
      <Select
        name="category"
        label={t("awardAdmin.col.category")}
        value={query.category}
        placeholder={t("awardAdmin.entries.allCategories")}
        options={(categories.length ? categories : DESIGN_CATEGORIES).map((c) => ({
          value: String(c),
          label: t(`award.category.${c}`),
        }))}
      />
      <Select
        name="status"
        label={t("awardAdmin.col.status")}
        value={query.status}
        placeholder={t("awardAdmin.entries.allStatuses")}
        options={ENTRY_STATUSES.map((s) => ({ value: s, label: t(`award.entry_status.${s}`) }))}
      />
      <Select
        name="payment"
        label={t("awardAdmin.col.payment")}
        value={query.payment}
        placeholder={t("awardAdmin.entries.allPayments")}
        options={PAYMENT_STATES.map((p) => ({ value: p, label: t(`awardAdmin.payment.${p}`) }))}
      />
      <TextField
        name="q"
        type="search"
        label={t("manage.searchLabel")}
        value={query.q}
        placeholder={t("awardAdmin.entries.searchPlaceholder")}
        minLength={2}
        maxLength={100}
        error={error}
      />
      <div class="filter-actions">
        <button type="submit" class="button button-primary">{t("common.search")}</button>
        <a class="button button-ghost" href={action}>{t("manage.reset")}</a>
      </div>
    </form>
  );
}

function FlagsForm({ state, action, row }: { state: State; action: string; row: ManagedEntry }) {
  const { t } = state;
  const e = row.entry;
  const id = `entry-${e.id}`;
  return (
    <form method="post" action={action} class="aw-flags">
      <CsrfField state={state} />
      <input type="hidden" name="id" value={String(e.id)} />
      <div class="check">
        <input class="check-input" type="checkbox" id={`${id}-display`} name="display" checked={e.display} />
        <label class="check-label" for={`${id}-display`}>{t("awardAdmin.entries.display")}</label>
      </div>
      <div class="check">
        <input class="check-input" type="checkbox" id={`${id}-nominee`} name="nominee" checked={e.nominee} />
        <label class="check-label" for={`${id}-nominee`}>{t("awardAdmin.entries.nominee")}</label>
      </div>
      <label class="visually-hidden" for={`${id}-rank`}>{t("awardAdmin.entries.rank")}</label>
      <select class="select aw-rank" id={`${id}-rank`} name="rank">
        <option value="" selected={!e.rank}>{t("awardAdmin.entries.rank")}: {t("awardAdmin.entries.noRank")}</option>
        {AWARD_RANKS.map((r) => <option key={r} value={r} selected={e.rank === r}>{t(`award.rank.${r}`)}</option>)}
      </select>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        aria-label={t("awardAdmin.entries.saveLabel", { title: e.title })}
      >
        {t("awardAdmin.entries.save")}
      </Button>
    </form>
  );
}

export function EntryTable(
  { state, action, list }: { state: State; action: string; list: Paginated<ManagedEntry> },
) {
  const { t } = state;
  const en = state.locale === "en";
  return (
    <Table
      caption={t("awardAdmin.tabs.entries")}
      captionHidden
      rows={list.data}
      rowKey={(r) => r.entry.id}
      empty={t("awardAdmin.entries.none")}
      stack
      class="aw-entries"
      columns={[
        { header: t("awardAdmin.col.no"), hideOnMobile: true, cell: (r) => r.entry.id },
        {
          header: t("awardAdmin.col.work"),
          rowHeader: true,
          align: "start",
          cell: (r) => (
            <>
              <span class="aw-work-title">{en && r.entry.titleEn ? r.entry.titleEn : r.entry.title}</span>
              <span class="muted aw-work-meta">{t(`award.category.${r.entry.category}`)}</span>
            </>
          ),
        },
        {
          header: t("awardAdmin.col.entrant"),
          align: "start",
          cell: (r) => (
            <>
              {en && r.entry.designerNameEn ? r.entry.designerNameEn : r.entry.designerName}
              <span class="muted aw-work-meta">
                {t(`award.exhibitor.${r.entry.exhibitorType}`)}
                {r.username ? ` · ${r.username}` : ""}
              </span>
            </>
          ),
        },
        {
          header: t("awardAdmin.col.status"),
          class: "nowrap",
          cell: (r) => t(`award.entry_status.${r.entry.status}`),
        },
        {
          header: t("awardAdmin.col.payment"),
          class: "nowrap",
          cell: (r) => (
            <>
              <span class={`badge aw-pay-${r.paymentState}`}>{t(`awardAdmin.payment.${r.paymentState}`)}</span>
              {r.entry.fee > 0 && <span class="muted aw-work-meta">{formatMoney(r.entry.fee, state.locale)}</span>}
            </>
          ),
        },
        {
          header: t("awardAdmin.col.submitted"),
          hideOnMobile: true,
          class: "nowrap",
          cell: (r) => <DateText state={state} value={r.entry.submittedAt} style="date" />,
        },
        {
          header: t("awardAdmin.col.flags"),
          align: "start",
          cell: (r) => <FlagsForm state={state} action={action} row={r} />,
        },
      ]}
    />
  );
}
