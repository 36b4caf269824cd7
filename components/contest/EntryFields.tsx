// The fields of the contest entry's upload step (SPEC §2.5; §5 contest file rules shown beside each file
// input): title, description, the images, the 640×640 thumbnail, a reference image and attachments. Files
// already sent are listed with a "remove" checkbox and carried as hidden ids, so a refused try loses nothing.
import type { FieldErrors } from "../wizard/WizardForm.tsx";
import { fieldError } from "../wizard/WizardForm.tsx";
import { Textarea, TextField } from "../ui/FormField.tsx";
import { ENTRY_FILES } from "../../domain/contest/entries.ts";
import FileInput from "../../islands/FileInput.tsx";
import { uploadMessages } from "../file/messages.ts";
import type { Translate } from "../../i18n/mod.ts";
import type { State } from "../../state.ts";

export interface KeptFile {
  field: string;
  id: number;
  name: string;
}

type Ctx = Pick<State, "t">;
const str = (v: unknown) => (typeof v === "string" ? v : "");

const LABELS = {
  image_ids: "contest.wizard.images",
  thumbnail_id: "contest.wizard.thumbnail",
  reference_id: "contest.wizard.reference",
  attachment_ids: "contest.wizard.attachments",
} as const;

const ACCEPT = {
  image_ids: "image/jpeg,image/png",
  thumbnail_id: "image/jpeg",
  reference_id: "image/jpeg,image/png",
  attachment_ids: ".pdf,.zip,image/jpeg,image/png",
} as const;

export function EntryFields({ state, data, kept, errors, forWeb }: {
  state: Ctx;
  data: Record<string, unknown>;
  kept: KeptFile[];
  errors?: FieldErrors;
  forWeb: boolean;
}) {
  const t = state.t;
  const err = (name: string) => fieldError(t, errors, name);
  return (
    <>
      <TextField
        name="title"
        label={t("contest.wizard.entryTitleLabel")}
        required
        maxLength={200}
        value={str(data.title)}
        error={err("title")}
      />
      <Textarea name="description" label={t("contest.wizard.description")} value={str(data.description)} rows={5} />
      {(Object.keys(ENTRY_FILES) as (keyof typeof ENTRY_FILES)[]).map((field) => {
        const spec = ENTRY_FILES[field];
        const id = `field-${field}`;
        const mine = kept.filter((k) => k.field === field);
        const error = err(field);
        return (
          <div class={`field${error ? " field-invalid" : ""}`} key={field}>
            <label class="field-label" for={id}>{t(LABELS[field])}</label>
            {mine.length > 0 && (
              <ul class="kept-files" aria-label={t("contest.wizard.keepFiles")}>
                {mine.map((k) => (
                  <li key={k.id}>
                    <input type="hidden" name={field} value={String(k.id)} />
                    <label>
                      <input type="checkbox" name="remove_ids" value={String(k.id)} /> {k.name}{" "}
                      ({t("contest.wizard.remove")})
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {forWeb && field === "image_ids"
              ? (
                // 72 dpi is enough for web and app work: the browser's check knows only the 300 dpi rule.
                <input
                  class="input"
                  type="file"
                  id={id}
                  name={spec.input}
                  accept={ACCEPT[field]}
                  multiple={spec.many}
                  aria-invalid={error ? "true" : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              )
              : (
                <FileInput
                  id={id}
                  name={spec.input}
                  purpose={spec.purpose}
                  accept={ACCEPT[field]}
                  multiple={spec.many}
                  messages={uploadMessages(t as Translate, spec.purpose)}
                  describedBy={error ? `${id}-error` : undefined}
                />
              )}
            {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
          </div>
        );
      })}
    </>
  );
}
