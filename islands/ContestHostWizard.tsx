// The hosting wizard's island (issue 12 §3: "an island over plain forms with a server draft"). The plain
// forms of /contest/host stay the source of truth; with JavaScript each step is first checked in the browser
// with the server's own zod schema (domain/contest/schema.ts), naming the fields in error before anything is
// sent, and then sent in the background: the server keeps the step in the draft and answers the next step's
// HTML, which replaces the wizard's region in place; focus moves to the new step's heading and a polite live
// region says the draft was saved. The completion (payment) page is a normal navigation. Any failure falls
// back to the plain form post.
import { useEffect, useState } from "preact/hooks";
import { HOST_STEPS, type HostStep } from "../domain/contest/schema.ts";

export interface ContestHostWizardProps {
  /** The element holding the step progress, the step heading and the form. */
  regionId: string;
  /** Translated messages of the schema's keys (contest.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
}

/** The form's fields as the server reads them: repeated names (languages) as lists. */
function fieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    if (key in out) out[key] = [...[out[key]].flat(), value];
    else out[key] = key === "languages" ? [value] : value;
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
    const control = form.querySelector<HTMLElement>(`[name="${name}"]`);
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

export default function ContestHostWizard({ regionId, messages, saved }: ContestHostWizardProps) {
  const [status, setStatus] = useState("");

  useEffect(() => {
    const region = document.getElementById(regionId);
    if (!region) return;
    // The schema's messages replace the browser's own bubbles (the server checks again either way).
    const quiet = () => region.querySelectorAll("form").forEach((f) => (f.noValidate = true));
    quiet();
    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (!region.contains(form) || form.method.toLowerCase() !== "post") return;
      const submitter = event.submitter as HTMLButtonElement | null;
      const action = submitter?.value ?? "next";
      const step = Number(new FormData(form).get("_step")) as HostStep | 4;
      clearErrors(form);
      if (action === "next" && step in HOST_STEPS) {
        const result = HOST_STEPS[step as HostStep].safeParse(fieldsOf(form));
        if (!result.success) {
          event.preventDefault();
          const errors: Record<string, string> = {};
          for (const issue of result.error.issues) {
            const name = String(issue.path[0] ?? "");
            errors[name] ??= messages[issue.message] ?? messages["error.validation"];
          }
          showErrors(form, errors)?.focus();
          return;
        }
      }
      event.preventDefault();
      const body = new FormData(form);
      body.set("_action", action);
      try {
        const res = await fetch(form.action, { method: "POST", body, headers: { accept: "text/html" } });
        const wizard = new URL(form.action, location.href).pathname;
        if (new URL(res.url).pathname !== wizard || new URL(res.url).searchParams.has("done")) {
          location.assign(res.url);
          return;
        }
        const doc = new DOMParser().parseFromString(await res.text(), "text/html");
        const next = doc.getElementById(regionId);
        if (!next) throw new Error("no wizard in the answer");
        region.innerHTML = next.innerHTML;
        quiet();
        const heading = region.querySelector<HTMLElement>("h2");
        heading?.setAttribute("tabindex", "-1");
        heading?.focus();
        setStatus(res.ok ? saved : "");
      } catch {
        // The plain post does the same without the enhancement.
        form.submit();
      }
    };
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [regionId]);

  return <p class="visually-hidden" aria-live="polite" role="status">{status}</p>;
}
