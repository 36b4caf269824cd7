// /mypage/job (SPEC §2.5 my page: job): `?type=resume` (default) the member's resume with its status switch
// (looking ⇄ completed, SPEC §4), `recruit` the company's postings, `apply` the member's applications (an
// undecided one may be withdrawn), `applicants` the applicants of the company's postings (decided on the
// posting's page). Every action is a plain form posting here; no script.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { ApplicantTable } from "../../components/job/applicants.tsx";
import { codeLabel, Facts } from "../../components/job/views.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { Paginated } from "../../domain/common/list.ts";
import { type ApplicantJson, cancelApplication, type MyApplicationJson } from "../../domain/job/applications.ts";
import { DashboardQuery, JOB_DASHBOARDS, type JobDashboard, jobDashboard } from "../../domain/job/mine.ts";
import type { PostingSummary } from "../../domain/job/postings.ts";
import type { ResumeDetail } from "../../domain/job/resumes.ts";
import { setResumeStatus } from "../../domain/job/resumes.ts";
import { doneAnswer, formProblem, jsonRefusal } from "../../domain/job/web.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { readBody } from "../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";
import { Tabs } from "../../components/ui/Tabs.tsx";

export const config: RouteConfig = { access: "signed-in" };

const Query = DashboardQuery.extend({
  type: z.preprocess((v) => (v === "" ? undefined : v), z.enum(JOB_DASHBOARDS).optional()).transform((v) =>
    v ?? "resume"
  ),
});

type MyJobPage =
  & { type: JobDashboard; problem?: { status: number; message: string } }
  & (
    | { type: "resume"; resume: ResumeDetail | null }
    | { type: "recruit"; list: Paginated<PostingSummary & { application_count: number }> }
    | { type: "apply"; list: Paginated<MyApplicationJson> }
    | { type: "applicants"; list: Paginated<ApplicantJson> }
  );

async function load(state: State, url: URL): Promise<MyJobPage> {
  const q = parseQuery(Query, url);
  const answer = await jobDashboard(state.db, state.viewer, q.type, q, state.locale, new Date(), String);
  if (q.type === "resume") return { type: "resume", resume: (answer as { data: ResumeDetail | null }).data };
  return { type: q.type, list: answer } as MyJobPage;
}

