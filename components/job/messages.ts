// The texts the area's wizard island shows for the schemas' refusals (the same the server answers).
import { job } from "../../i18n/ko/job.ts";
import type { MessageKey, Translate } from "../../i18n/mod.ts";

export function wizardMessages(t: Translate): Record<string, string> {
  const keys = [
    ...Object.entries(job).filter(([, v]) => typeof v === "string").map(([k]) => `job.${k}`),
    ...Object.entries(job.share).filter(([, v]) => typeof v === "string").map(([k]) => `job.share.${k}`),
    "error.validation",
    "manage.search_short",
  ];
  return Object.fromEntries(keys.map((k) => [k, t(k as MessageKey)]));
}
