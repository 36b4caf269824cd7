// /job/recruit/register (SPEC §2.5 job employer registration: company info, recruitment info, completion):
// only company members post jobs (SPEC §6, §8 job.company_only). Each step is a plain form posting here
// (works without JavaScript) and kept in the server draft (kind job_employ); step 3 shows what will be posted
// and posts it; `?done={id}` is the completion. The island checks each step first and swaps steps in place.
import { CompanyFields, PositionFields, PostingSummaryFields } from "../../../components/job/steps.tsx";
import { WizardScreen } from "../../../components/job/WizardScreen.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { postingRow } from "../../../domain/job/postings.ts";
import { wizardHandlers } from "../../../domain/job/wizard-web.ts";
import { EMPLOYER_WIZARD } from "../../../domain/job/wizards.ts";
import JobWizard from "../../../islands/JobWizard.tsx";
import { wizardMessages } from "../../../components/job/messages.ts";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const PATH = "/job/recruit/register";

export const handler = define.handlers(wizardHandlers({
  spec: EMPLOYER_WIZARD,
  path: PATH,
  async view(state, id) {
    const row = await postingRow(state.db, id);
    return row && row.companyId === state.viewer.id ? `/job/recruit/${id}` : null;
  },
}));

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  state.title = t("job.wizard.employerTitle");
  const steps = [1, 2, 3].map((n) => t(`job.wizard.employerSteps.${n}` as "job.wizard.employerSteps.1"));
  return (
    <WizardScreen
      state={state}
      data={data}
      title={t("job.wizard.employerTitle")}
      crumb={{ label: t("job.recruitTitle"), href: href(state, "/job/recruit") }}
      steps={steps}
      path={PATH}
      regionId="job-employer-wizard"
      uploads={{ 1: "job_logo" }}
      storeLabel={t("job.wizard.submit")}
      fields={(step, values) =>
        step === 1
          ? <CompanyFields state={state} data={values} errors={data.kind === "step" ? data.errors : undefined} />
          : step === 2
          ? <PositionFields state={state} data={values} errors={data.kind === "step" ? data.errors : undefined} />
          : (
            <>
              <p>{t("job.wizard.confirm")}</p>
              <PostingSummaryFields state={state} data={values} />
            </>
          )}
      done={(view) => (
        <>
          <Alert kind="success">{t("job.wizard.donePosting")}</Alert>
          <p class="actions">
            <Button href={view}>{t("job.wizard.viewPosting")}</Button>{" "}
            <Button href={href(state, "/mypage/job?type=recruit")} variant="secondary">{t("job.wizard.myPage")}</Button>
          </p>
        </>
      )}
    >
      <JobWizard
        regionId="job-employer-wizard"
        wizard="employer"
        messages={wizardMessages(t)}
        saved={t("job.wizard.saved")}
        working={t("common.working")}
      />
    </WizardScreen>
  );
});
