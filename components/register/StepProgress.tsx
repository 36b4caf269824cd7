// The registration wizard's list of steps, marking the current one and those done.
import type { Tx } from "./state.ts";

export const STEP_TITLES = ["register.steps.type", "register.steps.info", "register.steps.done"];

export function StepProgress({ tx, step }: { tx: Tx; step: number }) {
  return (
    <ol class="reg-steps" aria-label={tx("register.steps.label")}>
      {STEP_TITLES.map((key, i) => (
        <li
          key={key}
          class={`reg-step${i + 1 === step ? " is-current" : ""}${i + 1 < step ? " is-done" : ""}`}
          aria-current={i + 1 === step ? "step" : undefined}
        >
          <span class="reg-step-label">{tx(key)}</span>
        </li>
      ))}
    </ol>
  );
}
