// /management/statistics/market (SPEC §2.2): products by status for each market, purchase requests by status,
// and the sales of the last twelve months (count and amount), as server-drawn SVG charts each with its data
// table (components/chart/BarChart.tsx). No script.
import { page } from "../../../framework/define.ts";
import { BarChart } from "../../../components/chart/BarChart.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { type MarketStatistics, marketStatistics } from "../../../domain/market/stats.ts";
import { MARKET_TYPES } from "../../../domain/market/options.ts";
import { formatMoney } from "../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("market.manage.statistics");
    return page<MarketStatistics>(await marketStatistics(state.db, new Date()));
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  return (
    <>
      <ManageHeader state={state} title={t("market.manage.statistics")} />
      {MARKET_TYPES.map((type) => (
        <BarChart
          key={type}
          state={state}
          id={`market-${type}`}
          title={t("market.manage.productsByStatus", { type: t(`market.types.${type}`) })}
          valueHeader={t("market.manage.count")}
          items={data.products.filter((r) => r.type === type).map((r) => ({
            label: t(`market.status.${r.status as "waiting"}`),
            value: r.n,
          }))}
        />
      ))}
      <BarChart
        state={state}
        id="market-requests"
        title={t("market.manage.requestsByStatus")}
        valueHeader={t("market.manage.count")}
        items={data.requests.map((r) => ({ label: t(`market.requestStatus.${r.key as "requested"}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="market-sales"
        title={t("market.manage.sales")}
        valueHeader={t("market.manage.count")}
        items={data.sales.map((r) => ({ label: r.month, value: r.n }))}
      />
      <BarChart
        state={state}
        id="market-sales-amount"
        title={t("market.manage.salesAmount")}
        valueHeader={t("market.manage.amount")}
        format={(v) => formatMoney(v, state.locale)}
        items={data.sales.map((r) => ({ label: r.month, value: r.amount }))}
      />
    </>
  );
});
