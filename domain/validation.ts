// One validation-error shape for every payload (STYLE §8): 400 for a bad query, 422 for a bad body,
// with field → message keys; zod's own error object never leaves the server.
import type { z } from "zod";
import { HttpError } from "../framework/errors.ts";

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, status: 400 | 422 = 422): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new HttpError(status, "error.validation", "Validation failed", { fields: fieldErrors(result.error) });
  }
  return result.data;
}

/** Query parameters as an object (the last value of a repeated name wins). */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.infer<S> {
  return parseOrThrow(schema, Object.fromEntries(url.searchParams), 400);
}
