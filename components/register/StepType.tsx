// Step 1 of the registration wizard: the member type.
import { Button } from "../ui/Button.tsx";
import { FormActions } from "../ui/FormField.tsx";
import { MEMBER_TYPES, type MemberType, rolesFor } from "../../domain/member/register-schema.ts";
import { type Career, type Education, type Fields, rowEntries, type Tx } from "./state.ts";

export function StepType({ tx, type, enhanced, errorOf, fields, careers, educations }: {
  tx: Tx;
  type: MemberType | "";
  enhanced: boolean;
  errorOf: (path: string) => string | undefined;
  fields: Fields;
  careers: Career[];
  educations: Education[];
}) {
  return (
    <>
      <p class="reg-lead">{tx("register.lead")}</p>
      <fieldset class={`field field-group reg-types${errorOf("type") ? " field-invalid" : ""}`}>
        <legend class="field-label">{tx("register.types.legend")}</legend>
        {MEMBER_TYPES.map((code) => {
          const approval = rolesFor(code).some((r) => !r.approved);
          return (
            <div class={`check reg-type${type === code ? " is-selected" : ""}`} key={code}>
              <input
                class="check-input"
                type="radio"
                id={`reg-type-${code}`}
                name="type"
                value={code}
                checked={type === code}
                aria-describedby={`reg-type-${code}-text`}
                aria-invalid={errorOf("type") ? "true" : undefined}
              />
              <label class="check-label" for={`reg-type-${code}`}>
                <strong class="reg-type-title">{tx(`register.types.${code}`)}</strong>{" "}
                <span class={`reg-badge${approval ? " reg-badge-approval" : ""}`}>
                  {tx(approval ? "register.badges.approval" : "register.badges.instant")}
                </span>{" "}
                <span class="reg-type-text" id={`reg-type-${code}-text`}>{tx(`register.typeTexts.${code}`)}</span>
              </label>
            </div>
          );
        })}
        {errorOf("type") && <p class="field-error">{errorOf("type")}</p>}
      </fieldset>
      {!enhanced && <CarryValues fields={fields} careers={careers} educations={educations} />}
      <FormActions>
        <Button type="submit" name="nav" value="next" size="lg">{tx("register.actions.next")}</Button>
      </FormActions>
    </>
  );
}

/** Step 1 of the no-JavaScript form carries what step 2 already holds (never the password). */
function CarryValues({ fields, careers, educations }: { fields: Fields; careers: Career[]; educations: Education[] }) {
  const hidden: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === "type" || name === "password" || name === "password_confirmation") continue;
    if (Array.isArray(value)) value.forEach((v) => hidden.push([`${name}[]`, v]));
    else if (value) hidden.push([name, value]);
  }
  hidden.push(...rowEntries(careers, educations));
  return <>{hidden.map(([name, value], i) => <input key={i} type="hidden" name={name} value={value} />)}</>;
}
