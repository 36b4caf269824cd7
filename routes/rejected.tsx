// /rejected?email&token (SPEC §2.1, §2.4; issue 3 §5): the member whose join was rejected sees why, fixes
// their data and applies again. Missing email or token is 404; a bad, used or expired token is 404 with
// password.invalid_token. Applying again puts the rejected roles back to waiting and uses the token up.
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { Alert } from "../components/ui/Alert.tsx";
import { MemberStyles } from "../components/management/Frame.tsx";
import { FormActions, RequiredNote } from "../components/ui/FormField.tsx";
import { PageHeader } from "../components/ui/PageHeader.tsx";
import { profileJson } from "../domain/member/profile.ts";
import { type AppliedRole, findReapplication, reapply } from "../domain/member/reapplication.ts";
import { flashCookie } from "../domain/member/cookies.ts";
import { readBody } from "../domain/request.ts";
import type { User } from "../db/schema/member.ts";
import { define, href, type State } from "../state.ts";
import { contactFields, Group, Input } from "./profile.tsx";

type Values = Record<string, string>;

interface RejectedPage {
  email: string;
  token: string;
  roles: AppliedRole[];
  values: Values;
  fields?: Record<string, string[]>;
}

const NO_STORE = { "cache-control": "no-store" };

function prepare(state: State) {
  state.layout = "default";
  state.title = state.t("account.rejected.title");
}

function valuesOf(user: User): Values {
  const values: Values = {};
  for (const [key, value] of Object.entries({ ...profileJson(user), business_no: user.businessNo })) {
    if (value !== null && typeof value !== "boolean") values[key] = String(value);
  }
  return values;
}

export const handler = define.handlers({
  async GET({ state, url }) {
    const email = url.searchParams.get("email");
    const token = url.searchParams.get("token");
    const found = await findReapplication(state.db, email, token);
    prepare(state);
    return page<RejectedPage>({ email: email!, token: token!, roles: found.roles, values: valuesOf(found.user) }, {
      headers: NO_STORE,
    });
  },
  async POST({ req, state }) {
    const { body } = await readBody(req);
    try {
      await reapply(state.db, body.email, body.token, body, state.clientIp);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 422) throw err;
      const found = await findReapplication(state.db, body.email, body.token);
      prepare(state);
      const typed: Values = {};
      for (const [k, v] of Object.entries(body)) if (typeof v === "string" && !k.startsWith("_")) typed[k] = v;
      return page<RejectedPage>({
        email: String(body.email),
        token: String(body.token),
        roles: found.roles,
        values: { ...valuesOf(found.user), ...typed },
        fields: err.details?.fields as Record<string, string[]>,
      }, { status: 422, headers: NO_STORE });
    }
    const res = new Response(null, { status: 303, headers: { location: href(state, "/login"), ...NO_STORE } });
    res.headers.append("set-cookie", flashCookie("account.reapplied", state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { values, fields: errors } = data;
  const groups = contactFields({ t, locale: state.locale, values, errors });
  const roleName = (r: AppliedRole) => state.locale === "en" && r.nameEn ? r.nameEn : r.name;
  const rejected = data.roles.filter((r) => r.rejected);
  const isCompany = data.roles.some((r) => r.code === "company" || r.code === "design");
  return (
    <>
      <MemberStyles state={state} />
      <PageHeader t={t} title={t("account.rejected.title")} />
      <form
        method="post"
        action={href(state, "/rejected")}
        class="change-form reapply-form"
        data-warn-unsaved
        novalidate
      >
        <input type="hidden" name="_token" value={state.csrfToken} />
        <input type="hidden" name="email" value={data.email} />
        <input type="hidden" name="token" value={data.token} />
        <p class="lead-text">{t("account.rejected.lead")}</p>
        {errors && <Alert kind="error">{t("error.validation")}</Alert>}
        <Group title={t("account.fields.roles")}>
          <dl class="detail-list detail-list-compact">
            <div>
              <dt>{t("account.fields.email")}</dt>
              <dd>{data.email}</dd>
            </div>
            {rejected.map((r) => (
              <div key={r.code}>
                <dt>{roleName(r)}</dt>
                <dd>
                  <span class="badge badge-rejected">{t("account.rejected.badge")}</span>
                  <p class="reason">{t("account.fields.reason")}: {r.reason || "-"}</p>
                </dd>
              </div>
            ))}
          </dl>
        </Group>
        <RequiredNote t={t} />
        <Group title={t("account.profile.basic")}>
          {groups.basic}
          {isCompany && (
            <Input
              t={t}
              name="business_no"
              label={t("account.fields.businessNo")}
              values={values}
              errors={errors}
              maxLength={12}
            />
          )}
        </Group>
        <Group title={t("account.profile.contact")}>{groups.contact}</Group>
        <Group title={t("account.profile.work")}>{groups.work}</Group>
        <FormActions>
          <button type="submit" class="button button-primary button-lg">{t("account.rejected.submit")}</button>
        </FormActions>
      </form>
    </>
  );
});
