// What the entry wizard island receives from /entry and shares between its steps. Browser-safe.
import type { FileProblem } from "../../domain/file/rules.ts";
import { interpolate } from "../../i18n/interpolate.ts";

export interface Option {
  value: string;
  label: string;
}

export interface FileInfo {
  id: number;
  name: string;
  /** The thumbnail's address for images; null for other files. */
  thumbnail: string | null;
}

export interface EntryResult {
  id: number;
  status: string;
  statusLabel: string;
  fee: number;
  feeText: string;
  /** Where the member pays (fee > 0 and not yet paid). */
  payHref: string | null;
  mypageHref: string;
  edited: boolean;
}

export interface EntryWizardProps {
  /** The page's own address (/entry?award=…), where the plain forms post. */
  action: string;
  csrf: string;
  awardId: number;
  awardTitle: string;
  /** The entry being edited, or null for a new one. */
  entryId: number | null;
  step: number;
  data: Record<string, unknown>;
  /** Field path → message keys (from the server's last answer). */
  errors: Record<string, string[]>;
  formError?: string;
  /** Translated texts by key (entry.*, award.* and file.* messages the island may show). */
  texts: Record<string, string>;
  options: {
    exhibitorTypes: Option[];
    schoolTypes: Option[];
    categories: Option[];
    workTypes: Option[];
  };
  /** Per upload purpose: the translated messages of the early check and the picker's `accept`. */
  uploads: Record<string, { messages: Partial<Record<FileProblem, string>>; accept: string }>;
  files: Record<number, FileInfo>;
  /** The fee this entrant would pay, by exhibitor type (shown on the confirmation). */
  fees: Record<string, string>;
  result: EntryResult | null;
  /** The calls the island makes, in the page's language (`/en/api/…` on the English site). */
  api: { draft: string; submit: string; upload: string };
}

export type Data = Record<string, unknown>;

export const str = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");
export const ids = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v]).map(Number).filter((n) =>
    Number.isInteger(n) && n > 0
  );

/** A message by key with `{param}`s filled; unknown keys fall back to the generic "not valid". */
export function translator(texts: Record<string, string>) {
  return (key: string, params?: Record<string, string | number>) => {
    const text = texts[key] ?? texts["award.invalid"] ?? key;
    return interpolate(text, params);
  };
}
export type T = ReturnType<typeof translator>;

/** The first error of a field path, translated. */
export function errorOf(t: T, errors: Record<string, string[]>, path: string): string | undefined {
  const key = errors[path]?.[0];
  return key ? t(key) : undefined;
}
