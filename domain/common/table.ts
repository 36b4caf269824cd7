// The management-table kit's rules (issue 14, DESIGN §6 "a management table with CSV"): which column a
// list is sorted by and which way (from the query, only among the columns the screen offers, so a sort
// never reaches SQL unchecked), and the ids a bulk action names. Screens draw it with
// components/management/DataTable.tsx; a table's CSV streams through domain/common/csv.ts.
import { z } from "zod";

export type SortDir = "asc" | "desc";

export interface Sort<K extends string> {
  key: K;
  dir: SortDir;
}

/** `sort` and `dir` of a query: one of `keys` (else the default) and asc/desc (else the default's). */
export function parseSort<K extends string>(
  url: URL,
  keys: readonly K[],
  fallback: Sort<K>,
): Sort<K> {
  const key = url.searchParams.get("sort");
  const dir = url.searchParams.get("dir");
  const chosen = keys.includes(key as K) ? (key as K) : fallback.key;
  return { key: chosen, dir: dir === "asc" || dir === "desc" ? dir : fallback.dir };
}

/** The direction a click on column `key` asks for: the other way when it is the current sort. */
export function nextDir<K extends string>(current: Sort<K>, key: K): SortDir {
  return current.key === key && current.dir === "asc" ? "desc" : "asc";
}

/** The ids of a bulk action's checked rows: 1 to 100 positive integers, duplicates dropped. */
export const BulkIds = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().min(1).max(2 ** 31 - 1)).min(1, "programme.table.none").max(100),
).transform((ids) => [...new Set(ids)]);
