// The fields of the area's wizard steps (SPEC §2.5), server-rendered inside the wizard shell's form
// (components/wizard/): the employer's company and position, the job seeker's basics and introduction, the
// share's type and details, and the summaries shown before storing. Filled from the server draft or from
// the post that was refused. Files go as plain file inputs (the FileInput island checks them first).
import { Checkbox, Field, RadioGroup, Select, Textarea, TextField } from "../ui/FormField.tsx";
import { fieldError, type FieldErrors } from "../wizard/WizardForm.tsx";
import FileInput from "../../islands/FileInput.tsx";
import { acceptFor, uploadMessages, uploadTranslator } from "../file/messages.ts";
import { INSURANCES, type JobCodeList, SHARE_TYPES } from "../../domain/job/options.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";
import { codeLabel, codeOptions, Facts, payText } from "./views.tsx";

type Ctx = Pick<State, "t" | "locale" | "basePath">;
type Data = Record<string, unknown>;

export interface StepProps {
  state: Ctx;
  data: Data;
  errors?: FieldErrors;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const on = (v: unknown) => v === true || v === "on" || v === "1" || v === "true";
// A kept file id is a number in the draft (the upload pipeline's id) and a string in a refused post.
const list = (v: unknown) =>
  Array.isArray(v) ? v.map(String) : (typeof v === "string" && v) || typeof v === "number" ? [String(v)] : [];

function helpers({ state, data, errors }: StepProps) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  const text = (name: string, label: MessageKey, required = false, max = 200) => (
    <TextField
      name={name}
      label={t(label)}
      required={required}
      value={str(data[name])}
      error={err(name)}
      maxLength={max}
    />
  );
  const area = (name: string, label: MessageKey, required = false, rows = 5) => (
    <Textarea name={name} label={t(label)} required={required} value={str(data[name])} error={err(name)} rows={rows} />
  );
  const select = (name: string, label: MessageKey, codes: JobCodeList, required = true) => (
    <Select
      name={name}
      label={t(label)}
      required={required}
      value={str(data[name])}
      error={err(name)}
      placeholder="—"
      options={codeOptions(t, codes)}
    />
  );
  const won = (name: string, label: MessageKey) => (
    <TextField
      name={name}
      label={t(label)}
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      value={str(data[name])}
      error={err(name)}
      hint={t("job.labels.salaryAgreed")}
    />
  );
  return { t, err, text, area, select, won };
}

/** A file field: the draft's id kept as a hidden field, a new file replaces it. */
function Upload(
  { state, name, field, purpose, label, data, errors, multiple }: {
    state: Ctx;
    name: string;
    field: string;
    purpose: "job_logo" | "resume_photo" | "share_image";
    label: string;
    data: Data;
    errors?: FieldErrors;
    multiple?: boolean;
  },
) {
  const kept = list(data[field]);
  const id = `field-${field}`;
  const error = fieldError(uploadTranslator(state.t, purpose), errors, field);
  return (
    <Field id={id} label={label} error={error}>
      {kept.map((v) => <input key={v} type="hidden" name={field} value={v} />)}
      <FileInput
        id={id}
        name={name}
        purpose={purpose}
        multiple={multiple}
        accept={acceptFor(purpose)}
        messages={uploadMessages(state.t, purpose)}
        describedBy={error ? `${id}-error` : undefined}
      />
    </Field>
  );
}

export function CompanyFields(props: StepProps) {
  const { t, text, select } = helpers(props);
  return (
    <>
      {text("company", "job.labels.company", true, 100)}
      {text("company_en", "job.labels.companyEn", false, 100)}
      {select("company_type", "job.labels.companyType", "company_type")}
      {select("worker_num", "job.labels.workerNum", "worker_num")}
      {text("contact", "job.labels.contact")}
      <Upload
        state={props.state}
        name="logo"
        field="logo_id"
        purpose="job_logo"
        label={`${t("job.labels.logo")} (${t("job.wizard.logoHint")})`}
        data={props.data}
        errors={props.errors}
      />
    </>
  );
}

export function PositionFields(props: StepProps) {
  const { t, text, area, select, won, err } = helpers(props);
  const chosen = list(props.data.insurance);
  return (
    <>
      {text("title", "job.labels.title", true)}
      {text("title_en", "job.labels.titleEn")}
      {select("occupation", "job.labels.occupation", "occupation")}
      {area("duties", "job.labels.duties", true)}
      {area("duties_en", "job.labels.dutiesEn")}
      {select("region", "job.labels.region", "region")}
      {select("education", "job.labels.education", "education")}
      {select("career", "job.labels.career", "career")}
      {select("employ_type", "job.labels.employType", "employ_type")}
      {won("salary", "job.labels.salary")}
      {select("salary_type", "job.labels.salaryType", "salary_type")}
      {select("holiday_type", "job.labels.holidayType", "holiday_type")}
      {select("work_hour", "job.labels.workHour", "work_hour")}
      {area("welfare", "job.labels.welfare", false, 3)}
      {area("preferences", "job.labels.preferences", false, 3)}
      <Checkbox
        name="severance"
        label={t("job.labels.severance")}
        checked={props.data.severance === undefined || on(props.data.severance)}
      />
      <fieldset class="field field-group" id="field-insurance">
        <legend class="field-label">{t("job.labels.insurance")}</legend>
        <div class="choices choices-inline">
          {INSURANCES.map((code) => (
            <div class="check" key={code}>
              <input
                class="check-input"
                type="checkbox"
                id={`field-insurance-${code}`}
                name="insurance"
                value={code}
                checked={chosen.includes(code)}
              />
              <label class="check-label" for={`field-insurance-${code}`}>{codeLabel(t, "insurance", code)}</label>
            </div>
          ))}
        </div>
        {err("insurance") && <p class="field-error">{err("insurance")}</p>}
      </fieldset>
      {select("apply_method", "job.labels.applyMethod", "apply_method")}
      {text("papers", "job.labels.papers")}
      <TextField
        name="hire_count"
        label={t("job.labels.hireCount")}
        type="number"
        min={1}
        step={1}
        required
        value={str(props.data.hire_count) || "1"}
        error={err("hire_count")}
      />
      <TextField
        name="close_on"
        label={t("job.labels.closeOn")}
        type="date"
        required
        value={str(props.data.close_on)}
        error={err("close_on")}
      />
    </>
  );
}

