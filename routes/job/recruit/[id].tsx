// /job/recruit/{id} (SPEC §2.5, §3 Job employ): one posting — the company, the position, the conditions and
// how to apply. An individual member with a resume applies here (SPEC §6); the posting's company (and
// administrators) close or cancel it (never back to recruiting, SPEC §4) and accept or decline its
// applicants, whose resumes they may read while it recruits. Every action is a plain form (POST here,
// `_action` apply | status | accept | decline); a script's call (Accept: application/json) gets JSON.
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { codeLabel, day, Facts, JobStyles, payText } from "../../../components/job/views.tsx";
import { ApplicantTable } from "../../../components/job/applicants.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { Textarea } from "../../../components/ui/FormField.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { IdParam } from "../../../domain/award/queries.ts";
import {
  type ApplicantJson,
  applicantsOf,
  applicationOf,
  applyToPosting,
  decideApplication,
} from "../../../domain/job/applications.ts";
import { POSTING_STATUSES } from "../../../domain/job/options.ts";
import { changePostingStatus, detailOf, type PostingDetail, visiblePosting } from "../../../domain/job/postings.ts";
import { ownResume } from "../../../domain/job/resumes.ts";
import { ApplyBody } from "../../../domain/job/schema.ts";
import { OWNER_POSTING_ACTIONS, postingMachine, seoulDay } from "../../../domain/job/status.ts";
import { doneAnswer, formProblem, jsonRefusal } from "../../../domain/job/web.ts";
import { canApplyToJobs, canManagePosting, isSignedIn } from "../../../domain/member/permissions.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: { GET: "public", POST: "signed-in" } };

interface PostingPage {
  posting: PostingDetail;
  manages: boolean;
  canApply: boolean;
  hasResume: boolean;
  mine: { status: string } | null;
  applicants: Paginated<ApplicantJson> | null;
  problem?: { status: number; message: string };
}

async function load(state: State, id: number): Promise<PostingPage> {
  const row = await visiblePosting(state.db, state.viewer, id);
  const posting = detailOf(row, state.locale, seoulDay(new Date()));
  const manages = canManagePosting(state.viewer, row);
  const mine = await applicationOf(state.db, state.viewer, id);
  return {
    posting,
    manages,
    canApply: isSignedIn(state.viewer) && canApplyToJobs(state.viewer) && !manages,
    hasResume: isSignedIn(state.viewer) && Boolean(await ownResume(state.db, state.viewer)),
    mine: mine ? { status: mine.status } : null,
    applicants: manages
      ? await applicantsOf(state.db, state.viewer, { postingId: id }, 1, 100, state.locale, String)
      : null,
  };
}

function prepare(state: State, data: PostingPage) {
  state.layout = "default";
  state.title = data.posting.title;
}

