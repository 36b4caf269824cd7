// "Load more" of the public card lists — contests, the two markets (SPEC §2.5, §4: page 1 replaces, later
// pages append). Without JavaScript it is a link to the next page, which shows every page so far; with it the
// next page is fetched in the background and only its new cards are appended to the list, focus moving to the
// first new card, the address updated so a reload shows the same list. When the next page cannot be fetched
// (offline, the database away: 503) the cards already shown stay and a quiet "try again" replaces the
// button (SPEC §7: lists fail silently; issue 23 §9) — no error screen.
import { useState } from "preact/hooks";
import { Busy } from "../components/ui/Busy.tsx";

export interface LoadMoreProps {
  /** The next page's address (`/contest?page=N+1`, the filters kept). */
  href: string;
  /** The id of the list the cards are appended to. */
  listId: string;
  label: string;
  /** The quiet failure (what is said, the button that tries again) and the loading text after 200 ms
   * (components/list loadMoreTexts). */
  unavailable: { message: string; retry: string; loading: string };
}

export default function LoadMore({ href, listId, label, unavailable }: LoadMoreProps) {
  const [next, setNext] = useState<string | null>(href);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onClick(event: Event) {
    const list = document.getElementById(listId);
    if (!list || !next || busy) return;
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(next, { headers: { accept: "text/html" } });
      if (!res.ok) throw new Error(String(res.status));
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const items = [...(doc.getElementById(listId)?.children ?? [])];
      const fresh = items.slice(list.children.length);
      for (const item of fresh) list.appendChild(document.importNode(item, true));
      history.replaceState(null, "", next);
      const following = doc.querySelector<HTMLAnchorElement>("a[data-load-more]")?.getAttribute("href") ?? null;
      setNext(following);
      const first = list.children[items.length - fresh.length]?.querySelector<HTMLElement>("a");
      first?.focus();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (!next) return null;
  if (failed) {
    return (
      <span class="list-unavailable" role="status">
        {unavailable.message}{" "}
        <button type="button" class="button button-ghost button-sm" onClick={onClick}>{unavailable.retry}</button>
      </span>
    );
  }
  return (
    <>
      <a
        class="button button-secondary"
        href={next}
        rel="next"
        data-load-more
        aria-busy={busy ? "true" : undefined}
        onClick={onClick}
      >
        {label}
      </a>{" "}
      <Busy active={busy} label={unavailable.loading} />
    </>
  );
}
