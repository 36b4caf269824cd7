// /profile (SPEC §2.1, §7 POST /api/profile): the signed-in member edits their own contact and affiliation
// fields, marketing consents (e-mail and SMS apart) and mail language; the email or password only with the
// current password. Roles and judge fields are not here (/change converts). Works without JavaScript: the
// form posts here; success goes back with a notice, errors re-render with the values typed.
import type { ComponentChildren } from "preact";
import { page } from "../framework/define.ts";
import { HttpError } from "../framework/errors.ts";
import { Alert } from "../components/ui/Alert.tsx";
import { MemberStyles } from "../components/management/Frame.tsx";
import { Checkbox, FormActions, RequiredNote, Select, Textarea, TextField } from "../components/ui/FormField.tsx";
import { errorMessage } from "../domain/errors.ts";
import { flashCookie } from "../domain/member/cookies.ts";
import { requireSignedIn } from "../domain/member/guard.ts";
import { loadUser, profileJson, sessionIdOf, updateProfile } from "../domain/member/profile.ts";
import { listSessions } from "../domain/member/session.ts";
import { SessionList, type SessionRow } from "../components/member/SessionList.tsx";
import { NotificationSettings } from "../components/member/NotificationSettings.tsx";
import { DesignerProfileSettings } from "../components/job/profile.tsx";
import { designerProfileSettings, type ProfileSettings } from "../domain/job/profile.ts";
import { readBody } from "../domain/request.ts";
import FileInput from "../islands/FileInput.tsx";
import AddressLookup from "../islands/FormAddressLookup.tsx";
import { addressLookupLabels, MEMBER_ADDRESS_INPUTS } from "../components/form/address.ts";
import type { Locale } from "../fresh.config.ts";
import { acceptFor, uploadMessages } from "../components/file/messages.ts";
import { formatDate, type MessageKey, type Translate } from "../i18n/mod.ts";
import { define, href, type State } from "../state.ts";

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

interface ProfilePage {
  username: string;
  values: Values;
  consentAt: { marketing_email: string | null; marketing_sms: string | null };
  sessions: SessionRow[];
  currentSessionId: string | null;
  pushOff: string[];
  designer: ProfileSettings;
  error?: string;
  fields?: Errors;
}

function prepare(state: State) {
  requireSignedIn(state.viewer);
  state.layout = "authenticated";
  state.title = state.t("account.profile.title");
}

/** Form values as strings (never a password). */
function valuesOf(source: Record<string, unknown>): Values {
  const values: Values = {};
  for (const [key, value] of Object.entries(source)) {
    if (/password|^_/.test(key) || value === null || value === undefined) continue;
    values[key] = typeof value === "boolean" ? (value ? "on" : "") : String(value).slice(0, 2000);
  }
  return values;
}

async function profileData(state: State, overrides?: Values): Promise<ProfilePage> {
  const user = await loadUser(state.db, state.viewer.id);
  const json = profileJson(user);
  return {
    username: user.username,
    values: { ...valuesOf(json), ...overrides },
    consentAt: { marketing_email: json.marketing_email_at, marketing_sms: json.marketing_sms_at },
    sessions: await listSessions(state.db, state.viewer.id),
    currentSessionId: await sessionIdOf(state.sessionToken, state.sessionSecret),
    pushOff: user.pushOff,
    designer: await designerProfileSettings(state.db, state.viewer.id),
  };
}

