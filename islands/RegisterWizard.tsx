// The member registration wizard (SPEC §2.5: member type → terms and info → completion). Rendered on the
// server as plain forms that post to /register and work without JavaScript; hydrated, it moves between
// steps in the browser, validates with the server's own zod rules as the visitor types, asks
// GET /api/validation/unique whether the user ID and e-mail are free, and sends POST /api/register.
import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Alert } from "../components/ui/Alert.tsx";
import { Button } from "../components/ui/Button.tsx";
import { Checkbox, Field, FormActions, RequiredNote, Select, TextField } from "../components/ui/FormField.tsx";
import type { Translate } from "../i18n/mod.ts";
import { checkDocumentFile } from "../domain/member/documents.ts";
import {
  DEGREES,
  type DocumentKind,
  DOCUMENTS_BY_TYPE,
  JUDGE_ROLES,
  MEMBER_TYPES,
  type MemberType,
  RegisterFormInput,
  rolesFor,
  unflatten,
} from "../domain/member/register-schema.ts";
import { issuesToFields } from "../domain/member/register-schema.ts";

export interface RegisterResult {
  username: string;
  name: string;
  type: MemberType;
  status: "active" | "waiting";
}

export interface RegisterWizardProps {
  step: 1 | 2 | 3;
  type: MemberType | "";
  /** What the visitor sent, as form names (`careers[0][role]`), never the password. */
  values: Record<string, unknown>;
  /** Field (dotted path) → message keys from the server. */
  errors: Record<string, string[]>;
  /** A message above the form (already translated). */
  formError?: string;
  /** The last post carried files: the browser does not keep them, so ask for them again. */
  filesAgain?: boolean;
  result?: RegisterResult;
  paths: {
    action: string;
    register: string;
    unique: string;
    terms: string;
    privacy: string;
    login: string;
    home: string;
  };
  csrfToken: string;
  /** The texts this island shows, by key (register.*, password.*, a few error.*). */
  messages: Record<string, string>;
}

type Fields = Record<string, string | string[]>;
interface Career {
  id: number;
  organization: string;
  position: string;
  from: string;
  to: string;
  role: string;
}
interface Education {
  id: number;
  school: string;
  major: string;
  degree: string;
}

const SPARE_ROWS = 3;
const CAREER_KEYS = ["organization", "position", "from", "to", "role"] as const;
const EDUCATION_KEYS = ["school", "major", "degree"] as const;
const FILE_LABELS: Record<DocumentKind, string> = {
  business_cert: "register.fields.businessCert",
  design_cert: "register.fields.designCert",
  regional_proof: "register.fields.regionalProof",
};
let nextRowId = 1;

const str = (v: unknown) => (typeof v === "string" ? v : "");
const emptyCareer = (): Career => ({ id: nextRowId++, organization: "", position: "", from: "", to: "", role: "" });
const emptyEducation = (): Education => ({ id: nextRowId++, school: "", major: "", degree: "" });
const isBlank = (row: object) => Object.entries(row).every(([k, v]) => k === "id" || v === "");
/** `careers[0][role]` → `careers.0.role`, the path errors are keyed by. */
const pathOf = (name: string) => name.replace(/\[(\w*)\]/g, ".$1").replace(/\.$/, "");

function initialState(props: RegisterWizardProps) {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(props.values)) {
    // the type has its own state; rows are read below
    if (key === "type" || key.startsWith("careers[") || key.startsWith("educations[")) continue;
    if (typeof value === "string") fields[key] = value;
    else if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === "string");
  }
  const nested = unflatten(props.values);
  const rows = <T,>(list: unknown, make: () => T, keys: readonly string[]) => {
    const given = (Array.isArray(list) ? list : []).map((r) => {
      const row = make() as Record<string, unknown>;
      for (const k of keys) row[k] = str((r as Record<string, unknown>)?.[k]);
      return row as T;
    });
    while (given.length < SPARE_ROWS) given.push(make());
    return given;
  };
  return {
    fields,
    careers: rows(nested.careers, emptyCareer, CAREER_KEYS),
    educations: rows(nested.educations, emptyEducation, EDUCATION_KEYS),
  };
}

function readCookie(name: string): string {
  const match = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}

type UniqueState = Record<string, { value: string; state: "checking" | "free" | "taken" }>;

