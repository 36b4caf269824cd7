// /contest (SPEC §2.5 contest list): the latest 4 contests of the visitor's language, then the list of all,
// 8 a page. Without JavaScript "load more" is a link to the next page that shows every page so far (page 1
// replaces, later pages append, SPEC §4); no script is sent. Below them, other organisations' contests the
// council lists (external, linking to the organiser's page).
import { pagesSoFar } from "../../domain/common/list-page.ts";
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { ContestCard, ExternalContestCard } from "../../components/contest/views.tsx";
import { currentExternal, type ListedExternal } from "../../domain/contest/external.ts";
import { Button } from "../../components/ui/Button.tsx";
import LoadMore from "../../islands/LoadMore.tsx";
import { loadMoreTexts } from "../../components/list/mod.tsx";
import { CardGrid } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { LATEST_CONTESTS } from "../../domain/contest/options.ts";
import { type ContestSummary, listContests } from "../../domain/contest/public.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

const PER_PAGE = 8;

const Query = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

interface ListPage {
  external: ListedExternal[];
  latest: ContestSummary[];
  list: ContestSummary[];
  page: number;
  more: boolean;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const { page: pageNo } = parseQuery(Query, url);
    const now = new Date();
    const rate = state.config.usdKrwRate;
    const base = { orderby: "id", ordertype: "desc", lang: state.locale } as const;
    const latest = await listContests(
      state.db,
      { ...base, page: 1, perPage: LATEST_CONTESTS },
      state.locale,
      now,
      rate,
      String,
    );
    const window = pagesSoFar(pageNo, PER_PAGE);
    const list = await listContests(state.db, { ...base, ...window }, state.locale, now, rate, String);
    state.layout = "default";
    state.title = state.t("contest.title");
    state.cacheable = true;
    return page<ListPage>({
      external: await currentExternal(state.db, now),
      latest: latest.data,
      list: list.data,
      page: pageNo,
      more: list.total > pageNo * PER_PAGE,
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <PageHeader
      t={state.t}
      title={state.t("contest.title")}
      lead={state.t("contest.lead")}
      actions={<Button href={href(state, "/contest/host")}>{state.t("contest.host")}</Button>}
    />
    <section aria-labelledby="contest-latest">
      <h2 id="contest-latest">{state.t("contest.latest")}</h2>
      {data.latest.length
        ? (
          <CardGrid>
            {data.latest.map((c) => <ContestCard key={c.id} state={state} contest={c} />)}
          </CardGrid>
        )
        : <p>{state.t("contest.none")}</p>}
    </section>
    <section aria-labelledby="contest-all">
      <h2 id="contest-all">{state.t("contest.all")}</h2>
      {data.list.length > 0 && (
        <ul class="card-grid" id="contest-all-list">
          {data.list.map((c) => <ContestCard key={c.id} state={state} contest={c} />)}
        </ul>
      )}
      {data.more && (
        <p class="load-more">
          <LoadMore
            href={href(state, `/contest?page=${data.page + 1}`)}
            listId="contest-all-list"
            label={state.t("contest.loadMore")}
            unavailable={loadMoreTexts(state.t)}
          />
        </p>
      )}
    </section>
    {data.external.length > 0 && (
      <section aria-labelledby="contest-external">
        <h2 id="contest-external">{state.t("contest.external.heading")}</h2>
        <p>{state.t("contest.external.lead")}</p>
        <ul class="card-grid">
          {data.external.map((c) => <ExternalContestCard key={c.contest.id} state={state} listed={c} />)}
        </ul>
      </section>
    )}
    <p>
      <a href={href(state, "/contest/awards")}>{state.t("contest.pastWinners")}</a>
    </p>
  </>
));
