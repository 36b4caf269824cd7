// /management/statistics/contest (SPEC §2.2): contests by status and by approval, entries by design field,
// and the prize money (paid in, refunded, paid out, withheld), as server-drawn SVG charts each with its data
// table (components/chart/BarChart.tsx). No script.
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { BarChart } from "../../../components/chart/BarChart.tsx";
import { type ContestStatistics, contestStatistics } from "../../../domain/contest/stats.ts";
import { formatMoney, type MessageKey } from "../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("contest.manage.statistics");
    return page<ContestStatistics>(await contestStatistics(state.db, new Date()));
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const k = (key: string) => t(key as MessageKey);
  return (
    <>
      <ManageHeader state={state} title={t("contest.manage.statistics")} />
      <BarChart
        state={state}
        id="contest-status"
        title={t("contest.manage.byStatus")}
        valueHeader={t("contest.manage.count")}
        items={data.byStatus.map((r) => ({ label: k(`contest.status.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="contest-approval"
        title={t("contest.manage.filterApproval")}
        valueHeader={t("contest.manage.count")}
        items={data.byApproval.map((r) => ({ label: k(`contest.approval.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="contest-fields"
        title={t("contest.manage.byField")}
        valueHeader={t("contest.manage.count")}
        items={data.entriesByField.map((r) => ({ label: k(`contest.fields.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="contest-money"
        title={t("contest.manage.money")}
        valueHeader={t("contest.statement.amount")}
        format={(v) => formatMoney(v, state.locale)}
        items={data.money.map((r) => ({ label: k(`contest.manage.moneyKeys.${r.key}`), value: r.amount }))}
      />
    </>
  );
});
