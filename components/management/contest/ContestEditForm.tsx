// The council's edit of a contest on /management/contest/{id}: texts in both languages, exposure languages,
// who may enter and the winners' public flag. Prizes and dates stay as paid and approved.
import type { ContestRow } from "../../../db/schema/contest.ts";
import { CONTEST_LANGUAGES, ENTRY_RESTRICTIONS } from "../../../domain/contest/options.ts";
import type { State } from "../../../state.ts";
import { Button } from "../../ui/Button.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { Checkbox, RadioGroup, Textarea, TextField } from "../../ui/FormField.tsx";

type Ctx = Pick<State, "t" | "csrfToken">;

export function ContestEditForm({ state, contest: c }: { state: Ctx; contest: ContestRow }) {
  const t = state.t;
  return (
    <section aria-labelledby="contest-edit">
      <h2 id="contest-edit">{t("contest.manage.edit")}</h2>
      <form method="post">
        <CsrfField state={state} />
        <input type="hidden" name="_action" value="edit" />
        <TextField
          name="title"
          id="edit-title"
          label={t("contest.labels.title")}
          required
          value={c.title}
          maxLength={200}
        />
        <TextField
          name="title_en"
          id="edit-title_en"
          label={t("contest.labels.titleEn")}
          value={c.titleEn}
          maxLength={200}
        />
        <TextField
          name="company"
          id="edit-company"
          label={t("contest.labels.company")}
          required
          value={c.company}
          maxLength={100}
        />
        <TextField
          name="company_en"
          id="edit-company_en"
          label={t("contest.labels.companyEn")}
          value={c.companyEn}
          maxLength={100}
        />
        <Textarea
          name="summary"
          id="edit-summary"
          label={t("contest.labels.summary")}
          required
          value={c.summary}
          rows={3}
        />
        <Textarea
          name="summary_en"
          id="edit-summary_en"
          label={t("contest.labels.summaryEn")}
          value={c.summaryEn}
          rows={3}
        />
        <Textarea name="request" id="edit-request" label={t("contest.labels.request")} required value={c.request} />
        <Textarea name="request_en" id="edit-request_en" label={t("contest.labels.requestEn")} value={c.requestEn} />
        <fieldset class="field field-group">
          <legend class="field-label">{t("contest.labels.languages")}</legend>
          <div class="choices choices-inline">
            {CONTEST_LANGUAGES.map((l) => (
              <div class="check" key={l}>
                <input
                  class="check-input"
                  type="checkbox"
                  id={`edit-languages-${l}`}
                  name="languages"
                  value={l}
                  checked={c.languages.includes(l)}
                />
                <label class="check-label" for={`edit-languages-${l}`}>{t(`contest.languages.${l}`)}</label>
              </div>
            ))}
          </div>
        </fieldset>
        <RadioGroup
          name="entry_restriction"
          id="edit-entry_restriction"
          label={t("contest.labels.restriction")}
          value={c.entryRestriction}
          options={ENTRY_RESTRICTIONS.map((r) => ({ value: r, label: t(`contest.restrictions.${r}`) }))}
        />
        <Checkbox name="public" id="edit-public" label={t("contest.labels.public")} checked={c.public} />
        <Button type="submit">{t("common.save")}</Button>
      </form>
    </section>
  );
}
