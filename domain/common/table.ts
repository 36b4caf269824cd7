// The management-table kit's rules (issue 14, DESIGN §6 "a management table with CSV"): which column a
// list is sorted by and which way (from the query, only among the columns the screen offers, so a sort
// never reaches SQL unchecked), the ids a bulk action names, and a streamed CSV read in keyset batches
// (UTF-8 with a BOM so Excel opens Korean, cells a spreadsheet would run as a formula defused). Screens
// draw it with components/management/DataTable.tsx.
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

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => cells.map(csvCell).join(",") + "\r\n";
export const UTF8_BOM = "\uFEFF";
export const CSV_BATCH = 500;

/**
 * A CSV streamed in batches: `batch(afterId, limit)` reads the next rows in id order (keyset), `idOf`
 * names each row's id, `cells` writes its line. Nothing is held but one batch.
 */
export function csvStream<T>(
  header: string[],
  batch: (after: number, limit: number) => Promise<T[]>,
  idOf: (row: T) => number,
  cells: (row: T) => CsvValue[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(UTF8_BOM + csvLine(header)));
          return;
        }
        const rows = await batch(after, CSV_BATCH);
        if (!rows.length) {
          controller.close();
          return;
        }
        after = idOf(rows[rows.length - 1]);
        controller.enqueue(encoder.encode(rows.map((r) => csvLine(cells(r))).join("")));
      } catch (err) {
        controller.error(err);
      }
    },
  });
}

/** The headers of a streamed CSV download named `name`. */
export function csvHeaders(name: string): HeadersInit {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  };
}
