// Data tables: a caption (visually hidden if the page already says what the table is), columns defined
// once, an empty-state row, and a scrollable area on narrow screens. `stack` turns rows into cards on
// mobile, each cell labelled by its column header.
import type { ComponentChildren } from "preact";
import { cx } from "./cx.tsx";

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ComponentChildren;
  /** The row's header cell (e.g. the title column) is rendered as <th scope="row">. */
  rowHeader?: boolean;
  /** Cells are centred (Korean list style); use "start" for titles and text, "end" for amounts. */
  align?: "start" | "center" | "end";
  /** Hide on mobile (≤ 720 px) when the table is stacked. */
  hideOnMobile?: boolean;
  class?: string;
}

export interface TableProps<T> {
  caption: string;
  captionHidden?: boolean;
  columns: Column<T>[];
  rows: T[];
  /** Shown in one row when `rows` is empty (e.g. t("common.noItems")). */
  empty?: string;
  rowKey?: (row: T, index: number) => string | number;
  stack?: boolean;
  class?: string;
}

export function Table<T>(
  { caption, captionHidden, columns, rows, empty, rowKey, stack, class: extra }: TableProps<T>,
) {
  const cellClass = (c: Column<T>) =>
    cx(c.align && c.align !== "center" && `align-${c.align}`, c.hideOnMobile && "hide-mobile", c.class) ||
    undefined;
  return (
    // Focusable so a keyboard can scroll a wide table; a named group, not a landmark: a table usually sits
    // in a section titled as its caption, and two landmarks of one name cannot be told apart.
    <div class="table-wrap" role="group" aria-label={caption} tabIndex={0}>
      <table class={cx("table", stack && "table-stack", extra)}>
        <caption class={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => <th key={i} scope="col" class={cellClass(c)}>{c.header}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty && (
            <tr>
              <td class="table-empty" colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {rows.map((row, r) => (
            <tr key={rowKey ? rowKey(row, r) : r}>
              {columns.map((c, i) =>
                c.rowHeader
                  ? <th key={i} scope="row" class={cellClass(c)} data-label={c.header}>{c.cell(row, r)}</th>
                  : <td key={i} class={cellClass(c)} data-label={c.header}>{c.cell(row, r)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
