// /profile/bank (SPEC §3 Bank): the member's own payout account — refunds for contest hosts, prize money for
// winners. GET shows it whole (the owner's own); POST changes it after the current password is entered again
// and comes back with a notice, or shows the form again with the errors. Works without JavaScript.
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { FormActions, RequiredNote, Select, TextField } from "../../components/ui/FormField.tsx";
import {
  type BankAccountView,
  bankJson,
  BANKS,
  changeOwnBankAccount,
  readOwnBankAccount,
} from "../../domain/member/bank.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { errorMessage } from "../../domain/errors.ts";
import { readBody } from "../../domain/request.ts";
import { formatDate, type MessageKey } from "../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

interface BankPage {
  current: BankAccountView | null;
  values: Record<string, string>;
  fields?: Record<string, string[]>;
  error?: string;
}

const NO_STORE = { "cache-control": "no-store" };

async function load(state: State): Promise<BankPage> {
  state.layout = "authenticated";
  state.title = state.t("bank.title");
  const row = await readOwnBankAccount(state.db, state.viewer);
  const current = row ? bankJson(row, state.locale, true) : null;
  return {
    current,
    values: current ? { bank: current.bank_code, account_number: current.account_number, holder: current.holder } : {},
  };
}

const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

export const handler = define.handlers({
  async GET({ state }) {
    return page<BankPage>(await load(state), { headers: NO_STORE });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    try {
      await changeOwnBankAccount(state.db, state.viewer, body);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 401) throw err;
      const data = await load(state);
      data.values = {
        bank: text(body.bank, 3),
        account_number: text(body.account_number, 40),
        holder: text(body.holder, 50),
      };
      if (err.status === 422) data.fields = err.details?.fields as Record<string, string[]>;
      else data.error = errorMessage(err.key, err.status, state.t);
      return page<BankPage>(data, { status: err.status, headers: { ...NO_STORE, ...err.headers } });
    }
    const res = new Response(null, { status: 303, headers: { location: href(state, "/profile/bank") } });
    res.headers.append("set-cookie", flashCookie("bank.saved", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { values, fields } = data;
  const error = (name: string) => fields?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <>
      <MemberStyles state={state} />
      <div class="change-form">
        <p class="lead-text">{t("bank.lead")}</p>
        <section aria-labelledby="bank-current">
          <h2 id="bank-current">{t("bank.current")}</h2>
          {data.current
            ? (
              <dl class="detail-list">
                <div>
                  <dt>{t("bank.fields.bank")}</dt>
                  <dd>{data.current.bank_name}</dd>
                </div>
                <div>
                  <dt>{t("bank.fields.accountNumber")}</dt>
                  <dd>{data.current.account_number}</dd>
                </div>
                <div>
                  <dt>{t("bank.fields.holder")}</dt>
                  <dd>{data.current.holder}</dd>
                </div>
                <div>
                  <dt>{t("bank.updatedAt")}</dt>
                  <dd>{formatDate(data.current.updated_at, state.locale, "datetime")}</dd>
                </div>
              </dl>
            )
            : <p>{t("bank.none")}</p>}
        </section>
      </div>
      <form
        method="post"
        action={href(state, "/profile/bank")}
        class="change-form profile-form"
        data-warn-unsaved
        novalidate
      >
        <CsrfField state={state} />
        {data.error && <Alert kind="error">{data.error}</Alert>}
        {fields && <Alert kind="error">{t("error.validation")}</Alert>}
        <RequiredNote t={t} />
        <Select
          name="bank"
          label={t("bank.fields.bank")}
          options={BANKS.map((b) => ({ value: b.code, label: state.locale === "en" ? b.en : b.ko }))}
          value={values.bank ?? ""}
          placeholder={t("bank.choose")}
          required
          error={error("bank")}
        />
        <TextField
          name="account_number"
          label={t("bank.fields.accountNumber")}
          value={values.account_number ?? ""}
          inputMode="numeric"
          maxLength={40}
          autocomplete="off"
          required
          hint={t("bank.hints.accountNumber")}
          error={error("account_number")}
        />
        <TextField
          name="holder"
          label={t("bank.fields.holder")}
          value={values.holder ?? ""}
          maxLength={50}
          required
          hint={t("bank.hints.holder")}
          error={error("holder")}
        />
        <TextField
          name="current_password"
          type="password"
          label={t("bank.fields.currentPassword")}
          value=""
          autocomplete="current-password"
          required
          hint={t("bank.hints.currentPassword")}
          error={error("current_password")}
        />
        <FormActions>
          <a class="button button-ghost" href={href(state, "/profile")}>{t("bank.back")}</a>
          <button type="submit" class="button button-primary">{t("bank.save")}</button>
        </FormActions>
      </form>
    </>
  );
});
