// The terms part of step 2 of the registration wizard: "agree to all", the two policies and their checkboxes.
import { Checkbox } from "../ui/FormField.tsx";
import { PolicyBox } from "./PolicyBox.tsx";
import { AGREE_ALL, type RegisterWizardProps, type Tx } from "./state.ts";

export function TermsSection({ tx, enhanced, paths, checked, errorOf, onAgreeAll }: {
  tx: Tx;
  enhanced: boolean;
  paths: RegisterWizardProps["paths"];
  checked: (name: string) => boolean;
  errorOf: (path: string) => string | undefined;
  onAgreeAll(on: boolean): void;
}) {
  return (
    <section class="reg-section" aria-labelledby="reg-s-terms">
      <h3 class="reg-section-title" id="reg-s-terms">{tx("register.sections.terms")}</h3>
      {enhanced && (
        <div class="check reg-agree-all">
          <input
            class="check-input"
            type="checkbox"
            id="reg-agree-all"
            checked={AGREE_ALL.every(checked)}
            onChange={(e) => onAgreeAll((e.target as HTMLInputElement).checked)}
          />
          <label class="check-label" for="reg-agree-all">{tx("register.terms.agreeAll")}</label>
        </div>
      )}
      <PolicyBox
        id="terms"
        title={tx("register.terms.termsTitle")}
        body={tx("register.terms.termsText")}
        link={paths.terms}
        linkText={tx("register.terms.viewFull")}
        newWindow={tx("register.terms.newWindow")}
      />
      <Checkbox
        name="agree_terms"
        label={tx("register.terms.agreeTerms")}
        checked={checked("agree_terms")}
        required
        error={errorOf("agree_terms")}
      />
      <PolicyBox
        id="privacy"
        title={tx("register.terms.privacyTitle")}
        body={tx("register.terms.privacyText")}
        link={paths.privacy}
        linkText={tx("register.terms.viewFull")}
        newWindow={tx("register.terms.newWindow")}
      />
      <Checkbox
        name="agree_privacy"
        label={tx("register.terms.agreePrivacy")}
        checked={checked("agree_privacy")}
        required
        error={errorOf("agree_privacy")}
      />
    </section>
  );
}
