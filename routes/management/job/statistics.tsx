// /management/job/statistics (issue 19 §5): postings by status (as visitors see them) and by occupation,
// recruiting postings by region (the 17), resumes by status and applications by result, as server-drawn
// SVG charts each with its data table (components/chart/BarChart.tsx). No script.
import { page } from "../../../framework/define.ts";
import { BarChart } from "../../../components/chart/BarChart.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { codeLabel } from "../../../components/job/views.tsx";
import { type JobStatistics, jobStatistics } from "../../../domain/job/manage.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("job.manage.statistics");
    return page<JobStatistics>(await jobStatistics(state.db, new Date()));
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const k = (key: string) => t(key as MessageKey);
  const count = t("job.manage.count");
  return (
    <>
      <ManageHeader state={state} title={t("job.manage.statistics")} />
      <BarChart
        state={state}
        id="job-status"
        title={t("job.manage.byStatus")}
        valueHeader={count}
        items={data.postingsByStatus.map((r) => ({ label: k(`job.status.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="job-region"
        title={t("job.manage.byRegion")}
        valueHeader={count}
        items={data.recruitingByRegion.map((r) => ({ label: codeLabel(t, "region", r.key), value: r.n }))}
      />
      <BarChart
        state={state}
        id="job-occupation"
        title={t("job.manage.byOccupation")}
        valueHeader={count}
        items={data.postingsByOccupation.map((r) => ({ label: codeLabel(t, "occupation", r.key), value: r.n }))}
      />
      <BarChart
        state={state}
        id="job-resumes"
        title={t("job.manage.resumesByStatus")}
        valueHeader={count}
        items={data.resumesByStatus.map((r) => ({ label: k(`job.resumeStatus.${r.key}`), value: r.n }))}
      />
      <BarChart
        state={state}
        id="job-applications"
        title={t("job.manage.applicationsByStatus")}
        valueHeader={count}
        items={data.applicationsByStatus.map((r) => ({ label: k(`job.applicationStatus.${r.key}`), value: r.n }))}
      />
    </>
  );
});
