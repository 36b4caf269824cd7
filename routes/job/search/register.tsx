// /job/search/register (SPEC §2.5 job seeker registration, 2 steps): only individual members write resumes
// (SPEC §6, §8 job.individual_only). Step 1 the basics (with a photo), step 2 the introduction, portfolio
// address (http or https only, SPEC §5) and desired pay; step 2 stores the resume. The member's stored resume
// opens as the draft when there is none, so this is also where it is changed.
import { ResumeAboutFields, ResumeBasicsFields } from "../../../components/job/steps.tsx";
import { WizardScreen } from "../../../components/job/WizardScreen.tsx";
import { wizardMessages } from "../../../components/job/messages.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { ownResume } from "../../../domain/job/resumes.ts";
import { wizardHandlers } from "../../../domain/job/wizard-web.ts";
import { resumeAsDraft, SEEKER_WIZARD } from "../../../domain/job/wizards.ts";
import JobWizard from "../../../islands/JobWizard.tsx";
import { define, href, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const PATH = "/job/search/register";

export const handler = define.handlers(
  wizardHandlers({
    spec: SEEKER_WIZARD,
    path: PATH,
    open: (state) => resumeAsDraft(state.db, state.viewer),
    async view(state, id) {
      const own = await ownResume(state.db, state.viewer);
      return own?.id === id ? `/job/search/${id}` : null;
    },
  }),
);

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  state.title = t("job.wizard.seekerTitle");
  const steps = [1, 2].map((n) => t(`job.wizard.seekerSteps.${n}` as "job.wizard.seekerSteps.1"));
  const errors = data.kind === "step" ? data.errors : undefined;
  return (
    <WizardScreen
      state={state}
      data={data}
      title={t("job.wizard.seekerTitle")}
      crumb={{ label: t("job.searchTitle"), href: href(state, "/job/search") }}
      steps={steps}
      path={PATH}
      regionId="job-seeker-wizard"
      uploads={{ 1: "resume_photo" }}
      storeLabel={t("job.wizard.submit")}
      fields={(step, values) =>
        step === 1
          ? <ResumeBasicsFields state={state} data={values} errors={errors} />
          : <ResumeAboutFields state={state} data={values} errors={errors} />}
      done={(view) => (
        <>
          <Alert kind="success">{t("job.wizard.doneResume")}</Alert>
          <p class="actions">
            <Button href={view}>{t("job.detail.viewResume")}</Button>{" "}
            <Button href={href(state, "/job/recruit")} variant="secondary">{t("job.recruitTitle")}</Button>
          </p>
        </>
      )}
    >
      <JobWizard
        regionId="job-seeker-wizard"
        wizard="seeker"
        messages={wizardMessages(t)}
        saved={t("job.wizard.saved")}
        working={t("common.working")}
      />
    </WizardScreen>
  );
});
