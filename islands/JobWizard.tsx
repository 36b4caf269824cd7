// The island of the area's three wizards (issue 19 §3): the wizard shell with the server's own step schemas
// (domain/job/schema.ts); a file chosen in a file input counts for its id field before it is sent (the server
// checks the file itself). The plain forms stay the source of truth.
import { WizardShell } from "../components/wizard/WizardShell.tsx";
import { countChosenFiles } from "../components/wizard/enhance.ts";
import { POSTING_STEPS, RESUME_STEPS, SHARE_STEPS } from "../domain/job/schema.ts";

const WIZARDS = {
  employer: {
    steps: POSTING_STEPS,
    prepare: countChosenFiles({ logo_id: { input: "logo", many: false } }),
    lists: ["insurance"],
  },
  seeker: { steps: RESUME_STEPS, prepare: countChosenFiles({ photo_id: { input: "photo", many: false } }), lists: [] },
  share: {
    steps: SHARE_STEPS,
    prepare: countChosenFiles({ image_ids: { input: "images", many: true } }),
    lists: ["image_ids"],
  },
} as const;

export interface JobWizardProps {
  regionId: string;
  wizard: keyof typeof WIZARDS;
  /** Translated messages of the schemas' keys (job.*, file.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
  working: string;
}

export default function JobWizard({ wizard, ...props }: JobWizardProps) {
  const spec = WIZARDS[wizard];
  return <WizardShell {...props} steps={spec.steps} listFields={spec.lists} prepare={spec.prepare} />;
}
