// The trigram samples behind `selectivePieces` (search.ts, issue 22): for each searchable table of a
// database, the trigrams of its search expression in about 2,000 rows picked by TABLESAMPLE, kept for ten
// minutes (then renewed in the background while the old one still answers). Tables under 20,000 rows have
// none: their trigram lists are short, and the whole keyword is asked for. A transaction has none either (it
// would read its sample each time); its searches ask for the whole keyword, with the same rows found.
import { type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { sampleOf, SEARCH_EXPRESSIONS, type Searchable, searchCondition, type TrigramSample } from "./search.ts";

const SAMPLE_ROWS = 2_000;
export const SAMPLE_MIN_ROWS = 20_000;
const KEEP_MS = 10 * 60_000;

interface Kept {
  at: number;
  sample: Promise<TrigramSample | null>;
  renewing?: boolean;
}

const kept = new WeakMap<object, Map<Searchable, Kept>>();

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

/** Reads a sample of `table`'s search expression, or null when the table is small. */
export async function readSample(
  db: Tx,
  table: Searchable,
  minRows = SAMPLE_MIN_ROWS,
): Promise<TrigramSample | null> {
  const [stats] = rowsOf(
    await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = ${table}::regclass`),
  );
  const estimated = Number(stats?.n ?? 0);
  if (estimated < minRows) return null;
  const percent = Math.min(100, (100 * SAMPLE_ROWS * 2) / estimated);
  const rows = rowsOf(
    await db.execute(
      sql`select ${sql.raw(SEARCH_EXPRESSIONS[table])} as v from ${sql.identifier(table)} tablesample system (${
        sql.raw(percent.toFixed(4))
      }) limit ${SAMPLE_ROWS}`,
    ),
  );
  return sampleOf(rows.map((r) => String(r.v ?? "")));
}

/** The kept sample of `table` in `db` (read on first use, renewed after ten minutes); null inside a transaction. */
export function searchSample(db: Tx, table: Searchable, now = Date.now()): Promise<TrigramSample | null> {
  if (db instanceof PgTransaction) return Promise.resolve(null);
  let tables = kept.get(db);
  if (!tables) kept.set(db, tables = new Map());
  const entry = tables.get(table);
  if (!entry) {
    const fresh: Kept = { at: now, sample: readSample(db, table).catch(() => null) };
    tables.set(table, fresh);
    return fresh.sample;
  }
  if (now - entry.at > KEEP_MS && !entry.renewing) {
    entry.renewing = true;
    const next = readSample(db, table);
    next.then((sample) => tables.set(table, { at: Date.now(), sample: Promise.resolve(sample) }), () => {})
      .finally(() => entry.renewing = false);
  }
  return entry.sample;
}

/** The search condition of every list: `searchCondition` with the table's kept sample. */
export async function searchWhere(db: Tx, table: Searchable, keyword: string): Promise<SQL> {
  return searchCondition(table, keyword, await searchSample(db, table));
}
