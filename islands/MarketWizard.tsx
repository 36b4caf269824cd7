// The market registration wizard's island (issue 18 §3): the wizard shell's enhancement
// (components/wizard/enhance.ts) with the server's own step schemas (domain/market/schema.ts). A file chosen
// in a file input counts for its id field before it is sent (the server checks the file itself). The plain
// forms of /market/register stay the source of truth.
import { useEffect, useState } from "preact/hooks";
import { enhanceWizard } from "../components/wizard/enhance.ts";
import { MARKET_STEPS, PRODUCT_FILES } from "../domain/market/schema.ts";

export interface MarketWizardProps {
  regionId: string;
  /** Translated messages of the schema's keys (market.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
}

function chosenFiles(form: HTMLFormElement, fields: Record<string, unknown>) {
  for (const [field, spec] of Object.entries(PRODUCT_FILES)) {
    const input = form.querySelector<HTMLInputElement>(`input[type=file][name="${spec.input}"]`);
    const count = input?.files?.length ?? 0;
    if (!count) continue;
    // Placeholder ids: the schema counts them; the server stores the files and puts the real ids.
    const placeholders = Array.from({ length: count }, (_, i) => 2_000_000_000 + i);
    fields[field] = spec.many ? [...[fields[field] ?? []].flat(), ...placeholders] : placeholders[0];
  }
}

export default function MarketWizard({ regionId, messages, saved }: MarketWizardProps) {
  const [status, setStatus] = useState("");
  useEffect(
    () =>
      enhanceWizard({
        regionId,
        steps: MARKET_STEPS,
        messages,
        saved,
        onSaved: setStatus,
        listFields: ["image_ids"],
        prepare: chosenFiles,
      }),
    [regionId],
  );
  return <p class="visually-hidden" aria-live="polite" role="status">{status}</p>;
}
