// The wizard shell's island part, shared by every wizard island (contest hosting, market registration, the
// job and share wizards): starts the enhancement of components/wizard/enhance.ts once and renders what it
// tells — a polite live region saying the draft was saved, and the loading indicator of a step being sent
// (Busy: after SPEC §9's 200 ms, then long enough not to flicker).
import { useEffect, useState } from "preact/hooks";
import { Busy } from "../ui/Busy.tsx";
import { enhanceWizard, type WizardEnhancement } from "./enhance.ts";

export type WizardShellProps = Omit<WizardEnhancement, "onSaved" | "onBusy"> & {
  /** The loading indicator's text, e.g. t("common.working"). */
  working: string;
};

export function WizardShell({ working, ...options }: WizardShellProps) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => enhanceWizard({ ...options, onSaved: setStatus, onBusy: setBusy }), [options.regionId]);
  return (
    <>
      <p class="visually-hidden wizard-saved" aria-live="polite" role="status">{status}</p>
      <Busy active={busy} label={working} class="wizard-busy" />
    </>
  );
}
