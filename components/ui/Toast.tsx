// A short message in the corner that goes away after 5 s (SPEC §9 toast duration), for islands that confirm
// what they did without reloading (a saved draft). The CSS fades it out at the same moment; with JavaScript
// it is removed and can be closed. Without JavaScript the same confirmations come as a flash message after
// the form's redirect (routes/_middleware.ts, the layout's notice).
import { useEffect, useState } from "preact/hooks";

export const TOAST_MS = 5000;

export interface ToastProps {
  message: string;
  kind?: "info" | "success" | "error";
  /** The close button's label (translated by the page), e.g. t("common.close"). */
  closeLabel?: string;
  /** Changes when the same message is confirmed again (a second save), to show it for another 5 s. */
  stamp?: number;
}

export default function Toast({ message, kind = "info", closeLabel, stamp = 0 }: ToastProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, stamp]);
  // The live region stays in the page and only its content changes: screen readers announce a region's new
  // content, not a region that arrives already filled.
  return (
    <div class="toast-region" role="status">
      {open && message && (
        <div class={`toast toast-${kind}`}>
          <p class="toast-message">{message}</p>
          {closeLabel && (
            <button
              class="toast-close"
              type="button"
              aria-label={closeLabel}
              onClick={() => setOpen(false)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
