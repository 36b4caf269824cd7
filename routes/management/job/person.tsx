// /management/job/person (SPEC §2.2 job person; issue 19 §5): every resume in the management-table kit —
// status filter (looking, completed), keyword, sorting by newest or last change — each opening the whole
// resume (administrators read every resume, canReadResume). No script.
import { page } from "../../../framework/define.ts";
import { DataTable, DataTableFilters } from "../../../components/management/DataTable.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { codeLabel } from "../../../components/job/views.tsx";
import { Select, TextField } from "../../../components/ui/FormField.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { parseSort, type Sort } from "../../../domain/common/table.ts";
import { type ManagedResume, managedResumes, RESUME_SORTS, ResumeManageQuery } from "../../../domain/job/manage.ts";
import { RESUME_STATUSES } from "../../../domain/job/options.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface PersonPage {
  list: Paginated<ManagedResume>;
  status?: string;
  q?: string;
  sort: Sort<typeof RESUME_SORTS[number]>;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const q = parseQuery(ResumeManageQuery, url);
    const sort = parseSort(url, RESUME_SORTS, { key: "id", dir: "desc" });
    state.title = state.t("job.manage.person");
    const list = await managedResumes(state.db, q, sort, 20, String);
    return page<PersonPage>({ list, status: q.status, q: q.q, sort });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/management/job/person");
  return (
    <>
      <ManageHeader state={state} title={t("job.manage.person")} />
      <DataTableFilters t={t} action={base} resetHref={base}>
        <Select
          name="status"
          label={t("job.manage.filterStatus")}
          value={data.status ?? ""}
          placeholder={t("job.filter.all")}
          options={RESUME_STATUSES.map((s) => ({ value: s, label: t(`job.resumeStatus.${s}`) }))}
        />
        <TextField
          name="q"
          type="search"
          label={t("job.filter.keyword")}
          minLength={2}
          maxLength={100}
          value={data.q ?? ""}
        />
      </DataTableFilters>
      <DataTable
        t={t}
        caption={t("job.manage.person")}
        list={data.list}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.title}
        empty={t("job.noResumes")}
        baseHref={base}
        query={{ status: data.status, q: data.q, sort: data.sort.key, dir: data.sort.dir }}
        sort={data.sort}
        columns={[
          { header: "#", sort: "id", cell: (r) => r.id },
          {
            header: t("job.labels.resumeTitle"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={href(state, `/job/search/${r.id}`)}>{r.title}</a>,
          },
          { header: t("job.labels.name"), cell: (r) => `${r.name} (${r.username})` },
          { header: t("job.labels.desiredRegion"), cell: (r) => codeLabel(t, "region", r.region) },
          { header: t("job.labels.desiredOccupation"), cell: (r) => codeLabel(t, "occupation", r.occupation) },
          { header: t("job.labels.status"), cell: (r) => t(`job.resumeStatus.${r.status as "looking"}`) },
          { header: t("job.labels.applications"), align: "end", cell: (r) => r.applications },
          { header: t("job.labels.createdAt"), sort: "updated", cell: (r) => formatDate(r.updated_at, state.locale) },
        ]}
      />
    </>
  );
});
