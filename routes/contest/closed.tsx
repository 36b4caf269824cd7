// /contest/closed (the menu's "past contests"): approved contests whose entries have closed — being judged or
// completed — the latest closing first, 8 a page with page links. No script.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { ContestCard } from "../../components/contest/views.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import { type ContestSummary, listContests } from "../../domain/contest/public.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

const Query = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

export const handler = define.handlers({
  async GET({ state, url }) {
    const { page: pageNo } = parseQuery(Query, url);
    const list = await listContests(
      state.db,
      { orderby: "close_at", ordertype: "desc", lang: state.locale, page: pageNo, perPage: 8, closed: true },
      state.locale,
      new Date(),
      state.config.usdKrwRate,
      String,
    );
    state.layout = "default";
    state.title = state.t("contest.closed");
    state.cacheable = true;
    return page<Paginated<ContestSummary>>(list);
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  return (
    <>
      <PageHeader
        t={t}
        title={t("contest.closed")}
        crumbs={[{ label: t("contest.title"), href: href(state, "/contest") }, { label: t("contest.closed") }]}
      />
      {data.data.length
        ? (
          <ul class="card-grid">
            {data.data.map((c) => <ContestCard key={c.id} state={state} contest={c} headingLevel={2} />)}
          </ul>
        )
        : <p>{t("contest.none")}</p>}
      <Pagination
        t={t}
        current_page={data.current_page}
        last_page={data.last_page}
        baseHref={href(state, "/contest/closed")}
      />
    </>
  );
});
