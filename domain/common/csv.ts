// The CSV kit of every export (award and IBDA entries, contest entries, rankings, applications): UTF-8
// with a BOM so Excel opens Korean, cells a spreadsheet would run as a formula defused (OWASP "CSV
// injection": = + - @, or a tab or carriage return before one, get a leading apostrophe), quoting where
// needed, and a stream read in keyset batches so nothing is held but one batch (issue 22 §4).

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => cells.map(csvCell).join(",") + "\r\n";
/** A moment as a spreadsheet sorts it, in Korean time (UTC+9, no daylight saving): "2026-11-27 14:05". */
export function csvTime(at: Date | null | undefined): string {
  return at ? new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace("T", " ") : "";
}

/** The byte order mark that tells Excel the file is UTF-8. */
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
  batchSize = CSV_BATCH,
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
        const rows = await batch(after, batchSize);
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

/** A CSV of rows already in hand (a computed ranking), written out in batches of CSV_BATCH. */
export function csvOfRows<T>(header: string[], rows: T[], cells: (row: T) => CsvValue[]): ReadableStream<Uint8Array> {
  const numbered = rows.map((row, i) => ({ row, at: i + 1 }));
  return csvStream(
    header,
    (after, limit) => Promise.resolve(numbered.slice(after, after + limit)),
    (n) => n.at,
    (n) => cells(n.row),
  );
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