const Action = z.discriminatedUnion("_action", [
  z.object({ _action: z.literal("resume"), status: z.enum(["looking", "completed"]) }),
  z.object({ _action: z.literal("withdraw"), application: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("job.mypage.title");
    return page<MyJobPage>(await load(state, url), { headers: { "cache-control": "no-store" } });
  },

  async POST({ req, state, url }) {
    requireSignedIn(state.viewer);
    const { body, isForm } = await readBody(req, 16 * 1024);
    const base = href(state, "/mypage/job");
    try {
      const action = parseOrThrow(Action, body);
      if (action._action === "resume") {
        const row = await setResumeStatus(state.db, state.viewer, action.status, new Date());
        return doneAnswer(state, isForm, base, "job.mypage.statusChanged", { status: row.status });
      }
      const row = await cancelApplication(state.db, state.viewer, action.application);
      return doneAnswer(state, isForm, `${base}?type=apply`, "job.mypage.statusChanged", { status: row.status });
    } catch (err) {
      if (!isForm) return jsonRefusal(state, err);
      const problem = formProblem(state, err);
      state.layout = "authenticated";
      state.title = state.t("job.mypage.title");
      return page<MyJobPage>({ ...(await load(state, url)), problem }, {
        status: problem.status,
        headers: { "cache-control": "no-store" },
      });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const base = href(state, "/mypage/job");
  const k = (key: string) => t(key as MessageKey);
  const day = (iso: string) => formatDate(iso, state.locale);
  return (
    <>
      <MemberStyles state={state} />
      <Tabs
        label={t("job.mypage.title")}
        tabs={JOB_DASHBOARDS.map((type) => ({
          key: type,
          href: type === "resume" ? base : `${base}?type=${type}`,
          label: k(`job.mypage.${type}`),
          current: data.type === type,
        }))}
      />
      {data.problem && <Alert kind="error">{data.problem.message}</Alert>}
      {state.flash && <Alert kind="success">{k(state.flash)}</Alert>}
      {data.type === "resume" && (
        data.resume
          ? (
            <section aria-labelledby="my-resume">
              <h2 id="my-resume">
                <a href={href(state, `/job/search/${data.resume.id}`)}>{data.resume.title}</a>
              </h2>
              <Facts
                rows={[
                  [t("job.labels.status"), t(`job.resumeStatus.${data.resume.status}`)],
                  [t("job.labels.desiredOccupation"), codeLabel(t, "occupation", data.resume.occupation)],
                  [t("job.labels.desiredRegion"), codeLabel(t, "region", data.resume.region)],
                ]}
              />
              <form method="post" action={base} class="actions">
                <CsrfField state={state} />
                <input type="hidden" name="_action" value="resume" />
                {data.resume.status === "looking"
                  ? (
                    <button type="submit" class="button button-secondary" name="status" value="completed">
                      {t("job.mypage.setCompleted")}
                    </button>
                  )
                  : (
                    <button type="submit" class="button button-primary" name="status" value="looking">
                      {t("job.mypage.setLooking")}
                    </button>
                  )} <Button href={href(state, "/job/search/register")} variant="ghost">{t("job.writeResume")}</Button>
              </form>
            </section>
          )
          : (
            <p>
              {t("job.mypage.noResume")} <a href={href(state, "/job/search/register")}>{t("job.writeResume")}</a>
            </p>
          )
      )}
      {data.type === "recruit" && (
        <Table
          caption={t("job.mypage.recruit")}
          rows={data.list.data}
          rowKey={(p) => p.id}
          empty={t("job.mypage.none")}
          stack
          columns={[
            {
              header: t("job.labels.title"),
              rowHeader: true,
              align: "start",
              cell: (p) => <a href={href(state, `/job/recruit/${p.id}`)}>{p.title}</a>,
            },
            { header: t("job.labels.status"), cell: (p) => t(`job.status.${p.status}`) },
            { header: t("job.labels.closeOn"), cell: (p) => day(p.close_on) },
            { header: t("job.labels.applications"), cell: (p) => p.application_count },
          ]}
        />
      )}
      {data.type === "apply" && (
        <Table
          caption={t("job.mypage.apply")}
          rows={data.list.data}
          rowKey={(a) => a.id}
          empty={t("job.mypage.none")}
          stack
          columns={[
            {
              header: t("job.labels.posting"),
              rowHeader: true,
              align: "start",
              cell: (a) => <a href={href(state, `/job/recruit/${a.posting_id}`)}>{a.posting_title}</a>,
            },
            { header: t("job.labels.company"), cell: (a) => a.company },
            { header: t("job.labels.appliedAt"), cell: (a) => day(a.created_at) },
            { header: t("job.labels.status"), cell: (a) => t(`job.applicationStatus.${a.status}`) },
            {
              header: t("job.mypage.cancelApplication"),
              cell: (a) =>
                a.status === "applied"
                  ? (
                    <form method="post" action={base}>
                      <CsrfField state={state} />
                      <input type="hidden" name="_action" value="withdraw" />
                      <button
                        type="submit"
                        class="button button-secondary button-sm"
                        name="application"
                        value={String(a.id)}
                        aria-label={`${t("job.mypage.cancelApplication")}: ${a.posting_title}`}
                      >
                        {t("job.mypage.cancelApplication")}
                      </button>
                    </form>
                  )
                  : "—",
            },
          ]}
        />
      )}
      {data.type === "applicants" && <ApplicantTable state={state} list={data.list} decide showPosting />}
      {data.type !== "resume" && (
        <Pagination
          t={t}
          current_page={data.list.current_page}
          last_page={data.list.last_page}
          baseHref={base}
          query={{ type: data.type }}
        />
      )}
    </>
  );
});
