// An island's loading indicator: a live region that is always there (so screen readers announce it when
// it fills) and shows its text only after SPEC §9's 200 ms, staying long enough not to flicker.
import { cx } from "./cx.tsx";
import { useDelayedFlag } from "./useDelayedFlag.ts";

export function Busy({ active, label, class: extra }: { active: boolean; label: string; class?: string }) {
  const shown = useDelayedFlag(active);
  return (
    <span class={cx("busy", shown && "is-shown", extra)} role="status">
      {shown ? label : ""}
    </span>
  );
}
