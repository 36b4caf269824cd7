// The write and edit form of a post (SPEC §2.1 /board/write, §3 Bulletin post): a plain multipart form
// that works without JavaScript — title, category, the text (paragraphs from empty lines; editing shows
// the stored formatted text), secret flag, photos and attachments, the anonymous writer's name and
// password, and for staff the posting period and pinning.
import type { BoardRow } from "../../db/schema/board.ts";
import type { FileJson } from "../../domain/file/present.ts";
import { uploadRule } from "../../domain/file/rules.ts";
import { href, type State } from "../../state.ts";
import { Alert } from "../ui/Alert.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Checkbox, RequiredNote, Select, TextField } from "../ui/FormField.tsx";
import BoardEditor from "../../islands/BoardEditor.tsx";
import { formatSize } from "./views.tsx";
import FormEnhancer from "../../islands/FormEnhancer.tsx";
import { FormFields } from "../form/FormRenderer.tsx";
import type { FormComponent } from "../../domain/form/model.ts";

export interface PostFormValues {
  title: string;
  content: string;
  format: "text" | "html";
  category?: number;
  secret: boolean;
  name: string;
  pinned: boolean;
  post_from: string;
  post_to: string;
  extra: Record<string, string>;
  /** The board form's answers as flat `answers.…` names (form.ts answerValues or the body sent). */
  answers: Record<string, unknown>;
}

/** The form of the form builder the board asks (issue 14 §1), at the version the post is written in. */
export interface PostFormForm {
  tree: FormComponent[];
  /** Field path (`answers.…`) → message keys of a refusal. */
  errors: Record<string, string[]>;
  /** Names of files the post already answered with (editing: kept unless new ones are chosen). */
  keptFiles: { label: string; names: string[] }[];
}

export interface PostFormProps {
  state: State;
  board: BoardRow;
  categories: { id: number; name: string }[];
  values: PostFormValues;
  /** Editing this post (its files may be kept or dropped). */
  editing?: { id: number; files: FileJson[]; needsPassword: boolean };
  parent?: { id: number; title: string };
  /** A same-site path the post returns to once written (SPEC §3 return_url), carried through the form. */
  returnUrl?: string;
  anonymous: boolean;
  staff: boolean;
  error?: string;
  fields?: Record<string, string>;
  /** The board's form, when it carries one (its fields replace the board's own extra fields). */
  form?: PostFormForm;
}

