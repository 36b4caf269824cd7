// /management/job/wanted (SPEC §2.2 job wanted; issue 19 §5): every job posting in the management-table kit —
// status filter (as visitors see it: recruiting past its close date is done), keyword, sorting by newest,
// close date or applicants — and the bulk close or cancel of the checked postings that still recruit
// (through the posting machine: a done or cancelled posting never moves again). No script.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { DataTable, StatusKeywordFilters } from "../../../components/management/DataTable.tsx";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { codeLabel, manageFilterLabels } from "../../../components/job/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { BulkIds, parseSort, type Sort } from "../../../domain/common/table.ts";
import { errorMessage } from "../../../domain/errors.ts";
import {
  bulkPostings,
  type ManagedPosting,
  managedPostings,
  POSTING_SORTS,
  PostingManageQuery,
} from "../../../domain/job/manage.ts";
import { POSTING_STATUSES } from "../../../domain/job/options.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseQuery } from "../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface WantedPage {
  list: Paginated<ManagedPosting>;
  status?: string;
  q?: string;
  sort: Sort<typeof POSTING_SORTS[number]>;
  error?: string;
}

async function render(state: State, url: URL, failure?: { status: number; message: string }) {
  const q = parseQuery(PostingManageQuery, url);
  const sort = parseSort(url, POSTING_SORTS, { key: "id", dir: "desc" });
  state.title = state.t("job.manage.wanted");
  const list = await managedPostings(state.db, q, sort, 20, new Date(), String);
  return page<WantedPage>({ list, status: q.status, q: q.q, sort, error: failure?.message }, {
    status: failure?.status ?? 200,
  });
}

export const handler = define.handlers({
  GET: ({ state, url }) => render(state, url),
  async POST({ req, state, url }) {
    const { body } = await readBody(req, 16 * 1024);
    let done = 0;
    try {
      if (body._action !== "close" && body._action !== "cancel") throw new HttpError(400, "error.400");
      const ids = BulkIds.safeParse(body.ids);
      if (!ids.success) throw new HttpError(422, "programme.table.none");
      done = await bulkPostings(state.db, ids.data, body._action, new Date());
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      return render(state, url, { status: err.status, message: errorMessage(err.key, err.status, state.t) });
    }
    const res = redirect(href(state, `/management/job/wanted${url.search}`));
    res.headers.append("set-cookie", flashCookie(done ? "job.mypage.statusChanged" : "job.wrong_status", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/management/job/wanted");
  const query = { status: data.status, q: data.q, sort: data.sort.key, dir: data.sort.dir };
  return (
    <>
      <ManageHeader state={state} title={t("job.manage.wanted")} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {state.flash && <Alert kind="info">{t(state.flash as MessageKey)}</Alert>}
      <StatusKeywordFilters
        t={t}
        action={base}
        status={data.status}
        q={data.q}
        keep={{ sort: data.sort.key, dir: data.sort.dir }}
        labels={manageFilterLabels(t)}
        options={POSTING_STATUSES.map((s) => ({ value: s, label: t(`job.status.${s}`) }))}
      />
      <DataTable
        t={t}
        caption={t("job.manage.wanted")}
        list={data.list}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.title}
        empty={t("job.noPostings")}
        baseHref={base}
        query={query}
        sort={data.sort}
        columns={[
          { header: "#", sort: "id", cell: (r) => r.id },
          {
            header: t("job.labels.title"),
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={href(state, `/job/recruit/${r.id}`)}>{r.title}</a>,
          },
          { header: t("job.labels.company"), cell: (r) => r.company },
          { header: t("job.labels.region"), cell: (r) => codeLabel(t, "region", r.region) },
          { header: t("job.labels.occupation"), cell: (r) => codeLabel(t, "occupation", r.occupation) },
          { header: t("job.labels.status"), cell: (r) => t(`job.status.${r.status}` as MessageKey) },
          { header: t("job.labels.closeOn"), sort: "close_on", cell: (r) => formatDate(r.close_on, state.locale) },
          { header: t("job.labels.applications"), sort: "applications", align: "end", cell: (r) => r.applications },
        ]}
        bulk={{
          action: `${base}${
            data.q || data.status
              ? `?${new URLSearchParams({
                ...(data.q ? { q: data.q } : {}),
                ...(data.status ? { status: data.status } : {}),
              })}`
              : ""
          }`,
          csrfToken: state.csrfToken,
          controls: (
            <>
              <button type="submit" class="button button-secondary" name="_action" value="close">
                {t("job.manage.bulkClose")}
              </button>{" "}
              <button type="submit" class="button button-ghost" name="_action" value="cancel">
                {t("job.manage.bulkCancel")}
              </button>
            </>
          ),
        }}
      />
    </>
  );
});
