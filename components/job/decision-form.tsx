// Accept and decline of one application as a plain form (job applicants and talent-share applications):
// each button names the applicant, so a list of them reads apart to a screen reader.
import { CsrfField } from "../ui/CsrfField.tsx";
import type { State } from "../../state.ts";

export function DecisionForm(
  { state, action, application, applicant, accept, decline }: {
    state: State;
    action: string;
    application: number;
    applicant: string;
    accept: string;
    decline: string;
  },
) {
  return (
    <form method="post" action={action} class="actions">
      <CsrfField state={state} />
      <input type="hidden" name="application" value={String(application)} />
      <button
        type="submit"
        class="button button-primary button-sm"
        name="_action"
        value="accept"
        aria-label={`${accept}: ${applicant}`}
      >
        {accept}
      </button>{" "}
      <button
        type="submit"
        class="button button-secondary button-sm"
        name="_action"
        value="decline"
        aria-label={`${decline}: ${applicant}`}
      >
        {decline}
      </button>
    </form>
  );
}
