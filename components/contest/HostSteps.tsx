// The fields of the hosting wizard's steps (SPEC §2.5), server-rendered inside the wizard shell's form
// (components/wizard/), filled from the server draft or from the post that was refused.
import type { FieldErrors } from "../wizard/WizardForm.tsx";
import { fieldError } from "../wizard/WizardForm.tsx";
import { Checkbox, RadioGroup, RequiredMark, Select, Textarea, TextField } from "../ui/FormField.tsx";
import {
  CONTEST_FIELDS,
  CONTEST_LANGUAGES,
  ENTRY_RESTRICTIONS,
  LOGO_STYLES,
  MIN_PRIZE_TOTAL,
  SUB_FIELDS,
  WEBSITE_STYLES,
} from "../../domain/contest/options.ts";
import { formatMoney, type Translate } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";

type Ctx = Pick<State, "t" | "locale">;
type Data = Record<string, unknown>;

export interface StepFieldsProps {
  state: Ctx;
  data: Data;
  errors?: FieldErrors;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const on = (v: unknown) => v === true || v === "on" || v === "1" || v === "true";
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);
const k = (t: Translate, key: string) => t(key as Parameters<Translate>[0]);

export function FieldStepFields({ state, data, errors }: StepFieldsProps) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  return (
    <>
      <RadioGroup
        name="field"
        label={t("contest.labels.field")}
        required
        value={str(data.field)}
        error={err("field")}
        options={CONTEST_FIELDS.map((f) => ({ value: f, label: k(t, `contest.fields.${f}`) }))}
      />
      <Select
        name="sub_field"
        label={t("contest.labels.subField")}
        value={str(data.sub_field)}
        error={err("sub_field")}
        placeholder="—"
        options={CONTEST_FIELDS.flatMap((f) =>
          SUB_FIELDS[f].map((s) => ({
            value: s,
            label: `${k(t, `contest.fields.${f}`)} · ${k(t, `contest.subFields.${s}`)}`,
          }))
        ).filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i)}
      />
      <Textarea
        name="detail_items"
        label={t("contest.labels.detailItems")}
        value={str(data.detail_items)}
        error={err("detail_items")}
        rows={4}
      />
    </>
  );
}

export function ContentStepFields({ state, data, errors }: StepFieldsProps) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  const langs = list(data.languages);
  const text = (name: string, label: string, required = false, type: "text" | "email" = "text") => (
    <TextField
      name={name}
      label={label}
      type={type}
      required={required}
      value={str(data[name])}
      error={err(name)}
      maxLength={200}
    />
  );
  return (
    <>
      {text("title", t("contest.labels.title"), true)}
      {text("title_en", t("contest.labels.titleEn"))}
      {text("company", t("contest.labels.company"), true)}
      {text("company_en", t("contest.labels.companyEn"))}
      {text("contact_email", t("contest.labels.contactEmail"), true, "email")}
      <Textarea
        name="summary"
        label={t("contest.labels.summary")}
        required
        value={str(data.summary)}
        error={err("summary")}
        rows={3}
      />
      <Textarea name="summary_en" label={t("contest.labels.summaryEn")} value={str(data.summary_en)} rows={3} />
      <Textarea
        name="request"
        label={t("contest.labels.request")}
        required
        value={str(data.request)}
        error={err("request")}
      />
      <Textarea name="request_en" label={t("contest.labels.requestEn")} value={str(data.request_en)} />
      <Checkbox name="commercial" label={t("contest.labels.commercial")} checked={on(data.commercial)} />
      <Select
        name="logo_style"
        label={t("contest.labels.logoStyle")}
        value={str(data.logo_style)}
        placeholder="—"
        options={LOGO_STYLES.map((s) => ({ value: s, label: k(t, `contest.logoStyles.${s}`) }))}
      />
      <Select
        name="website_style"
        label={t("contest.labels.websiteStyle")}
        value={str(data.website_style)}
        placeholder="—"
        options={WEBSITE_STYLES.map((s) => ({ value: s, label: k(t, `contest.websiteStyles.${s}`) }))}
      />
      {text("reference_sites", t("contest.labels.referenceSites"))}
      <Textarea
        name="reference_urls"
        label={t("contest.labels.referenceUrls")}
        value={Array.isArray(data.reference_urls) ? data.reference_urls.join("\n") : str(data.reference_urls)}
        error={err("reference_urls")}
        rows={3}
      />
      {text("sns", t("contest.labels.sns"))}
      {text("preferred_color", t("contest.labels.preferredColor"))}
      {text("style", t("contest.labels.style"))}
      <fieldset
        class={`field field-group${err("languages") ? " field-invalid" : ""}`}
        aria-describedby={err("languages") ? "field-languages-error" : undefined}
      >
        <legend class="field-label">
          {t("contest.labels.languages")}
          <RequiredMark />
        </legend>
        <div class="choices choices-inline">
          {CONTEST_LANGUAGES.map((l, i) => (
            <div class="check" key={l}>
              <input
                class="check-input"
                type="checkbox"
                id={i === 0 ? "field-languages" : `field-languages-${i}`}
                name="languages"
                value={l}
                checked={langs.includes(l)}
              />
              <label class="check-label" for={i === 0 ? "field-languages" : `field-languages-${i}`}>
                {k(t, `contest.languages.${l}`)}
              </label>
            </div>
          ))}
        </div>
        {err("languages") && <p class="field-error" id="field-languages-error">{err("languages")}</p>}
      </fieldset>
      <RadioGroup
        name="entry_restriction"
        label={t("contest.labels.restriction")}
        value={str(data.entry_restriction) || "any"}
        options={ENTRY_RESTRICTIONS.map((r) => ({ value: r, label: k(t, `contest.restrictions.${r}`) }))}
      />
    </>
  );
}

