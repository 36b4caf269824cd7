// /management/contest (SPEC §2.2): every contest, newest first, filtered by approval, 20 a page, with its
// host, status, schedule and entries; each links to its screen (decision, entries, winners, settlement).
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { errorMessage } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { StatusBadge } from "../../../components/contest/views.tsx";
import { Pagination } from "../../../components/ui/Pagination.tsx";
import { Table } from "../../../components/ui/Table.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { decideContests, listManagedContests, type ManagedContest } from "../../../domain/contest/manage.ts";
import { CONTEST_APPROVALS, type ContestApproval } from "../../../domain/contest/options.ts";
import { contestStatus } from "../../../domain/contest/rules.ts";
import { SearchKeyword } from "../../../domain/common/search.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { formatDate } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Query = z.object({
  approval: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CONTEST_APPROVALS).optional()),
  q: SearchKeyword,
  sort: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["id", "close_at"]).default("id")),
  page: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1)),
});

interface ListPage {
  list: Paginated<ManagedContest>;
  approval?: ContestApproval;
  q?: string;
  sort: "id" | "close_at";
  error?: string;
}

const BulkInput = z.object({
  ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1, "contest.none_selected").max(100),
  ),
});

async function render(state: State, url: URL, failure?: { status: number; message: string }) {
  const q = parseQuery(Query, url);
  state.title = state.t("contest.manage.title");
  const list = await listManagedContests(state.db, { approval: q.approval, q: q.q, sort: q.sort }, q.page, 20, String);
  return page<ListPage>({ list, approval: q.approval, q: q.q, sort: q.sort, error: failure?.message }, {
    status: failure?.status ?? 200,
  });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return render(state, url);
  },
  /** The bulk approval of the contests checked in the list, all or nothing (decideContests). */
  async POST({ req, state, url }) {
    const { body } = await readBody(req, 16 * 1024);
    try {
      if (body._action !== "approve") throw new HttpError(400, "error.400");
      const { ids } = parseOrThrow(BulkInput, body);
      await decideContests(state.db, state.config, state.viewer, ids, { action: "approve" });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      const fields = err.details?.fields as Record<string, string[]> | undefined;
      const key = fields ? Object.values(fields)[0]?.[0] ?? err.key : err.key;
      return render(state, url, { status: err.status, message: errorMessage(key, err.status, state.t) });
    }
    const res = redirect(href(state, `/management/contest${url.search}`));
    res.headers.append("set-cookie", flashCookie("contest.manage.approved", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const now = new Date();
  const base = href(state, "/management/contest");
  return (
    <>
      <ManageHeader
        state={state}
        title={t("contest.manage.title")}
        actions={
          <Button href={href(state, "/management/contest/external")} variant="secondary">
            {t("contest.external.manageTitle")}
          </Button>
        }
      />
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
        <label for="filter-sort">{t("contest.manage.sort")}</label>{" "}
        <select id="filter-sort" name="sort">
          <option value="id" selected={data.sort === "id"}>{t("contest.manage.sortNewest")}</option>
          <option value="close_at" selected={data.sort === "close_at"}>{t("contest.manage.sortClose")}</option>
        </select>{" "}
        <button type="submit" class="button button-secondary button-sm">{t("common.search")}</button>
      </form>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {/* The bulk action's checkboxes belong to this form (form="contest-bulk"); the table stays outside it. */}
      <form method="post" id="contest-bulk" class="bulk-actions">
        <CsrfField state={state} />
        <button type="submit" name="_action" value="approve" class="button button-secondary button-sm">
          {t("contest.manage.approveSelected")}
        </button>
      </form>
      <Table
        caption={t("contest.manage.title")}
        captionHidden
        rows={data.list.data}
        rowKey={(r) => r.contest.id}
        empty={t("contest.none")}
        stack
        columns={[
          {
            header: t("contest.manage.select"),
            cell: (r) =>
              r.contest.approval === "pending"
                ? (
                  <input
                    type="checkbox"
                    name="ids"
                    value={String(r.contest.id)}
                    form="contest-bulk"
                    aria-label={`${t("contest.manage.select")}: ${r.contest.title}`}
                  />
                )
                : "",
          },
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
        query={{ approval: data.approval, q: data.q, sort: data.sort === "id" ? undefined : data.sort }}
      />
    </>
  );
});
