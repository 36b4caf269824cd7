// The parts of an award's edit screen below its form: the public judges list (add, delete) and the
// delete box (only for an award without entries; the server decides again).
import type { AwardJudgeRow } from "../../../db/schema/award.ts";
import { DESIGN_CATEGORIES } from "../../../domain/award/options.ts";
import type { State } from "../../../state.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox, Select, TextField } from "../../ui/FormField.tsx";
import { Table } from "../../ui/Table.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";

export function JudgesSection(
  { state, action, judges, errors }: {
    state: State;
    action: string;
    judges: AwardJudgeRow[];
    errors: Record<string, string>;
  },
) {
  const { t } = state;
  const en = state.locale === "en";
  const pick = (ko: string, enText: string) => (en && enText ? enText : ko);
  return (
    <section class="manage-section aw-judges" aria-labelledby="aw-judges-title">
      <h2 class="manage-section-title" id="aw-judges-title">{t("awardAdmin.section.judges")}</h2>
      <p class="hint aw-hint">{t("awardAdmin.judges.lead")}</p>
      <Table
        caption={t("awardAdmin.section.judges")}
        captionHidden
        rows={judges}
        rowKey={(j) => j.id}
        empty={t("awardAdmin.judges.none")}
        stack
        columns={[
          { header: t("awardAdmin.judges.sort"), hideOnMobile: true, cell: (j) => j.sort },
          { header: t("awardAdmin.judges.name"), rowHeader: true, align: "start", cell: (j) => pick(j.name, j.nameEn) },
          {
            header: t("awardAdmin.judges.affiliation"),
            align: "start",
            cell: (j) =>
              [pick(j.affiliation, j.affiliationEn), pick(j.position, j.positionEn)].filter(Boolean).join(" · "),
          },
          {
            header: t("awardAdmin.judges.category"),
            cell: (j) => (j.category ? t(`award.category.${j.category}`) : t("awardAdmin.judges.allCategories")),
          },
          {
            header: t("awardAdmin.col.actions"),
            cell: (j) => (
              <form method="post" action={action} class="inline-form">
                <CsrfField state={state} />
                <input type="hidden" name="action" value="judge_delete" />
                <input type="hidden" name="judge" value={String(j.id)} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-label={t("awardAdmin.judges.removeLabel", { name: pick(j.name, j.nameEn) })}
                >
                  {t("awardAdmin.judges.remove")}
                </Button>
              </form>
            ),
          },
        ]}
      />
      <form method="post" action={action} class="aw-judge-form card">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="judge_add" />
        <h3 class="aw-subtitle">{t("awardAdmin.judges.add")}</h3>
        <div class="aw-fields aw-fields-3">
          <TextField
            name="name"
            id="judge-name"
            label={t("awardAdmin.judges.name")}
            required
            maxLength={100}
            error={errors.name}
          />
          <TextField name="name_en" id="judge-name-en" label={t("awardAdmin.judges.nameEn")} maxLength={100} />
          <Select
            name="category"
            id="judge-category"
            label={t("awardAdmin.judges.category")}
            placeholder={t("awardAdmin.judges.allCategories")}
            options={DESIGN_CATEGORIES.map((c) => ({ value: String(c), label: t(`award.category.${c}`) }))}
          />
          <TextField
            name="affiliation"
            id="judge-affiliation"
            label={t("awardAdmin.judges.affiliation")}
            maxLength={200}
          />
          <TextField
            name="affiliation_en"
            id="judge-affiliation-en"
            label={t("awardAdmin.judges.affiliationEn")}
            maxLength={200}
          />
          <TextField
            name="sort"
            id="judge-sort"
            type="number"
            label={t("awardAdmin.judges.sort")}
            min={0}
            max={100000}
          />
          <TextField name="position" id="judge-position" label={t("awardAdmin.judges.position")} maxLength={100} />
          <TextField
            name="position_en"
            id="judge-position-en"
            label={t("awardAdmin.judges.positionEn")}
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="secondary">{t("awardAdmin.judges.add")}</Button>
      </form>
    </section>
  );
}

export function DeleteAward({ state, action, entryCount }: { state: State; action: string; entryCount: number }) {
  const { t } = state;
  return (
    <section class="manage-section aw-danger" aria-labelledby="aw-danger-title">
      <h2 class="manage-section-title" id="aw-danger-title">{t("awardAdmin.section.danger")}</h2>
      {entryCount > 0
        ? <p class="hint">{t("awardAdmin.hint.deleteBlocked", { count: entryCount })}</p>
        : (
          <form method="post" action={action} class="aw-delete">
            <CsrfField state={state} />
            <input type="hidden" name="action" value="delete" />
            <p class="hint">{t("awardAdmin.hint.delete")}</p>
            <Checkbox name="confirm" id="aw-delete-confirm" label={t("awardAdmin.deleteConfirm")} required />
            <Button type="submit" variant="secondary">{t("awardAdmin.delete")}</Button>
          </form>
        )}
    </section>
  );
}
