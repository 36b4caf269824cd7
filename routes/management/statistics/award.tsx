// /management/statistics/award and /management/statistics/ibda: one award's entries by category,
// status and entrant type, its fees, and the family's fees year by year, as server-drawn SVG charts with
// their data tables (components/chart/BarChart.tsx). `year` picks the award.
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AwardTabs } from "../../../components/management/award/AwardNav.tsx";
import { BarChart } from "../../../components/chart/BarChart.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Select } from "../../../components/ui/FormField.tsx";
import type { AwardRow } from "../../../db/schema/award.ts";
import { familyAwards, familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import { awardForYear } from "../../../domain/award/manage-entries.ts";
import {
  type AwardStatistics,
  awardStatistics,
  familyFees,
  type YearFees,
} from "../../../domain/award/manage-stats.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { formatMoney } from "../../../i18n/mod.ts";
import { define, href } from "../../../state.ts";

const Year = z.coerce.number().int().min(1000).max(9999).optional().catch(undefined);

interface StatsPage {
  family: AwardFamily;
  award: AwardRow | null;
  years: number[];
  stats: AwardStatistics | null;
  fees: YearFees[];
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const family = familyOfManagementPath(url.pathname);
    state.title = state.t(`awardAdmin.statsTitle.${family}`);
    const year = Year.parse(url.searchParams.get("year") || undefined);
    const [awards, award, fees] = await Promise.all([
      familyAwards(state.db, family),
      awardForYear(state.db, family, year),
      familyFees(state.db, family),
    ]);
    const stats = award ? await awardStatistics(state.db, award) : null;
    return page<StatsPage>({ family, award, years: awards.map((a) => a.award.year), stats, fees });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const money = (v: number) => formatMoney(v, state.locale);
  const { stats, award } = data;
  const action = href(state, `/management/statistics/${data.family}`);
  return (
    <>
      <ManageHeader state={state} title={t(`awardAdmin.statsTitle.${data.family}`)} lead={t("awardAdmin.lead.stats")} />
      <AwardTabs state={state} family={data.family} current="statistics" />
      {!award && <Alert kind="info">{t("awardAdmin.entries.noAward")}</Alert>}
      {award && stats && (
        <>
          <form method="get" action={action} class="filter-bar aw-filter aw-filter-short">
            <Select
              name="year"
              id="stats-year"
              label={t("awardAdmin.stats.award")}
              value={String(award.year)}
              options={data.years.map((y) => ({ value: String(y), label: String(y) }))}
            />
            <div class="filter-actions">
              <button type="submit" class="button button-primary">{t("common.search")}</button>
            </div>
          </form>
          <dl class="aw-kpis">
            <div>
              <dt>{t("awardAdmin.stats.total")}</dt>
              <dd>{stats.total}</dd>
            </div>
            <div>
              <dt>{t("awardAdmin.stats.feesCollected")}</dt>
              <dd>{money(stats.feesCollected)}</dd>
            </div>
            <div>
              <dt>{t("awardAdmin.stats.feesPending")}</dt>
              <dd>{money(stats.feesPending)}</dd>
            </div>
            <div>
              <dt>{t("awardAdmin.stats.cardPaid")}</dt>
              <dd>{money(stats.cardPaid)}</dd>
            </div>
            <div>
              <dt>{t("awardAdmin.stats.cardRefunded")}</dt>
              <dd>{money(stats.cardRefunded)}</dd>
            </div>
          </dl>
          <p class="hint aw-hint">{t("awardAdmin.stats.excludesCancelled")}</p>
          <div class="aw-charts">
            <BarChart
              state={state}
              id="chart-category"
              title={t("awardAdmin.stats.byCategory")}
              valueHeader={t("awardAdmin.stats.count")}
              items={stats.byCategory.map((c) => ({ label: t(`award.category.${c.key}`), value: c.count }))}
            />
            <BarChart
              state={state}
              id="chart-status"
              title={t("awardAdmin.stats.byStatus")}
              valueHeader={t("awardAdmin.stats.count")}
              items={stats.byStatus.map((s) => ({ label: t(`award.entry_status.${s.key}`), value: s.count }))}
            />
            <BarChart
              state={state}
              id="chart-exhibitor"
              title={t("awardAdmin.stats.byExhibitor")}
              valueHeader={t("awardAdmin.stats.count")}
              items={stats.byExhibitor.map((e) => ({ label: t(`award.exhibitor.${e.key}`), value: e.count }))}
            />
            <BarChart
              state={state}
              id="chart-fees"
              title={t("awardAdmin.stats.byYear")}
              valueHeader={t("awardAdmin.stats.amount")}
              format={money}
              items={data.fees.map((f) => ({ label: String(f.year), value: f.fees }))}
            />
          </div>
        </>
      )}
    </>
  );
});
