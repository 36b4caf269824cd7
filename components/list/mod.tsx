// The public list kit (boards and galleries first; contests, market and jobs reuse it): a filter bar that
// is a plain GET form, the result count announced politely, the SPEC list states (loading, empty, error),
// and a "load more" link that works without JavaScript as `?after=<cursor>` (the server renders the next
// batch; keep the earlier ones with `shown`) and that an island already on the page may take over to
// append (it carries `data-load-more` and the id of the list it extends). Texts come translated from the
// caller, so the kit has no dictionary of its own.
import type { ComponentChildren } from "preact";
import { cx } from "../ui/cx.tsx";

/** The list kit's stylesheet (the site's CSP allows no inline styles). */
export function ListStyles({ url }: { url: (path: string) => string }) {
  return <link rel="stylesheet" href={url("/css/list.css")} />;
}

export interface FilterBarProps {
  /** The list's own address (locale prefix included); the form GETs it. */
  action: string;
  /** Names the form for assistive technology ("Search posts"). */
  label: string;
  submitLabel: string;
  /** A link back to the unfiltered list, shown when `active`. */
  reset?: { href: string; label: string };
  active?: boolean;
  /** Query parameters to keep (e.g. a tab), as hidden fields. */
  keep?: Record<string, string | number | undefined>;
  children: ComponentChildren;
  id?: string;
}

/** A GET form over the list: fields beside each other, a submit button, a reset link. */
export function FilterBar({ action, label, submitLabel, reset, active, keep = {}, children, id }: FilterBarProps) {
  return (
    <form class="list-filter" method="get" action={action} role="search" aria-label={label} id={id}>
      {Object.entries(keep).map(([name, value]) =>
        value === undefined || value === "" ? null : <input key={name} type="hidden" name={name} value={value} />
      )}
      <div class="list-filter-fields">{children}</div>
      <div class="list-filter-actions">
        <button type="submit" class="button button-primary">{submitLabel}</button>
        {active && reset && <a class="button button-ghost" href={reset.href}>{reset.label}</a>}
      </div>
    </form>
  );
}

/** One labelled control of a filter bar (label above, control below; ids are the caller's). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ComponentChildren }) {
  return (
    <div class="list-filter-field">
      <label class="field-label" for={id}>{label}</label>
      {children}
    </div>
  );
}

/** "N results" (or "about N"), a polite live region so an island's update is announced too. */
export function ResultCount({ text, id }: { text: string; id?: string }) {
  return <p class="list-count" role="status" id={id}>{text}</p>;
}

export type ListStatus = "ready" | "loading" | "empty" | "error";

/**
 * The list's state around its items: a spinner text while an island loads, the empty message, or an
 * error with a retry link (a plain link to the same list: works without JavaScript).
 */
export function ListState(
  { status, empty, error, loading, retry, children }: {
    status: ListStatus;
    empty: string;
    error?: string;
    loading?: string;
    retry?: { href: string; label: string };
    children?: ComponentChildren;
  },
) {
  if (status === "empty") return <p class="list-empty">{empty}</p>;
  if (status === "error") {
    return (
      <div class="list-error" role="alert">
        <p>{error}</p>
        {retry && <a href={retry.href}>{retry.label}</a>}
      </div>
    );
  }
  return (
    <div class={cx("list-items", status === "loading" && "is-loading")} aria-busy={status === "loading"}>
      {children}
      {status === "loading" && loading && <p class="list-loading">{loading}</p>}
    </div>
  );
}

/**
 * The link to the next batch: `?after=<cursor>` plus the other query parameters, or nothing when
 * `next` is null. `list` is the id of the element the batch extends (for an island that appends).
 */
export function LoadMoreLink(
  { href, next, label, list, query = {} }: {
    href: string;
    next: number | null;
    label: string;
    list: string;
    query?: Record<string, string | number | undefined>;
  },
) {
  if (next === null) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== "" && k !== "after") params.set(k, String(v));
  }
  params.set("after", String(next));
  return (
    <p class="list-more">
      <a class="button button-secondary" href={`${href}?${params}`} rel="next" data-load-more={list}>{label}</a>
    </p>
  );
}

/** The texts of the load-more island's quiet failure (islands/LoadMore.tsx), from the common dictionary. */
export function loadMoreTexts(t: (key: "common.listUnavailable" | "common.retry" | "common.working") => string) {
  return { message: t("common.listUnavailable"), retry: t("common.retry"), loading: t("common.working") };
}
