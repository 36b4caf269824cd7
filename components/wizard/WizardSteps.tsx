// The wizard shell's step progress (DESIGN §6, lifted for every wizard: contests, market, jobs …): an ordered
// list of the steps, the current one marked with aria-current="step" and a hidden "current step" word for
// screen readers, the finished ones marked done. Server-rendered; an island may render the same markup.
export interface WizardStepsProps {
  /** The list's accessible name, e.g. "Steps". */
  label: string;
  /** The step names, in order (step 1 first). */
  steps: string[];
  /** The 1-based current step. */
  current: number;
  /** Read after the current step's name by screen readers, e.g. "current step". */
  currentText?: string;
}

export function WizardSteps({ label, steps, current, currentText }: WizardStepsProps) {
  return (
    <ol class="reg-steps wizard-steps" aria-label={label}>
      {steps.map((name, i) => {
        const n = i + 1;
        return (
          <li
            key={n}
            class={`reg-step${n === current ? " is-current" : ""}${n < current ? " is-done" : ""}`}
            aria-current={n === current ? "step" : undefined}
          >
            <span class="reg-step-label">
              {name}
              {n === current && currentText && <span class="visually-hidden">({currentText})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
