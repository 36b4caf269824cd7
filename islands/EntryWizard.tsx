// The award entry wizard (SPEC §2.5: 1 entrant info, 2 upload work, 3 submission info and confirmation,
// 4 completion). The server renders each step as a plain form posting to /entry, which works without
// JavaScript; hydrated, the island checks each step with the server's own zod schemas, keeps the draft
// through POST /api/entry/draft (a reload loses nothing), uploads files as soon as they are chosen, and
// submits through POST /api/entry. The server checks everything again.
import { useEffect, useRef, useState } from "preact/hooks";
import { ENTRY_STEP_COUNT, ENTRY_STEPS, EntryInput, type EntryStep } from "../domain/award/entry-schema.ts";
import { nestFields } from "../domain/award/form-fields.ts";
import type { EntryFileField } from "../domain/award/entry-files.ts";
import type { FilePurpose } from "../domain/file/rules.ts";
import { StepEntrant } from "../components/entry/StepEntrant.tsx";
import { StepWork } from "../components/entry/StepWork.tsx";
import { StepConfirm } from "../components/entry/StepConfirm.tsx";
import { StepDone } from "../components/entry/StepDone.tsx";
import Toast from "../components/ui/Toast.tsx";
import { Busy } from "../components/ui/Busy.tsx";
import {
  type Data,
  type EntryResult,
  type EntryWizardProps,
  type FileInfo,
  translator,
} from "../components/entry/types.ts";

export type { EntryWizardProps };

const STEP_KEYS = ["entry.steps.1", "entry.steps.2", "entry.steps.3", "entry.steps.4"];

/** Field errors from a zod result, keyed by dotted path like the server's answer. */
function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.map(String).join(".") || "_"] ??= []).push(issue.message);
  return out;
}

/** The form's fields as the schemas read them (file pickers are uploaded separately, never sent here). */
function formData(form: HTMLFormElement): Data {
  const pairs = [...new FormData(form).entries()].filter(([k, v]) => typeof v === "string" && !k.startsWith("_"));
  return nestFields(pairs);
}