const Action = z.discriminatedUnion("_action", [
  z.object({ _action: z.literal("apply"), message: z.string().max(2000).optional() }),
  z.object({ _action: z.literal("status"), status: z.enum(POSTING_STATUSES) }),
  z.object({ _action: z.enum(["accept", "decline"]), application: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const data = await load(state, id);
    prepare(state, data);
    // Anonymous visitors all get the same page; a member's shows their own application.
    state.cacheable = !isSignedIn(state.viewer);
    return page<PostingPage>(data);
  },

  async POST({ req, state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { body, isForm } = await readBody(req, 64 * 1024);
    const self = href(state, `/job/recruit/${id}`);
    try {
      const action = parseOrThrow(Action, body);
      const now = new Date();
      if (action._action === "apply") {
        const { message } = parseOrThrow(ApplyBody, body);
        const row = await applyToPosting(state.db, state.config, state.viewer, id, message, now);
        return doneAnswer(state, isForm, self, "job.detail.applied", { id: row.id, status: row.status });
      }
      if (action._action === "status") {
        const row = await changePostingStatus(state.db, state.viewer, id, action.status, now);
        return doneAnswer(state, isForm, self, "job.detail.changed", { id: row.id, status: row.status });
      }
      const posting = await visiblePosting(state.db, state.viewer, id);
      if (!canManagePosting(state.viewer, posting)) throw new HttpError(403, "error.403");
      const row = await decideApplication(
        state.db,
        state.config,
        state.viewer,
        action.application,
        action._action,
        now,
      );
      if (row.postingId !== id) throw new HttpError(404, "job.application_not_found");
      return doneAnswer(state, isForm, self, "job.detail.decided", { id: row.id, status: row.status });
    } catch (err) {
      if (!isForm) return jsonRefusal(state, err);
      const problem = formProblem(state, err);
      const data = { ...(await load(state, id)), problem };
      prepare(state, data);
      return page<PostingPage>(data, { status: problem.status, headers: { "cache-control": "no-store" } });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const p = data.posting;
  const self = href(state, `/job/recruit/${p.id}`);
  const k = (key: string) => t(key as MessageKey);
  return (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={p.title}
        eyebrow={`${p.company} · ${t(`job.status.${p.status}`)}`}
        crumbs={[{ label: t("job.recruitTitle"), href: href(state, "/job/recruit") }, { label: p.title }]}
      />
      {data.problem && <Alert kind="error">{data.problem.message}</Alert>}
      {state.flash && <Alert kind="success">{k(state.flash)}</Alert>}
      {p.logo && <img class="job-logo" src={p.logo} alt={`${p.company} ${t("job.labels.logo")}`} width="160" />}
      <section aria-labelledby="job-company">
        <h2 id="job-company">{t("job.detail.company")}</h2>
        <Facts
          rows={[
            [t("job.labels.company"), p.company],
            [t("job.labels.companyType"), codeLabel(t, "company_type", p.company_type)],
            [t("job.labels.workerNum"), codeLabel(t, "worker_num", p.worker_num)],
            [t("job.labels.contact"), p.contact],
          ]}
        />
      </section>
      <section aria-labelledby="job-position">
        <h2 id="job-position">{t("job.detail.position")}</h2>
        <Facts
          rows={[
            [t("job.labels.occupation"), codeLabel(t, "occupation", p.occupation)],
            [t("job.labels.duties"), <p key="duties" class="pre-line">{p.duties}</p>],
            [t("job.labels.region"), codeLabel(t, "region", p.region)],
            [t("job.labels.education"), codeLabel(t, "education", p.education)],
            [t("job.labels.career"), codeLabel(t, "career", p.career)],
            [t("job.labels.hireCount"), String(p.hire_count)],
            [t("job.labels.preferences"), p.preferences],
          ]}
        />
      </section>
      <section aria-labelledby="job-conditions">
        <h2 id="job-conditions">{t("job.detail.conditions")}</h2>
        <Facts
          rows={[
            [t("job.labels.salary"), payText(state, p.salary, p.salary_type)],
            [t("job.labels.employType"), codeLabel(t, "employ_type", p.employ_type)],
            [t("job.labels.holidayType"), codeLabel(t, "holiday_type", p.holiday_type)],
            [t("job.labels.workHour"), codeLabel(t, "work_hour", p.work_hour)],
            [t("job.labels.welfare"), p.welfare],
            [t("job.labels.severance"), p.severance ? "✓" : "—"],
            [t("job.labels.insurance"), p.insurance.map((i) => codeLabel(t, "insurance", i)).join(", ")],
          ]}
        />
      </section>
      <section aria-labelledby="job-apply">
        <h2 id="job-apply">{t("job.detail.howToApply")}</h2>
        <Facts
          rows={[
            [t("job.labels.applyMethod"), codeLabel(t, "apply_method", p.apply_method)],
            [t("job.labels.papers"), p.papers],
            [t("job.labels.closeOn"), day(state, p.close_on)],
            [t("job.labels.status"), t(`job.status.${p.status}`)],
          ]}
        />
        {data.mine && (
          <p>{t("job.detail.yourApplication", { status: k(`job.applicationStatus.${data.mine.status}`) })}</p>
        )}
        {!isSignedIn(state.viewer) && p.status === "recruiting" && (
          <p>
            <a href={href(state, `/login?redirect=${encodeURIComponent(self)}`)}>{t("job.detail.signInToApply")}</a>
          </p>
        )}
        {data.canApply && !data.mine && p.status === "recruiting" && (
          data.hasResume
            ? (
              <form method="post" action={self} class="stack">
                <CsrfField state={state} />
                <input type="hidden" name="_action" value="apply" />
                <p class="field-hint">{t("job.detail.applyLead")}</p>
                <Textarea name="message" label={t("job.labels.message")} rows={3} maxLength={2000} />
                <button type="submit" class="button button-primary">{t("job.detail.apply")}</button>
              </form>
            )
            : <Button href={href(state, "/job/search/register")}>{t("job.writeResume")}</Button>
        )}
      </section>
      {data.manages && (
        <section aria-labelledby="job-manage">
          <h2 id="job-manage">{t("job.detail.applicants")}</h2>
          {OWNER_POSTING_ACTIONS.some((a) => postingMachine.can(a, p.status)) && (
            <form method="post" action={self} class="actions">
              <CsrfField state={state} />
              <input type="hidden" name="_action" value="status" />
              <button type="submit" class="button button-secondary" name="status" value="done">
                {t("job.detail.close")}
              </button>{" "}
              <button type="submit" class="button button-ghost" name="status" value="cancelled">
                {t("job.detail.cancel")}
              </button>
            </form>
          )}
          {data.applicants && (
            <ApplicantTable state={state} list={data.applicants} action={self} decide={p.status === "recruiting"} />
          )}
        </section>
      )}
    </>
  );
});
