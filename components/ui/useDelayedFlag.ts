// SPEC §9 "minimum display delay of a fetch 200 ms": an island's loading indicator appears only when the
// work has taken SHOW_AFTER_MS, and once shown stays MIN_VISIBLE_MS so it never flickers.
import { useEffect, useRef, useState } from "preact/hooks";

export const SHOW_AFTER_MS = 200;
export const MIN_VISIBLE_MS = 500;

/** Whether the indicator of `active` work is shown now (see delayedFlagStep for the timing). */
export function useDelayedFlag(active: boolean, showAfter = SHOW_AFTER_MS, minVisible = MIN_VISIBLE_MS): boolean {
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    const step = delayedFlagStep(active, shown, Date.now() - shownAt.current, showAfter, minVisible);
    if (step.wait === null) return;
    const timer = setTimeout(() => {
      if (step.to) shownAt.current = Date.now();
      setShown(step.to);
    }, step.wait);
    return () => clearTimeout(timer);
  }, [active, shown]);
  return shown;
}

/**
 * The next change of the indicator: after `wait` ms it becomes `to`; `wait` null means nothing changes.
 * Work that starts shows after `showAfter`; work that ends hides once the indicator has been visible
 * `minVisible` (at once if it already has been).
 */
export function delayedFlagStep(
  active: boolean,
  shown: boolean,
  visibleFor: number,
  showAfter = SHOW_AFTER_MS,
  minVisible = MIN_VISIBLE_MS,
): { to: boolean; wait: number | null } {
  if (active === shown) return { to: shown, wait: null };
  if (active) return { to: true, wait: showAfter };
  return { to: false, wait: Math.max(0, minVisible - visibleFor) };
}
