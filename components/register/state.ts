// The registration wizard's shared shapes: its props, the form state and the helpers that read and write
// the same form names the no-JavaScript page posts (`careers[0][role]`).
import type { JSX } from "preact";
import type { TextField } from "../ui/FormField.tsx";
import { type DocumentKind, type MemberType, unflatten } from "../../domain/member/register-schema.ts";

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

export type Fields = Record<string, string | string[]>;
export type Files = Partial<Record<DocumentKind, File>>;
export interface Career {
  id: number;
  organization: string;
  position: string;
  from: string;
  to: string;
  role: string;
}
export interface Education {
  id: number;
  school: string;
  major: string;
  degree: string;
}

/** Translates a key the island's messages hold (keys are plain strings here). */
export type Tx = (key: string, params?: Record<string, string | number>) => string;
/** Renders the text field `name`, its error read at `errorPath` (by default the name's own path). */
export type TextFn = (
  name: string,
  label: string,
  more?: Partial<Parameters<typeof TextField>[0]>,
  errorPath?: string,
) => JSX.Element;

const SPARE_ROWS = 3;
export const CAREER_KEYS = ["organization", "position", "from", "to", "role"] as const;
export const EDUCATION_KEYS = ["school", "major", "degree"] as const;
/** The checkboxes "agree to all" ticks. */
export const AGREE_ALL = ["agree_terms", "agree_privacy", "marketing_email", "marketing_sms"];
let nextRowId = 1;

export const str = (v: unknown) => (typeof v === "string" ? v : "");
export const emptyCareer = (): Career => ({
  id: nextRowId++,
  organization: "",
  position: "",
  from: "",
  to: "",
  role: "",
});
export const emptyEducation = (): Education => ({ id: nextRowId++, school: "", major: "", degree: "" });
export const isBlank = (row: object) => Object.entries(row).every(([k, v]) => k === "id" || v === "");
/** `careers[0][role]` → `careers.0.role`, the path errors are keyed by. */
export const pathOf = (name: string) => name.replace(/\[(\w*)\]/g, ".$1").replace(/\.$/, "");

export function initialState(props: RegisterWizardProps) {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(props.values)) {
    // the type has its own state; rows are read below
    if (key === "type" || key.startsWith("careers[") || key.startsWith("educations[")) continue;
    if (typeof value === "string") fields[key] = value;
    else if (Array.isArray(value)) fields[key] = value.filter((v): v is string => typeof v === "string");
  }
  const nested = unflatten(props.values);
  const rows = <T>(list: unknown, make: () => T, keys: readonly string[]) => {
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

/** The form names and values of the filled rows, numbered as the server reads them. */
export function rowEntries(careers: Career[], educations: Education[]): [string, string][] {
  const entries: [string, string][] = [];
  careers.filter((r) => !isBlank(r)).forEach((r, i) => {
    for (const k of CAREER_KEYS) entries.push([`careers[${i}][${k}]`, r[k]]);
  });
  educations.filter((r) => !isBlank(r)).forEach((r, i) => {
    for (const k of EDUCATION_KEYS) entries.push([`educations[${i}][${k}]`, r[k]]);
  });
  return entries;
}

/** The same names the no-JavaScript form posts. */
export function toFormData(
  type: MemberType | "",
  fields: Fields,
  careers: Career[],
  educations: Education[],
  files: Files,
): FormData {
  const data = new FormData();
  data.set("type", type);
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((v) => data.append(`${name}[]`, v));
    else data.set(name, value);
  }
  for (const [name, value] of rowEntries(careers, educations)) data.set(name, value);
  for (const [kind, file] of Object.entries(files)) if (file) data.set(kind, file);
  return data;
}

export function readCookie(name: string): string {
  const match = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}
