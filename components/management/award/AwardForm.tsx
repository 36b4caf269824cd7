// The award form of /management/{family}/new and /management/{family}/{id}: texts in both languages, the
// schedule as UTC+9 wall-clock times (datetime-local), the first and final judging periods, the
// categories offered, the auditable flag, and the poster, thumbnail and certificate seal (checked in the
// browser by the FileInput island with the server's rules). A plain multipart post: it works without JavaScript.
import FileInput from "../../../islands/FileInput.tsx";
import { AWARD_DATE_FIELDS, AWARD_IMAGE_FIELDS } from "../../../domain/award/manage-awards.ts";
import { AWARD_POOL_KINDS, type AwardRow } from "../../../db/schema/award.ts";
import { DESIGN_CATEGORIES } from "../../../domain/award/options.ts";
import { fileUrl } from "../../../domain/file/present.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import type { State } from "../../../state.ts";
import { acceptFor, uploadMessages } from "../../file/messages.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox, Field, RequiredNote, Textarea, TextField } from "../../ui/FormField.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";

export type FormValues = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : "");
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

const BILINGUAL = [
  ["host", "host_en", "host", "hostEn"],
  ["sponsor", "sponsor_en", "sponsor", "sponsorEn"],
  ["subject", "subject_en", "subject", "subjectEn"],
  ["place", "place_en", "place", "placeEn"],
] as const;

export function AwardForm(
  { state, action, values, errors, award, entryCount, submitLabel }: {
    state: State;
    action: string;
    values: FormValues;
    errors: Record<string, string>;
    award: AwardRow | null;
    entryCount: number;
    submitLabel: string;
  },
) {
  const { t } = state;
  const locked = entryCount > 0;
  const chosen = list(values.categories);
  const text = (name: string, label: MessageKey, extra: { required?: boolean; maxLength?: number } = {}) => (
    <TextField
      name={name}
      label={t(label)}
      value={str(values[name])}
      error={errors[name]}
      maxLength={extra.maxLength ?? 200}
      required={extra.required}
    />
  );
  const date = (name: string, label: string) => (
    <TextField
      name={name}
      type="datetime-local"
      label={label}
      value={str(values[name])}
      error={errors[name]}
      id={`field-${name}`}
    />
  );
  return (
    <form class="aw-form" method="post" action={action} enctype="multipart/form-data" data-warn-unsaved>
      <CsrfField state={state} />
      <input type="hidden" name="action" value="save" />
      <RequiredNote t={t} />
      {locked && <p class="aw-locked">{t("awardAdmin.hint.locked", { count: entryCount })}</p>}

      <fieldset class="aw-section">
        <legend class="manage-section-title">{t("awardAdmin.section.basic")}</legend>
        <div class="aw-fields">
          <TextField
            name="year"
            type="number"
            label={t("awardAdmin.field.year")}
            value={str(values.year)}
            error={errors.year}
            min={1900}
            max={2999}
            required
            readOnly={locked}
          />
          <span class="aw-spacer" aria-hidden="true" />
          {text("title", "awardAdmin.field.title", { required: true })}
          {text("title_en", "awardAdmin.field.titleEn")}
          {BILINGUAL.map(([ko, en, koLabel, enLabel]) => (
            <>
              {text(ko, `awardAdmin.field.${koLabel}` as MessageKey, { maxLength: 300 })}
              {text(en, `awardAdmin.field.${enLabel}` as MessageKey, { maxLength: 300 })}
            </>
          ))}
          <Textarea
            name="description"
            label={t("awardAdmin.field.description")}
            value={str(values.description)}
            error={errors.description}
            maxLength={5000}
            rows={5}
          />
          <Textarea
            name="description_en"
            label={t("awardAdmin.field.descriptionEn")}
            value={str(values.description_en)}
            error={errors.description_en}
            maxLength={5000}
            rows={5}
          />
        </div>
        <Checkbox
          name="auditable"
          label={t("awardAdmin.field.auditable")}
          checked={str(values.auditable) === "on"}
        />
      </fieldset>

      <fieldset class="aw-section" aria-describedby="aw-schedule-hint">
        <legend class="manage-section-title">{t("awardAdmin.section.schedule")}</legend>
        <p class="hint aw-hint" id="aw-schedule-hint">{t("awardAdmin.hint.schedule")}</p>
        <div class="aw-fields aw-fields-dates">
          {AWARD_DATE_FIELDS.map((f) => date(f, t(`award.date.${f}`)))}
        </div>
      </fieldset>

      <fieldset class="aw-section">
        <legend class="manage-section-title">{t("awardAdmin.section.pools")}</legend>
        <div class="aw-fields">
          {AWARD_POOL_KINDS.map((kind) => {
            const pool = t(`award.pool.${kind}`);
            return (
              <>
                {date(`pool_${kind}_start`, t("awardAdmin.field.poolStart", { pool }))}
                {date(`pool_${kind}_finish`, t("awardAdmin.field.poolFinish", { pool }))}
              </>
            );
          })}
        </div>
      </fieldset>

      <fieldset class="aw-section" aria-describedby="aw-categories-hint">
        <legend class="manage-section-title">{t("awardAdmin.section.categories")}</legend>
        <p class="hint aw-hint" id="aw-categories-hint">{t("awardAdmin.hint.categories")}</p>
        <div class="aw-checks">
          {DESIGN_CATEGORIES.map((c) => (
            <div class="check" key={c}>
              <input
                class="check-input"
                type="checkbox"
                id={`aw-category-${c}`}
                name={locked ? undefined : "categories"}
                value={String(c)}
                checked={chosen.includes(String(c))}
                disabled={locked}
              />
              <label class="check-label" for={`aw-category-${c}`}>{t(`award.category.${c}`)}</label>
              {locked && chosen.includes(String(c)) && <input type="hidden" name="categories" value={String(c)} />}
            </div>
          ))}
        </div>
        {errors.categories && <p class="field-error">{errors.categories}</p>}
      </fieldset>

      <fieldset class="aw-section">
        <legend class="manage-section-title">{t("awardAdmin.section.images")}</legend>
        <div class="aw-fields">
          {(["poster", "thumbnail", "seal"] as const).map((field) => {
            const purpose = AWARD_IMAGE_FIELDS[field];
            const current = award?.[`${field}Id`];
            const id = `field-${field}`;
            return (
              <Field
                key={field}
                id={id}
                label={t(`awardAdmin.field.${field}`)}
                hint={t(`awardAdmin.hint.${field}`)}
                error={errors[field]}
              >
                <div class="aw-current">
                  {current
                    ? (
                      <img
                        class="aw-current-img"
                        src={fileUrl.variant(current, "external_thumbnail")}
                        alt={t("awardAdmin.hint.current")}
                      />
                    )
                    : <span class="muted">{t("awardAdmin.hint.noImage")}</span>}
                </div>
                <FileInput
                  id={id}
                  name={field}
                  purpose={purpose}
                  accept={acceptFor(purpose)}
                  messages={uploadMessages(t, purpose)}
                  describedBy={`${id}-hint`}
                />
              </Field>
            );
          })}
        </div>
      </fieldset>

      <div class="aw-submit">
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}
