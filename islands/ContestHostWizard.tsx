// The hosting wizard's island (issue 12 §3: "an island over plain forms with a server draft"): the wizard
// shell with the server's own step schemas (domain/contest/schema.ts). The plain forms of /contest/host stay
// the source of truth.
import { WizardShell } from "../components/wizard/WizardShell.tsx";
import { HOST_STEPS } from "../domain/contest/schema.ts";

export interface ContestHostWizardProps {
  /** The element holding the step progress, the step heading and the form. */
  regionId: string;
  /** Translated messages of the schema's keys (contest.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
  working: string;
}

export default function ContestHostWizard(props: ContestHostWizardProps) {
  return <WizardShell {...props} steps={HOST_STEPS} listFields={["languages"]} />;
}
