// The wizard shell's plain-form step (DESIGN §6 "a wizard as an island over plain forms … with a server-side
// draft between steps"): a POST form carrying the CSRF token and the step number, the server's refusal as a
// summary of the fields in error, the fields of the step, and the navigation — Back (saves what is typed
// without checking it and goes one step back) and Next/Submit. Works without JavaScript; an island enhances
// the same form. The server keeps each finished step in the draft kit (domain/common/drafts.ts); leaving a
// step with typed changes not sent asks first (data-warn-unsaved).
import type { ComponentChildren } from "preact";
import { uploadTranslator } from "../file/messages.ts";
import type { FilePurpose } from "../../domain/file/rules.ts";
import type { Translate } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";
import { Alert } from "../ui/Alert.tsx";
import { Button, buttonClass } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { FormActions } from "../ui/FormField.tsx";

export type FieldErrors = Record<string, string[]>;

/** The first message of a field (or of any of its items, `reference_urls.1`), translated. */
export function fieldError(t: Translate, errors: FieldErrors | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  const key = errors[name]?.[0] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1][0];
  return key ? t(key as Parameters<Translate>[0]) : undefined;
}

export interface WizardFormProps {
  state: Pick<State, "csrfToken" | "t">;
  /** Where the form posts (the wizard's own URL). */
  action: string;
  step: number;
  /** Files go with this step. */
  multipart?: boolean;
  /** The server's field errors of the last post (message keys). */
  errors?: FieldErrors;
  /** The fields that carry files, with their upload purpose: a refusal names the rule's figures. */
  uploads?: Partial<Record<string, FilePurpose>>;
  /** A general message (a refusal, "draft saved"). */
  notice?: { kind: "info" | "success" | "error"; text: string };
  /** Offer the Back button (every step but the first). */
  back?: boolean;
  backLabel: string;
  nextLabel: string;
  id?: string;
  children: ComponentChildren;
}

export function WizardForm(props: WizardFormProps) {
  const { state, action, step, multipart, errors, uploads, notice, back, backLabel, nextLabel, id, children } = props;
  const count = errors ? Object.keys(errors).length : 0;
  const translate = (field: string) => {
    const purpose = uploads?.[field.split(".")[0]];
    return purpose ? uploadTranslator(state.t, purpose) : state.t;
  };
  return (
    <form
      id={id}
      class="wizard-form"
      method="post"
      action={action}
      enctype={multipart ? "multipart/form-data" : undefined}
      data-step={step}
      // SPEC §5: typed changes not sent yet are asked about before the page is left (behaviours.ts).
      data-warn-unsaved
    >
      <CsrfField state={state} />
      <input type="hidden" name="_step" value={String(step)} />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {count > 0 && (
        <Alert kind="error" title={state.t("error.validation")}>
          <ul>
            {Object.entries(errors!).map(([field, keys]) => (
              <li key={field}>
                <a href={`#field-${field.split(".")[0].replace(/[^\w-]/g, "-")}`}>
                  {translate(field)(keys[0] as Parameters<Translate>[0])}
                </a>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {children}
      <FormActions>
        {back && (
          // formnovalidate: going back keeps what is typed without the browser's checks (the server's draft does).
          <button type="submit" class={buttonClass("secondary")} name="_action" value="back" formNoValidate>
            {backLabel}
          </button>
        )}
        <Button type="submit" name="_action" value="next">{nextLabel}</Button>
      </FormActions>
    </form>
  );
}
