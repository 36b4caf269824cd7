// /contest/awards: past winners of contests whose results are public (the page of GET /api/contest/awards),
// 8 a page with page links. No script.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { MoneyText } from "../../components/contest/views.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { type PastWinner, pastWinners } from "../../domain/contest/public.ts";
import type { Paginated } from "../../domain/common/list.ts";
import { parseQuery } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

const Query = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

export const handler = define.handlers({
  async GET({ state, url }) {
    const { page: pageNo } = parseQuery(Query, url);
    const list = await pastWinners(state.db, pageNo, 8, state.locale, new Date(), state.config.usdKrwRate, String);
    state.layout = "default";
    state.title = state.t("contest.pastWinners");
    state.cacheable = true;
    return page<Paginated<PastWinner>>(list);
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  return (
    <>
      <PageHeader
        t={t}
        title={t("contest.pastWinners")}
        crumbs={[{ label: t("contest.title"), href: href(state, "/contest") }, { label: t("contest.pastWinners") }]}
      />
      {data.data.length
        ? (
          <ul class="card-grid">
            {data.data.map((w) => (
              <li class="card" key={w.entry_id}>
                <p class="card-eyebrow">{w.rank ? t(`contest.ranks.${w.rank}` as "contest.ranks.grand") : ""}</p>
                <h2 class="card-title">{w.title}</h2>
                <p class="card-text">{w.designer}</p>
                <p class="card-meta">
                  <a href={href(state, `/contest/${w.contest_id}`)}>{w.contest_title}</a>
                  {w.prize && (
                    <>
                      {" "}· <MoneyText state={state} money={w.prize} />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )
        : <p>{t("contest.no_results")}</p>}
      <Pagination
        t={t}
        current_page={data.current_page}
        last_page={data.last_page}
        baseHref={href(state, "/contest/awards")}
      />
    </>
  );
});