export function ScheduleStepFields({ state, data, errors }: StepFieldsProps) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  const day = (name: string, label: string) => (
    <TextField name={name} label={label} type="date" required value={str(data[name])} error={err(name)} />
  );
  const won = (name: string, label: string, required = false) => (
    <TextField
      name={name}
      label={label}
      type="number"
      min={0}
      step={1000}
      inputMode="numeric"
      required={required}
      value={str(data[name])}
      error={err(name)}
    />
  );
  return (
    <>
      {day("open_at", t("contest.labels.openAt"))}
      {day("close_at", t("contest.labels.closeAt"))}
      {day("result_at", t("contest.labels.resultAt"))}
      <p class="field-hint">{t("contest.minimumNote", { amount: formatMoney(MIN_PRIZE_TOTAL, state.locale) })}</p>
      {won("prize1", t("contest.labels.prize1"), true)}
      {won("prize2", t("contest.labels.prize2"))}
      {won("prize3", t("contest.labels.prize3"))}
      <Checkbox
        name="public"
        label={t("contest.labels.public")}
        checked={data.public === undefined || on(data.public)}
      />
    </>
  );
}

/** Step 4: what will be stored, to check before paying. */
export function HostSummary({ state, data }: { state: Ctx; data: Data }) {
  const t = state.t;
  const n = (v: unknown) => Number(str(v).replace(/[,\s]/g, "")) || 0;
  const total = n(data.prize1) + n(data.prize2) + n(data.prize3);
  const row = (label: string, value: string) =>
    value
      ? (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      )
      : null;
  return (
    <dl class="definition-list">
      {row(t("contest.labels.field"), data.field ? k(t, `contest.fields.${str(data.field)}`) : "")}
      {row(t("contest.labels.title"), str(data.title))}
      {row(t("contest.labels.company"), str(data.company))}
      {row(t("contest.labels.languages"), list(data.languages).map((l) => k(t, `contest.languages.${l}`)).join(", "))}
      {row(t("contest.labels.openAt"), str(data.open_at))}
      {row(t("contest.labels.closeAt"), str(data.close_at))}
      {row(t("contest.labels.resultAt"), str(data.result_at))}
      {row(t("contest.labels.prizeTotal"), formatMoney(total, state.locale))}
    </dl>
  );
}