export default function EntryWizard(props: EntryWizardProps) {
  const t = translator(props.texts);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(props.step);
  const [data, setData] = useState<Data>(props.data);
  const [errors, setErrors] = useState(props.errors);
  const [formError, setFormError] = useState(props.formError ?? "");
  const [files, setFiles] = useState<Record<number, FileInfo>>(props.files);
  const [result, setResult] = useState<EntryResult | null>(props.result);
  const [sending, setSending] = useState(false);
  /** Each confirmation gets a fresh toast, even when its text repeats. */
  const [notice, setNotice] = useState({ text: "", count: 0 });
  const confirm = (text: string) => setNotice(({ count }) => ({ text, count: count + 1 }));
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (enhanced) heading.current?.focus();
  }, [step]);

  async function call(path: string, body: unknown): Promise<Response> {
    return await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-xsrf-token": props.csrf },
      body: JSON.stringify(body),
    });
  }

  /** A refusal from the server: its field errors on the form, its message above it. */
  async function refused(res: Response) {
    const body = await res.json().catch(() => ({}));
    setErrors(body.errors ?? {});
    setFormError(body.errors ? "" : body.message ?? t("award.invalid"));
  }

  async function upload(file: File, purpose: FilePurpose): Promise<FileInfo> {
    // The file itself as the body (no multipart to parse on the server), its name in the query.
    const query = new URLSearchParams({ purpose, name: file.name });
    const res = await fetch(`${props.api.upload}?${query}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/octet-stream",
        "x-xsrf-token": props.csrf,
      },
      body: file,
    });
    const answer = await res.json().catch(() => ({}));
    if (res.status !== 201) throw new Error(answer.message ?? t("file.upload_failed"));
    const saved = answer.data[0];
    const info = { id: saved.id, name: saved.name, thumbnail: saved.thumbnail };
    setFiles((known) => ({ ...known, [info.id]: info }));
    return info;
  }

  function changeFiles(field: EntryFileField, next: number[]) {
    setData((current) => ({ ...current, [field]: field.endsWith("_ids") ? next : next[0] }));
  }

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = { ...formData(form) };
    const next = { ...data, ...values };
    if (submitter?.value === "back") {
      setData(next);
      setErrors({});
      setStep(Math.max(1, step - 1));
      await call(props.api.draft, {
        award_id: props.awardId,
        entry_id: props.entryId,
        step,
        action: "back",
        data: values,
      });
      return;
    }
    const schema = step === 3 ? EntryInput : ENTRY_STEPS[step as EntryStep];
    const checked = schema.safeParse(step === 3 ? { ...next, award_id: props.awardId } : values);
    setData(next);
    if (!checked.success) {
      setErrors(issuesOf(checked.error));
      setFormError("");
      return;
    }
    setSending(true);
    try {
      const res = step === 3
        ? await call(props.api.submit, { award_id: props.awardId, entry_id: props.entryId, data: next })
        : await call(props.api.draft, { award_id: props.awardId, entry_id: props.entryId, step, data: values });
      if (!res.ok) return await refused(res);
      const answer = await res.json();
      setErrors({});
      setFormError("");
      if (step === 3) {
        setResult(answer.result);
        setStep(4);
      } else {
        setStep(answer.step);
        confirm(t("entry.draftSaved"));
      }
    } catch {
      setFormError(t("register.networkError"));
    } finally {
      setSending(false);
    }
  }

  return (
    <div class="entry-wizard">
      <ol class="reg-steps" aria-label={t("entry.title")}>
        {STEP_KEYS.map((key, i) => (
          <li
            key={key}
            class={`reg-step${i + 1 === step ? " is-current" : ""}${i + 1 < step ? " is-done" : ""}`}
            aria-current={i + 1 === step ? "step" : undefined}
          >
            <span class="reg-step-label">{t(key)}</span>
          </li>
        ))}
      </ol>
      <h2 class="entry-step-title" ref={heading} tabIndex={-1}>
        {t(STEP_KEYS[step - 1])}{" "}
        <span class="entry-step-count">{t("entry.stepLabel", { current: step, total: ENTRY_STEP_COUNT })}</span>
      </h2>
      {formError && <p class="alert alert-error" role="alert">{formError}</p>}
      <Toast stamp={notice.count} message={notice.text} kind="success" closeLabel={t("entry.closeNotice")} />
      {step === 4 && result ? <StepDone t={t} result={result} /> : (
        <form
          key={step}
          class="entry-form"
          data-warn-unsaved
          method="post"
          action={props.action}
          enctype={step === 2 ? "multipart/form-data" : undefined}
          noValidate={enhanced}
          onSubmit={enhanced ? submit : undefined}
        >
          <input type="hidden" name="_token" value={props.csrf} />
          <input type="hidden" name="_step" value={String(step)} />
          {step === 1 && <StepEntrant t={t} data={data} errors={errors} options={props.options} />}
          {step === 2 && (
            <StepWork
              t={t}
              data={data}
              errors={errors}
              options={props.options}
              uploads={props.uploads}
              files={files}
              enhanced={enhanced}
              onUpload={upload}
              onFiles={changeFiles}
            />
          )}
          {step === 3 && <StepConfirm t={t} data={data} errors={errors} options={props.options} fees={props.fees} />}
          <div class="form-actions">
            {step > 1 && (
              <button class="button button-secondary" type="submit" name="_action" value="back" formNoValidate>
                {t("entry.back")}
              </button>
            )}
            {step === 2 && !enhanced && (
              <button class="button button-secondary" type="submit" name="_action" value="upload">
                {t("entry.uploadNow")}
              </button>
            )}
            <button class="button button-primary" type="submit" name="_action" value="next" disabled={sending}>
              {step === 3 ? t(props.entryId ? "entry.save" : "entry.submit") : t("entry.next")}
            </button>
            <Busy active={sending} label={t("common.working")} />
          </div>
        </form>
      )}
    </div>
  );
}
