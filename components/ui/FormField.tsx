// Form controls with their label, hint, error message and required marker, wired together with
// aria-describedby and aria-invalid. The server renders them; forms work without JavaScript.
import type { ComponentChildren } from "preact";
import type { Translate } from "../../i18n/mod.ts";
import { cx } from "./cx.tsx";

interface FieldBase {
  name: string;
  label: ComponentChildren;
  /** Defaults to `field-<name>`. */
  id?: string;
  hint?: ComponentChildren;
  /** The field's error message (already translated); marks the control invalid. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  class?: string;
}

const fieldId = (props: { id?: string; name: string }) => props.id ?? `field-${props.name.replace(/[^\w-]/g, "-")}`;

function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  return cx(hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined, extra) || undefined;
}

/** The visible asterisk; the control's `required` attribute tells assistive technology. */
export function RequiredMark() {
  return <span class="field-required" aria-hidden="true">*</span>;
}

/** "* marks a required field." above a form. */
export function RequiredNote({ t }: { t: Translate }) {
  return (
    <p class="required-note">
      <RequiredMark /> {t("common.requiredNote")}
    </p>
  );
}

function FieldMessages({ id, hint, error }: { id: string; hint?: ComponentChildren; error?: string }) {
  return (
    <>
      {hint && <p class="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </>
  );
}

/** A labelled wrapper for a control not covered below; give the control `id` and `aria-describedby`. */
export function Field(
  { id, label, hint, error, required, class: extra, children }: Omit<FieldBase, "name"> & {
    id: string;
    children: ComponentChildren;
  },
) {
  return (
    <div class={cx("field", error && "field-invalid", extra)}>
      <label class="field-label" for={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export interface TextFieldProps extends FieldBase {
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "search" | "date" | "datetime-local";
  value?: string | number;
  placeholder?: string;
  autocomplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric" | "decimal" | "search";
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  pattern?: string;
  readOnly?: boolean;
  autofocus?: boolean;
}

/** The input types that take minlength, maxlength and pattern (HTML §4.10.5); a date or number has none. */
const TEXT_TYPES = new Set(["text", "email", "password", "tel", "url", "search"]);

export function TextField(props: TextFieldProps) {
  const {
    name,
    label,
    hint,
    error,
    required,
    disabled,
    class: extra,
    type = "text",
    minLength,
    maxLength,
    pattern,
    ...input
  } = props;
  const id = fieldId(props);
  const lengths = TEXT_TYPES.has(type) ? { minLength, maxLength, pattern } : {};
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} class={extra}>
      <input
        {...input}
        {...lengths}
        class="input"
        id={id}
        name={name}
        type={type as "text"}
        required={required}
        disabled={disabled}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}

export interface TextareaProps extends FieldBase {
  value?: string;
  rows?: number;
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  readOnly?: boolean;
}

export function Textarea(props: TextareaProps) {
  const { name, label, hint, error, required, disabled, class: extra, rows = 6, value, ...rest } = props;
  const id = fieldId(props);
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} class={extra}>
      <textarea
        {...rest}
        class="textarea"
        id={id}
        name={name}
        rows={rows}
        required={required}
        disabled={disabled}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {value}
      </textarea>
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldBase {
  options: SelectOption[];
  value?: string;
  /** A first, empty choice ("Select…"). */
  placeholder?: string;
  autocomplete?: string;
}

export function Select(props: SelectProps) {
  const { name, label, hint, error, required, disabled, class: extra, options, value, placeholder, autocomplete } =
    props;
  const id = fieldId(props);
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} class={extra}>
      <select
        class="select"
        id={id}
        name={name}
        // Without an empty first option a select always has a value: HTML forbids `required` there.
        required={required && placeholder !== undefined}
        disabled={disabled}
        autocomplete={autocomplete}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined && <option value="" selected={!value}>{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value} disabled={o.disabled}>{o.label}</option>
        ))}
      </select>
    </Field>
  );
}

export interface CheckboxProps extends FieldBase {
  checked?: boolean;
  value?: string;
}

/** One checkbox with its label beside it (consent, "remember me"). */
export function Checkbox(props: CheckboxProps) {
  const { name, label, hint, error, required, disabled, class: extra, checked, value = "on" } = props;
  const id = fieldId(props);
  return (
    <div class={cx("field field-check", error && "field-invalid", extra)}>
      <div class="check">
        <input
          class="check-input"
          type="checkbox"
          id={id}
          name={name}
          value={value}
          checked={checked}
          required={required}
          disabled={disabled}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <label class="check-label" for={id}>
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export interface RadioGroupProps extends FieldBase {
  options: SelectOption[];
  value?: string;
  /** Lay the choices out in a row instead of a column. */
  inline?: boolean;
}

/** Choices in a <fieldset>; the label is its legend. */
export function RadioGroup(props: RadioGroupProps) {
  const { name, label, hint, error, required, disabled, class: extra, options, value, inline } = props;
  const id = fieldId(props);
  return (
    <fieldset
      class={cx("field field-group", error && "field-invalid", extra)}
      aria-describedby={describedBy(id, hint, error)}
      disabled={disabled}
    >
      <legend class="field-label">
        {label}
        {required && <RequiredMark />}
      </legend>
      <div class={inline ? "choices choices-inline" : "choices"}>
        {options.map((o, i) => (
          <div class="check" key={o.value}>
            <input
              class="check-input"
              type="radio"
              id={`${id}-${i}`}
              name={name}
              value={o.value}
              checked={o.value === value}
              required={required}
              disabled={o.disabled}
              aria-invalid={error ? "true" : undefined}
            />
            <label class="check-label" for={`${id}-${i}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** The row of buttons under a form. */
export function FormActions({ children }: { children: ComponentChildren }) {
  return <div class="form-actions">{children}</div>;
}
