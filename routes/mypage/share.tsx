// /mypage/share (SPEC §2.5 my page: share): `?type=donate` (default) and `request` the member's own
// donations and requests with their status moves (publish, pause, start, end — posted to the share's page),
// `applications` the applications to them (accept or decline there), `applied` the member's own applications
// to others' shares (an undecided one may be withdrawn here). Plain forms; no script.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { ShareApplicationTable } from "../../components/job/share-applications.tsx";
import { codeLabel } from "../../components/job/views.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import { DashboardQuery, SHARE_DASHBOARDS, type ShareDashboard, shareDashboard } from "../../domain/job/mine.ts";
import { doneAnswer, formProblem, jsonRefusal } from "../../domain/job/web.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { readBody } from "../../domain/request.ts";
import { cancelShareApplication, type ShareApplicationJson } from "../../domain/share/applications.ts";
import type { ShareSummary } from "../../domain/share/shares.ts";
import type { ShareAction } from "../../domain/share/status.ts";
import { parseOrThrow, parseQuery } from "../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";
import { Tabs } from "../../components/ui/Tabs.tsx";

export const config: RouteConfig = { access: "signed-in" };

const Query = DashboardQuery.extend({
  type: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SHARE_DASHBOARDS).optional()).transform((v) =>
    v ?? "donate"
  ),
});

type Mine = ShareSummary & { actions: ShareAction[]; application_count: number };
type MySharePage =
  & { problem?: { status: number; message: string } }
  & (
    | { type: "donate" | "request"; list: Paginated<Mine> }
    | { type: "applications" | "applied"; list: Paginated<ShareApplicationJson> }
  );

async function load(state: State, url: URL): Promise<MySharePage> {
  const q = parseQuery(Query, url);
  const list = await shareDashboard(state.db, state.viewer, q.type as ShareDashboard, q, state.locale, String);
  return { type: q.type, list } as MySharePage;
}

const Withdraw = z.object({ application: z.coerce.number().int().min(1).max(2_147_483_647) });

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("job.share.mypage.title");
    return page<MySharePage>(await load(state, url), { headers: { "cache-control": "no-store" } });
  },

  async POST({ req, state, url }) {
    requireSignedIn(state.viewer);
    const { body, isForm } = await readBody(req, 16 * 1024);
    try {
      const { application } = parseOrThrow(Withdraw, body);
      const row = await cancelShareApplication(state.db, state.viewer, application);
      return doneAnswer(state, isForm, href(state, "/mypage/share?type=applied"), "job.mypage.statusChanged", {
        status: row.status,
      });
    } catch (err) {
      if (!isForm) return jsonRefusal(state, err);
      const problem = formProblem(state, err);
      state.layout = "authenticated";
      return page<MySharePage>({ ...(await load(state, url)), problem }, {
        status: problem.status,
        headers: { "cache-control": "no-store" },
      });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/mypage/share");
  const k = (key: string) => t(key as MessageKey);
  const tabs: [ShareDashboard, string][] = [
    ["donate", t("job.share.type.donate")],
    ["request", t("job.share.type.request")],
    ["applications", t("job.share.mypage.applications")],
    ["applied", t("job.share.mypage.applied")],
  ];
  return (
    <>
      <MemberStyles state={state} />
      <Tabs
        label={t("job.share.mypage.title")}
        tabs={tabs.map(([type, label]) => ({
          key: type,
          href: type === "donate" ? base : `${base}?type=${type}`,
          label,
          current: data.type === type,
        }))}
      />
      <p>
        <Button href={href(state, "/share/register")} size="sm">{t("job.share.register")}</Button>
      </p>
      {data.problem && <Alert kind="error">{data.problem.message}</Alert>}
      {state.flash && <Alert kind="success">{k(state.flash)}</Alert>}
      {(data.type === "donate" || data.type === "request") && (
        <Table
          caption={t("job.share.mypage.mine")}
          rows={data.list.data as Mine[]}
          rowKey={(s) => s.id}
          empty={t("job.mypage.none")}
          stack
          columns={[
            {
              header: t("job.share.labels.talent"),
              rowHeader: true,
              align: "start",
              cell: (s) => <a href={href(state, `/share/${s.type}/${s.id}`)}>{s.talent}</a>,
            },
            { header: t("job.share.labels.status"), cell: (s) => t(`job.share.status.${s.status}`) },
            { header: t("job.share.labels.region"), cell: (s) => codeLabel(t, "region", s.region) },
            {
              header: t("job.share.labels.approvedNumber"),
              cell: (s) => `${s.accepted_count} / ${s.approved_number} (${s.application_count})`,
            },
            {
              header: t("job.labels.decision"),
              cell: (s) =>
                s.actions.length
                  ? (
                    <form method="post" action={href(state, `/share/${s.type}/${s.id}`)} class="actions">
                      <CsrfField state={state} />
                      <input type="hidden" name="_action" value="status" />
                      {s.actions.map((a) => (
                        <button
                          key={a}
                          type="submit"
                          class="button button-secondary button-sm"
                          name="action"
                          value={a}
                          aria-label={`${t(`job.share.actions.${a}`)}: ${s.talent}`}
                        >
                          {t(`job.share.actions.${a}`)}
                        </button>
                      ))}
                    </form>
                  )
                  : "—",
            },
          ]}
        />
      )}
      {data.type === "applications" && (
        <ShareApplicationTable state={state} list={data.list as Paginated<ShareApplicationJson>} decide showShare />
      )}
      {data.type === "applied" && (
        <Table
          caption={t("job.share.mypage.applied")}
          rows={(data.list as Paginated<ShareApplicationJson>).data}
          rowKey={(a) => a.id}
          empty={t("job.mypage.none")}
          stack
          columns={[
            {
              header: t("job.share.labels.talent"),
              rowHeader: true,
              align: "start",
              cell: (a) => <a href={href(state, `/share/${a.share_type}/${a.share_id}`)}>{a.talent}</a>,
            },
            { header: t("job.labels.appliedAt"), cell: (a) => formatDate(a.created_at, state.locale) },
            { header: t("job.share.labels.status"), cell: (a) => t(`job.applicationStatus.${a.status}`) },
            {
              header: t("job.share.mypage.cancel"),
              cell: (a) =>
                a.status === "applied"
                  ? (
                    <form method="post" action={base}>
                      <CsrfField state={state} />
                      <button
                        type="submit"
                        class="button button-secondary button-sm"
                        name="application"
                        value={String(a.id)}
                        aria-label={`${t("job.share.mypage.cancel")}: ${a.talent}`}
                      >
                        {t("job.share.mypage.cancel")}
                      </button>
                    </form>
                  )
                  : "—",
            },
          ]}
        />
      )}
      <Pagination
        t={t}
        current_page={data.list.current_page}
        last_page={data.list.last_page}
        baseHref={base}
        query={{ type: data.type }}
      />
    </>
  );
});
