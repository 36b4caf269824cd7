// The entry wizard's form controls: uncontrolled (defaultValue), so the server renders a plain form
// that posts without JavaScript and the island reads it back with FormData. Each has its label, hint
// and error wired with aria-describedby.
import type { ComponentChildren } from "preact";
import type { Option } from "./types.ts";

interface Base {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
}

const idOf = (name: string) => `entry-${name.replace(/[^\w-]/g, "-")}`;
const described = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

function Wrap({ id, label, hint, error, required, children }: Base & { id: string; children: ComponentChildren }) {
  return (
    <div class={error ? "field has-error" : "field"}>
      <label class="field-label" for={id}>
        {label}
        {required && <span class="field-required" aria-hidden="true">*</span>}
      </label>
      {children}
      {hint && <p class="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

export function Text(
  props: Base & { value: string; type?: "text" | "email" | "tel" | "url" | "number"; maxLength?: number },
) {
  const id = idOf(props.name);
  return (
    <Wrap {...props} id={id}>
      <input
        class="input"
        id={id}
        name={props.name}
        type={(props.type ?? "text") as "text"}
        defaultValue={props.value}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={described(id, props.hint, props.error)}
      />
    </Wrap>
  );
}

export function Area(props: Base & { value: string; rows?: number; maxLength?: number }) {
  const id = idOf(props.name);
  return (
    <Wrap {...props} id={id}>
      <textarea
        class="textarea"
        id={id}
        name={props.name}
        rows={props.rows ?? 6}
        maxLength={props.maxLength}
        required={props.required}
        defaultValue={props.value}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={described(id, props.hint, props.error)}
      />
    </Wrap>
  );
}

export function Choice(
  props: Base & { value: string; options: Option[]; placeholder?: string; onChange?: (value: string) => void },
) {
  const id = idOf(props.name);
  return (
    <Wrap {...props} id={id}>
      <select
        class="select"
        id={id}
        name={props.name}
        required={props.required}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={described(id, props.hint, props.error)}
        onChange={(e) => props.onChange?.((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="" selected={props.value === ""}>{props.placeholder ?? "—"}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === props.value}>{o.label}</option>
        ))}
      </select>
    </Wrap>
  );
}

export function Check(props: Base & { checked: boolean }) {
  const id = idOf(props.name);
  return (
    <div class={props.error ? "field field-check has-error" : "field field-check"}>
      <label class="checkbox" for={id}>
        <input
          type="checkbox"
          id={id}
          name={props.name}
          value="1"
          defaultChecked={props.checked}
          aria-invalid={props.error ? "true" : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
        />
        <span>{props.label}</span>
      </label>
      {props.error && <p class="field-error" id={`${id}-error`}>{props.error}</p>}
    </div>
  );
}