/** Asks the server whether a user ID or e-mail is free, 400 ms after the last change. */
function useUniqueCheck(
  field: "username" | "email",
  value: string,
  wellFormed: boolean,
  { enhanced, url, unique, setUnique }: {
    enhanced: boolean;
    url: string;
    unique: UniqueState;
    setUnique: (update: (u: UniqueState) => UniqueState) => void;
  },
) {
  useEffect(() => {
    if (!enhanced || !value || !wellFormed || unique[field]?.value === value) return;
    const timer = setTimeout(async () => {
      setUnique((u) => ({ ...u, [field]: { value, state: "checking" } }));
      try {
        const query = new URLSearchParams({ table: "users", column: field, value });
        const res = await fetch(`${url}?${query}`, { headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const { count } = await res.json() as { count: number };
        setUnique((u) =>
          u[field]?.value === value ? { ...u, [field]: { value, state: count < 1 ? "free" : "taken" } } : u
        );
      } catch {
        // no answer (rate limit, network): the server checks again on submit
        setUnique(({ [field]: _, ...rest }) => rest);
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [enhanced, value, wellFormed]);
}

export default function RegisterWizard(props: RegisterWizardProps) {
  const { messages, paths } = props;
  const t = ((key: string, params?: Record<string, string | number>) => {
    const text = messages[key] ?? messages["register.invalid"] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (m, p) => String(params[p] ?? m)) : text;
  }) as Translate;
  const tx = (key: string, params?: Record<string, string | number>) => t(key as never, params);

  const initial = useMemo(() => initialState(props), []);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(props.step);
  const [type, setType] = useState<MemberType | "">(props.type);
  const [fields, setFields] = useState<Fields>(initial.fields);
  const [careers, setCareers] = useState<Career[]>(initial.careers);
  const [educations, setEducations] = useState<Education[]>(initial.educations);
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File>>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState(props.errors);
  const [touched, setTouched] = useState<Set<string>>(() => new Set(Object.keys(props.errors)));
  const [showAll, setShowAll] = useState(Object.keys(props.errors).length > 0);
  const [unique, setUnique] = useState<UniqueState>({});
  const [formError, setFormError] = useState(props.formError);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState(props.result);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setEnhanced(true);
    // The no-JavaScript form offers three spare rows; with JavaScript rows are added on demand.
    const trim = <T extends object>(rows: T[]) => {
      const filled = rows.filter((r) => !isBlank(r));
      return filled.length ? filled : rows.slice(0, 1);
    };
    setCareers(trim);
    setEducations(trim);
  }, []);

  // what the server would get: the filled rows, without their client-side ids
  const rowsOf = <T extends { id: number }>(rows: T[]) => rows.filter((r) => !isBlank(r)).map(({ id: _, ...r }) => r);
  const values = { ...fields, type, careers: rowsOf(careers), educations: rowsOf(educations) };
  const parsed = useMemo(() => RegisterFormInput.safeParse(values), [fields, type, careers, educations]);
  const clientErrors = parsed.success ? {} : issuesToFields(parsed.error.issues);

  /** The message keys to show under a field: the server's until the field changes, then the browser's. */
  const errorKeys = (path: string): string[] => {
    if (serverErrors[path]) return serverErrors[path];
    if (fileErrors[path]) return [fileErrors[path]];
    const keys = [...(showAll || touched.has(path) ? clientErrors[path] ?? [] : [])];
    const u = unique[path];
    if (u?.state === "taken" && u.value === str(fields[path]).trim()) keys.push(`register.${path}_taken`);
    return keys;
  };
  const errorOf = (path: string) => {
    const keys = errorKeys(path);
    return keys.length ? keys.map((k) => tx(k)).join(" ") : undefined;
  };

  // ---- uniqueness, 400 ms after the last keystroke, for well-formed values only ----
  const uniqueCheck = { enhanced, url: paths.unique, unique, setUnique };
  useUniqueCheck("username", str(fields.username).trim(), !clientErrors.username, uniqueCheck);
  useUniqueCheck("email", str(fields.email).trim(), !clientErrors.email, uniqueCheck);
  const uniqueHint = (field: "username" | "email", hint: string) => {
    const u = unique[field];
    if (!u || u.value !== str(fields[field]).trim() || errorKeys(field).length) return hint;
    if (u.state === "checking") return tx("register.check.checking");
    return u.state === "free" ? tx(`register.check.${field}Available`) : hint;
  };

  // ---- changes (one delegated handler: events from every control bubble to the form) ----
  const forget = (path: string) =>
    setServerErrors((e) => {
      if (!e[path]) return e;
      const { [path]: _, ...rest } = e;
      return rest;
    });

  function onChange(event: Event) {
    const el = event.target as HTMLInputElement | HTMLSelectElement;
    const name = el.name;
    if (!name || name === "_token" || name === "step") return;
    const path = pathOf(name);
    forget(path);
    const row = name.match(/^(careers|educations)\[(\d+)\]\[(\w+)\]$/);
    if (row) {
      const [, list, index, key] = row;
      const update = <T,>(rows: T[]) => rows.map((r, i) => (i === Number(index) ? { ...r, [key]: el.value } : r));
      if (list === "careers") setCareers(update);
      else setEducations(update);
      forget(list);
      return;
    }
    if (el instanceof HTMLInputElement && el.type === "file") {
      const kind = name as DocumentKind;
      const file = el.files?.[0];
      forget("documents");
      setTouched((s) => new Set(s).add(path));
      setFiles((f) => ({ ...f, [kind]: file }));
      setFileErrors(({ [kind]: _, ...rest }) => rest);
      if (file) {
        checkDocumentFile(file).then((problem) => problem && setFileErrors((e) => ({ ...e, [kind]: problem })));
      }
      return;
    }
    if (name === "type") {
      setType(el.value as MemberType);
      return;
    }
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      if (name === "judge_fields[]") {
        const current = Array.isArray(fields.judge_fields) ? fields.judge_fields : [];
        const next = el.checked ? [...current, el.value] : current.filter((v) => v !== el.value);
        setFields((f) => ({ ...f, judge_fields: JUDGE_ROLES.filter((r) => next.includes(r)) }));
        setTouched((s) => new Set(s).add("judge_fields"));
        forget("judge_fields");
        forget("careers");
      } else {
        setFields((f) => ({ ...f, [name]: el.checked ? "on" : "" }));
        setTouched((s) => new Set(s).add(path));
      }
      return;
    }
    setFields((f) => ({ ...f, [name]: el.value }));
    if (el instanceof HTMLSelectElement) setTouched((s) => new Set(s).add(path));
  }

  function onBlur(event: FocusEvent) {
    const name = (event.target as HTMLInputElement).name;
    if (name) setTouched((s) => new Set(s).add(pathOf(name)));
  }

  // ---- steps ----
  function go(next: 1 | 2 | 3) {
    setStep(next);
    setFormError(undefined);
    setShowAll(false);
    requestAnimationFrame(() => {
      heading.current?.focus();
      heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>('.reg [aria-invalid="true"], .reg .field-invalid input');
      el?.focus();
    });
  }

  async function onSubmit(event: SubmitEvent) {
    if (!enhanced) return;
    event.preventDefault();
    if (step === 1) {
      if (!type) {
        setServerErrors({ type: ["register.type_required"] });
        return focusFirstError();
      }
      return go(2);
    }
    if (sending) return;
    const blocking = Object.keys(clientErrors).length > 0 || Object.keys(fileErrors).length > 0 ||
      Object.entries(unique).some(([f, u]) => u.state === "taken" && u.value === str(fields[f]).trim());
    if (blocking) {
      setShowAll(true);
      setFormError(tx("register.fixErrors"));
      return focusFirstError();
    }
    setSending(true);
    setFormError(undefined);
    try {
      const res = await fetch(paths.register, {
        method: "POST",
        body: formData(),
        headers: { accept: "application/json", "x-xsrf-token": readCookie("XSRF-TOKEN") || props.csrfToken },
        credentials: "same-origin",
      });
      const answer = await res.json().catch(() => ({}));
      if (res.status === 201) {
        setResult({
          username: answer.username,
          name: str(fields.name),
          type: type as MemberType,
          status: answer.status,
        });
        return go(3);
      }
      if (res.status === 422 && answer.errors) {
        setServerErrors(answer.errors);
        setShowAll(true);
        setFormError(tx("register.fixErrors"));
        if (answer.errors.type) setStep(1);
        return focusFirstError();
      }
      setFormError(answer.message || tx("error.500.text"));
    } catch {
      setFormError(tx("register.networkError"));
    } finally {
      setSending(false);
    }
  }

  /** The same names the no-JavaScript form posts. */
  function formData(): FormData {
    const data = new FormData();
    data.set("type", type);
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) value.forEach((v) => data.append(`${name}[]`, v));
      else data.set(name, value);
    }
    careers.filter((r) => !isBlank(r)).forEach((r, i) => {
      for (const k of CAREER_KEYS) data.set(`careers[${i}][${k}]`, r[k]);
    });
    educations.filter((r) => !isBlank(r)).forEach((r, i) => {
      for (const k of EDUCATION_KEYS) data.set(`educations[${i}][${k}]`, r[k]);
    });
    for (const [kind, file] of Object.entries(files)) if (file) data.set(kind, file);
    return data;
  }

  // ---- rendering ----
  const stepTitles = ["register.steps.type", "register.steps.info", "register.steps.done"];
  const value = (name: string) => str(fields[name]);
  const checked = (name: string) => value(name) === "on" || value(name) === "1" || value(name) === "true";
  const text: TextFn = (name, label, more = {}, path = pathOf(name)) => (
    <TextField name={name} label={tx(label)} value={value(name)} error={errorOf(path)} {...more} />
  );

  const steps = (
    <ol class="reg-steps" aria-label={tx("register.steps.label")}>
      {stepTitles.map((key, i) => (
        <li
          key={key}
          class={`reg-step${i + 1 === step ? " is-current" : ""}${i + 1 < step ? " is-done" : ""}`}
          aria-current={i + 1 === step ? "step" : undefined}
        >
          <span class="reg-step-label">{tx(key)}</span>
        </li>
      ))}
    </ol>
  );
  const title = (
    <>
      <p class="reg-heading-count">{tx("register.stepOf", { step, total: 3 })}</p>
      <h2 class="reg-heading" ref={heading} tabIndex={-1}>{tx(stepTitles[step - 1])}</h2>
    </>
  );

  if (step === 3 && result) {
    const waiting = result.status === "waiting";
    return (
      <div class="reg" data-enhanced={enhanced ? "" : undefined}>
        {steps}
        <div class="reg-done">
          <h2 class="reg-heading" ref={heading} tabIndex={-1}>
            {tx(waiting ? "register.done.waitingTitle" : "register.done.activeTitle")}
          </h2>
          <p class="reg-done-text">
            {waiting
              ? tx(result.type === "judge" ? "register.done.judgeText" : "register.done.waitingText")
              : tx("register.done.activeText", { name: result.name })}
          </p>
          <dl class="reg-summary">
            <div>
              <dt>{tx("register.done.username")}</dt>
              <dd>{result.username}</dd>
            </div>
            <div>
              <dt>{tx("register.done.memberType")}</dt>
              <dd>{tx(`register.types.${result.type}`)}</dd>
            </div>
          </dl>
          <FormActions>
            <Button href={paths.home} variant="secondary">{tx("register.done.home")}</Button>
            {(!waiting || result.type === "judge") && <Button href={paths.login}>{tx("register.done.login")}</Button>}
          </FormActions>
        </div>
      </div>
    );
  }

  const step1 = (
    <>
      <p class="reg-lead">{tx("register.lead")}</p>
      <fieldset class={`field field-group reg-types${errorOf("type") ? " field-invalid" : ""}`}>
        <legend class="field-label">{tx("register.types.legend")}</legend>
        {MEMBER_TYPES.map((code) => {
          const approval = rolesFor(code).some((r) => !r.approved);
          return (
            <div class={`check reg-type${type === code ? " is-selected" : ""}`} key={code}>
              <input
                class="check-input"
                type="radio"
                id={`reg-type-${code}`}
                name="type"
                value={code}
                checked={type === code}
                aria-describedby={`reg-type-${code}-text`}
                aria-invalid={errorOf("type") ? "true" : undefined}
              />
              <label class="check-label" for={`reg-type-${code}`}>
                <strong class="reg-type-title">{tx(`register.types.${code}`)}</strong>{" "}
                <span class={`reg-badge${approval ? " reg-badge-approval" : ""}`}>
                  {tx(approval ? "register.badges.approval" : "register.badges.instant")}
                </span>{" "}
                <span class="reg-type-text" id={`reg-type-${code}-text`}>{tx(`register.typeTexts.${code}`)}</span>
              </label>
            </div>
          );
        })}
        {errorOf("type") && <p class="field-error">{errorOf("type")}</p>}
      </fieldset>
      {!enhanced && <CarryValues fields={fields} careers={careers} educations={educations} />}
      <FormActions>
        <Button type="submit" name="nav" value="next" size="lg">{tx("register.actions.next")}</Button>
      </FormActions>
    </>
  );

  const company = type === "design" || type === "company";
  const documents = type ? DOCUMENTS_BY_TYPE[type] : { allowed: [], required: [] };
  const agreeAll = ["agree_terms", "agree_privacy", "marketing_email", "marketing_sms"];
  const step2 = (
    <>
      <input type="hidden" name="type" value={type} />
      {props.filesAgain && documents.allowed.length > 0 && <Alert kind="warning">{tx("register.filesAgain")}</Alert>}
      <RequiredNote t={t} />

      <section class="reg-section" aria-labelledby="reg-s-terms">
        <h3 class="reg-section-title" id="reg-s-terms">{tx("register.sections.terms")}</h3>
        {enhanced && (
          <div class="check reg-agree-all">
            <input
              class="check-input"
              type="checkbox"
              id="reg-agree-all"
              checked={agreeAll.every(checked)}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                setFields((f) => ({ ...f, ...Object.fromEntries(agreeAll.map((n) => [n, on ? "on" : ""])) }));
                agreeAll.forEach(forget);
                setTouched((s) => new Set([...s, ...agreeAll]));
              }}
            />
            <label class="check-label" for="reg-agree-all">{tx("register.terms.agreeAll")}</label>
          </div>
        )}
        <PolicyBox
          id="terms"
          title={tx("register.terms.termsTitle")}
          body={tx("register.terms.termsText")}
          link={paths.terms}
          linkText={tx("register.terms.viewFull")}
          newWindow={tx("register.terms.newWindow")}
        />
        <Checkbox
          name="agree_terms"
          label={tx("register.terms.agreeTerms")}
          checked={checked("agree_terms")}
          required
          error={errorOf("agree_terms")}
        />
        <PolicyBox
          id="privacy"
          title={tx("register.terms.privacyTitle")}
          body={tx("register.terms.privacyText")}
          link={paths.privacy}
          linkText={tx("register.terms.viewFull")}
          newWindow={tx("register.terms.newWindow")}
        />
        <Checkbox
          name="agree_privacy"
          label={tx("register.terms.agreePrivacy")}
          checked={checked("agree_privacy")}
          required
          error={errorOf("agree_privacy")}
        />
      </section>

      <section class="reg-section" aria-labelledby="reg-s-account">
        <h3 class="reg-section-title" id="reg-s-account">{tx("register.sections.account")}</h3>
        {text("username", "register.fields.username", {
          required: true,
          autocomplete: "username",
          maxLength: 20,
          hint: uniqueHint("username", tx("register.hints.username")),
        })}
        {text("password", "register.fields.password", {
          type: "password",
          required: true,
          autocomplete: "new-password",
          maxLength: 15,
          hint: tx("register.hints.password"),
        })}
        {text("password_confirmation", "register.fields.passwordConfirmation", {
          type: "password",
          required: true,
          autocomplete: "new-password",
          maxLength: 15,
        })}
      </section>

      <section class="reg-section" aria-labelledby="reg-s-profile">
        <h3 class="reg-section-title" id="reg-s-profile">
          {tx(company ? "register.sections.companyProfile" : "register.sections.profile")}
        </h3>
        <div class="reg-grid">
          {text("name", company ? "register.fields.companyName" : "register.fields.name", {
            required: true,
            autocomplete: company ? "organization" : "name",
            maxLength: 100,
          })}
          {text("name_en", company ? "register.fields.companyNameEn" : "register.fields.nameEn", { maxLength: 100 })}
        </div>
        {text("email", "register.fields.email", {
          type: "email",
          required: true,
          autocomplete: "email",
          maxLength: 254,
          hint: uniqueHint("email", tx("register.hints.email")),
        })}
        {text("phone", company ? "register.fields.companyPhone" : "register.fields.phone", {
          type: "tel",
          required: true,
          autocomplete: "tel",
          inputMode: "tel",
          maxLength: 20,
          hint: tx("register.hints.phone"),
        })}
        <div class="reg-grid reg-grid-zip">
          {text("zip", "register.fields.zip", { autocomplete: "postal-code", maxLength: 10, inputMode: "numeric" })}
          {text("address1", "register.fields.address1", { autocomplete: "address-line1", maxLength: 200 })}
        </div>
        {text("address2", "register.fields.address2", {
          autocomplete: "address-line2",
          maxLength: 200,
          hint: tx("register.hints.address"),
        })}
      </section>

      {!company && (
        <section class="reg-section" aria-labelledby="reg-s-affiliation">
          <h3 class="reg-section-title" id="reg-s-affiliation">{tx("register.sections.affiliation")}</h3>
          {text("affiliation", "register.fields.affiliation", { autocomplete: "organization", maxLength: 100 })}
          <div class="reg-grid">
            {text("department", "register.fields.department", { maxLength: 100 })}
            {text("position", "register.fields.position", { autocomplete: "organization-title", maxLength: 100 })}
          </div>
        </section>
      )}

      {company && (
        <section class="reg-section" aria-labelledby="reg-s-business">
          <h3 class="reg-section-title" id="reg-s-business">{tx("register.sections.business")}</h3>
          {text("business_no", "register.fields.businessNo", {
            required: true,
            inputMode: "numeric",
            maxLength: 12,
            hint: tx("register.hints.businessNo"),
          })}
          {documents.allowed.map((kind) => {
            const required = documents.required.includes(kind);
            const id = `field-${kind}`;
            const error = errorOf(kind);
            const chosen = files[kind];
            return (
              <Field
                key={kind}
                id={id}
                label={tx(FILE_LABELS[kind])}
                required={required}
                error={error}
                hint={chosen
                  ? `${chosen.name} (${Math.ceil(chosen.size / 1024)} KB)`
                  : tx(required ? "register.hints.file" : "register.hints.optionalFile")}
              >
                <input
                  class="input reg-file"
                  type="file"
                  id={id}
                  name={kind}
                  accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                  required={required && !chosen}
                  aria-invalid={error ? "true" : undefined}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                />
              </Field>
            );
          })}
          {errorOf("documents") && <p class="field-error">{errorOf("documents")}</p>}
        </section>
      )}

      {type === "judge" && (
        <JudgeSection
          tx={tx}
          fields={fields}
          careers={careers}
          educations={educations}
          enhanced={enhanced}
          errorOf={errorOf}
          text={text}
          onAddCareer={() => setCareers((rows) => [...rows, emptyCareer()])}
          onAddEducation={() => setEducations((rows) => [...rows, emptyEducation()])}
          onRemoveCareer={(id) => setCareers((rows) => rows.filter((r) => r.id !== id))}
          onRemoveEducation={(id) => setEducations((rows) => rows.filter((r) => r.id !== id))}
        />
      )}

      <section class="reg-section" aria-labelledby="reg-s-marketing">
        <h3 class="reg-section-title" id="reg-s-marketing">{tx("register.sections.marketing")}</h3>
        <p class="reg-section-lead">{tx("register.terms.marketingLead")}</p>
        <Checkbox
          name="marketing_email"
          label={tx("register.terms.marketingEmail")}
          checked={checked("marketing_email")}
        />
        <Checkbox name="marketing_sms" label={tx("register.terms.marketingSms")} checked={checked("marketing_sms")} />
      </section>

      <FormActions>
        {enhanced
          ? (
            <button type="button" class="button button-secondary button-lg" onClick={() => go(1)}>
              {tx("register.actions.previous")}
            </button>
          )
          : (
            <button type="submit" name="nav" value="back" formnovalidate class="button button-secondary button-lg">
              {tx("register.actions.previous")}
            </button>
          )}
        <Button type="submit" name="nav" value="submit" size="lg" disabled={sending}>
          {tx(sending ? "register.actions.submitting" : "register.actions.submit")}
        </Button>
      </FormActions>
    </>
  );

  return (
    <div class="reg" data-enhanced={enhanced ? "" : undefined}>
      {steps}
      {title}
      {formError && <Alert kind="error">{formError}</Alert>}
      <form
        method="post"
        action={paths.action}
        enctype="multipart/form-data"
        class="form reg-form"
        novalidate
        onSubmit={onSubmit}
        onInput={onChange}
        onChange={onChange}
        onFocusOut={onBlur}
      >
        <input type="hidden" name="_token" value={props.csrfToken} />
        <input type="hidden" name="step" value={String(step)} />
        {step === 1 ? step1 : step2}
      </form>
    </div>
  );
}

