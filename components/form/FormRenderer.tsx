// The form-builder kit's renderer (issue 14 §1): a form's tree as plain server-rendered controls that post
// without JavaScript. Names are the answer paths the validator reads ("members.0.name", "address.zip");
// a repeated group renders all its rows (blank rows are dropped by the server), conditional fields carry
// their condition for the FormEnhancer island and are never `required` in HTML (the server decides).
import type { ComponentChildren } from "preact";
import { Checkbox, Field, RadioGroup, RequiredMark, Select, Textarea, TextField } from "../ui/FormField.tsx";
import { cx } from "../ui/cx.tsx";
import { type FormComponent, helpOf, labelOf, MAX_GROUP_ITEMS } from "../../domain/form/model.ts";
import { hasMessage, type Locale, type Translate } from "../../i18n/mod.ts";
import AddressLookup from "../../islands/FormAddressLookup.tsx";
import { addressLookupLabels } from "./address.ts";

export interface RenderContext {
  t: Translate;
  locale: Locale;
  /** Values as the form posted them (flat names), to fill the form again after a refusal. */
  values: Record<string, unknown>;
  /** Field path → message keys of a refusal. */
  errors: Record<string, string[]>;
  /** Unique prefix of ids (two previews on one page). */
  idPrefix?: string;
  /** A preview: controls are shown but the postal lookup island is left out. */
  preview?: boolean;
  /** Inside a repeated group's rows: blank rows are allowed, so nothing is `required` in HTML. */
  noRequired?: boolean;
}

const idOf = (ctx: RenderContext, name: string) => `${ctx.idPrefix ?? "f"}-${name.replace(/[^\w-]/g, "-")}`;

