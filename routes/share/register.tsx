// /share/register (SPEC §2.5 talent share registration: type, details, completion): members offer talent
// (a donation) or ask for help (a request). Step 1 the type, step 2 the details (what, when, how often, for
// whom, where, photos, the number of applications to accept), step 3 shows it and stores it inactive; the
// owner publishes it from its page.
import { ShareDetailsFields, ShareSummaryFields, ShareTypeFields } from "../../components/job/steps.tsx";
import { WizardScreen } from "../../components/job/WizardScreen.tsx";
import { wizardMessages } from "../../components/job/messages.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { eq } from "drizzle-orm";
import { shares } from "../../db/schema/job.ts";
import { wizardHandlers } from "../../domain/job/wizard-web.ts";
import { SHARE_WIZARD } from "../../domain/job/wizards.ts";
import JobWizard from "../../islands/JobWizard.tsx";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const PATH = "/share/register";

export const handler = define.handlers(wizardHandlers({
  spec: SHARE_WIZARD,
  path: PATH,
  async view(state, id) {
    const [row] = await state.db.select({ type: shares.type, userId: shares.userId }).from(shares)
      .where(eq(shares.id, id));
    return row && row.userId === state.viewer.id ? `/share/${row.type}/${id}` : null;
  },
}));

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  state.title = t("job.share.wizard.title");
  const steps = [1, 2, 3].map((n) => t(`job.share.wizard.steps.${n}` as "job.share.wizard.steps.1"));
  const errors = data.kind === "step" ? data.errors : undefined;
  return (
    <WizardScreen
      state={state}
      data={data}
      title={t("job.share.wizard.title")}
      crumb={{ label: t("job.share.title"), href: href(state, "/share/donate") }}
      steps={steps}
      path={PATH}
      regionId="share-wizard"
      uploads={{ 2: "share_image" }}
      storeLabel={t("job.wizard.submit")}
      fields={(step, values) =>
        step === 1
          ? <ShareTypeFields state={state} data={values} errors={errors} />
          : step === 2
          ? <ShareDetailsFields state={state} data={values} errors={errors} />
          : (
            <>
              <p>{t("job.wizard.confirm")}</p>
              <ShareSummaryFields state={state} data={values} />
            </>
          )}
      done={(view) => (
        <>
          <Alert kind="success">{t("job.share.wizard.done")}</Alert>
          <p class="actions">
            <Button href={view}>{t("job.share.wizard.view")}</Button>{" "}
            <Button href={href(state, "/mypage/share")} variant="secondary">{t("job.wizard.myPage")}</Button>
          </p>
        </>
      )}
    >
      <JobWizard
        regionId="share-wizard"
        wizard="share"
        messages={wizardMessages(t)}
        saved={t("job.wizard.saved")}
        working={t("common.working")}
      />
    </WizardScreen>
  );
});
