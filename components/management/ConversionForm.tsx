// The membership-conversion wizard's screens (SPEC §2.5: type → info → wait for approval), rendered on
// the server; the forms post to /change and work without JavaScript.
import type { ComponentChildren } from "preact";
import type { MembershipChange } from "../../db/schema/member.ts";
import { CONVERSION_TYPES, type ConversionType } from "../../domain/member/conversion.ts";
import { DEGREES, JUDGE_ROLES } from "../../domain/member/register-schema.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { Alert } from "../ui/Alert.tsx";
import { FormActions, RequiredMark, RequiredNote, Select, TextField } from "../ui/FormField.tsx";
import { QualificationNote } from "../register/QualificationNote.tsx";
import { ACADEMIC_POSITIONS } from "../../domain/member/judge-qualification.ts";
import { changeSummary, DateText, type Names, StateBadge } from "./Labels.tsx";

export interface FormValues {
  type: ConversionType;
  affiliation: string;
  department: string;
  position: string;
  tel: string;
  business_no: string;
  judge_fields: string[];
  judge_category: string;
  academic_position: string;
  careers: Record<string, string>[];
  educations: Record<string, string>[];
}

const STEP_KEYS: MessageKey[] = ["change.step.type", "change.step.info", "change.step.wait"];

export function Steps({ state, step }: { state: State; step: 1 | 2 | 3 }) {
  return (
    <ol class="steps" aria-label={state.t("change.stepsLabel")}>
      {STEP_KEYS.map((key, i) => {
        const n = i + 1;
        const cls = n === step ? "step is-current" : n < step ? "step is-done" : "step";
        return (
          <li key={key} class={cls} aria-current={n === step ? "step" : undefined}>
            <span class="step-number">{n}</span>
            <span class="step-label">{state.t(key)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Step 1: the four membership types; the current one is marked, judge only for individual members. */
export function TypeChoice(
  { state, current, canJudge }: { state: State; current: ConversionType | ""; canJudge: boolean },
) {
  const { t } = state;
  return (
    <>
      <p class="lead-text">{t("change.chooseLead")}</p>
      <ul class="type-choices">
        {CONVERSION_TYPES.map((type) => {
          const disabled = type === "judge" && !canJudge;
          return (
            <li key={type} class={disabled ? "type-choice is-disabled" : "type-choice"}>
              <h2 class="type-title">
                {disabled
                  ? t(`change.type.${type}`)
                  : <a class="type-link" href={href(state, `/change?type=${type}`)}>{t(`change.type.${type}`)}</a>}
              </h2>
              <p class="type-text">{t(`change.typeText.${type}`)}</p>
              <p class="type-meta">
                {type === current && <span class="badge badge-approved">{t("change.current")}</span>}{" "}
                {type === "member" ? t("change.immediate") : t("change.needsApproval")}
              </p>
              {disabled && <p class="type-meta">{t("change.judgeOnlyIndividual")}</p>}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function GroupErrors({ state, errors, prefix }: { state: State; errors?: Record<string, string[]>; prefix: string }) {
  const list = Object.entries(errors ?? {}).filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
    .flatMap(([, v]) => v);
  if (!list.length) return null;
  return (
    <div class="field-errors">
      {[...new Set(list)].map((key) => <p key={key} class="field-error">{state.t(key as MessageKey)}</p>)}
    </div>
  );
}

function Group(
  { legend, required, children, hint }: {
    legend: string;
    required?: boolean;
    hint?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  return (
    <fieldset class="field field-group form-group">
      <legend class="field-label">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hint && <p class="field-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

function CompanyFields(
  { state, values, errors }: { state: State; values: FormValues; errors?: Record<string, string[]> },
) {
  const { t } = state;
  const err = (name: string) => errors?.[name]?.map((k) => t(k as MessageKey)).join(" ");
  return (
    <>
      <TextField
        name="affiliation"
        label={t("change.companyName")}
        value={values.affiliation}
        required
        maxLength={200}
        error={err("affiliation")}
        autocomplete="organization"
      />
      <TextField
        name="business_no"
        label={t("change.businessNo")}
        value={values.business_no}
        required
        maxLength={12}
        inputMode="numeric"
        placeholder="000-00-00000"
        hint={t("change.businessNoHint")}
        error={err("business_no")}
      />
      <TextField name="department" label={t("change.department")} value={values.department} maxLength={100} />
      <TextField
        name="position"
        label={t("change.position")}
        value={values.position}
        maxLength={100}
        autocomplete="organization-title"
      />
      <TextField name="tel" type="tel" label={t("change.tel")} value={values.tel} maxLength={40} autocomplete="tel" />
    </>
  );
}

function JudgeFields(
  { state, values, errors, held }: {
    state: State;
    values: FormValues;
    errors?: Record<string, string[]>;
    held: string[];
  },
) {
  const { t } = state;
  const roleName = (f: string) => t(`register.judgeRoles.${f}` as MessageKey);
  // Rows the member has, and a few blank ones to add to (blank rows are ignored on the server).
  const careerRows = [...values.careers, ...Array(Math.max(1, 3 - values.careers.length)).fill({})].slice(0, 10);
  const educationRows = [...values.educations, ...Array(Math.max(1, 2 - values.educations.length)).fill({})]
    .slice(0, 6);
  return (
    <>
      <Alert kind="info" title={t("register.judgeNote.title")}>
        <p>{t("register.judgeNote.text")}</p>
      </Alert>
      <Group
        legend={t("register.fields.judgeFields")}
        required
        hint={held.length ? t("change.judgeHeldHint") : undefined}
      >
        <div class="choices choices-inline">
          {JUDGE_ROLES.map((role) => (
            <div class="check" key={role}>
              <input
                class="check-input"
                type="checkbox"
                id={`judge-field-${role}`}
                name="judge_fields[]"
                value={role}
                checked={values.judge_fields.includes(role)}
              />
              <label class="check-label" for={`judge-field-${role}`}>
                {roleName(role)}
                {held.includes(role) && <span class="muted">({t("change.held")})</span>}
              </label>
            </div>
          ))}
        </div>
        <GroupErrors state={state} errors={errors} prefix="judge_fields" />
      </Group>
      <TextField
        name="judge_category"
        label={t("register.fields.judgeCategory")}
        value={values.judge_category}
        maxLength={100}
        hint={t("register.hints.judgeCategory")}
      />
      <Select
        name="academic_position"
        label={t("judge.fields.academicPosition")}
        options={ACADEMIC_POSITIONS.map((p) => ({ value: p, label: t(`judge.positions.${p}`) }))}
        value={values.academic_position}
        placeholder={t("judge.positions.none")}
        hint={t("judge.hints.academicPosition")}
        error={errors?.academic_position?.map((k) => t(k as MessageKey)).join(" ")}
      />
      <QualificationNote
        t={t}
        careers={values.careers.map((c) => ({ from: c.from ?? "", to: c.to ?? "" }))}
        academicPosition={values.academic_position}
      />
      <Group legend={t("register.sections.careers")} required>
        <div class="row-inputs">
          <div class="row-head" aria-hidden="true">
            <span>{t("register.fields.careerRole")}</span>
            <span>{t("register.fields.organization")}</span>
            <span>{t("register.fields.careerPosition")}</span>
            <span>{t("register.fields.from")}</span>
            <span>{t("register.fields.to")}</span>
          </div>
          {careerRows.map((c, i) => (
            <div class="row-input" key={i}>
              <select
                class="select"
                name={`careers[${i}][role]`}
                aria-label={`${t("register.fields.careerRole")} ${i + 1}`}
              >
                <option value="">{t("register.degrees.choose")}</option>
                {JUDGE_ROLES.map((f) => <option key={f} value={f} selected={c.role === f}>{roleName(f)}</option>)}
              </select>
              <input
                class="input"
                name={`careers[${i}][organization]`}
                value={c.organization ?? ""}
                placeholder={t("register.fields.organization")}
                maxLength={100}
                aria-label={`${t("register.fields.organization")} ${i + 1}`}
              />
              <input
                class="input"
                name={`careers[${i}][position]`}
                value={c.position ?? ""}
                placeholder={t("register.fields.careerPosition")}
                maxLength={100}
                aria-label={`${t("register.fields.careerPosition")} ${i + 1}`}
              />
              <input
                class="input"
                name={`careers[${i}][from]`}
                value={c.from ?? ""}
                maxLength={7}
                placeholder={`${t("register.fields.from")} 2015-03`}
                aria-label={`${t("register.fields.from")} ${i + 1}`}
              />
              <input
                class="input"
                name={`careers[${i}][to]`}
                value={c.to ?? ""}
                maxLength={7}
                placeholder={`${t("register.fields.to")} 2020-02`}
                aria-label={`${t("register.fields.to")} ${i + 1}`}
              />
            </div>
          ))}
        </div>
        <p class="field-hint">{t("register.rows.spare")} {t("register.hints.to")}</p>
        <GroupErrors state={state} errors={errors} prefix="careers" />
      </Group>
      <Group legend={t("register.sections.educations")} required>
        <div class="row-inputs row-inputs-3">
          <div class="row-head" aria-hidden="true">
            <span>{t("register.fields.school")}</span>
            <span>{t("register.fields.major")}</span>
            <span>{t("register.fields.eduDegree")}</span>
          </div>
          {educationRows.map((e, i) => (
            <div class="row-input" key={i}>
              <input
                class="input"
                name={`educations[${i}][school]`}
                value={e.school ?? ""}
                placeholder={t("register.fields.school")}
                maxLength={100}
                aria-label={`${t("register.fields.school")} ${i + 1}`}
              />
              <input
                class="input"
                name={`educations[${i}][major]`}
                value={e.major ?? ""}
                placeholder={t("register.fields.major")}
                maxLength={100}
                aria-label={`${t("register.fields.major")} ${i + 1}`}
              />
              <select
                class="select"
                name={`educations[${i}][degree]`}
                aria-label={`${t("register.fields.eduDegree")} ${i + 1}`}
              >
                <option value="">{t("register.degrees.choose")}</option>
                {DEGREES.map((d) => (
                  <option key={d} value={d} selected={e.degree === d}>{t(`register.degrees.${d}`)}</option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <GroupErrors state={state} errors={errors} prefix="educations" />
      </Group>
    </>
  );
}

/** Step 2: what the chosen type needs. */
export function InfoForm(
  { state, values, errors, error, held }: {
    state: State;
    values: FormValues;
    errors?: Record<string, string[]>;
    error?: string;
    held: string[];
  },
) {
  const { t } = state;
  return (
    <form method="post" action={href(state, "/change")} class="form change-form" data-warn-unsaved novalidate>
      <input type="hidden" name="_token" value={state.csrfToken} />
      <input type="hidden" name="type" value={values.type} />
      <h2 class="form-title">{t(`change.type.${values.type}`)}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {errors && !error && <Alert kind="error">{t("error.validation")}</Alert>}
      {values.type === "member" && <p class="lead-text">{t("change.memberConfirm")}</p>}
      {values.type !== "member" && <RequiredNote t={t} />}
      {(values.type === "design" || values.type === "company") && (
        <CompanyFields state={state} values={values} errors={errors} />
      )}
      {values.type === "judge" && <JudgeFields state={state} values={values} errors={errors} held={held} />}
      {values.type !== "member" && <p class="hint">{t("change.approvalNote")}</p>}
      <FormActions>
        <a class="button button-ghost" href={href(state, "/change")}>{t("change.back")}</a>
        <button type="submit" class="button button-primary">{t("change.submit")}</button>
      </FormActions>
    </form>
  );
}

/** Step 3: done at once, waiting for approval, nothing to change — or a request already waiting. */
export function WaitScreen(
  { state, result, blocked, pending, names }: {
    state: State;
    result?: "approved" | "waiting" | "unchanged";
    /** Something already waits: nothing more can be asked (SPEC §8). */
    blocked: boolean;
    pending: MembershipChange[];
    names: Names;
  },
) {
  const { t } = state;
  const message = blocked && !result
    ? t("change.pending")
    : result === "approved"
    ? t("change.result.approved")
    : result === "unchanged"
    ? t("change.result.unchanged")
    : t("change.result.waiting");
  return (
    <div class="change-result">
      <Alert kind={result === "approved" ? "success" : "info"}>{message}</Alert>
      {pending.length > 0 && (
        <ul class="pending-list">
          {pending.map((c) => (
            <li key={c.id}>
              <StateBadge state={state} status={c.status} /> {changeSummary(state, names, c)}{" "}
              <span class="muted">
                (<DateText state={state} value={c.createdAt} />)
              </span>
            </li>
          ))}
        </ul>
      )}
      <p class="actions actions-center">
        <a class="button button-primary" href={href(state, "/mypage/changes")}>{t("mypage.section.changes")}</a>
        <a class="button button-ghost" href={href(state, "/mypage")}>{t("site.mypage")}</a>
      </p>
    </div>
  );
}
