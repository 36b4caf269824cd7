// /mypage/contests (SPEC §2.5 my page: contests and prizes): the contests the member hosts (approval, status,
// entries; pay an unpaid one, judge a closed one) or entered (`?type=entry`: the entry, its state, its prize
// once published; edit while open), and the contest prize money paid to them less 4.4 %. No script.
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { StatusBadge } from "../../components/contest/views.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import {
  type ContestPrize,
  type EnteredItem,
  type HostedItem,
  myContestPrizes,
  MyContestsQuery,
  myEnteredContests,
  myHostedContests,
} from "../../domain/contest/mine.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { parseQuery } from "../../domain/validation.ts";
import { formatDate, formatMoney } from "../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../state.ts";
import { Tabs } from "../../components/ui/Tabs.tsx";

export const config: RouteConfig = { access: "signed-in" };

type MyContestsPage =
  | { type: "host"; list: Paginated<HostedItem>; prizes: ContestPrize[]; payProvider: string }
  | { type: "entry"; list: Paginated<EnteredItem>; prizes: ContestPrize[]; payProvider: string };

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    const q = parseQuery(MyContestsQuery, url);
    state.layout = "authenticated";
    state.title = state.t("contest.mypage.title");
    const now = new Date();
    const prizes = await myContestPrizes(state.db, state.viewer, state.locale);
    const payProvider = state.config.payProvider;
    const data: MyContestsPage = q.type === "host"
      ? {
        type: "host",
        list: await myHostedContests(
          state.db,
          state.viewer,
          q.page,
          q.perpage,
          state.locale,
          now,
          state.config.usdKrwRate,
          String,
        ),
        prizes,
        payProvider,
      }
      : {
        type: "entry",
        list: await myEnteredContests(state.db, state.viewer, q.page, q.perpage, state.locale, now, String),
        prizes,
        payProvider,
      };
    return page<MyContestsPage>(data, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const day = (iso: string) => formatDate(iso, state.locale);
  const money = (n: number) => formatMoney(n, state.locale);
  const base = href(state, "/mypage/contests");
  return (
    <>
      <MemberStyles state={state} />
      <Tabs
        label={t("contest.mypage.title")}
        tabs={[
          { key: "host", href: base, label: t("contest.mypage.hosted"), current: data.type === "host" },
          {
            key: "entry",
            href: `${base}?type=entry`,
            label: t("contest.mypage.entered"),
            current: data.type === "entry",
          },
        ]}
      />
      {data.type === "host"
        ? (
          <Table
            caption={t("contest.mypage.hosted")}
            rows={data.list.data}
            rowKey={(c) => c.id}
            empty={t("contest.mypage.none")}
            stack
            columns={[
              { header: t("contest.labels.title"), rowHeader: true, align: "start", cell: (c) => c.title },
              {
                header: t("contest.manage.filterApproval"),
                cell: (c) => (
                  <>
                    {t(`contest.approval.${c.approval}`)}
                    {c.reject_reason && <>({c.reject_reason})</>}
                  </>
                ),
              },
              { header: t("contest.labels.status"), cell: (c) => <StatusBadge state={state} status={c.status} /> },
              { header: t("contest.labels.closeAt"), cell: (c) => day(c.close_at) },
              { header: t("contest.labels.prizeTotal"), align: "end", cell: (c) => money(c.prize_total.krw) },
              { header: t("contest.labels.entryCount"), cell: (c) => c.entry_count },
              {
                header: t("contest.hosting.judge"),
                cell: (c) =>
                  c.approval === "unpaid"
                    ? (
                      <a href={href(state, `/pay/${data.payProvider}/popup?type=contest&id=${c.id}`)}>
                        {t("contest.hosting.payLink")}
                      </a>
                    )
                    : <a href={href(state, `/contest/${c.id}/judge`)}>{t("contest.hosting.judge")}</a>,
              },
            ]}
          />
        )
        : (
          <Table
            caption={t("contest.mypage.entered")}
            rows={data.list.data}
            rowKey={(e) => e.id}
            empty={t("contest.mypage.none")}
            stack
            columns={[
              {
                header: t("contest.labels.title"),
                rowHeader: true,
                align: "start",
                cell: (e) => <a href={href(state, `/contest/${e.contest_id}`)}>{e.contest_title}</a>,
              },
              { header: t("contest.wizard.entryTitleLabel"), align: "start", cell: (e) => e.title },
              {
                header: t("contest.labels.status"),
                cell: (e) =>
                  e.status === "withdrawn"
                    ? t("contest.wizard.withdraw")
                    : <StatusBadge state={state} status={e.contest_status} />,
              },
              {
                header: t("contest.labels.rank"),
                cell: (e) => (e.rank ? t(`contest.ranks.${e.rank}`) : "—"),
              },
              {
                header: t("contest.editEntry"),
                cell: (e) =>
                  e.status === "submitted" && e.contest_status === "ongoing"
                    ? <a href={href(state, `/contest/${e.contest_id}/enter`)}>{t("contest.editEntry")}</a>
                    : "—",
              },
            ]}
          />
        )}
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={base}
        query={{ type: data.type === "entry" ? "entry" : undefined }}
      />
      <h2>{t("contest.mypage.prizes")}</h2>
      <Table
        caption={t("contest.mypage.prizes")}
        captionHidden
        rows={data.prizes}
        rowKey={(p) => p.entry_id}
        empty={t("contest.mypage.none")}
        columns={[
          { header: t("contest.labels.title"), rowHeader: true, align: "start", cell: (p) => p.contest.title },
          { header: t("contest.labels.rank"), cell: (p) => t("contest.place", { place: p.place }) },
          { header: t("contest.statement.prizeCol"), align: "end", cell: (p) => money(p.prize) },
          { header: t("contest.statement.taxCol"), align: "end", cell: (p) => money(p.tax) },
          { header: t("contest.statement.netCol"), align: "end", cell: (p) => money(p.net) },
        ]}
      />
    </>
  );
});
