// Step 3, confirmation: a summary of what was entered, the entry rules, the declarations, and the fee.
import { Check } from "./Controls.tsx";
import { type Data, type EntryWizardProps, errorOf, ids, str, type T } from "./types.ts";

function label(options: { value: string; label: string }[], value: unknown): string {
  return options.find((o) => o.value === str(value))?.label ?? str(value);
}

export function StepConfirm({ t, data, errors, options, fees }: {
  t: T;
  data: Data;
  errors: Record<string, string[]>;
  options: EntryWizardProps["options"];
  fees: Record<string, string>;
}) {
  const designer = (data.designer ?? {}) as Data;
  const subs = (Array.isArray(data.sub_designers) ? data.sub_designers : []) as Data[];
  const named = subs.filter((s) => str(s?.name)).map((s) => str(s.name)).join(", ");
  const fileCount = ["thumbnail_id", "preview_id", "detail_ids", "reference_id", "attachment_ids"]
    .reduce((n, f) => n + ids(data[f]).length, 0);
  const rows: [string, string][] = [
    [t("entry.exhibitorType"), label(options.exhibitorTypes, data.exhibitor_type)],
    [t("entry.company"), str(data.company) || t("entry.none")],
    [t("entry.designer"), [str(designer.name), str(designer.name_en)].filter(Boolean).join(" / ")],
    [t("entry.designerEmail"), str(designer.email)],
    [t("entry.subDesigners"), named || t("entry.none")],
    [t("entry.category"), label(options.categories, data.category)],
    [t("entry.workTitle"), [str(data.title), str(data.title_en)].filter(Boolean).join(" / ")],
    [t("entry.workType"), label(options.workTypes, data.work_type)],
    [t("entry.url"), str(data.url) || t("entry.none")],
    [t("entry.filesLegend"), t("entry.files", { count: fileCount })],
    [t("entry.fee"), fees[str(data.exhibitor_type)] ?? t("entry.free")],
  ];
  const err = (path: string) => errorOf(t, errors, path);
  return (
    <>
      <section class="entry-group" aria-labelledby="entry-summary">
        <h3 id="entry-summary" class="entry-group-title">{t("entry.summary")}</h3>
        <dl class="detail-list">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <fieldset class="entry-group">
        <legend>{t("entry.rules")}</legend>
        <p class="entry-rules">{t("entry.rulesText")}</p>
        <Check
          name="agree_rules"
          label={t("entry.agreeRules")}
          checked={data.agree_rules === true}
          error={err("agree_rules")}
        />
        <Check
          name="declare_not_prized"
          label={t("entry.declareNotPrized")}
          checked={data.declare_not_prized === true}
          error={err("declare_not_prized")}
        />
        <Check
          name="market_auto_register"
          label={t("entry.marketAutoRegister")}
          checked={data.market_auto_register === true}
        />
        <Check name="commercial_image" label={t("entry.commercialImage")} checked={data.commercial_image === true} />
      </fieldset>
    </>
  );
}
