// SPEC §8: every failure answers its status with a message key; the key is translated here, once.
import { HttpError } from "../framework/errors.ts";
import { hasMessage, type Translate } from "../i18n/mod.ts";

export { HttpError };

export interface ErrorBody {
  status: number;
  message: string;
  key: string;
  errors?: Record<string, string[]>;
  code?: number;
}

/** The key of an error (`error.404`, `password.invalid_token`); unknown errors are `error.500`. */
export function errorKey(err: unknown, status: number): string {
  return err instanceof HttpError ? err.key : `error.${status}`;
}

/** A key names either a message or a group with `.text` (`error.404` → `error.404.text`). */
export function errorMessage(
  key: string,
  status: number,
  t: Translate,
  params?: Record<string, string | number>,
): string {
  if (hasMessage(key)) return t(key, params);
  const text = `${key}.text`;
  if (hasMessage(text)) return t(text, params);
  const fallback = `error.${status}.text`;
  return hasMessage(fallback) ? t(fallback) : t("error.500.text");
}

export function errorBody(err: unknown, status: number, t: Translate): ErrorBody {
  const key = errorKey(err, status);
  const details = err instanceof HttpError ? err.details : undefined;
  const params = details?.params as Record<string, string | number> | undefined;
  const body: ErrorBody = { status, message: errorMessage(key, status, t, params), key };
  if (details?.fields) body.errors = details.fields as Record<string, string[]>;
  // SPEC §8's upload error code (1–8), where the refusal has one.
  if (typeof details?.code === "number") body.code = details.code;
  return body;
}

export interface FormRefusal {
  status: number;
  message: string;
  headers: Record<string, string>;
  fields?: Record<string, string[]>;
}

/**
 * A form that posts to its own screen shows a refusal (4xx) there, in the visitor's language; anything
 * else (a 5xx, an error that is not an HttpError) is thrown on to the error page.
 */
export function formRefusal(err: unknown, t: Translate): FormRefusal {
  if (!(err instanceof HttpError) || err.status >= 500) throw err;
  const fields = err.details?.fields as Record<string, string[]> | undefined;
  const params = err.details?.params as Record<string, string | number> | undefined;
  return { status: err.status, message: errorMessage(err.key, err.status, t, params), headers: err.headers, fields };
}
