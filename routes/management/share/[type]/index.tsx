// /management/share/donate and /management/share/request (SPEC §2.2 share; issue 19 §5): one type's shares
// in the management-table kit — status filter, keyword, sorting by newest, period or applications — each
// opening /management/share/{type}/{id}. No script.
import { page } from "../../../../framework/define.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { DataTable, StatusKeywordFilters } from "../../../../components/management/DataTable.tsx";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { codeLabel, manageFilterLabels } from "../../../../components/job/views.tsx";
import type { Paginated } from "../../../../domain/common/list.ts";
import { parseSort, type Sort } from "../../../../domain/common/table.ts";
import { type ManagedShare, managedShares, SHARE_SORTS, ShareManageQuery } from "../../../../domain/job/manage.ts";
import { DONATE_STATUSES, REQUEST_STATUSES, SHARE_TYPES, type ShareType } from "../../../../domain/job/options.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface SharesPage {
  type: ShareType;
  list: Paginated<ManagedShare>;
  status?: string;
  q?: string;
  sort: Sort<typeof SHARE_SORTS[number]>;
}

export const handler = define.handlers({
  async GET({ state, url, params }) {
    const type = params.type as ShareType;
    if (!SHARE_TYPES.includes(type)) throw new HttpError(404, "error.404");
    const q = parseQuery(ShareManageQuery, url);
    const sort = parseSort(url, SHARE_SORTS, { key: "id", dir: "desc" });
    state.title = state.t(type === "donate" ? "job.share.donateTitle" : "job.share.requestTitle");
    const list = await managedShares(state.db, type, q, sort, 20, String);
    return page<SharesPage>({ type, list, status: q.status, q: q.q, sort });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, `/management/share/${data.type}`);
  const title = t(data.type === "donate" ? "job.share.donateTitle" : "job.share.requestTitle");
  const statuses = data.type === "donate" ? DONATE_STATUSES : REQUEST_STATUSES;
  return (
    <>
      <ManageHeader state={state} title={title} trail={[{ label: t("job.share.manage.title") }]} />
      <StatusKeywordFilters
        t={t}
        action={base}
        status={data.status}
        q={data.q}
        keep={{ sort: data.sort.key, dir: data.sort.dir }}
        labels={manageFilterLabels(t)}
        options={statuses.map((s) => ({ value: s, label: t(`job.share.status.${s}`) }))}
      />
      <DataTable
        t={t}
        caption={title}
        list={data.list}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.talent}
        empty={t("job.share.none")}
        baseHref={base}
        query={{ status: data.status, q: data.q, sort: data.sort.key, dir: data.sort.dir }}
        sort={data.sort}
        columns={[
          { header: "#", sort: "id", cell: (r) => r.id },
          {
            header: t("job.share.labels.talent"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={href(state, `/management/share/${r.type}/${r.id}`)}>{r.talent}</a>,
          },
          { header: t("job.share.labels.owner"), cell: (r) => r.owner },
          { header: t("job.share.labels.region"), cell: (r) => codeLabel(t, "region", r.region) },
          { header: t("job.share.labels.status"), cell: (r) => t(`job.share.status.${r.status}` as MessageKey) },
          {
            header: t("job.share.labels.period"),
            sort: "period",
            cell: (r) => `${formatDate(r.period_from, state.locale)} – ${formatDate(r.period_to, state.locale)}`,
          },
          {
            header: t("job.share.labels.approvedNumber"),
            sort: "applications",
            cell: (r) => `${r.accepted} / ${r.approved} (${r.applications})`,
          },
        ]}
      />
    </>
  );
});
