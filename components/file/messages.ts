// The translated upload messages an island shows for a purpose (the same texts the server answers).
import { problemParams } from "../../domain/file/check.ts";
import { EXTENSIONS_BY_KIND, type FileProblem, type FilePurpose, uploadRule } from "../../domain/file/rules.ts";
import type { MessageKey, Translate } from "../../i18n/mod.ts";

const PROBLEMS: FileProblem[] = [
  "too_large",
  "wrong_type",
  "too_many",
  "max_pixel",
  "size_range",
  "not_rgb",
  "not_jpg",
  "low_density",
  "too_wide",
  "corrupt",
  "bad_extension",
  "none",
];

export function uploadMessages(t: Translate, purpose: FilePurpose): Partial<Record<FileProblem, string>> {
  const params = problemParams(uploadRule(purpose));
  return Object.fromEntries(PROBLEMS.map((p) => [p, t(`file.${p}` as MessageKey, params)]));
}

/** The `accept` attribute for a purpose: its extensions (a hint to the picker, not a check). */
export function acceptFor(purpose: FilePurpose): string {
  return uploadRule(purpose).kinds.flatMap((k) => EXTENSIONS_BY_KIND[k].map((e) => `.${e}`)).join(",");
}

/**
 * `t` for a field of `purpose`: an upload refusal (`file.*`) is given the rule's figures ({max}, {types} …)
 * the server's field errors leave out, as the island's own messages have them.
 */
export function uploadTranslator(t: Translate, purpose: FilePurpose): Translate {
  const params = problemParams(uploadRule(purpose));
  return (key, given) => t(key, given ?? (key.startsWith("file.") ? params : undefined));
}
