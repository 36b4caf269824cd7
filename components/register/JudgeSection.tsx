// The judge's part of step 2 of the registration wizard: fields of judging, degree, careers and education.
import { Alert } from "../ui/Alert.tsx";
import { Select } from "../ui/FormField.tsx";
import { DEGREES, JUDGE_ROLES } from "../../domain/member/register-schema.ts";
import { ACADEMIC_POSITIONS } from "../../domain/member/judge-qualification.ts";
import { QualificationNote } from "./QualificationNote.tsx";
import { type Career, type Education, type Fields, isBlank, type TextFn, type Tx } from "./state.ts";

interface JudgeProps {
  tx: Tx;
  fields: Fields;
  careers: Career[];
  educations: Education[];
  enhanced: boolean;
  errorOf: (path: string) => string | undefined;
  text: TextFn;
  onAddCareer(): void;
  onAddEducation(): void;
  onRemoveCareer(id: number): void;
  onRemoveEducation(id: number): void;
}

export function JudgeSection(p: JudgeProps) {
  const { tx, errorOf, text } = p;
  const selected = Array.isArray(p.fields.judge_fields) ? p.fields.judge_fields : [];
  const degreeOptions = DEGREES.map((d) => ({ value: d, label: tx(`register.degrees.${d}`) }));
  const roleOptions = JUDGE_ROLES.map((r) => ({ value: r, label: tx(`register.judgeRoles.${r}`) }));
  const fieldsError = errorOf("judge_fields");
  return (
    <section class="reg-section" aria-labelledby="reg-s-judge">
      <h3 class="reg-section-title" id="reg-s-judge">{tx("register.sections.judge")}</h3>
      <Alert kind="info" title={tx("register.judgeNote.title")}>
        <p>{tx("register.judgeNote.text")}</p>
      </Alert>
      <fieldset
        class={`field field-group${fieldsError ? " field-invalid" : ""}`}
        aria-describedby="reg-judge-fields-error"
      >
        <legend class="field-label">
          {tx("register.fields.judgeFields")}
          <span class="field-required" aria-hidden="true">*</span>
        </legend>
        <div class="choices choices-inline">
          {JUDGE_ROLES.map((role) => (
            <div class="check" key={role}>
              <input
                class="check-input"
                type="checkbox"
                id={`reg-judge-${role}`}
                name="judge_fields[]"
                value={role}
                checked={selected.includes(role)}
                aria-invalid={fieldsError ? "true" : undefined}
              />
              <label class="check-label" for={`reg-judge-${role}`}>{tx(`register.judgeRoles.${role}`)}</label>
            </div>
          ))}
        </div>
        {fieldsError && <p class="field-error" id="reg-judge-fields-error">{fieldsError}</p>}
      </fieldset>
      {text("judge_category", "register.fields.judgeCategory", {
        maxLength: 100,
        hint: tx("register.hints.judgeCategory"),
      })}
      <div class="reg-grid">
        <Select
          name="academic_position"
          label={tx("judge.fields.academicPosition")}
          options={ACADEMIC_POSITIONS.map((a) => ({ value: a, label: tx(`judge.positions.${a}`) }))}
          value={typeof p.fields.academic_position === "string" ? p.fields.academic_position : ""}
          placeholder={tx("judge.positions.none")}
          hint={tx("judge.hints.academicPosition")}
          error={errorOf("academic_position")}
        />
        <Select
          name="degree"
          label={tx("register.fields.degree")}
          options={degreeOptions}
          value={typeof p.fields.degree === "string" ? p.fields.degree : ""}
          placeholder={tx("register.degrees.choose")}
          error={errorOf("degree")}
        />
      </div>
      {text("specialty", "register.fields.specialty", { required: true, maxLength: 100 })}

      <h4 class="reg-subtitle" id="reg-s-careers">{tx("register.sections.careers")}</h4>
      <QualificationNote
        t={tx}
        careers={p.careers.map((c) => ({ from: c.from, to: c.to }))}
        academicPosition={typeof p.fields.academic_position === "string" ? p.fields.academic_position : ""}
      />
      {errorOf("careers") && <p class="field-error reg-rows-error">{errorOf("careers")}</p>}
      {p.careers.map((row, i) => {
        // errors name a row by its place among the filled rows (empty rows are dropped before validation)
        const at = `careers.${p.careers.filter((r) => !isBlank(r)).indexOf(row)}`;
        const month = { type: "text", placeholder: "YYYY-MM", inputMode: "numeric", maxLength: 7 } as const;
        return (
          <fieldset class="reg-row" key={row.id}>
            <legend class="reg-row-title">{tx("register.rows.career", { n: i + 1 })}</legend>
            {p.enhanced && p.careers.length > 1 && (
              <button
                type="button"
                class="button button-ghost button-sm reg-row-remove"
                onClick={() => p.onRemoveCareer(row.id)}
              >
                {tx("register.rows.remove")}
                <span class="visually-hidden">{tx("register.rows.career", { n: i + 1 })}</span>
              </button>
            )}
            <div class="reg-grid">
              {text(`careers[${i}][organization]`, "register.fields.organization", {
                value: row.organization,
                maxLength: 100,
                required: true,
              }, `${at}.organization`)}
              {text(`careers[${i}][position]`, "register.fields.careerPosition", {
                value: row.position,
                maxLength: 100,
              }, `${at}.position`)}
              {text(`careers[${i}][from]`, "register.fields.from", {
                ...month,
                value: row.from,
                hint: tx("register.hints.month"),
              }, `${at}.from`)}
              {text(`careers[${i}][to]`, "register.fields.to", {
                ...month,
                value: row.to,
                hint: tx("register.hints.to"),
              }, `${at}.to`)}
            </div>
            <Select
              name={`careers[${i}][role]`}
              label={tx("register.fields.careerRole")}
              options={roleOptions}
              value={row.role}
              placeholder={tx("register.degrees.choose")}
              required
              error={errorOf(`${at}.role`)}
            />
          </fieldset>
        );
      })}
      {p.enhanced
        ? (
          <button type="button" class="button button-secondary button-sm reg-add" onClick={p.onAddCareer}>
            + {tx("register.rows.addCareer")}
          </button>
        )
        : <p class="field-hint">{tx("register.rows.spare")}</p>}

      <h4 class="reg-subtitle" id="reg-s-educations">{tx("register.sections.educations")}</h4>
      {errorOf("educations") && <p class="field-error reg-rows-error">{errorOf("educations")}</p>}
      {p.educations.map((row, i) => {
        const at = `educations.${p.educations.filter((r) => !isBlank(r)).indexOf(row)}`;
        return (
          <fieldset class="reg-row" key={row.id}>
            <legend class="reg-row-title">{tx("register.rows.education", { n: i + 1 })}</legend>
            {p.enhanced && p.educations.length > 1 && (
              <button
                type="button"
                class="button button-ghost button-sm reg-row-remove"
                onClick={() => p.onRemoveEducation(row.id)}
              >
                {tx("register.rows.remove")}
                <span class="visually-hidden">{tx("register.rows.education", { n: i + 1 })}</span>
              </button>
            )}
            {text(`educations[${i}][school]`, "register.fields.school", {
              value: row.school,
              maxLength: 100,
              required: true,
            }, `${at}.school`)}
            <div class="reg-grid">
              {text(
                `educations[${i}][major]`,
                "register.fields.major",
                { value: row.major, maxLength: 100 },
                `${at}.major`,
              )}
              <Select
                name={`educations[${i}][degree]`}
                label={tx("register.fields.eduDegree")}
                options={degreeOptions}
                value={row.degree}
                placeholder={tx("register.degrees.choose")}
                error={errorOf(`${at}.degree`)}
              />
            </div>
          </fieldset>
        );
      })}
      {p.enhanced
        ? (
          <button type="button" class="button button-secondary button-sm reg-add" onClick={p.onAddEducation}>
            + {tx("register.rows.addEducation")}
          </button>
        )
        : <p class="field-hint">{tx("register.rows.spare")}</p>}
    </section>
  );
}
