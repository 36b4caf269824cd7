// A refusal of an award management form as the screen shows it: the translated message, and one
// translated message per field (upload refusals carry their rule's limits as parameters).
import { formRefusal } from "../../../domain/errors.ts";
import { HttpError } from "../../../framework/errors.ts";
import { hasMessage, type Translate } from "../../../i18n/mod.ts";

export interface FormView {
  status: number;
  message: string;
  fields: Record<string, string>;
}

export function refusalView(err: unknown, t: Translate): FormView {
  const refusal = formRefusal(err, t);
  const params = err instanceof HttpError
    ? err.details?.params as Record<string, string | number> | undefined
    : undefined;
  const fields: Record<string, string> = {};
  for (const [field, keys] of Object.entries(refusal.fields ?? {})) {
    const key = keys[0];
    fields[field] = key && hasMessage(key) ? t(key, params) : t("error.validation");
  }
  return { status: refusal.status, message: refusal.message, fields };
}
