// The wizard shell's browser half (DESIGN §6 "a wizard as an island over plain forms"), shared by every
// wizard island (contest hosting, market registration …). The plain forms stay the source of truth: on submit
// the step is first checked with the server's own zod schema, naming the fields in error before anything is
// sent; then the form (files included) is posted in the background, the server keeps the step in its draft and
// answers the next step's HTML, which replaces the wizard's region in place (its islands, such as a FileInput,
// hydrated with the answer's props); focus moves to the new step's heading and a polite live region says the
// draft was saved. A completion page (another address, or one with `done`) is a normal navigation. Any
// failure falls back to the plain form post.
import type { ZodType } from "zod";
import { hydrateIslands, islandDataOf, releaseIslands } from "../../framework/client/hydrate.ts";

export interface WizardEnhancement {
  /** The element holding the step progress, the step heading and the form. */
  regionId: string;
  /** The schema of each step that has one (`_step` of the form); steps without one are not checked here. */
  steps: Record<number, ZodType>;
  /** Translated messages of the schemas' keys (and error.validation). */
  messages: Record<string, string>;
  /** Called with the "draft saved" text after a step is swapped in (empty when the answer was a refusal). */
  onSaved: (text: string) => void;
  saved: string;
  /** Repeated names that are lists even with one value (a checkbox group). */
  listFields?: readonly string[];
  /** Adds what the browser knows before the server does (a chosen file fills its id field). */
  prepare?: (form: HTMLFormElement, fields: Record<string, unknown>) => void;
  /** Told when a step is being sent and when its answer is in (the shell's loading indicator). */
  onBusy?: (busy: boolean) => void;
}

/** The file inputs of a step, by the id field each fills: `{ logo_id: { input: "logo", many: false } }`. */
export type ChosenFiles = Record<string, { input: string; many: boolean }>;

/**
 * A `prepare` for steps with file inputs: a chosen file counts for its id field before it is sent, with
 * placeholder ids the schema counts (the server stores the files, puts the real ids and checks the files).
 */
export function countChosenFiles(files: ChosenFiles): NonNullable<WizardEnhancement["prepare"]> {
  return (form, fields) => {
    for (const [field, spec] of Object.entries(files)) {
      const count = form.querySelector<HTMLInputElement>(`input[type=file][name="${spec.input}"]`)?.files?.length ?? 0;
      if (!count) continue;
      const ids = Array.from({ length: count }, (_, i) => 2_000_000_000 + i);
      fields[field] = spec.many ? [...[fields[field] ?? []].flat(), ...ids] : ids[0];
    }
  };
}

/** The form's text fields as the server reads them: repeated names as lists. */
export function fieldsOf(form: HTMLFormElement, listFields: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    if (key in out) out[key] = [...[out[key]].flat(), value];
    else out[key] = listFields.includes(key) ? [value] : value;
  }
  return out;
}

function clearErrors(form: HTMLFormElement) {
  for (const el of form.querySelectorAll(".field-error[data-client]")) el.remove();
  for (const el of form.querySelectorAll("[aria-invalid][data-client-invalid]")) {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("data-client-invalid");
  }
}

/** Shows each field's first message under it; answers the first control in error. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>): HTMLElement | null {
  let first: HTMLElement | null = null;
  for (const [name, text] of Object.entries(errors)) {
    const control = form.querySelector<HTMLElement>(`[name="${name}"]`) ??
      form.querySelector<HTMLElement>(`[data-field="${name}"]`);
    if (!control) continue;
    const field = control.closest(".field") ?? control.parentElement!;
    const id = `${control.id || name}-client-error`;
    const p = document.createElement("p");
    p.className = "field-error";
    p.id = id;
    p.dataset.client = "1";
    p.textContent = text;
    field.appendChild(p);
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("data-client-invalid", "1");
    control.setAttribute("aria-describedby", [control.getAttribute("aria-describedby"), id].filter(Boolean).join(" "));
    first ??= control;
  }
  return first;
}

/** Starts the enhancement; answers the function that stops it. */
export function enhanceWizard(options: WizardEnhancement): () => void {
  const { regionId, steps, messages, onSaved, saved, listFields = [], prepare, onBusy } = options;
  const region = document.getElementById(regionId);
  if (!region) return () => {};
  // The schema's messages replace the browser's own bubbles (the server checks again either way).
  const quiet = () => region.querySelectorAll("form").forEach((f) => (f.noValidate = true));
  quiet();
  const onSubmit = async (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    if (!region.contains(form) || form.method.toLowerCase() !== "post") return;
    const submitter = event.submitter as HTMLButtonElement | null;
    const action = submitter?.value ?? "next";
    const step = Number(new FormData(form).get("_step"));
    clearErrors(form);
    const schema = steps[step];
    if (action === "next" && schema) {
      const fields = fieldsOf(form, listFields);
      prepare?.(form, fields);
      const result = schema.safeParse(fields);
      if (!result.success) {
        event.preventDefault();
        const errors: Record<string, string> = {};
        for (const issue of result.error.issues) {
          const name = String(issue.path[0] ?? "");
          errors[name] ??= messages[issue.message] ?? messages["error.validation"];
        }
        showErrors(form, errors)?.focus();
        // Nothing was sent: the typed changes are still unsaved (the warning forgot them on submit).
        form.dispatchEvent(new Event("change"));
        return;
      }
    }
    event.preventDefault();
    const body = new FormData(form);
    body.set("_action", action);
    onBusy?.(true);
    try {
      const res = await fetch(form.action, { method: "POST", body, headers: { accept: "text/html" } });
      const wizard = new URL(form.action, location.href).pathname;
      const answered = new URL(res.url);
      if (answered.pathname !== wizard || answered.searchParams.has("done")) {
        location.assign(res.url);
        return;
      }
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const next = doc.getElementById(regionId);
      if (!next) throw new Error("no wizard in the answer");
      releaseIslands(region);
      region.innerHTML = next.innerHTML;
      // The new step's islands (a FileInput's early check) start with the answer's own props.
      hydrateIslands(region, islandDataOf(doc));
      quiet();
      const heading = region.querySelector<HTMLElement>("h2");
      heading?.setAttribute("tabindex", "-1");
      heading?.focus();
      onSaved(res.ok ? saved : "");
    } catch {
      // The plain post does the same without the enhancement.
      form.submit();
    } finally {
      onBusy?.(false);
    }
  };
  document.addEventListener("submit", onSubmit);
  return () => document.removeEventListener("submit", onSubmit);
}
