// /withdraw (SPEC §2.1, §5: the account-deletion prompt needs the password and its confirmation): what is
// erased and what stays, the password twice and an "I agree" box; then the member's personal data is
// erased (domain/member/withdraw.ts), they are signed out and sent home with a notice.
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { MemberStyles } from "../components/management/Frame.tsx";
import { Alert } from "../components/ui/Alert.tsx";
import { Checkbox, FormActions, TextField } from "../components/ui/FormField.tsx";
import { formRefusal } from "../domain/errors.ts";
import { clearSessionCookie, flashCookie } from "../domain/member/cookies.ts";
import { requireSignedIn } from "../domain/member/guard.ts";
import { withdrawMember } from "../domain/member/withdraw.ts";
import { readBody } from "../domain/request.ts";
import type { MessageKey } from "../i18n/mod.ts";
import { define, href, type State } from "../state.ts";

interface WithdrawPage {
  confirm: boolean;
  error?: string;
  fields?: Record<string, string[]>;
}

function prepare(state: State) {
  requireSignedIn(state.viewer);
  state.layout = "authenticated";
  state.title = state.t("account.withdraw.title");
}

export const handler = define.handlers({
  GET({ state }) {
    prepare(state);
    return page<WithdrawPage>({ confirm: false });
  },
  async POST({ req, state }) {
    prepare(state);
    const { body } = await readBody(req);
    try {
      await withdrawMember(state.db, state.viewer.id, body, state.clientIp, {
        config: state.config,
        files: state.files,
      });
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) throw err;
      const refusal = formRefusal(err, state.t);
      const data: WithdrawPage = { confirm: typeof body.confirm === "string" };
      if (refusal.status === 422) data.fields = refusal.fields;
      else data.error = refusal.message;
      return page<WithdrawPage>(data, { status: refusal.status, headers: refusal.headers });
    }
    const res = new Response(null, { status: 303, headers: { location: href(state, "/") } });
    res.headers.append("set-cookie", clearSessionCookie(state.https));
    res.headers.append("set-cookie", flashCookie("account.withdrawn", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <div class="change-form">
      <MemberStyles state={state} />
      <Alert kind="warning" title={t("account.withdraw.lead")}>
        <p>
          <strong>{t("account.withdraw.erasedTitle")}</strong>: {t("account.withdraw.erased")}
        </p>
        <p>
          <strong>{t("account.withdraw.keptTitle")}</strong>: {t("account.withdraw.kept")}
        </p>
      </Alert>
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/withdraw")} class="form withdraw-form" novalidate>
        <input type="hidden" name="_token" value={state.csrfToken} />
        <TextField
          name="password"
          type="password"
          label={t("account.fields.password")}
          autocomplete="current-password"
          required
          error={fieldError("password")}
        />
        <TextField
          name="password_confirmation"
          type="password"
          label={t("account.fields.passwordConfirmation")}
          autocomplete="current-password"
          required
          error={fieldError("password_confirmation")}
        />
        <Checkbox
          name="confirm"
          label={t("account.withdraw.confirm")}
          checked={data.confirm}
          required
          error={fieldError("confirm")}
        />
        <FormActions>
          <a class="button button-secondary button-lg" href={href(state, "/profile")}>{t("common.cancel")}</a>
          <button type="submit" class="button button-primary button-lg">{t("account.withdraw.submit")}</button>
        </FormActions>
      </form>
    </div>
  );
});
