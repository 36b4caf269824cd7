// Page links for the list shape { current_page, last_page } (DESIGN §3): previous/next and a window of
// numbers around the current page, the current one marked aria-current. Plain links, no JavaScript.
import type { Translate } from "../../i18n/mod.ts";

export type QueryValue = string | number | boolean | null | undefined;

export interface PaginationProps {
  t: Translate;
  current_page: number;
  last_page: number;
  /** The list's locale-prefixed path, e.g. href(state, "/board/notice"); may carry a query already. */
  baseHref: string;
  /** The query parameter holding the page number. */
  param?: string;
  /** Other query parameters to keep (search words, filters); empty values are dropped. */
  query?: Record<string, QueryValue>;
  /** How many numbers to show at most around the current page. */
  window?: number;
}

/** The link to `page`; page 1 has no page parameter so that it matches the list's plain address. */
export function pageHref(baseHref: string, page: number, param = "page", query: Record<string, QueryValue> = {}) {
  const [path, existing = ""] = baseHref.split("?", 2);
  const params = new URLSearchParams(existing);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || value === false) params.delete(key);
    else params.set(key, String(value));
  }
  params.delete(param);
  if (page > 1) params.set(param, String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The numbers to show: 1 … 4 5 [6] 7 8 … 20 (0 stands for a gap). */
export function pageWindow(current: number, last: number, size = 5): number[] {
  if (last <= size + 2) return Array.from({ length: last }, (_, i) => i + 1);
  const half = Math.floor(size / 2);
  let start = Math.max(2, current - half);
  const end = Math.min(last - 1, start + size - 1);
  start = Math.max(2, end - size + 1);
  const pages = [1];
  if (start > 2) pages.push(0);
  for (let p = start; p <= end; p++) pages.push(p);
  if (end < last - 1) pages.push(0);
  pages.push(last);
  return pages;
}

export function Pagination(
  { t, current_page, last_page, baseHref, param = "page", query = {}, window = 5 }: PaginationProps,
) {
  const last = Math.max(1, Math.floor(last_page));
  if (last <= 1) return null;
  const current = Math.min(Math.max(1, Math.floor(current_page)), last);
  const link = (page: number) => pageHref(baseHref, page, param, query);
  // Numbers far from the current page are left out on narrow screens so the list stays on one line.
  const isFar = (page: number) => page !== 1 && page !== last && Math.abs(page - current) > 1;
  return (
    <nav class="pagination" aria-label={t("common.pagination")}>
      <ul>
        <li class="pagination-prev">
          {current > 1
            ? (
              <a href={link(current - 1)} rel="prev">
                <span class="pagination-label">{t("common.previous")}</span>
              </a>
            )
            : (
              <span class="is-disabled" aria-disabled="true">
                <span class="pagination-label">{t("common.previous")}</span>
              </span>
            )}
        </li>
        {pageWindow(current, last, window).map((page, i) =>
          page === 0
            ? <li key={`gap${i}`} class="pagination-gap" aria-hidden="true">…</li>
            : (
              <li key={page} class={isFar(page) ? "pagination-far" : undefined}>
                <a
                  href={link(page)}
                  aria-label={t("common.page", { page })}
                  aria-current={page === current ? "page" : undefined}
                >
                  {page}
                </a>
              </li>
            )
        )}
        <li class="pagination-next">
          {current < last
            ? (
              <a href={link(current + 1)} rel="next">
                <span class="pagination-label">{t("common.next")}</span>
              </a>
            )
            : (
              <span class="is-disabled" aria-disabled="true">
                <span class="pagination-label">{t("common.next")}</span>
              </span>
            )}
        </li>
      </ul>
    </nav>
  );
}
