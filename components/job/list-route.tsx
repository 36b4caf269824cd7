// One route shape for the four public lists of the job and share areas (/job/recruit, /job/search,
// /share/donate, /share/request; SPEC §2.5): the query read by the API's schema (a short keyword shown back),
// pages 1…N together for "load more" without JavaScript, a page header with the area's two actions, the
// filter bar, the count, the cards and the LoadMore island over the next page's link.
import type { ComponentChildren } from "preact";
import type { z } from "zod";
import { page } from "../../framework/define.ts";
import { ListState, loadMoreTexts } from "../list/mod.tsx";
import { CountLine, type Ctx, JobStyles, type ListFilters } from "./views.tsx";
import { Button } from "../ui/Button.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import LoadMore from "../../islands/LoadMore.tsx";
import { nextPageHref, pagesSoFar, parseListQuery } from "../../domain/common/list-page.ts";
import { PER_PAGE } from "../../domain/job/options.ts";
import type { Paginated } from "../../domain/common/list.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";

type Query = ListFilters & { page: number; perpage: number };
type FiltersView = (props: { state: Ctx; action: string; filters: ListFilters; error?: string }) => ComponentChildren;

export interface CardListRoute<S extends z.ZodType<Query>, Row> {
  /** The list's path without the locale, e.g. "/job/recruit". */
  path: string;
  /** The list's own schema (the API's), with `page` and `perpage`. */
  schema: S;
  load: (state: State, query: z.infer<S>) => Promise<Paginated<Row>>;
  title: MessageKey;
  lead: MessageKey;
  /** The primary action (write or register) and the sibling list. */
  primary: { path: string; label: MessageKey };
  sibling: { path: string; label: MessageKey };
  empty: MessageKey;
  filters: FiltersView;
  card: (state: Ctx, row: Row) => ComponentChildren;
}

interface ListPage<Q, Row> {
  q: Q;
  list: Paginated<Row>;
  more: boolean;
  next: string;
  keywordError?: string;
}

export function cardListRoute<S extends z.ZodType<Query>, Row>(route: CardListRoute<S, Row>) {
  const listId = `${route.path.slice(1).replace(/\//g, "-")}-list`;
  const config: RouteConfig = { access: "public" };
  const handler = define.handlers({
    async GET({ state, url }) {
      const { q, keywordError } = parseListQuery(route.schema, url);
      const window = pagesSoFar(q.page, PER_PAGE);
      const list = await route.load(state, { ...q, page: window.page, perpage: window.perPage });
      state.layout = "default";
      state.title = state.t(route.title);
      state.cacheable = true;
      return page<ListPage<z.infer<S>, Row>>({
        q,
        list,
        keywordError,
        more: list.total > q.page * PER_PAGE,
        next: nextPageHref(href(state, route.path), url, q.page),
      });
    },
  });
  const Page = define.page<typeof handler>(({ data, state }) => {
    const t = state.t;
    const Filters = route.filters;
    return (
      <>
        <JobStyles state={state} />
        <PageHeader
          t={t}
          title={t(route.title)}
          lead={t(route.lead)}
          actions={
            <>
              <Button href={href(state, route.primary.path)}>{t(route.primary.label)}</Button>{" "}
              <Button href={href(state, route.sibling.path)} variant="secondary">{t(route.sibling.label)}</Button>
            </>
          }
        />
        <Filters
          state={state}
          action={href(state, route.path)}
          filters={data.q}
          error={data.keywordError ? t(data.keywordError as MessageKey) : undefined}
        />
        <CountLine state={state} total={data.list.total} estimated={Boolean(data.list.estimated)} />
        <ListState status={data.list.data.length ? "ready" : "empty"} empty={t(route.empty)}>
          <ul class="card-grid" id={listId}>{data.list.data.map((row) => route.card(state, row))}</ul>
        </ListState>
        {data.more && (
          <p class="load-more">
            <LoadMore href={data.next} listId={listId} label={t("job.loadMore")} unavailable={loadMoreTexts(t)} />
          </p>
        )}
      </>
    );
  });
  return { config, handler, Page };
}