export function PostForm(props: PostFormProps) {
  const { state, board, categories, values, editing, parent, returnUrl, anonymous, staff, error, fields = {}, form } =
    props;
  const { t } = state;
  const photoRule = uploadRule("board_photo");
  const attachmentRule = uploadRule("board_attachment");
  const maxBytes = (rule: { maxBytes: number }) => formatSize(Math.min(rule.maxBytes, board.maxAttachmentBytes));
  const maxFiles = (rule: { maxFiles: number }) => Math.min(rule.maxFiles, board.maxAttachments);
  const accept = (kinds: readonly string[]) =>
    kinds.map((k) => k === "jpeg" ? ".jpg,.jpeg" : k === "text" ? ".txt,.csv" : `.${k}`).join(",");
  return (
    <form
      class="post-form"
      method="post"
      action={href(state, "/board/write")}
      enctype="multipart/form-data"
      aria-describedby={error ? "post-form-error" : undefined}
      // SPEC §5: leaving a post being written or edited with changes not sent asks first (behaviours.ts).
      data-warn-unsaved
    >
      <CsrfField state={state} />
      <input type="hidden" name="bbs" value={board.slug} />
      {editing && <input type="hidden" name="post" value={String(editing.id)} />}
      {parent && <input type="hidden" name="parent" value={String(parent.id)} />}
      {returnUrl && <input type="hidden" name="return_url" value={returnUrl} />}
      {error && (
        <Alert kind="error" id="post-form-error">
          {error}
        </Alert>
      )}
      {parent && <p class="board-muted">{t("board.write.replyTo", { title: parent.title })}</p>}
      <RequiredNote t={t} />
      {anonymous && !editing && (
        <>
          <TextField
            name="name"
            label={t("board.write.name")}
            value={values.name}
            required
            maxLength={40}
            autocomplete="name"
            error={fields.name}
          />
          <TextField
            name="password"
            type="password"
            label={t("board.write.password")}
            hint={t("board.write.passwordHint")}
            required
            minLength={4}
            maxLength={40}
            autocomplete="new-password"
            error={fields.password}
          />
        </>
      )}
      {editing?.needsPassword && (
        <TextField
          name="password"
          type="password"
          label={t("board.write.editPassword")}
          required
          maxLength={40}
          autocomplete="current-password"
          error={fields.password}
        />
      )}
      {categories.length > 0 && (
        <Select
          name="category"
          label={t("board.write.category")}
          placeholder={t("board.write.noCategory")}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.category ? String(values.category) : ""}
          error={fields.category}
        />
      )}
      <TextField
        name="title"
        label={t("board.write.postTitle")}
        value={values.title}
        required
        maxLength={200}
        error={fields.title}
      />
      <BoardEditor
        label={t("board.write.content")}
        hint={t("board.write.contentHint")}
        content={values.content}
        format={values.format}
        error={fields.content}
        canUpload={!anonymous}
        csrf={state.csrfToken}
        texts={{
          toolbar: t("board.write.editor.label"),
          heading: t("board.write.editor.heading"),
          bold: t("board.write.editor.bold"),
          italic: t("board.write.editor.italic"),
          bulleted: t("board.write.editor.bulleted"),
          numbered: t("board.write.editor.numbered"),
          quote: t("board.write.editor.quote"),
          link: t("board.write.editor.link"),
          linkPrompt: t("board.write.editor.linkPrompt"),
          table: t("board.write.editor.table"),
          image: t("board.write.editor.image"),
          uploading: t("board.write.editor.uploading"),
          uploadFailed: t("board.write.editor.uploadFailed"),
        }}
      />
      {form && (
        <fieldset class="form-section post-form-answers">
          <legend class="form-section-title">{t("programme.boardForm.answers")}</legend>
          <FormEnhancer addRow={t("programme.form.addRow")} />
          {form.keptFiles.map((k) => (
            <p class="field-hint" key={k.label}>
              {t("programme.boardForm.keptFiles", { label: k.label, names: k.names.join(", ") })}
            </p>
          ))}
          <FormFields
            tree={form.tree}
            prefix="answers."
            // Editing a post that answered with files: a required file input must not demand them again.
            ctx={{
              t,
              locale: state.locale,
              values: values.answers,
              errors: form.errors,
              noRequired: form.keptFiles.length > 0,
            }}
          />
        </fieldset>
      )}
      {!form && board.fields.map((f) => (
        <TextField
          key={f.name}
          name={`extra[${f.name}]`}
          id={`field-extra-${f.name}`}
          label={state.locale === "en" && f.label_en ? f.label_en : f.label}
          value={values.extra[f.name] ?? ""}
          required={f.required}
          maxLength={2000}
          error={fields[`extra.${f.name}`]}
        />
      ))}
      {board.secretAllowed && (
        <Checkbox name="secret" label={t("board.write.secret")} checked={values.secret} error={fields.secret} />
      )}
      {editing && editing.files.length > 0 && (
        <fieldset class="field field-group">
          <legend class="field-label">{t("board.write.keepFiles")}</legend>
          <input type="hidden" name="keep_files" value="" />
          {editing.files.map((f) => (
            <div class="check" key={f.id}>
              <input
                class="check-input"
                type="checkbox"
                id={`keep-${f.id}`}
                name="keep_files[]"
                value={String(f.id)}
                checked
              />
              <label class="check-label" for={`keep-${f.id}`}>{f.name} ({formatSize(f.size)})</label>
            </div>
          ))}
        </fieldset>
      )}
      <div class={fields.photos ? "field field-invalid" : "field"}>
        <label class="field-label" for="field-photos">{t("board.write.photos")}</label>
        <input
          class="input"
          type="file"
          id="field-photos"
          name="photos"
          multiple
          accept={accept(photoRule.kinds)}
          aria-describedby="field-photos-hint"
        />
        <p class="field-hint" id="field-photos-hint">
          {t("board.write.photosHint", { count: maxFiles(photoRule), size: maxBytes(photoRule) })}
        </p>
        {fields.photos && <p class="field-error">{fields.photos}</p>}
      </div>
      <div class={fields.attachments ? "field field-invalid" : "field"}>
        <label class="field-label" for="field-attachments">{t("board.write.attachments")}</label>
        <input
          class="input"
          type="file"
          id="field-attachments"
          name="attachments"
          multiple
          accept={accept(attachmentRule.kinds)}
          aria-describedby="field-attachments-hint"
        />
        <p class="field-hint" id="field-attachments-hint">
          {t("board.write.attachmentsHint", { count: maxFiles(attachmentRule), size: maxBytes(attachmentRule) })}
        </p>
        {fields.attachments && <p class="field-error">{fields.attachments}</p>}
      </div>
      {staff && (
        <>
          <Checkbox name="pinned" label={t("board.write.pinned")} checked={values.pinned} />
          <TextField
            name="post_from"
            type="datetime-local"
            label={t("board.write.postFrom")}
            value={values.post_from}
            error={fields.post_from}
          />
          <TextField
            name="post_to"
            type="datetime-local"
            label={t("board.write.postTo")}
            value={values.post_to}
            error={fields.post_to}
          />
        </>
      )}
      <div class="form-actions">
        <button type="submit" class="button button-primary">
          {editing ? t("board.write.save") : t("board.write.submit")}
        </button>
        <a
          class="button button-ghost"
          href={returnUrl ?? href(state, editing ? `/board/${board.slug}/${editing.id}` : `/board/${board.slug}`)}
        >
          {t("board.write.cancel")}
        </a>
      </div>
    </form>
  );
}
