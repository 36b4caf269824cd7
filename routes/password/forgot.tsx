// /password/forgot (SPEC §2.5 Password, step 1): asks for the e-mail address and mails a reset link. The
// answer never tells whether the address is registered (ASVS 6.3.8). Works without JavaScript: the form
// posts here and the answer is a redirect to ?sent=1 (so a reload does not send again).
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { FormActions, TextField } from "../../components/ui/FormField.tsx";
import { formRefusal } from "../../domain/errors.ts";
import { EmailInput, requestPasswordReset } from "../../domain/member/password-reset.ts";
import { readBody } from "../../domain/request.ts";
import { fieldErrors } from "../../domain/validation.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

interface ForgotPage {
  email: string;
  sent: boolean;
  error?: string;
  fields?: Record<string, string[]>;
}

function prepare(state: State) {
  state.layout = "anonymous";
  state.title = state.t("account.forgot.title");
}

export const handler = define.handlers({
  GET({ state, url }) {
    prepare(state);
    return page<ForgotPage>({ email: "", sent: url.searchParams.get("sent") === "1" });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    const email = typeof body.email === "string" ? body.email.slice(0, 254) : "";
    const again = (status: number, data: Partial<ForgotPage>, headers?: HeadersInit) => {
      prepare(state);
      return page<ForgotPage>({ email, sent: false, ...data }, { status, headers });
    };
    const parsed = EmailInput.safeParse(body);
    if (!parsed.success) return again(422, { fields: fieldErrors(parsed.error) });
    try {
      await requestPasswordReset(state.db, state.config, parsed.data.email, state.clientIp);
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return again(refusal.status, { error: refusal.message }, refusal.headers);
    }
    return new Response(null, { status: 303, headers: { location: href(state, "/password/forgot?sent=1") } });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <>
      <MemberStyles state={state} />
      {data.sent
        ? <Alert kind="success">{t("account.reset_sent")}</Alert>
        : <p class="auth-lead">{t("account.forgot.lead")}</p>}
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/password/forgot")} class="form auth-form" novalidate>
        <input type="hidden" name="_token" value={state.csrfToken} />
        <TextField
          name="email"
          type="email"
          label={t("account.fields.email")}
          value={data.email}
          autocomplete="email"
          maxLength={254}
          required
          error={fieldError("email")}
        />
        <FormActions>
          <button type="submit" class="button button-primary button-block">{t("account.forgot.submit")}</button>
        </FormActions>
      </form>
      <p class="auth-links actions actions-center">
        <a href={href(state, "/login")}>{t("auth.login")}</a>
        <a href={href(state, "/find")}>{t("auth.findId")}</a>
      </p>
    </>
  );
});