/** A policy's summary in a scrolling box, with a link to the full text. */
function PolicyBox(
  { id, title, body, link, linkText, newWindow }: {
    id: string;
    title: string;
    body: string;
    link: string;
    linkText: string;
    newWindow: string;
  },
) {
  return (
    <div class="reg-policy">
      <div class="reg-policy-head">
        <h4 class="reg-policy-title" id={`reg-policy-${id}`}>{title}</h4>
        <a href={link} target="_blank" rel="noopener">
          {linkText}
          <span class="visually-hidden">({newWindow})</span>
        </a>
      </div>
      <div class="reg-policy-body" tabIndex={0} role="region" aria-labelledby={`reg-policy-${id}`}>
        {body.split("\n").map((p, i) => <p key={i}>{p}</p>)}
      </div>
    </div>
  );
}

/** Step 1 of the no-JavaScript form carries what step 2 already holds (never the password). */
function CarryValues({ fields, careers, educations }: { fields: Fields; careers: Career[]; educations: Education[] }) {
  const hidden: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === "type" || name === "password" || name === "password_confirmation") continue;
    if (Array.isArray(value)) value.forEach((v) => hidden.push([`${name}[]`, v]));
    else if (value) hidden.push([name, value]);
  }
  careers.filter((r) => !isBlank(r)).forEach((r, i) =>
    CAREER_KEYS.forEach((k) => hidden.push([`careers[${i}][${k}]`, r[k]]))
  );
  educations.filter((r) => !isBlank(r)).forEach((r, i) =>
    EDUCATION_KEYS.forEach((k) => hidden.push([`educations[${i}][${k}]`, r[k]]))
  );
  return <>{hidden.map(([name, value], i) => <input key={i} type="hidden" name={name} value={value} />)}</>;
}

