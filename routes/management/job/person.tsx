// /management/job/person (SPEC §2.2 job person; issue 19 §5): every resume in the management-table kit —
// status filter (looking, completed), keyword, sorting by newest or last change — each opening the whole
// resume (administrators read every resume, canReadResume). As postings have in /management/job/wanted,
// the checked resumes can be set looking or completed (through the resume machine), or removed with a
// reason when they break the rules (domain/job/manage-resumes.ts: the owner is mailed, the audit log
// keeps it). No script: the bulk form posts here and comes back with a notice.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { DataTable, StatusKeywordFilters } from "../../../components/management/DataTable.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { codeLabel, manageFilterLabels } from "../../../components/job/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Select, Textarea } from "../../../components/ui/FormField.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { parseSort, type Sort } from "../../../domain/common/table.ts";
import { errorMessage } from "../../../domain/errors.ts";
import { type ManagedResume, managedResumes, RESUME_SORTS, ResumeManageQuery } from "../../../domain/job/manage.ts";
import { parseResumeAction, removeResumes, setResumesStatus } from "../../../domain/job/manage-resumes.ts";
import { RESUME_STATUSES } from "../../../domain/job/options.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface Failure {
  status: number;
  message: string;
  fields: Record<string, string[]>;
  /** What was sent, shown again (the reason typed). */
  sent: { status?: string; reason?: string };
}

interface PersonPage {
  list: Paginated<ManagedResume>;
  status?: string;
  q?: string;
  sort: Sort<typeof RESUME_SORTS[number]>;
  failure?: Failure;
}

async function render(state: State, url: URL, failure?: Failure) {
  const q = parseQuery(ResumeManageQuery, url);
  const sort = parseSort(url, RESUME_SORTS, { key: "id", dir: "desc" });
  state.title = state.t("job.manage.person");
  const list = await managedResumes(state.db, q, sort, 20, String);
  return page<PersonPage>({ list, status: q.status, q: q.q, sort, failure }, { status: failure?.status ?? 200 });
}

export const handler = define.handlers({
  GET: ({ state, url }) => render(state, url),
  async POST({ req, state, url }) {
    const { body } = await readBody(req, 16 * 1024);
    let flash: MessageKey;
    try {
      const action = parseResumeAction(body);
      const now = new Date();
      const done = action._action === "status"
        ? await setResumesStatus(state.db, state.viewer, action.ids, action.status, now)
        : await removeResumes(state.db, state.config, state.viewer, action.ids, action.reason);
      flash = !done
        ? "job.wrong_status"
        : action._action === "status"
        ? "job.manage.resumesUpdated"
        : "job.manage.resumesRemoved";
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
      const sent = {
        status: typeof body.status === "string" ? body.status : undefined,
        reason: typeof body.reason === "string" ? body.reason : undefined,
      };
      return render(state, url, {
        status: err.status,
        message: errorMessage(err.key, err.status, state.t),
        fields,
        sent,
      });
    }
    const res = redirect(href(state, `/management/job/person${url.search}`));
    res.headers.append("set-cookie", flashCookie(flash, state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/management/job/person");
  const failure = data.failure;
  const fieldError = (name: string) => {
    const key = failure?.fields[name]?.[0];
    return key ? t(key as MessageKey) : undefined;
  };
  const kept = new URLSearchParams({
    ...(data.q ? { q: data.q } : {}),
    ...(data.status ? { status: data.status } : {}),
  });
  return (
    <>
      <ManageHeader state={state} title={t("job.manage.person")} />
      {failure && <Alert kind="error">{failure.message}</Alert>}
      {state.flash && <Alert kind="info">{t(state.flash as MessageKey)}</Alert>}
      <StatusKeywordFilters
        t={t}
        action={base}
        status={data.status}
        q={data.q}
        keep={{ sort: data.sort.key, dir: data.sort.dir }}
        labels={manageFilterLabels(t)}
        options={RESUME_STATUSES.map((s) => ({ value: s, label: t(`job.resumeStatus.${s}`) }))}
      />
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
        bulk={{
          action: `${base}${kept.size ? `?${kept}` : ""}`,
          csrfToken: state.csrfToken,
          controls: (
            <>
              <Select
                id="bulk-status"
                name="status"
                label={t("job.manage.newStatus")}
                value={failure?.sent.status ?? "completed"}
                error={fieldError("status")}
                options={RESUME_STATUSES.map((s) => ({ value: s, label: t(`job.resumeStatus.${s}`) }))}
              />
              <button type="submit" class="button button-secondary" name="_action" value="status">
                {t("job.manage.bulkStatus")}
              </button>
              <Textarea
                id="bulk-reason"
                name="reason"
                label={t("job.manage.removeReason")}
                hint={t("job.manage.removeHint")}
                rows={3}
                value={failure?.sent.reason ?? ""}
                error={fieldError("reason")}
              />
              <button type="submit" class="button button-ghost" name="_action" value="remove">
                {t("job.manage.bulkRemove")}
              </button>
            </>
          ),
        }}
      />
    </>
  );
});
