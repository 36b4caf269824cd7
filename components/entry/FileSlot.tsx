// One file field of step 2: the files already attached (with a thumbnail for images), a remove control,
// and a picker. Without JavaScript the chosen files go with the form (multipart) and "remove" is a
// checkbox; with JavaScript each file is checked with the server's rules, uploaded at once to
// POST /api/file, and attached by its id.
import { useState } from "preact/hooks";
import { checkFile } from "../../domain/file/check.ts";
import { type FilePurpose, uploadRule } from "../../domain/file/rules.ts";
import type { FileInfo, T } from "./types.ts";

export interface FileSlotProps {
  t: T;
  /** The id field (`thumbnail_id`, `detail_ids`, …) and the plain form's file field. */
  field: string;
  uploadField: string;
  purpose: FilePurpose;
  label: string;
  hint: string;
  multiple: boolean;
  ids: number[];
  files: Record<number, FileInfo>;
  error?: string;
  enhanced: boolean;
  upload: { messages: Record<string, string | undefined>; accept: string };
  onUpload: (file: File, purpose: FilePurpose) => Promise<FileInfo>;
  onChange: (ids: number[]) => void;
}

export function FileSlot(props: FileSlotProps) {
  const { t, field, ids } = props;
  const [message, setMessage] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const rule = uploadRule(props.purpose);
  const id = `entry-${field}`;
  const full = ids.length >= rule.maxFiles;

  async function choose(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    input.value = "";
    if (ids.length + chosen.length > rule.maxFiles) return setMessage(props.upload.messages.too_many ?? "");
    setMessage("");
    setBusy(true);
    const added: number[] = [];
    try {
      for (const file of chosen) {
        const checked = file.size > rule.maxBytes
          ? { ok: false as const, problem: "too_large" as const }
          : checkFile(rule, file.name, new Uint8Array(await file.arrayBuffer()));
        if (!checked.ok) {
          setMessage(props.upload.messages[checked.problem] ?? props.upload.messages.wrong_type ?? "");
          break;
        }
        added.push((await props.onUpload(file, props.purpose)).id);
      }
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      if (added.length) props.onChange(props.multiple ? [...ids, ...added] : added.slice(-1));
    }
  }

  const shown = message || props.error;
  return (
    <div class={shown ? "field entry-file has-error" : "field entry-file"}>
      <label class="field-label" for={id}>{props.label}</label>
      {ids.length > 0 && (
        <ul class="entry-file-list">
          {ids.map((fileId) => {
            const info = props.files[fileId];
            const name = info?.name ?? `#${fileId}`;
            return (
              <li key={fileId}>
                <input type="hidden" name={field} value={String(fileId)} />
                {info?.thumbnail
                  ? <img src={info.thumbnail} alt="" width={72} height={54} loading="lazy" />
                  : <span class="entry-file-icon" aria-hidden="true">📄</span>}
                <span class="entry-file-name">{name}</span>
                {props.enhanced
                  ? (
                    <button
                      type="button"
                      class="button button-ghost button-sm"
                      onClick={() => props.onChange(ids.filter((i) => i !== fileId))}
                    >
                      {t("entry.removeFile", { name })}
                    </button>
                  )
                  : (
                    <label class="checkbox">
                      <input type="checkbox" name="remove_ids" value={String(fileId)} />
                      <span>{t("entry.removeFile", { name })}</span>
                    </label>
                  )}
              </li>
            );
          })}
        </ul>
      )}
      {!full && (
        <input
          type="file"
          id={id}
          name={props.uploadField}
          multiple={props.multiple}
          accept={props.upload.accept}
          disabled={busy}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
          onChange={props.enhanced ? choose : undefined}
        />
      )}
      <p class="field-hint" id={`${id}-hint`}>{busy ? t("entry.uploading") : props.hint}</p>
      {shown && <p class="field-error" id={`${id}-error`} role="alert">{shown}</p>}
    </div>
  );
}
