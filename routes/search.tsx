// /search (issue 13 §5): one search over posts, pages, awards, contests and market products (sources.ts),
// everything at once (the first matches of each kind with their counts) or one kind page by page; the
// keyword highlighted in titles and excerpts. A plain GET form, no script; fewer than 2 characters is 400.
import { page } from "../framework/define.ts";
import { PageHeader } from "../components/ui/PageHeader.tsx";
import { Pagination } from "../components/ui/Pagination.tsx";
import { BoardStyles } from "../components/board/views.tsx";
import { FilterBar, FilterField, ResultCount } from "../components/list/mod.tsx";
import type { Paginated } from "../domain/common/list.ts";
import { searchEverything, type SearchGroup, searchKind, SiteSearchQuery } from "../domain/search/search.ts";
import { SEARCH_KINDS, type SearchHit } from "../domain/search/sources.ts";
import { siteIdOf } from "../domain/board/web.ts";
import { pageUrlOf } from "../domain/award/api.ts";
import { formatDate } from "../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../state.ts";

export const config: RouteConfig = { access: "public" };

interface SearchPage {
  q: string;
  kind: string;
  error?: string;
  groups: SearchGroup[] | null;
  list: Paginated<SearchHit> | null;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    state.layout = "sub";
    state.title = state.t("board.search.title");
    const parsed = SiteSearchQuery.safeParse(Object.fromEntries(url.searchParams));
    const raw = (url.searchParams.get("q") ?? "").slice(0, 100);
    if (!parsed.success) {
      return page<SearchPage>({ q: raw, kind: "", error: state.t("manage.search_short"), groups: null, list: null }, {
        status: 400,
      });
    }
    const { q, kind, page: number } = parsed.data;
    if (!q) return page<SearchPage>({ q: "", kind: kind ?? "", groups: null, list: null });
    const ctx = { db: state.db, siteId: siteIdOf(state), locale: state.locale, viewer: state.viewer, now: new Date() };
    return page<SearchPage>({
      q,
      kind: kind ?? "",
      groups: kind ? null : await searchEverything(ctx, q),
      list: kind ? await searchKind(ctx, kind, q, number, pageUrlOf(url)) : null,
    });
  },
});

/** The text with every occurrence of the keyword marked (case-insensitive), as text nodes: no HTML. */
function Highlight({ text, word }: { text: string; word: string }) {
  const parts: (string | preact.JSX.Element)[] = [];
  const lower = text.toLowerCase();
  const needle = word.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); needle && at >= 0; at = lower.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function Hits({ state, hits, q }: { state: State; hits: SearchHit[]; q: string }) {
  return (
    <ul class="comment-list">
      {hits.map((h) => (
        <li key={`${h.kind}-${h.id}`} class="search-hit">
          <h3>
            <a href={href(state, h.path)}>
              <Highlight text={h.title} word={q} />
            </a>
          </h3>
          <p>
            <Highlight text={h.excerpt} word={q} />
          </p>
          {h.date && <p class="board-muted">{formatDate(h.date, state.locale)}</p>}
        </li>
      ))}
    </ul>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const base = href(state, "/search");
  const kindLabel = (k: string) => t(`board.search.kinds.${k as "post"}`);
  const total = data.groups ? data.groups.reduce((n, g) => n + g.total, 0) : data.list?.total ?? 0;
  const estimated = data.groups ? data.groups.some((g) => g.estimated) : Boolean(data.list?.estimated);
  return (
    <>
      <BoardStyles state={state} />
      <PageHeader t={t} title={t("board.search.title")} lead={t("board.search.lead")} />
      <FilterBar action={base} label={t("board.search.title")} submitLabel={t("board.search.submit")}>
        <FilterField id="search-q" label={t("board.search.label")}>
          <input
            class="input"
            type="search"
            id="search-q"
            name="q"
            value={data.q}
            minLength={2}
            maxLength={100}
            required
            aria-invalid={data.error ? "true" : undefined}
            aria-describedby={data.error ? "search-q-error" : undefined}
          />
          {data.error && <p class="field-error" id="search-q-error">{data.error}</p>}
        </FilterField>
        <FilterField id="search-kind" label={t("board.search.kind")}>
          <select class="select" id="search-kind" name="kind">
            <option value="">{t("board.search.allKinds")}</option>
            {SEARCH_KINDS.map((k) => <option key={k} value={k} selected={k === data.kind}>{kindLabel(k)}</option>)}
          </select>
        </FilterField>
      </FilterBar>
      {!data.q && !data.error && <p class="board-muted">{t("board.search.prompt")}</p>}
      {data.q && !data.error && (
        <ResultCount
          text={total
            ? t(estimated ? "board.search.resultsAbout" : "board.search.results", { q: data.q, total })
            : t("board.search.empty", { q: data.q })}
        />
      )}
      {data.groups?.filter((g) => g.total > 0).map((g) => (
        <section key={g.kind} aria-labelledby={`search-${g.kind}`}>
          <h2 id={`search-${g.kind}`}>
            {kindLabel(g.kind)}{" "}
            <span class="board-muted">
              ({g.estimated ? t("board.search.aboutCount", { total: g.total }) : g.total})
            </span>
          </h2>
          <Hits state={state} hits={g.data} q={data.q} />
          {g.total > g.data.length && (
            <p>
              <a href={`${base}?${new URLSearchParams({ q: data.q, kind: g.kind })}`}>
                {t("common.more")}: {kindLabel(g.kind)}
              </a>
            </p>
          )}
        </section>
      ))}
      {data.list && (
        <>
          <Hits state={state} hits={data.list.data} q={data.q} />
          <Pagination
            t={t}
            current_page={data.list.current_page}
            last_page={data.list.last_page}
            baseHref={base}
            query={{ q: data.q, kind: data.kind }}
          />
        </>
      )}
    </>
  );
});
