// The member registration wizard (SPEC §2.5: member type → terms and info → completion). Rendered on the
// server as plain forms that post to /register and work without JavaScript; hydrated, it moves between
// steps in the browser, validates with the server's own zod rules as the visitor types, asks
// GET /api/validation/unique whether the user ID and e-mail are free, and sends POST /api/register.
// The steps' markup lives in components/register/; this island holds the state and the handlers.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Alert } from "../components/ui/Alert.tsx";
import { TextField } from "../components/ui/FormField.tsx";
import type { Translate } from "../i18n/mod.ts";
import { interpolate } from "../i18n/interpolate.ts";
import { checkDocumentFile } from "../domain/member/documents.ts";
import {
  type DocumentKind,
  issuesToFields,
  JUDGE_ROLES,
  type MemberType,
  RegisterFormInput,
} from "../domain/member/register-schema.ts";
import {
  AGREE_ALL,
  type Career,
  type Education,
  emptyCareer,
  emptyEducation,
  type Fields,
  type Files,
  initialState,
  isBlank,
  pathOf,
  readCookie,
  type RegisterWizardProps,
  str,
  type TextFn,
  toFormData,
} from "../components/register/state.ts";
import { type UniqueState, useUniqueCheck } from "../components/register/useUniqueCheck.ts";
import { StepDone } from "../components/register/StepDone.tsx";
import { StepInfo } from "../components/register/StepInfo.tsx";
import { STEP_TITLES, StepProgress } from "../components/register/StepProgress.tsx";
import { StepType } from "../components/register/StepType.tsx";

export type { RegisterResult, RegisterWizardProps } from "../components/register/state.ts";

export default function RegisterWizard(props: RegisterWizardProps) {
  const { messages, paths } = props;
  const t = ((key: string, params?: Record<string, string | number>) => {
    const text = messages[key] ?? messages["register.invalid"] ?? key;
    return interpolate(text, params);
  }) as Translate;
  const tx = (key: string, params?: Record<string, string | number>) => t(key as never, params);

  const initial = useMemo(() => initialState(props), []);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(props.step);
  const [type, setType] = useState<MemberType | "">(props.type);
  const [fields, setFields] = useState<Fields>(initial.fields);
  const [careers, setCareers] = useState<Career[]>(initial.careers);
  const [educations, setEducations] = useState<Education[]>(initial.educations);
  const [files, setFiles] = useState<Files>({});
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
      // the qualification (reported on academic_position) follows the careers
      if (list === "careers") forget("academic_position");
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
        body: toFormData(type, fields, careers, educations, files),
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

  // ---- rendering ----
  const value = (name: string) => str(fields[name]);
  const checked = (name: string) => value(name) === "on" || value(name) === "1" || value(name) === "true";
  const text: TextFn = (name, label, more = {}, path = pathOf(name)) => (
    <TextField name={name} label={tx(label)} value={value(name)} error={errorOf(path)} {...more} />
  );

  const steps = <StepProgress tx={tx} step={step} />;

  if (step === 3 && result) {
    return (
      <div class="reg" data-enhanced={enhanced ? "" : undefined}>
        {steps}
        <StepDone tx={tx} result={result} paths={paths} headingRef={heading} />
      </div>
    );
  }

  return (
    <div class="reg" data-enhanced={enhanced ? "" : undefined}>
      {steps}
      <p class="reg-heading-count">{tx("register.stepOf", { step, total: 3 })}</p>
      <h2 class="reg-heading" ref={heading} tabIndex={-1}>{tx(STEP_TITLES[step - 1])}</h2>
      {formError && <Alert kind="error">{formError}</Alert>}
      <form
        method="post"
        action={paths.action}
        enctype="multipart/form-data"
        class="form reg-form"
        data-warn-unsaved
        novalidate
        onSubmit={onSubmit}
        onInput={onChange}
        onChange={onChange}
        onFocusOut={onBlur}
      >
        <input type="hidden" name="_token" value={props.csrfToken} />
        <input type="hidden" name="step" value={String(step)} />
        {step === 1
          ? (
            <StepType
              tx={tx}
              type={type}
              enhanced={enhanced}
              errorOf={errorOf}
              fields={fields}
              careers={careers}
              educations={educations}
            />
          )
          : (
            <StepInfo
              t={t}
              tx={tx}
              text={text}
              errorOf={errorOf}
              checked={checked}
              uniqueHint={uniqueHint}
              type={type}
              fields={fields}
              careers={careers}
              educations={educations}
              files={files}
              enhanced={enhanced}
              sending={sending}
              filesAgain={props.filesAgain}
              paths={paths}
              onAgreeAll={(on) => {
                setFields((f) => ({ ...f, ...Object.fromEntries(AGREE_ALL.map((n) => [n, on ? "on" : ""])) }));
                AGREE_ALL.forEach(forget);
                setTouched((s) => new Set([...s, ...AGREE_ALL]));
              }}
              onPrevious={() => go(1)}
              onAddCareer={() => setCareers((rows) => [...rows, emptyCareer()])}
              onAddEducation={() => setEducations((rows) => [...rows, emptyEducation()])}
              onRemoveCareer={(id) => setCareers((rows) => rows.filter((r) => r.id !== id))}
              onRemoveEducation={(id) => setEducations((rows) => rows.filter((r) => r.id !== id))}
            />
          )}
      </form>
    </div>
  );
}
