// The hosting wizard's island (issue 12 §3: "an island over plain forms with a server draft"): the wizard
// shell's enhancement (components/wizard/enhance.ts) with the server's own step schemas
// (domain/contest/schema.ts). The plain forms of /contest/host stay the source of truth.
import { useEffect, useState } from "preact/hooks";
import { HOST_STEPS } from "../domain/contest/schema.ts";
import { enhanceWizard } from "../components/wizard/enhance.ts";

export interface ContestHostWizardProps {
  /** The element holding the step progress, the step heading and the form. */
  regionId: string;
  /** Translated messages of the schema's keys (contest.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
}

export default function ContestHostWizard({ regionId, messages, saved }: ContestHostWizardProps) {
  const [status, setStatus] = useState("");
  useEffect(
    () =>
      enhanceWizard({ regionId, steps: HOST_STEPS, messages, saved, onSaved: setStatus, listFields: ["languages"] }),
    [regionId],
  );
  return <p class="visually-hidden" aria-live="polite" role="status">{status}</p>;
}
