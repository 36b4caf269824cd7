// The text asset form: a name and the text itself.
import { Button } from "../ui/Button.tsx";
import { FormActions, Textarea, TextField } from "../ui/FormField.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import type { MessageKey } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";

export function TextAssetForm(
  { state, action, input, error, fields = {} }: {
    state: State;
    action: string;
    input: { name: string; content: string };
    error?: string;
    fields?: Record<string, string[]>;
  },
) {
  const { t } = state;
  const fieldError = (name: string) => fields[name]?.[0] && t(fields[name][0] as MessageKey);
  return (
    <form method="post" action={action} class="text-asset-form" data-warn-unsaved>
      <CsrfField state={state} />
      <input type="hidden" name="action" value="save" />
      {error && <p class="field-error" role="alert">{error}</p>}
      <TextField
        name="name"
        label={t("asset.name")}
        value={input.name}
        required
        hint={t("asset.nameHint")}
        error={fieldError("name")}
      />
      <Textarea
        name="content"
        label={t("asset.content")}
        value={input.content}
        required
        rows={16}
        error={fieldError("content")}
      />
      <FormActions>
        <Button type="submit">{t("asset.save")}</Button>
      </FormActions>
    </form>
  );
}
