// Step 2, the work: category, titles, description, work type, address and video length, and its files.
import { ENTRY_FILE_FIELDS, type EntryFileField } from "../../domain/award/entry-files.ts";
import type { FilePurpose } from "../../domain/file/rules.ts";
import { Area, Choice, Text } from "./Controls.tsx";
import { FileSlot } from "./FileSlot.tsx";
import { type Data, type EntryWizardProps, errorOf, type FileInfo, ids, str, type T } from "./types.ts";

const SLOTS: { field: EntryFileField; upload: string; label: string; hint: string; multiple: boolean }[] = [
  {
    field: "thumbnail_id",
    upload: "thumbnail_file",
    label: "entry.thumbnail",
    hint: "entry.thumbnailHint",
    multiple: false,
  },
  { field: "preview_id", upload: "preview_file", label: "entry.preview", hint: "entry.thumbnailHint", multiple: false },
  { field: "detail_ids", upload: "detail_file", label: "entry.detail", hint: "entry.detailHint", multiple: true },
  {
    field: "reference_id",
    upload: "reference_file",
    label: "entry.reference",
    hint: "entry.referenceHint",
    multiple: false,
  },
  {
    field: "attachment_ids",
    upload: "attachment_file",
    label: "entry.attachment",
    hint: "entry.attachmentHint",
    multiple: true,
  },
];

export function StepWork(props: {
  t: T;
  data: Data;
  errors: Record<string, string[]>;
  options: EntryWizardProps["options"];
  uploads: EntryWizardProps["uploads"];
  files: Record<number, FileInfo>;
  enhanced: boolean;
  onUpload: (file: File, purpose: FilePurpose) => Promise<FileInfo>;
  onFiles: (field: EntryFileField, ids: number[]) => void;
}) {
  const { t, data, errors } = props;
  const err = (path: string) => errorOf(t, errors, path);
  return (
    <>
      <fieldset class="entry-group">
        <legend>{t("entry.steps.2")}</legend>
        <Choice
          name="category"
          label={t("entry.category")}
          value={str(data.category)}
          options={props.options.categories}
          required
          error={err("category")}
        />
        <Text
          name="title"
          label={t("entry.workTitle")}
          value={str(data.title)}
          required
          maxLength={200}
          error={err("title")}
        />
        <Text
          name="title_en"
          label={t("entry.workTitleEn")}
          value={str(data.title_en)}
          required
          maxLength={200}
          error={err("title_en")}
        />
        <Area
          name="description"
          label={t("entry.description")}
          value={str(data.description)}
          required
          maxLength={4000}
          error={err("description")}
        />
        <Choice
          name="work_type"
          label={t("entry.workType")}
          value={str(data.work_type)}
          options={props.options.workTypes}
          required
          error={err("work_type")}
        />
        <Text
          name="url"
          type="url"
          label={t("entry.url")}
          hint={t("entry.urlHint")}
          value={str(data.url)}
          maxLength={2000}
          error={err("url")}
        />
        <Text
          name="video_seconds"
          type="number"
          label={t("entry.videoSeconds")}
          hint={t("entry.videoHint")}
          value={str(data.video_seconds)}
          error={err("video_seconds")}
        />
      </fieldset>
      <fieldset class="entry-group">
        <legend>{t("entry.filesLegend")}</legend>
        {SLOTS.map((slot) => (
          <FileSlot
            key={slot.field}
            t={t}
            field={slot.field}
            uploadField={slot.upload}
            purpose={ENTRY_FILE_FIELDS[slot.field]}
            label={t(slot.label)}
            hint={t(slot.hint)}
            multiple={slot.multiple}
            ids={ids(data[slot.field])}
            files={props.files}
            error={err(slot.field)}
            enhanced={props.enhanced}
            upload={props.uploads[ENTRY_FILE_FIELDS[slot.field]]}
            onUpload={props.onUpload}
            onChange={(next) => props.onFiles(slot.field, next)}
          />
        ))}
      </fieldset>
    </>
  );
}
