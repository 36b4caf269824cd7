// The error screens of SPEC §2.4/§8 (400, 401, 403, 404, 429, 500, 503…) in the visitor's language.
import { errorKey, errorMessage } from "../domain/errors.ts";
import { hasMessage } from "../i18n/mod.ts";
import { href, type State } from "../state.ts";

export function ErrorScreen({ state, status, error }: { state: State; status: number; error: unknown }) {
  const { t } = state;
  const titleKey = `error.${status}.title`;
  const title = hasMessage(titleKey) ? t(titleKey) : t("error.500.title");
  return (
    <section class="error-screen" aria-labelledby="error-title">
      <p class="error-code">{status}</p>
      <h1 id="error-title">{title}</h1>
      <p class="error-text">{errorMessage(errorKey(error, status), status, t)}</p>
      {status >= 500 && state.requestId && (
        <p class="error-request">
          {t("error.requestId")}: <code>{state.requestId}</code>
        </p>
      )}
      <p class="error-actions">
        {(status === 401 || status === 403) && !state.user && (
          <a class="button button-primary" href={href(state, "/login")}>{t("auth.login")}</a>
        )}
        <a class="button button-secondary" href={href(state, "/")}>{t("common.backHome")}</a>
      </p>
    </section>
  );
}
