// /job/search/{id} (SPEC §3 Resume / job seeker): one whole resume with the member's career and education
// from their profile, for whoever canReadResume allows (its owner, administrators, a company while the member
// is looking or while a recruiting posting of the company holds their application). Anyone else is told why
// (403 job.resume_hidden); visitors are sent to sign in.
import { page } from "../../../framework/define.ts";
import { codeLabel, Facts, JobStyles, payText } from "../../../components/job/views.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { IdParam } from "../../../domain/award/queries.ts";
import { readResume, type ResumeDetail } from "../../../domain/job/resumes.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const resume = await readResume(state.db, state.viewer, id, state.locale, new Date());
    state.layout = "default";
    state.title = resume.title;
    return page<ResumeDetail>(resume, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data: r, state }) => {
  const t = state.t;
  const own = r.user_id === state.viewer.id;
  return (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={r.title}
        eyebrow={`${r.name} · ${t(`job.resumeStatus.${r.status}`)}`}
        crumbs={[{ label: t("job.searchTitle"), href: href(state, "/job/search") }, { label: r.title }]}
        actions={own ? <Button href={href(state, "/job/search/register")}>{t("job.writeResume")}</Button> : undefined}
      />
      {r.photo && <img class="job-photo" src={href(state, r.photo)} alt={r.name} width="160" />}
      <Facts
        rows={[
          [t("job.labels.name"), r.name],
          [t("job.labels.gender"), codeLabel(t, "gender", r.gender)],
          [t("job.labels.desiredOccupation"), codeLabel(t, "occupation", r.occupation)],
          [t("job.labels.desiredRegion"), codeLabel(t, "region", r.region)],
          [t("job.labels.career"), codeLabel(t, "career", r.career)],
          [t("job.labels.education"), codeLabel(t, "education", r.education)],
          [t("job.labels.desiredEmployType"), codeLabel(t, "employ_type", r.employ_type)],
          [t("job.labels.desiredPay"), payText(state, r.desired_pay, r.desired_pay_type)],
          [
            t("job.labels.portfolioUrl"),
            r.portfolio_url
              ? <a key="url" href={r.portfolio_url} rel="noopener noreferrer nofollow">{r.portfolio_url}</a>
              : "",
          ],
          [t("job.labels.careerDetail"), r.career_description],
          [t("job.labels.degree"), r.degree],
          [t("manage.col.email"), r.email],
        ]}
      />
      <h2>{t("job.labels.introduction")}</h2>
      <p class="pre-line">{r.introduction}</p>
    </>
  );
});