type TextFn = (
  name: string,
  label: string,
  more?: Partial<Parameters<typeof TextField>[0]>,
  errorPath?: string,
) => JSX.Element;

interface JudgeProps {
  tx: (key: string, params?: Record<string, string | number>) => string;
  fields: Fields;
  careers: Career[];
  educations: Education[];
  enhanced: boolean;
  errorOf: (path: string) => string | undefined;
  text: TextFn;
  onAddCareer(): void;
  onAddEducation(): void;
  onRemoveCareer(id: number): void;
  onRemoveEducation(id: number): void;
}

function JudgeSection(p: JudgeProps) {
  const { tx, errorOf, text } = p;
  const selected = Array.isArray(p.fields.judge_fields) ? p.fields.judge_fields : [];
  const degreeOptions = DEGREES.map((d) => ({ value: d, label: tx(`register.degrees.${d}`) }));
  const roleOptions = JUDGE_ROLES.map((r) => ({ value: r, label: tx(`register.judgeRoles.${r}`) }));
  const fieldsError = errorOf("judge_fields");
  return (
    <section class="reg-section" aria-labelledby="reg-s-judge">
      <h3 class="reg-section-title" id="reg-s-judge">{tx("register.sections.judge")}</h3>
      <Alert kind="info" title={tx("register.judgeNote.title")}>
        <p>{tx("register.judgeNote.text")}</p>
      </Alert>
      <fieldset
        class={`field field-group${fieldsError ? " field-invalid" : ""}`}
        aria-describedby="reg-judge-fields-error"
      >
        <legend class="field-label">
          {tx("register.fields.judgeFields")}
          <span class="field-required" aria-hidden="true">*</span>
        </legend>
        <div class="choices choices-inline">
          {JUDGE_ROLES.map((role) => (
            <div class="check" key={role}>
              <input
                class="check-input"
                type="checkbox"
                id={`reg-judge-${role}`}
                name="judge_fields[]"
                value={role}
                checked={selected.includes(role)}
                aria-invalid={fieldsError ? "true" : undefined}
              />
              <label class="check-label" for={`reg-judge-${role}`}>{tx(`register.judgeRoles.${role}`)}</label>
            </div>
          ))}
        </div>
        {fieldsError && <p class="field-error" id="reg-judge-fields-error">{fieldsError}</p>}
      </fieldset>
      {text("judge_category", "register.fields.judgeCategory", {
        maxLength: 100,
        hint: tx("register.hints.judgeCategory"),
      })}
      <div class="reg-grid">
        {text("career_years", "register.fields.careerYears", {
          type: "number",
          required: true,
          min: 0,
          max: 99,
          inputMode: "numeric",
        })}
        <Select
          name="degree"
          label={tx("register.fields.degree")}
          options={degreeOptions}
          value={typeof p.fields.degree === "string" ? p.fields.degree : ""}
          placeholder={tx("register.degrees.choose")}
          error={errorOf("degree")}
        />
      </div>
      {text("specialty", "register.fields.specialty", { required: true, maxLength: 100 })}

      <h4 class="reg-subtitle" id="reg-s-careers">{tx("register.sections.careers")}</h4>
      {errorOf("careers") && <p class="field-error reg-rows-error">{errorOf("careers")}</p>}
      {p.careers.map((row, i) => {
        // errors name a row by its place among the filled rows (empty rows are dropped before validation)
        const at = `careers.${p.careers.filter((r) => !isBlank(r)).indexOf(row)}`;
        const month = { type: "text", placeholder: "YYYY-MM", inputMode: "numeric", maxLength: 7 } as const;
        return (
          <fieldset class="reg-row" key={row.id}>
            <legend class="reg-row-title">{tx("register.rows.career", { n: i + 1 })}</legend>
            {p.enhanced && p.careers.length > 1 && (
              <button
                type="button"
                class="button button-ghost button-sm reg-row-remove"
                onClick={() => p.onRemoveCareer(row.id)}
              >
                {tx("register.rows.remove")}
                <span class="visually-hidden">{tx("register.rows.career", { n: i + 1 })}</span>
              </button>
            )}
            <div class="reg-grid">
              {text(`careers[${i}][organization]`, "register.fields.organization", {
                value: row.organization,
                maxLength: 100,
                required: true,
              }, `${at}.organization`)}
              {text(`careers[${i}][position]`, "register.fields.careerPosition", {
                value: row.position,
                maxLength: 100,
              }, `${at}.position`)}
              {text(`careers[${i}][from]`, "register.fields.from", {
                ...month,
                value: row.from,
                hint: tx("register.hints.month"),
              }, `${at}.from`)}
              {text(`careers[${i}][to]`, "register.fields.to", {
                ...month,
                value: row.to,
                hint: tx("register.hints.to"),
              }, `${at}.to`)}
            </div>
            <Select
              name={`careers[${i}][role]`}
              label={tx("register.fields.careerRole")}
              options={roleOptions}
              value={row.role}
              placeholder={tx("register.degrees.choose")}
              required
              error={errorOf(`${at}.role`)}
            />
          </fieldset>
        );
      })}
      {p.enhanced
        ? (
          <button type="button" class="button button-secondary button-sm reg-add" onClick={p.onAddCareer}>
            + {tx("register.rows.addCareer")}
          </button>
        )
        : <p class="field-hint">{tx("register.rows.spare")}</p>}

      <h4 class="reg-subtitle" id="reg-s-educations">{tx("register.sections.educations")}</h4>
      {errorOf("educations") && <p class="field-error reg-rows-error">{errorOf("educations")}</p>}
      {p.educations.map((row, i) => {
        const at = `educations.${p.educations.filter((r) => !isBlank(r)).indexOf(row)}`;
        return (
          <fieldset class="reg-row" key={row.id}>
            <legend class="reg-row-title">{tx("register.rows.education", { n: i + 1 })}</legend>
            {p.enhanced && p.educations.length > 1 && (
              <button
                type="button"
                class="button button-ghost button-sm reg-row-remove"
                onClick={() => p.onRemoveEducation(row.id)}
              >
                {tx("register.rows.remove")}
                <span class="visually-hidden">{tx("register.rows.education", { n: i + 1 })}</span>
              </button>
            )}
            {text(`educations[${i}][school]`, "register.fields.school", {
              value: row.school,
              maxLength: 100,
              required: true,
            }, `${at}.school`)}
            <div class="reg-grid">
              {text(
                `educations[${i}][major]`,
                "register.fields.major",
                { value: row.major, maxLength: 100 },
                `${at}.major`,
              )}
              <Select
                name={`educations[${i}][degree]`}
                label={tx("register.fields.eduDegree")}
                options={degreeOptions}
                value={row.degree}
                placeholder={tx("register.degrees.choose")}
                error={errorOf(`${at}.degree`)}
              />
            </div>
          </fieldset>
        );
      })}
      {p.enhanced
        ? (
          <button type="button" class="button button-secondary button-sm reg-add" onClick={p.onAddEducation}>
            + {tx("register.rows.addEducation")}
          </button>
        )
        : <p class="field-hint">{tx("register.rows.spare")}</p>}
    </section>
  );
}
