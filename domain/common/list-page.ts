// The public card lists' reading of their query (job, share, market, contests): the same schema as the API; a
// keyword shorter than 2 characters is shown back with SPEC §5's message instead of failing the page, anything
// else that is wrong (a region code that does not exist) is a 400. "Load more" follows the list kit's island
// (islands/LoadMore.tsx): `?page=N` shows pages 1…N together while N is small, so the page works without
// JavaScript and a reload keeps what was loaded.
import type { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import { SEARCH_SHORT } from "./search.ts";
import { fieldErrors } from "../validation.ts";

/** Pages shown at once without JavaScript (beyond it the link still moves on, one page at a time). */
export const MAX_PAGES_SHOWN = 20;

export function parseListQuery<S extends z.ZodType>(
  schema: S,
  url: URL,
): { q: z.infer<S>; keywordError?: string } {
  const raw = Object.fromEntries(url.searchParams);
  const first = schema.safeParse(raw);
  if (first.success) return { q: first.data };
  const fields = fieldErrors(first.error);
  if (Object.keys(fields).every((f) => f === "keyword")) {
    const { keyword: _k, ...rest } = raw;
    const again = schema.safeParse(rest);
    if (again.success) return { q: again.data, keywordError: SEARCH_SHORT };
  }
  throw new HttpError(400, "error.validation", "Validation failed", { fields });
}

/** The rows a list page shows for `?page=N`: pages 1…N together, or page N alone far down. */
export function pagesSoFar(page: number, perPage: number): { page: number; perPage: number } {
  return page <= MAX_PAGES_SHOWN ? { page: 1, perPage: page * perPage } : { page, perPage };
}

/** The query string of the next page, the filters kept. */
export function nextPageHref(path: string, url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  params.set("page", String(page + 1));
  return `${path}?${params}`;
}
