// The wizard shell kit: step progress and the plain-form step container, shared by every wizard.
export { WizardSteps, type WizardStepsProps } from "./WizardSteps.tsx";
export { fieldError, type FieldErrors, WizardForm, type WizardFormProps } from "./WizardForm.tsx";
// The browser half (islands import it directly: components/wizard/enhance.ts).
