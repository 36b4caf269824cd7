// /password/reset?email&token (SPEC §2.4, §2.5 Password step 2): missing email or token is 404; an
// invalid, used or expired token is 404 with password.invalid_token. A valid one shows the new-password
// form; saving it signs every session out and goes to /login with a notice (no automatic sign-in).
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { FormActions, TextField } from "../../components/ui/FormField.tsx";
import { formRefusal } from "../../domain/errors.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { checkAccountToken, resetPassword } from "../../domain/member/password-reset.ts";
import { readBody } from "../../domain/request.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

interface ResetPage {
  email: string;
  token: string;
  error?: string;
  fields?: Record<string, string[]>;
}

/** The token is in the address: keep the page out of every cache. */
const NO_STORE = { "cache-control": "no-store" };

function prepare(state: State) {
  state.layout = "anonymous";
  state.title = state.t("account.reset.title");
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const email = url.searchParams.get("email");
    const token = url.searchParams.get("token");
    await checkAccountToken(state.db, "reset", email, token);
    prepare(state);
    return page<ResetPage>({ email: email!, token: token! }, { headers: NO_STORE });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    try {
      await resetPassword(state.db, state.config, body, state.clientIp);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw err;
      const refusal = formRefusal(err, state.t);
      prepare(state);
      const data: ResetPage = { email: String(body.email), token: String(body.token) };
      if (refusal.status === 422) data.fields = refusal.fields;
      else data.error = refusal.message;
      return page<ResetPage>(data, { status: refusal.status, headers: { ...NO_STORE, ...refusal.headers } });
    }
    const res = new Response(null, { status: 303, headers: { location: href(state, "/login"), ...NO_STORE } });
    res.headers.append("set-cookie", flashCookie("account.password_changed", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <>
      <p class="auth-lead">{t("account.reset.lead")}</p>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/password/reset")} class="form auth-form" novalidate>
        <input type="hidden" name="_token" value={state.csrfToken} />
        <input type="hidden" name="token" value={data.token} />
        {/* the address, for password managers to file the new password under */}
        <TextField
          name="email"
          type="email"
          label={t("account.fields.email")}
          value={data.email}
          autocomplete="username"
          readOnly
        />
        <TextField
          name="password"
          type="password"
          label={t("account.fields.newPassword")}
          hint={t("account.hints.password")}
          autocomplete="new-password"
          required
          error={fieldError("password")}
        />
        <TextField
          name="password_confirmation"
          type="password"
          label={t("account.fields.newPasswordConfirmation")}
          autocomplete="new-password"
          required
          error={fieldError("password_confirmation")}
        />
        <FormActions>
          <button type="submit" class="button button-primary button-block">{t("account.reset.submit")}</button>
        </FormActions>
      </form>
    </>
  );
});