/** The employer's step 3: what will be posted. */
export function PostingSummaryFields({ state, data }: { state: Ctx; data: Data }) {
  const t = state.t;
  return (
    <Facts
      rows={[
        [t("job.labels.company"), str(data.company)],
        [t("job.labels.title"), str(data.title)],
        [t("job.labels.occupation"), codeLabel(t, "occupation", str(data.occupation))],
        [t("job.labels.region"), codeLabel(t, "region", str(data.region))],
        [t("job.labels.career"), codeLabel(t, "career", str(data.career))],
        [t("job.labels.employType"), codeLabel(t, "employ_type", str(data.employ_type))],
        [t("job.labels.salary"), payText(state, Number(str(data.salary)) || 0, str(data.salary_type))],
        [t("job.labels.closeOn"), str(data.close_on)],
      ]}
    />
  );
}

export function ResumeBasicsFields(props: StepProps) {
  const { t, text, select } = helpers(props);
  return (
    <>
      <p class="field-hint">{t("job.wizard.fromProfile")}</p>
      {text("title", "job.labels.resumeTitle", true)}
      {text("title_en", "job.labels.resumeTitleEn")}
      {select("gender", "job.labels.gender", "gender")}
      {select("occupation", "job.labels.desiredOccupation", "occupation")}
      {select("region", "job.labels.desiredRegion", "region")}
      {select("career", "job.labels.career", "career")}
      {select("education", "job.labels.education", "education")}
      {select("employ_type", "job.labels.desiredEmployType", "employ_type")}
      <Upload
        state={props.state}
        name="photo"
        field="photo_id"
        purpose="resume_photo"
        label={t("job.labels.photo")}
        data={props.data}
        errors={props.errors}
      />
    </>
  );
}

export function ResumeAboutFields(props: StepProps) {
  const { t, area, select, won, err } = helpers(props);
  return (
    <>
      <TextField
        name="portfolio_url"
        label={t("job.labels.portfolioUrl")}
        type="url"
        inputMode="url"
        value={str(props.data.portfolio_url)}
        error={err("portfolio_url")}
        maxLength={500}
        placeholder="https://"
      />
      {area("introduction", "job.labels.introduction", true, 8)}
      {area("introduction_en", "job.labels.introductionEn", false, 6)}
      {won("desired_pay", "job.labels.desiredPay")}
      {select("desired_pay_type", "job.labels.desiredPayType", "salary_type")}
      <Checkbox
        name="looking"
        label={t("job.resumeStatus.looking")}
        checked={props.data.looking === undefined || on(props.data.looking)}
      />
    </>
  );
}

export function ShareTypeFields(props: StepProps) {
  const { t, err } = helpers(props);
  return (
    <RadioGroup
      name="type"
      label={t("job.share.labels.type")}
      required
      value={str(props.data.type)}
      error={err("type")}
      options={SHARE_TYPES.map((type) => ({ value: type, label: t(`job.share.type.${type}`) }))}
    />
  );
}

export function ShareDetailsFields(props: StepProps) {
  const { t, text, area, select, err } = helpers(props);
  const day = (name: string, label: MessageKey) => (
    <TextField name={name} label={t(label)} type="date" required value={str(props.data[name])} error={err(name)} />
  );
  return (
    <>
      {text("talent", "job.share.labels.talent", true)}
      {text("talent_en", "job.share.labels.talentEn")}
      {select("field", "job.share.labels.field", "occupation")}
      {day("period_from", "job.share.labels.periodFrom")}
      {day("period_to", "job.share.labels.periodTo")}
      {text("times", "job.share.labels.times")}
      {text("target", "job.share.labels.target")}
      {area("description", "job.share.labels.description", true)}
      {area("description_en", "job.share.labels.descriptionEn")}
      {text("institution", "job.share.labels.institution")}
      {select("region", "job.share.labels.region", "region")}
      <TextField
        name="approved_number"
        label={t("job.share.labels.approvedNumber")}
        type="number"
        min={1}
        step={1}
        required
        value={str(props.data.approved_number) || "1"}
        error={err("approved_number")}
      />
      <Upload
        state={props.state}
        name="images"
        field="image_ids"
        purpose="share_image"
        label={t("job.share.labels.images")}
        data={props.data}
        errors={props.errors}
        multiple
      />
    </>
  );
}

/** The share's step 3: what will be stored. */
export function ShareSummaryFields({ state, data }: { state: Ctx; data: Data }) {
  const t = state.t;
  const type = str(data.type);
  return (
    <Facts
      rows={[
        [t("job.share.labels.type"), type ? t(`job.share.type.${type}` as MessageKey) : ""],
        [t("job.share.labels.talent"), str(data.talent)],
        [t("job.share.labels.field"), codeLabel(t, "occupation", str(data.field))],
        [t("job.share.labels.period"), `${str(data.period_from)} – ${str(data.period_to)}`],
        [t("job.share.labels.region"), codeLabel(t, "region", str(data.region))],
        [t("job.share.labels.approvedNumber"), str(data.approved_number)],
      ]}
    />
  );
}
