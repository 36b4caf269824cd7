// /management/share/statistics (issue 19 §5): donations and requests by status, shares by region (the 17)
// and applications by result, as server-drawn SVG charts each with its data table
// (components/chart/BarChart.tsx). No script.
import { page } from "../../../framework/define.ts";
import { BarChart } from "../../../components/chart/BarChart.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { codeLabel } from "../../../components/job/views.tsx";
import { type ShareStatistics, shareStatistics } from "../../../domain/job/manage.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("job.share.manage.statistics");
    return page<ShareStatistics>(await shareStatistics(state.db));
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const k = (key: string) => t(key as MessageKey);
  const count = t("job.manage.count");
  return (
    <>
      <ManageHeader state={state} title={t("job.share.manage.statistics")} />
      <BarChart
        state={state}
        id="share-donate"
        title={`${t("job.share.type.donate")} · ${t("job.share.manage.byStatus")}`}
        valueHeader={count}
        items={data.donateByStatus.map((r) => ({ label: k(`job.share.status.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="share-request"
        title={`${t("job.share.type.request")} · ${t("job.share.manage.byStatus")}`}
        valueHeader={count}
        items={data.requestByStatus.map((r) => ({ label: k(`job.share.status.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="share-region"
        title={t("job.share.manage.byRegion")}
        valueHeader={count}
        items={data.byRegion.map((r) => ({ label: codeLabel(t, "region", r.key), value: r.n }))}
      />
      <BarChart
        state={state}
        id="share-applications"
        title={t("job.share.manage.applicationsByStatus")}
        valueHeader={count}
        items={data.applicationsByStatus.map((r) => ({ label: k(`job.applicationStatus.${r.key}`), value: r.n }))}
      />
    </>
  );
});
