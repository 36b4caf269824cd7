// The fields of the market registration wizard's steps (SPEC §2.5: goods type, product info, completion),
// server-rendered inside the wizard shell's form (components/wizard/), filled from the server draft or from the
// post that was refused. Files already sent are listed with a "remove" checkbox and carried as hidden ids.
import { Fragment } from "preact";
import { CATEGORIES, type MarketType } from "../../domain/market/options.ts";
import { PRODUCT_FILES, type ProductFileField } from "../../domain/market/schema.ts";
import { formatMoney, type MessageKey, type Translate } from "../../i18n/mod.ts";
import FileInput from "../../islands/FileInput.tsx";
import type { State } from "../../state.ts";
import { uploadMessages, uploadTranslator } from "../file/messages.ts";
import { RadioGroup, RequiredMark, Select, Textarea, TextField } from "../ui/FormField.tsx";
import { fieldError, type FieldErrors } from "../wizard/WizardForm.tsx";
import { categoryLabel } from "./views.tsx";

type Ctx = Pick<State, "t" | "locale">;
type Data = Record<string, unknown>;

export interface KeptFile {
  field: string;
  id: number;
  name: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const k = (t: Translate, key: string) => t(key as MessageKey);

export const typeOf = (data: Data): MarketType => (data.type === "intellect" ? "intellect" : "design");

export function TypeStepFields({ state, data, errors }: { state: Ctx; data: Data; errors?: FieldErrors }) {
  const t = state.t;
  return (
    <RadioGroup
      name="type"
      label={t("market.wizard.typeLegend")}
      required
      value={str(data.type)}
      error={fieldError(t, errors, "type")}
      class="market-type-choices"
      options={(["design", "intellect"] as const).map((type) => ({
        value: type,
        label: `${t(`market.types.${type}`)} — ${t(`market.wizard.typeHints.${type}`)}`,
      }))}
    />
  );
}

const FILE_LABELS: Record<ProductFileField, MessageKey> = {
  thumbnail_id: "market.wizard.thumbnail",
  image_ids: "market.wizard.images",
  ip_file_id: "market.wizard.ipFile",
};

function FileField(
  { state, field, kept, error, required, hint }: {
    state: Ctx;
    field: ProductFileField;
    kept: KeptFile[];
    error?: string;
    required?: boolean;
    hint: string;
  },
) {
  const t = state.t;
  const spec = PRODUCT_FILES[field];
  const id = `field-${field}`;
  const mine = kept.filter((f) => f.field === field);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div class={`field${error ? " field-invalid" : ""}`} data-field={field}>
      <label class="field-label" for={id}>
        {t(FILE_LABELS[field])}
        {required && <RequiredMark />}
      </label>
      {mine.length > 0 && (
        <ul class="kept-files" aria-label={t("market.wizard.keepFiles")}>
          {mine.map((f) => (
            <li key={f.id}>
              <input type="hidden" name={field} value={String(f.id)} />
              <label>
                <input type="checkbox" name="remove_ids" value={String(f.id)} /> {f.name} ({t("market.wizard.remove")})
              </label>
            </li>
          ))}
        </ul>
      )}
      <FileInput
        id={id}
        name={spec.input}
        purpose={spec.purpose}
        accept={spec.purpose === "market_ip" ? "application/pdf,.pdf" : "image/jpeg,image/png"}
        multiple={spec.many}
        messages={uploadMessages(t as Translate, spec.purpose)}
        describedBy={describedBy}
      />
      <p class="field-hint" id={`${id}-hint`}>{hint}</p>
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

export function DetailsStepFields(
  { state, data, errors, kept }: { state: Ctx; data: Data; errors?: FieldErrors; kept: KeptFile[] },
) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  // An upload refusal names its rule's figures (size, kinds) as the island's messages do.
  const fileErr = (name: keyof typeof PRODUCT_FILES) =>
    fieldError(uploadTranslator(t as Translate, PRODUCT_FILES[name].purpose), errors, name);
  const type = typeOf(data);
  return (
    <>
      <input type="hidden" name="type" value={type} />
      <p>
        <strong>{t("market.wizard.typeLegend")}</strong>: {t(`market.types.${type}`)}
      </p>
      <Select
        name="category"
        label={t("market.wizard.category")}
        required
        value={str(data.category)}
        error={err("category")}
        placeholder={t("market.wizard.choose")}
        options={CATEGORIES[type].map((c) => ({ value: c, label: categoryLabel(state, c) }))}
      />
      <TextField
        name="title"
        label={t("market.wizard.titleLabel")}
        required
        maxLength={200}
        value={str(data.title)}
        error={err("title")}
      />
      <TextField
        name="title_en"
        label={t("market.wizard.titleEn")}
        maxLength={200}
        value={str(data.title_en)}
        error={err("title_en")}
      />
      <TextField
        name="summary"
        label={t("market.wizard.summary")}
        required
        maxLength={500}
        value={str(data.summary)}
        error={err("summary")}
      />
      <TextField
        name="summary_en"
        label={t("market.wizard.summaryEn")}
        maxLength={500}
        value={str(data.summary_en)}
        error={err("summary_en")}
      />
      <Textarea
        name="description"
        label={t("market.wizard.description")}
        maxLength={5000}
        rows={5}
        value={str(data.description)}
        error={err("description")}
      />
      <Textarea
        name="description_en"
        label={t("market.wizard.descriptionEn")}
        maxLength={5000}
        rows={5}
        value={str(data.description_en)}
        error={err("description_en")}
      />
      <TextField
        name="price"
        label={t("market.wizard.price")}
        required
        inputMode="numeric"
        pattern="[0-9,]*"
        maxLength={20}
        value={str(data.price)}
        error={err("price")}
        hint={t("market.wizard.priceHint")}
      />
      {type === "intellect" && (
        <>
          <TextField
            name="rights_number"
            label={t("market.wizard.rightsNumber")}
            required
            maxLength={40}
            placeholder="30-2024-0001234"
            value={str(data.rights_number)}
            error={err("rights_number")}
            hint={t("market.wizard.rightsHint")}
          />
          <TextField
            name="application_date"
            type="date"
            label={t("market.wizard.applicationDate")}
            required
            value={str(data.application_date)}
            error={err("application_date")}
          />
        </>
      )}
      <FileField
        state={state}
        field="thumbnail_id"
        kept={kept}
        required
        error={fileErr("thumbnail_id")}
        hint={t("market.wizard.imageHint")}
      />
      <FileField
        state={state}
        field="image_ids"
        kept={kept}
        error={fileErr("image_ids")}
        hint={t("market.wizard.imageHint")}
      />
      {type === "intellect" && (
        <FileField
          state={state}
          field="ip_file_id"
          kept={kept}
          required
          error={fileErr("ip_file_id")}
          hint={t("market.wizard.ipHint")}
        />
      )}
    </>
  );
}

/** Step 3: what will be stored, to confirm. */
export function ProductSummaryList({ state, data, kept }: { state: Ctx; data: Data; kept: KeptFile[] }) {
  const t = state.t;
  const type = typeOf(data);
  const price = Number(str(data.price).replace(/[^\d]/g, "")) || 0;
  const rows: [string, string][] = [
    [t("market.wizard.typeLegend"), t(`market.types.${type}`)],
    [t("market.wizard.category"), data.category ? k(t, `market.categories.${str(data.category)}`) : "—"],
    [t("market.wizard.titleLabel"), str(data.title)],
    [t("market.wizard.titleEn"), str(data.title_en) || "—"],
    [t("market.wizard.summary"), str(data.summary)],
    [t("market.wizard.price"), price > 0 ? formatMoney(price, state.locale) : t("market.product.priceOnRequest")],
    ...(type === "intellect"
      ? [
        [t("market.wizard.rightsNumber"), str(data.rights_number)] as [string, string],
        [t("market.wizard.applicationDate"), str(data.application_date)] as [string, string],
      ]
      : []),
    [t("market.wizard.keepFiles"), kept.map((f) => f.name).join(", ") || "—"],
  ];
  return (
    <dl class="market-summary">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
