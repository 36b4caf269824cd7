// /find (SPEC §2.1): find the user ID by name and e-mail. The ID goes by mail in the member's language;
// the screen says the same thing whether or not anyone matched (ASVS 6.3.8). Works without JavaScript.
import { page } from "../framework/define.ts";
import { MemberStyles } from "../components/management/Frame.tsx";
import { Alert } from "../components/ui/Alert.tsx";
import { FormActions, TextField } from "../components/ui/FormField.tsx";
import { formRefusal } from "../domain/errors.ts";
import { FindInput, findUsername } from "../domain/member/find.ts";
import { readBody } from "../domain/request.ts";
import { fieldErrors } from "../domain/validation.ts";
import type { MessageKey } from "../i18n/mod.ts";
import { define, href, type State } from "../state.ts";

interface FindPage {
  name: string;
  email: string;
  sent: boolean;
  error?: string;
  fields?: Record<string, string[]>;
}

function prepare(state: State) {
  state.layout = "anonymous";
  state.title = state.t("account.find.title");
}

export const handler = define.handlers({
  GET({ state, url }) {
    prepare(state);
    return page<FindPage>({ name: "", email: "", sent: url.searchParams.get("sent") === "1" });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    const typed = (v: unknown, max: number) => typeof v === "string" ? v.slice(0, max) : "";
    const again = (status: number, data: Partial<FindPage>, headers?: HeadersInit) => {
      prepare(state);
      const values = { name: typed(body.name, 100), email: typed(body.email, 254), sent: false };
      return page<FindPage>({ ...values, ...data }, { status, headers });
    };
    const parsed = FindInput.safeParse(body);
    if (!parsed.success) return again(422, { fields: fieldErrors(parsed.error) });
    try {
      await findUsername(state.db, state.config, parsed.data, state.clientIp);
    } catch (err) {
      const refusal = formRefusal(err, state.t);
      return again(refusal.status, { error: refusal.message }, refusal.headers);
    }
    return new Response(null, { status: 303, headers: { location: href(state, "/find?sent=1") } });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const fieldError = (name: string) => data.fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <>
      <MemberStyles state={state} />
      {data.sent
        ? <Alert kind="success">{t("account.find_sent")}</Alert>
        : <p class="auth-lead">{t("account.find.lead")}</p>}
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, "/find")} class="form auth-form" novalidate>
        <input type="hidden" name="_token" value={state.csrfToken} />
        <TextField
          name="name"
          label={t("account.fields.name")}
          value={data.name}
          autocomplete="name"
          maxLength={100}
          required
          error={fieldError("name")}
        />
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
          <button type="submit" class="button button-primary button-block">{t("account.find.submit")}</button>
        </FormActions>
      </form>
      <p class="auth-links actions actions-center">
        <a href={href(state, "/login")}>{t("auth.login")}</a>
        <a href={href(state, "/password/forgot")}>{t("auth.forgotPassword")}</a>
      </p>
    </>
  );
});
