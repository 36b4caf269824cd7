// Step 1, the entrant: exhibitor type, company or school, the main designer, and up to three sub
// designers (three rows are always there; empty ones are dropped, so it works without JavaScript).
import { MAX_SUB_DESIGNERS } from "../../domain/award/options.ts";
import { Choice, Text } from "./Controls.tsx";
import { type Data, type EntryWizardProps, errorOf, str, type T } from "./types.ts";

export function StepEntrant({ t, data, errors, options }: {
  t: T;
  data: Data;
  errors: Record<string, string[]>;
  options: EntryWizardProps["options"];
}) {
  const designer = (data.designer ?? {}) as Data;
  const subs = (Array.isArray(data.sub_designers) ? data.sub_designers : []) as Data[];
  const err = (path: string) => errorOf(t, errors, path);
  return (
    <>
      <fieldset class="entry-group">
        <legend>{t("entry.steps.1")}</legend>
        <Choice
          name="exhibitor_type"
          label={t("entry.exhibitorType")}
          value={str(data.exhibitor_type)}
          options={options.exhibitorTypes}
          required
          error={err("exhibitor_type")}
        />
        <Text
          name="company"
          label={t("entry.company")}
          value={str(data.company)}
          maxLength={100}
          error={err("company")}
        />
        <Choice
          name="school_type"
          label={t("entry.schoolType")}
          value={str(data.school_type)}
          options={options.schoolTypes}
          error={err("school_type")}
        />
        <Text name="department" label={t("entry.department")} value={str(data.department)} maxLength={100} />
      </fieldset>
      <fieldset class="entry-group">
        <legend>{t("entry.designer")}</legend>
        {(["name", "name_en", "email", "phone", "affiliation"] as const).map((field) => (
          <Text
            key={field}
            name={`designer.${field}`}
            label={t(`entry.designer${field === "name_en" ? "NameEn" : field[0].toUpperCase() + field.slice(1)}`)}
            value={str(designer[field])}
            type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
            required={field !== "affiliation"}
            maxLength={field === "email" ? 254 : 100}
            error={err(`designer.${field}`)}
          />
        ))}
      </fieldset>
      <fieldset class="entry-group">
        <legend>{t("entry.subDesigners")}</legend>
        {err("sub_designers") && <p class="field-error">{err("sub_designers")}</p>}
        {Array.from(
          { length: MAX_SUB_DESIGNERS },
          (_, i) => (
            <div class="entry-sub" key={i} role="group" aria-label={t("entry.subDesigner", { n: i + 1 })}>
              <Text
                name={`sub_designers.${i}.name`}
                label={t("entry.subName")}
                value={str(subs[i]?.name)}
                maxLength={100}
                error={err(`sub_designers.${i}.name`)}
              />
              <Text
                name={`sub_designers.${i}.name_en`}
                label={t("entry.subNameEn")}
                value={str(subs[i]?.name_en)}
                maxLength={100}
              />
              <Text
                name={`sub_designers.${i}.affiliation`}
                label={t("entry.subAffiliation")}
                value={str(subs[i]?.affiliation)}
                maxLength={100}
              />
            </div>
          ),
        )}
      </fieldset>
    </>
  );
}
