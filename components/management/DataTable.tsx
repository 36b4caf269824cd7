// The management-table kit (issue 14; DESIGN §6): a server-rendered table whose sortable column headers
// are links (keeping the filters), filters as a GET form, bulk actions as checkboxes in a POST form with
// the action's controls under the table, and a CSV link streamed by the route (domain/common/table.ts).
// Everything works without JavaScript and by keyboard; any area's list can use it.
import type { ComponentChildren } from "preact";
import { nextDir, type Sort } from "../../domain/common/table.ts";
import type { Translate } from "../../i18n/mod.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Select, type SelectOption, TextField } from "../ui/FormField.tsx";
import { cx } from "../ui/cx.tsx";
import { pageHref, Pagination, type QueryValue } from "../ui/Pagination.tsx";

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ComponentChildren;
  /** The sort key this column's header sorts by (one the route's parseSort accepts). */
  sort?: string;
  rowHeader?: boolean;
  align?: "start" | "center" | "end";
}

export interface DataTableList<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  estimated?: boolean;
}

export interface Bulk {
  /** Where the checked rows are posted (the route's POST). */
  action: string;
  /** The controls under the table: an action choice, a reason, the submit button. */
  controls: ComponentChildren;
  csrfToken: string;
}

export interface DataTableProps<T> {
  t: Translate;
  caption: string;
  columns: DataColumn<T>[];
  list: DataTableList<T>;
  rowKey: (row: T) => number;
  /** Names the row for the checkbox's label ("Select application 12 by Minji Kim"). */
  rowLabel: (row: T) => string;
  empty: string;
  /** The list's address (locale prefix included) and its current query (filters), kept by every link. */
  baseHref: string;
  query: Record<string, QueryValue>;
  sort?: Sort<string>;
  bulk?: Bulk;
  csvHref?: string;
}

/** The GET form of a list's filters; `children` are its fields (select, search box). */
export function DataTableFilters(
  { t, action, resetHref, children }: { t: Translate; action: string; resetHref: string; children: ComponentChildren },
) {
  return (
    <form method="get" action={action} class="data-table-filters" role="search">
      {children}
      <button type="submit" class="button button-secondary">{t("programme.table.filter")}</button>
      <a class="button button-ghost" href={resetHref}>{t("programme.table.reset")}</a>
    </form>
  );
}

/**
 * The filters most management tables take: a status and a keyword (2 to 100 characters, as the search kit
 * reads it). `keep` rides along as hidden fields (the table's sort), so filtering keeps the order chosen.
 */
export function StatusKeywordFilters(
  { t, action, status, q, keep = {}, labels, options }: {
    t: Translate;
    action: string;
    status?: string;
    q?: string;
    keep?: Record<string, string | undefined>;
    labels: { status: string; all: string; keyword: string };
    options: SelectOption[];
  },
) {
  return (
    <DataTableFilters t={t} action={action} resetHref={action}>
      <Select name="status" label={labels.status} value={status ?? ""} placeholder={labels.all} options={options} />
      <TextField name="q" type="search" label={labels.keyword} minLength={2} maxLength={100} value={q ?? ""} />
      {Object.entries(keep).map(([name, value]) =>
        value && <input key={name} type="hidden" name={name} value={value} />
      )}
    </DataTableFilters>
  );
}

function SortHeader<T>(
  { column, sort, baseHref, query, t }: {
    column: DataColumn<T>;
    sort?: Sort<string>;
    baseHref: string;
    query: Record<string, QueryValue>;
    t: Translate;
  },
) {
  if (!column.sort || !sort) return <>{column.header}</>;
  const current = sort.key === column.sort;
  const dir = nextDir(sort, column.sort);
  const link = pageHref(baseHref, 1, "page", { ...query, sort: column.sort, dir });
  const state = current
    ? ` (${t(sort.dir === "asc" ? "programme.table.ascending" : "programme.table.descending")})`
    : "";
  return (
    <a
      class="data-table-sort"
      href={link}
      aria-label={`${t("programme.table.sortBy", { label: column.header })}${state}`}
    >
      {column.header}
      {current && <span aria-hidden="true">{sort.dir === "asc" ? " ▲" : " ▼"}</span>}
    </a>
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { t, caption, columns, list, rowKey, rowLabel, empty, baseHref, query, sort, bulk, csvHref } = props;
  const ariaSort = (c: DataColumn<T>) =>
    c.sort && sort?.key === c.sort ? (sort.dir === "asc" ? "ascending" : "descending") : undefined;
  const align = (c: DataColumn<T>) => (c.align && c.align !== "center" ? `align-${c.align}` : undefined);
  const table = (
    <div class="table-wrap" role="group" aria-label={caption} tabIndex={0}>
      <table class="table table-stack data-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {bulk && <th scope="col">{t("programme.table.select")}</th>}
            {columns.map((c, i) => (
              <th key={i} scope="col" class={align(c)} aria-sort={ariaSort(c)}>
                <SortHeader column={c} sort={sort} baseHref={baseHref} query={query} t={t} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.length === 0 && (
            <tr>
              <td class="table-empty" colSpan={columns.length + (bulk ? 1 : 0)}>{empty}</td>
            </tr>
          )}
          {list.data.map((row) => {
            const id = rowKey(row);
            return (
              <tr key={id}>
                {bulk && (
                  <td data-label={t("programme.table.select")}>
                    <input
                      type="checkbox"
                      class="check-input"
                      name="ids"
                      value={String(id)}
                      id={`row-${id}`}
                      aria-label={t("programme.table.selectRow", { label: rowLabel(row) })}
                    />
                  </td>
                )}
                {columns.map((c, i) =>
                  c.rowHeader
                    ? <th key={i} scope="row" class={align(c)} data-label={c.header}>{c.cell(row)}</th>
                    : <td key={i} class={align(c)} data-label={c.header}>{c.cell(row)}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
  return (
    <div class="data-table-block">
      <div class="data-table-head">
        <p class="list-total">
          {t("programme.table.total", { total: `${list.estimated ? "~" : ""}${list.total.toLocaleString("en-US")}` })}
        </p>
        {csvHref && (
          <a class={cx("button button-secondary button-sm")} href={csvHref} download>{t("programme.table.csv")}</a>
        )}
      </div>
      {bulk
        ? (
          <form method="post" action={bulk.action} class="data-table-form">
            <CsrfField state={{ csrfToken: bulk.csrfToken }} />
            {table}
            <fieldset class="data-table-bulk">
              <legend class="visually-hidden">{t("programme.table.actions")}</legend>
              {bulk.controls}
            </fieldset>
          </form>
        )
        : table}
      <Pagination t={t} current_page={list.current_page} last_page={list.last_page} baseHref={baseHref} query={query} />
    </div>
  );
}