function errorOf(ctx: RenderContext, name: string): string | undefined {
  const keys = ctx.errors[name] ?? Object.entries(ctx.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const key = keys?.[0];
  if (!key) return undefined;
  return ctx.t(hasMessage(key) ? key : "programme.form.invalid");
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);
const KIND_LABELS: Record<string, string> = { pdf: "PDF", jpeg: "JPG", png: "PNG", zip: "ZIP" };

function Field1({ c, name, ctx }: { c: FormComponent; name: string; ctx: RenderContext }) {
  const { t, locale } = ctx;
  const label = labelOf(c, locale);
  const hint = helpOf(c, locale) || undefined;
  const error = errorOf(ctx, name);
  // A conditional field may be hidden: the browser must not demand it (the server does when shown).
  const required = !!c.required && !c.showIf && !ctx.noRequired;
  const id = idOf(ctx, name);
  const value = ctx.values[name];
  const common = { name, id, label, hint, error, required };
  switch (c.type) {
    case "text":
      return <TextField {...common} value={text(value)} minLength={c.minLength} maxLength={c.maxLength ?? 200} />;
    case "textarea":
      return <Textarea {...common} value={text(value)} minLength={c.minLength} maxLength={c.maxLength ?? 5000} />;
    case "number":
      return (
        <TextField {...common} type="number" value={text(value)} min={c.min} max={c.max} step={c.integer ? 1 : "any"} />
      );
    case "email":
      return <TextField {...common} type="email" value={text(value)} autocomplete="email" />;
    case "phone":
      return <TextField {...common} type="tel" value={text(value)} autocomplete="tel" />;
    case "date":
      return <TextField {...common} type="date" value={text(value)} min={c.minDate} max={c.maxDate} />;
    case "choice": {
      const options = (c.options ?? []).map((o) => ({ value: o.value, label: labelOf(o, locale) }));
      return options.length > 5
        ? <Select {...common} options={options} value={text(value)} placeholder={t("programme.form.choose")} />
        : <RadioGroup {...common} options={options} value={text(value)} />;
    }
    case "checkboxes": {
      const chosen = list(value);
      return (
        <fieldset
          class={cx("field field-group", error && "field-invalid")}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <legend class="field-label">
            {label}
            {c.required && <RequiredMark />}
          </legend>
          {hint && <p class="field-hint">{hint}</p>}
          <div class="choices">
            {(c.options ?? []).map((o, i) => (
              <div class="check" key={o.value}>
                <input
                  class="check-input"
                  type="checkbox"
                  id={`${id}-${i}`}
                  name={name}
                  value={o.value}
                  checked={chosen.includes(o.value)}
                />
                <label class="check-label" for={`${id}-${i}`}>{labelOf(o, locale)}</label>
              </div>
            ))}
          </div>
          {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
        </fieldset>
      );
    }
    case "agreement":
      return <Checkbox {...common} checked={value === "on" || value === true} />;
    case "file": {
      const kinds = (c.accept ?? ["pdf", "jpeg", "png"]).map((k) => KIND_LABELS[k] ?? k);
      const size = `${Math.round((c.maxBytes ?? 10 * 1024 * 1024) / (1024 * 1024) * 10) / 10} MB`;
      const fileHint = t("programme.form.fileHint", { kinds: kinds.join(", "), size, count: c.maxFiles ?? 1 });
      const accept = (c.accept ?? ["pdf", "jpeg", "png"]).map((k) => (k === "jpeg" ? ".jpg,.jpeg" : `.${k}`)).join(",");
      return (
        <Field
          id={id}
          label={label}
          hint={[hint, fileHint].filter(Boolean).join(" ")}
          error={error}
          required={required}
        >
          <input
            type="file"
            id={id}
            name={name}
            multiple={(c.maxFiles ?? 1) > 1}
            accept={accept}
            required={required}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={cx(`${id}-hint`, error && `${id}-error`)}
          />
        </Field>
      );
    }
    case "address":
      return <Address c={c} name={name} ctx={ctx} />;
    case "section":
    case "group":
      return null;
  }
}

function Address({ c, name, ctx }: { c: FormComponent; name: string; ctx: RenderContext }) {
  const { t, locale } = ctx;
  const error = errorOf(ctx, name);
  const part = (p: "zip" | "road" | "building" | "city" | "district" | "detail", auto?: string) => (
    <TextField
      name={`${name}.${p}`}
      id={idOf(ctx, `${name}.${p}`)}
      label={t(`programme.form.addr.${p}`)}
      value={text(ctx.values[`${name}.${p}`])}
      required={!!c.required && !c.showIf && (p === "zip" || p === "road")}
      autocomplete={auto}
      error={errorOf(ctx, `${name}.${p}`)}
    />
  );
  return (
    <fieldset class={cx("field field-group form-address", error && "field-invalid")} data-address={name}>
      <legend class="field-label">
        {labelOf(c, locale)}
        {c.required && <RequiredMark />}
      </legend>
      {helpOf(c, locale) && <p class="field-hint">{helpOf(c, locale)}</p>}
      {!ctx.preview && (
        <AddressLookup
          prefix={name}
          labels={addressLookupLabels(t as (key: string) => string)}
          locale={locale}
        />
      )}
      {part("zip", "postal-code")}
      {part("road", "address-line1")}
      {part("building")}
      {part("city", "address-level1")}
      {part("district", "address-level2")}
      {part("detail", "address-line2")}
      {error && <p class="field-error">{error}</p>}
    </fieldset>
  );
}

function Conditional({ c, prefix, children }: { c: FormComponent; prefix: string; children: ComponentChildren }) {
  if (!c.showIf) return <>{children}</>;
  return (
    <div class="form-conditional" data-show-if={`${prefix}${c.showIf.key}`} data-show-equals={c.showIf.equals}>
      {children}
    </div>
  );
}

function Components({ list, prefix, ctx }: { list: FormComponent[]; prefix: string; ctx: RenderContext }) {
  return (
    <>
      {list.map((c) => {
        const name = `${prefix}${c.key}`;
        if (c.type === "section") {
          return (
            <Conditional c={c} prefix={prefix} key={name}>
              <fieldset class="form-section">
                <legend class="form-section-title">{labelOf(c, ctx.locale)}</legend>
                {helpOf(c, ctx.locale) && <p class="field-hint">{helpOf(c, ctx.locale)}</p>}
                <Components list={c.children ?? []} prefix={prefix} ctx={ctx} />
              </fieldset>
            </Conditional>
          );
        }
        if (c.type === "group") {
          const rows = Math.min(c.maxItems ?? 3, MAX_GROUP_ITEMS);
          const label = labelOf(c, ctx.locale);
          const error = ctx.errors[name]?.[0];
          return (
            <Conditional c={c} prefix={prefix} key={name}>
              <fieldset class="form-group" data-group={name} data-group-min={Math.max(1, c.minItems ?? 1)}>
                <legend class="form-section-title">
                  {label}
                  {c.required && <RequiredMark />}
                </legend>
                {helpOf(c, ctx.locale) && <p class="field-hint">{helpOf(c, ctx.locale)}</p>}
                {error && <p class="field-error">{ctx.t(hasMessage(error) ? error : "programme.form.invalid")}</p>}
                {Array.from({ length: rows }, (_, i) => (
                  <fieldset class="form-group-row" key={i} data-group-row={i}>
                    <legend class="form-group-row-title">{ctx.t("programme.form.row", { label, n: i + 1 })}</legend>
                    <Components list={c.children ?? []} prefix={`${name}.${i}.`} ctx={{ ...ctx, noRequired: true }} />
                  </fieldset>
                ))}
              </fieldset>
            </Conditional>
          );
        }
        return (
          <Conditional c={c} prefix={prefix} key={name}>
            <Field1 c={c} name={name} ctx={ctx} />
          </Conditional>
        );
      })}
    </>
  );
}

/**
 * The fields of a form (inside the caller's <form>, which carries the action, CSRF field and submit).
 * `prefix` puts the answers under a name ("answers." on a board's write form, beside the post's own
 * fields); values and errors are then keyed by the prefixed names.
 */
export function FormFields({ tree, ctx, prefix = "" }: { tree: FormComponent[]; ctx: RenderContext; prefix?: string }) {
  return <Components list={tree} prefix={prefix} ctx={ctx} />;
}
