// /management/contest (SPEC §2.2): every contest, newest first, filtered by approval, 20 a page, with its
// host, status, schedule and entries; each links to its screen (decision, entries, winners, settlement).
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { StatusBadge } from "../../../components/contest/views.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { listManagedContests, type ManagedContest } from "../../../domain/contest/manage.ts";
import { CONTEST_APPROVALS, type ContestApproval } from "../../../domain/contest/options.ts";
import { contestStatus } from "../../../domain/contest/rules.ts";
import { SearchKeyword } from "../../../domain/common/search.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Query = z.object({
  approval: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CONTEST_APPROVALS).optional()),
  q: SearchKeyword,
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

interface ListPage {
  list: Paginated<ManagedContest>;
  approval?: ContestApproval;
  q?: string;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(Query, url);
    state.title = state.t("contest.manage.title");
    const list = await listManagedContests(state.db, { approval: q.approval, q: q.q }, q.page, 20, String);
    return page<ListPage>({ list, approval: q.approval, q: q.q });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const now = new Date();
  const base = href(state, "/management/contest");
  return (
    <>
      <ManageHeader state={state} title={t("contest.manage.title")} />
      <form method="get" action={base} class="filters">
        <label for="filter-approval">{t("contest.manage.filterApproval")}</label>{" "}
        <select id="filter-approval" name="approval">
          <option value="">{t("contest.manage.all")}</option>
          {CONTEST_APPROVALS.map((a) => (
            <option key={a} value={a} selected={a === data.approval}>{t(`contest.approval.${a}`)}</option>
          ))}
        </select>{" "}
        <label for="filter-q">{t("common.search")}</label>{" "}
        <input id="filter-q" name="q" type="search" minLength={2} maxLength={100} value={data.q ?? ""} />{" "}
        <button type="submit" class="button button-secondary button-sm">{t("common.search")}</button>
      </form>
      <Table
        caption={t("contest.manage.title")}
        captionHidden
        rows={data.list.data}
        rowKey={(r) => r.contest.id}
        empty={t("contest.none")}
        stack
        columns={[
          { header: "ID", cell: (r) => r.contest.id },
          {
            header: t("contest.labels.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={`${base}/${r.contest.id}`}>{r.contest.title}</a>,
          },
          { header: t("contest.manage.host"), cell: (r) => `${r.host.name} (${r.host.username})` },
          { header: t("contest.manage.filterApproval"), cell: (r) => t(`contest.approval.${r.contest.approval}`) },
          {
            header: t("contest.labels.status"),
            cell: (r) => <StatusBadge state={state} status={contestStatus(r.contest, now)} />,
          },
          {
            header: t("contest.labels.schedule"),
            hideOnMobile: true,
            class: "nowrap",
            cell: (r) =>
              `${formatDate(r.contest.openAt, state.locale)} ~ ${formatDate(r.contest.closeAt, state.locale)}`,
          },
          { header: t("contest.labels.entryCount"), cell: (r) => r.entries },
        ]}
      />
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={base}
        query={{ approval: data.approval, q: data.q }}
      />
    </>
  );
});
