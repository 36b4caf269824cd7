// Step 2 of the registration wizard: terms, account, profile, the type's own sections and marketing consent.
import type { Translate } from "../../i18n/mod.ts";
import { Alert } from "../ui/Alert.tsx";
import { Busy } from "../ui/Busy.tsx";
import { Button } from "../ui/Button.tsx";
import { Checkbox, FormActions, RequiredNote } from "../ui/FormField.tsx";
import { DOCUMENTS_BY_TYPE, type MemberType } from "../../domain/member/register-schema.ts";
import { BusinessSection } from "./BusinessSection.tsx";
import { JudgeSection } from "./JudgeSection.tsx";
import type { Career, Education, Fields, Files, RegisterWizardProps, TextFn, Tx } from "./state.ts";
import { TermsSection } from "./TermsSection.tsx";
import FormAddressLookup from "../../islands/FormAddressLookup.tsx";
import { addressLookupLabels, REGISTER_ADDRESS_INPUTS } from "../form/address.ts";

export interface StepInfoProps {
  t: Translate;
  tx: Tx;
  text: TextFn;
  errorOf: (path: string) => string | undefined;
  checked: (name: string) => boolean;
  /** The hint under the user ID or e-mail, or what the uniqueness check says. */
  uniqueHint: (field: "username" | "email", hint: string) => string;
  type: MemberType | "";
  fields: Fields;
  careers: Career[];
  educations: Education[];
  files: Files;
  enhanced: boolean;
  sending: boolean;
  filesAgain?: boolean;
  paths: RegisterWizardProps["paths"];
  onAgreeAll(on: boolean): void;
  onPrevious(): void;
  onAddCareer(): void;
  onAddEducation(): void;
  onRemoveCareer(id: number): void;
  onRemoveEducation(id: number): void;
}

export function StepInfo(p: StepInfoProps) {
  const { tx, text, type, enhanced } = p;
  const company = type === "design" || type === "company";
  const documents = type ? DOCUMENTS_BY_TYPE[type] : { allowed: [], required: [] };
  return (
    <>
      <input type="hidden" name="type" value={type} />
      {p.filesAgain && documents.allowed.length > 0 && <Alert kind="warning">{tx("register.filesAgain")}</Alert>}
      <RequiredNote t={p.t} />

      <TermsSection
        tx={tx}
        enhanced={enhanced}
        paths={p.paths}
        checked={p.checked}
        errorOf={p.errorOf}
        onAgreeAll={p.onAgreeAll}
      />

      <section class="reg-section" aria-labelledby="reg-s-account">
        <h3 class="reg-section-title" id="reg-s-account">{tx("register.sections.account")}</h3>
        {text("username", "register.fields.username", {
          required: true,
          autocomplete: "username",
          maxLength: 20,
          hint: p.uniqueHint("username", tx("register.hints.username")),
        })}
        {text("password", "register.fields.password", {
          type: "password",
          required: true,
          autocomplete: "new-password",
          maxLength: 15,
          hint: tx("register.hints.password"),
        })}
        {text("password_confirmation", "register.fields.passwordConfirmation", {
          type: "password",
          required: true,
          autocomplete: "new-password",
          maxLength: 15,
        })}
      </section>

      <section class="reg-section" aria-labelledby="reg-s-profile">
        <h3 class="reg-section-title" id="reg-s-profile">
          {tx(company ? "register.sections.companyProfile" : "register.sections.profile")}
        </h3>
        <div class="reg-grid">
          {text("name", company ? "register.fields.companyName" : "register.fields.name", {
            required: true,
            autocomplete: company ? "organization" : "name",
            maxLength: 100,
          })}
          {text("name_en", company ? "register.fields.companyNameEn" : "register.fields.nameEn", { maxLength: 100 })}
        </div>
        {text("email", "register.fields.email", {
          type: "email",
          required: true,
          autocomplete: "email",
          maxLength: 254,
          hint: p.uniqueHint("email", tx("register.hints.email")),
        })}
        {text("phone", company ? "register.fields.companyPhone" : "register.fields.phone", {
          type: "tel",
          required: true,
          autocomplete: "tel",
          inputMode: "tel",
          maxLength: 20,
          hint: tx("register.hints.phone"),
        })}
        <FormAddressLookup
          prefix="member"
          names={REGISTER_ADDRESS_INPUTS}
          labels={addressLookupLabels(tx)}
          locale={p.paths.action.startsWith("/en/") ? "en" : "ko"}
        />
        <div class="reg-grid reg-grid-zip">
          {text("zip", "register.fields.zip", { autocomplete: "postal-code", maxLength: 10, inputMode: "numeric" })}
          {text("address1", "register.fields.address1", { autocomplete: "address-line1", maxLength: 200 })}
        </div>
        {text("address2", "register.fields.address2", {
          autocomplete: "address-line2",
          maxLength: 200,
          hint: tx("register.hints.address"),
        })}
      </section>

      {!company && (
        <section class="reg-section" aria-labelledby="reg-s-affiliation">
          <h3 class="reg-section-title" id="reg-s-affiliation">{tx("register.sections.affiliation")}</h3>
          {text("affiliation", "register.fields.affiliation", { autocomplete: "organization", maxLength: 100 })}
          <div class="reg-grid">
            {text("department", "register.fields.department", { maxLength: 100 })}
            {text("position", "register.fields.position", { autocomplete: "organization-title", maxLength: 100 })}
          </div>
        </section>
      )}

      {company && <BusinessSection tx={tx} text={text} errorOf={p.errorOf} documents={documents} files={p.files} />}

      {type === "judge" && (
        <JudgeSection
          tx={tx}
          fields={p.fields}
          careers={p.careers}
          educations={p.educations}
          enhanced={enhanced}
          errorOf={p.errorOf}
          text={text}
          onAddCareer={p.onAddCareer}
          onAddEducation={p.onAddEducation}
          onRemoveCareer={p.onRemoveCareer}
          onRemoveEducation={p.onRemoveEducation}
        />
      )}

      <section class="reg-section" aria-labelledby="reg-s-marketing">
        <h3 class="reg-section-title" id="reg-s-marketing">{tx("register.sections.marketing")}</h3>
        <p class="reg-section-lead">{tx("register.terms.marketingLead")}</p>
        <Checkbox
          name="marketing_email"
          label={tx("register.terms.marketingEmail")}
          checked={p.checked("marketing_email")}
        />
        <Checkbox name="marketing_sms" label={tx("register.terms.marketingSms")} checked={p.checked("marketing_sms")} />
      </section>

      <FormActions>
        {enhanced
          ? (
            <button type="button" class="button button-secondary button-lg" onClick={p.onPrevious}>
              {tx("register.actions.previous")}
            </button>
          )
          : (
            <button type="submit" name="nav" value="back" formnovalidate class="button button-secondary button-lg">
              {tx("register.actions.previous")}
            </button>
          )}
        <Button type="submit" name="nav" value="submit" size="lg" disabled={p.sending}>
          {tx(p.sending ? "register.actions.submitting" : "register.actions.submit")}
        </Button>
        <Busy active={p.sending} label={tx("common.working")} />
      </FormActions>
    </>
  );
}
