// The area's three wizards on the shell (components/wizard): the step progress, the step's heading and its
// plain form (multipart when it carries a file; an upload refusal shown with its rule's figures), the refusal
// of a member who may not use it, and the completion. `fields(step)` renders a step's fields; `done` the
// completion's content.
import type { ComponentChildren } from "preact";
import { Alert } from "../ui/Alert.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { WizardForm, WizardSteps } from "../wizard/mod.ts";
import type { WizardPage } from "../../domain/job/wizard-web.ts";
import { href, type State } from "../../state.ts";
import type { FilePurpose } from "../../domain/file/rules.ts";
import { uploadTranslator } from "../file/messages.ts";
import { JobStyles } from "./views.tsx";

export interface WizardScreenProps {
  state: State;
  data: WizardPage;
  title: string;
  crumb: { label: string; href: string };
  steps: string[];
  /** The wizard's own path (the forms post there). */
  path: string;
  /** The region the island swaps (its id). */
  regionId: string;
  /** The steps that carry a file, with its upload purpose (their forms are multipart). */
  uploads: Partial<Record<number, FilePurpose>>;
  fields: (step: number, data: Record<string, unknown>) => ComponentChildren;
  /** The label of the last step's button (it stores). */
  storeLabel: string;
  /** The completion's content, with the stored record's page. */
  done: (view: string) => ComponentChildren;
  children?: ComponentChildren;
}

export function WizardScreen(props: WizardScreenProps) {
  const { state, data, title, steps } = props;
  const t = state.t;
  const header = (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={title}
        crumbs={[{ label: props.crumb.label, href: props.crumb.href }, { label: title }]}
      />
    </>
  );
  if (data.kind === "refusal") {
    return (
      <>
        {header}
        <Alert kind="error">{data.message}</Alert>
      </>
    );
  }
  if (data.kind === "done") {
    return (
      <>
        {header}
        <WizardSteps
          label={t("job.wizard.steps")}
          steps={steps}
          current={steps.length}
          currentText={t("job.wizard.current")}
        />
        {props.done(data.view ?? "")}
      </>
    );
  }
  const { step, errors } = data;
  const purpose = props.uploads[step];
  // The summary of errors names an upload refusal's figures as the field does.
  const formState = purpose ? { ...state, t: uploadTranslator(t, purpose) } : state;
  return (
    <>
      {header}
      <div id={props.regionId}>
        <WizardSteps label={t("job.wizard.steps")} steps={steps} current={step} currentText={t("job.wizard.current")} />
        <h2>{steps[step - 1]}</h2>
        <WizardForm
          state={formState}
          action={href(state, props.path)}
          step={step}
          multipart={purpose !== undefined}
          errors={errors}
          back={step > 1}
          backLabel={t("job.wizard.back")}
          nextLabel={step === steps.length ? props.storeLabel : t("job.wizard.next")}
          id={`${props.regionId}-form`}
        >
          {props.fields(step, data.data)}
        </WizardForm>
      </div>
      {props.children}
    </>
  );
}