export const handler = define.handlers({
  async GET({ state }) {
    prepare(state);
    return page<ProfilePage>(await profileData(state), { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state }) {
    prepare(state);
    const { body, files } = await readBody(req);
    // An unticked checkbox sends nothing: on this form that means "no".
    const input = { ...body, marketing_email: body.marketing_email ?? "0", marketing_sms: body.marketing_sms ?? "0" };
    try {
      await updateProfile(state.db, state.config, state.viewer.id, input, {
        currentSessionId: await sessionIdOf(state.sessionToken, state.sessionSecret),
        clientIp: state.clientIp,
        images: { files: state.files, sent: files },
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status === 500 || err.status === 401) throw err;
      const data = await profileData(state, valuesOf({ ...input, marketing_email: body.marketing_email ?? "" }));
      data.values.marketing_sms = typeof body.marketing_sms === "string" ? "on" : "";
      if (err.status === 422) data.fields = err.details?.fields as Errors;
      else data.error = errorMessage(err.key, err.status, state.t);
      return page<ProfilePage>(data, { status: err.status, headers: err.headers });
    }
    const res = new Response(null, { status: 303, headers: { location: href(state, "/profile") } });
    res.headers.append("set-cookie", flashCookie("account.profile_saved", state.https));
    return res;
  },
});

// ---- the form pieces, shared with /rejected ----

export interface FieldProps {
  t: Translate;
  name: string;
  label: string;
  values: Values;
  errors?: Errors;
  type?: "text" | "email" | "password" | "tel" | "date" | "number";
  required?: boolean;
  hint?: string;
  autocomplete?: string;
  maxLength?: number;
  multiline?: boolean;
}

/** A text field or text area with its value and translated error. */
export function Input(props: FieldProps) {
  const { t, name, label, values, errors, multiline, ...rest } = props;
  const error = errors?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return multiline
    ? <Textarea name={name} label={label} value={values[name] ?? ""} error={error} rows={5} {...rest} />
    : <TextField name={name} label={label} value={values[name] ?? ""} error={error} {...rest} />;
}

/** The portrait or signature: the current image, a picker checked in the browser, and "remove". */
function ProfileImageField(
  { state, name, current, errors }: { state: State; name: "portrait" | "signature"; current?: string; errors?: Errors },
) {
  const { t } = state;
  const id = `profile-${name}`;
  const error = errors?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <div class={error ? "field has-error" : "field"}>
      <label class="field-label" for={id}>{t(`account.profile.${name}`)}</label>
      {current && (
        <p class="profile-image">
          <img src={current} alt="" width={120} height={90} loading="lazy" />
          <label class="checkbox">
            <input type="checkbox" name={`remove_${name}`} value="1" />
            <span>{t("account.profile.removeImage")}</span>
          </label>
        </p>
      )}
      <p class="field-hint" id={`${id}-hint`}>{t(`account.profile.${name}Hint`)}</p>
      <FileInput
        id={id}
        name={name}
        purpose={name}
        accept={acceptFor(name)}
        messages={uploadMessages(t, name)}
        describedBy={`${id}-hint`}
      />
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}

/** A titled group of fields (the member screens' .form-group of members.css). */
export function Group({ title, lead, children }: { title: string; lead?: string; children: ComponentChildren }) {
  // Korean titles are all \W: keep letters of every script so each group is named by its own title.
  const id = `group-${title.replace(/[^\p{L}\p{N}]+/gu, "-")}`;
  return (
    <section class="form-group" aria-labelledby={id}>
      <h2 class="form-title" id={id}>{title}</h2>
      {lead && <p>{lead}</p>}
      {children}
    </section>
  );
}

/** The contact and affiliation fields (ContactFields), for /profile and /rejected. */
export function contactFields(
  { t, locale, values, errors }: { t: Translate; locale: Locale; values: Values; errors?: Errors },
) {
  const field = (name: string, label: MessageKey, extra: Partial<FieldProps> = {}) => (
    <Input t={t} name={name} label={t(label)} values={values} errors={errors} maxLength={200} {...extra} />
  );
  return {
    basic: (
      <>
        {field("name", "account.fields.name", { required: true, autocomplete: "name", maxLength: 50 })}
        {field("name_en", "account.fields.nameEn", { maxLength: 100 })}
        {field("birthday", "account.fields.birthday", { type: "date", autocomplete: "bday" })}
      </>
    ),
    contact: (
      <>
        {field("phone", "account.fields.phone", {
          type: "tel",
          autocomplete: "tel",
          hint: t("account.hints.phone"),
          maxLength: 20,
        })}
        {field("tel", "account.fields.tel", { type: "tel", maxLength: 20 })}
        <AddressLookup
          prefix="member"
          names={MEMBER_ADDRESS_INPUTS}
          labels={addressLookupLabels(t as (key: string) => string)}
          locale={locale}
        />
        {field("zip", "account.fields.zip", { autocomplete: "postal-code", maxLength: 10 })}
        {field("address1", "account.fields.address1", { autocomplete: "address-line1" })}
        {field("address2", "account.fields.address2", { autocomplete: "address-line2" })}
        {field("city", "account.fields.city", { autocomplete: "address-level2", maxLength: 100 })}
        {field("state", "account.fields.state", { autocomplete: "address-level1", maxLength: 100 })}
        {field("country", "account.fields.country", { hint: t("account.hints.country"), maxLength: 2 })}
      </>
    ),
    work: (
      <>
        {field("affiliation", "account.fields.affiliation", { autocomplete: "organization", maxLength: 100 })}
        {field("department", "account.fields.department", { maxLength: 100 })}
        {field("position", "account.fields.position", { autocomplete: "organization-title", maxLength: 100 })}
        {field("degree", "account.fields.degree", { maxLength: 50 })}
        {field("specialty", "account.fields.specialty")}
        {field("career_years", "account.fields.careerYears", { type: "number" })}
        {field("career_description", "account.fields.careerDescription", { multiline: true, maxLength: 2000 })}
        {field("introduction", "account.fields.introduction", { multiline: true, maxLength: 2000 })}
      </>
    ),
  };
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { values, fields: errors } = data;
  const groups = contactFields({ t, locale: state.locale, values, errors });
  const consentAt = (at: string | null, on: boolean) =>
    on && at ? t("account.profile.consentAt", { date: formatDate(at, state.locale, "datetime") }) : undefined;
  const fieldError = (name: string) => errors?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  const secret = (name: string, label: MessageKey, autocomplete: string, hint?: string) => (
    <Input
      t={t}
      name={name}
      type="password"
      label={t(label)}
      values={{}}
      errors={errors}
      autocomplete={autocomplete}
      hint={hint}
    />
  );
  return (
    <>
      <MemberStyles state={state} />
      <form
        method="post"
        action={href(state, "/profile")}
        class="change-form profile-form"
        data-warn-unsaved
        enctype="multipart/form-data"
        novalidate
      >
        <input type="hidden" name="_token" value={state.csrfToken} />
        <p class="lead-text">{t("account.profile.lead")}</p>
        {data.error && <Alert kind="error">{data.error}</Alert>}
        {errors && <Alert kind="error">{t("error.validation")}</Alert>}
        <RequiredNote t={t} />
        <Group title={t("account.profile.basic")}>
          <TextField name="username" label={t("account.fields.username")} value={data.username} disabled />
          {groups.basic}
        </Group>
        <Group title={t("account.profile.images")} lead={t("account.profile.imagesLead")}>
          <ProfileImageField state={state} name="portrait" current={data.values.portrait} errors={errors} />
          <ProfileImageField state={state} name="signature" current={data.values.signature} errors={errors} />
        </Group>
        <Group title={t("account.profile.contact")}>{groups.contact}</Group>
        <Group title={t("account.profile.work")}>{groups.work}</Group>
        <Group title={t("account.profile.consent")} lead={t("account.profile.consentLead")}>
          <Checkbox
            name="marketing_email"
            label={t("account.profile.consentEmail")}
            checked={values.marketing_email === "on"}
            hint={consentAt(data.consentAt.marketing_email, values.marketing_email === "on")}
            error={fieldError("marketing_email")}
          />
          <Checkbox
            name="marketing_sms"
            label={t("account.profile.consentSms")}
            checked={values.marketing_sms === "on"}
            hint={consentAt(data.consentAt.marketing_sms, values.marketing_sms === "on")}
            error={fieldError("marketing_sms")}
          />
          <Select
            name="locale"
            label={t("account.fields.locale")}
            value={values.locale}
            options={(["ko", "en"] as const).map((l) => ({ value: l, label: t(`account.locales.${l}`) }))}
            error={fieldError("locale")}
          />
        </Group>
        <Group title={t("account.profile.security")} lead={t("account.profile.securityLead")}>
          <Input
            t={t}
            name="email"
            type="email"
            label={t("account.fields.email")}
            values={values}
            errors={errors}
            autocomplete="email"
            maxLength={254}
            required
          />
          {secret(
            "current_password",
            "account.fields.currentPassword",
            "current-password",
            t("account.hints.currentPasswordForChange"),
          )}
          {secret(
            "password",
            "account.fields.newPassword",
            "new-password",
            `${t("account.hints.newPassword")} ${t("account.hints.password")}`,
          )}
          {secret("password_confirmation", "account.fields.newPasswordConfirmation", "new-password")}
        </Group>
        <FormActions>
          <a class="button button-ghost" href={href(state, "/withdraw")}>{t("account.profile.withdraw")}</a>
          <a class="button button-secondary" href={href(state, "/change")}>{t("account.profile.change")}</a>
          <a class="button button-secondary" href={href(state, "/profile/bank")}>{t("bank.link")}</a>
          <button type="submit" class="button button-primary">{t("account.profile.save")}</button>
        </FormActions>
      </form>
      <div class="change-form">
        <SessionList state={state} rows={data.sessions} currentId={data.currentSessionId} />
      </div>
      <div class="change-form">
        <NotificationSettings state={state} off={data.pushOff} publicKey={state.config.vapid?.publicKey ?? null} />
      </div>
      <div class="change-form">
        <DesignerProfileSettings state={state} settings={data.designer} />
      </div>
    </>
  );
});
