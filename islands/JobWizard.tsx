// The island of the area's three wizards (issue 19 §3): the wizard shell's enhancement
// (components/wizard/enhance.ts) with the server's own step schemas (domain/job/schema.ts). A file chosen in
// a file input counts for its id field before it is sent (the server checks the file itself). The plain
// forms stay the source of truth.
import { useEffect, useState } from "preact/hooks";
import { enhanceWizard } from "../components/wizard/enhance.ts";
import { POSTING_STEPS, RESUME_STEPS, SHARE_STEPS } from "../domain/job/schema.ts";

const WIZARDS = {
  employer: { steps: POSTING_STEPS, files: { logo_id: { input: "logo", many: false } }, lists: ["insurance"] },
  seeker: { steps: RESUME_STEPS, files: { photo_id: { input: "photo", many: false } }, lists: [] },
  share: { steps: SHARE_STEPS, files: { image_ids: { input: "images", many: true } }, lists: ["image_ids"] },
} as const;

export interface JobWizardProps {
  regionId: string;
  wizard: keyof typeof WIZARDS;
  /** Translated messages of the schemas' keys (job.*, file.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
}

export default function JobWizard({ regionId, wizard, messages, saved }: JobWizardProps) {
  const [status, setStatus] = useState("");
  useEffect(() => {
    const spec = WIZARDS[wizard];
    return enhanceWizard({
      regionId,
      steps: spec.steps,
      messages,
      saved,
      onSaved: setStatus,
      listFields: spec.lists,
      prepare(form, fields) {
        for (const [field, file] of Object.entries(spec.files)) {
          const count = form.querySelector<HTMLInputElement>(`input[type=file][name="${file.input}"]`)?.files?.length ??
            0;
          if (!count) continue;
          // Placeholder ids: the schema counts them; the server stores the files and puts the real ids.
          const ids = Array.from({ length: count }, (_, i) => 2_000_000_000 + i);
          fields[field] = file.many ? [...[fields[field] ?? []].flat(), ...ids] : ids[0];
        }
      },
    });
  }, [regionId, wizard]);
  return <p class="visually-hidden" aria-live="polite" role="status">{status}</p>;
}
