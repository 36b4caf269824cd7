// Jobs every instance schedules but only one may run at a time (retention, sweeps): a transaction that
// takes a PostgreSQL advisory lock if it is free and skips the run otherwise, so running the job on every
// instance at once is safe. The lock ends with the transaction, even if the process dies.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

/** Lock numbers of the jobs (one per job, never reused). */
export const JOB_LOCKS = { retention: 727_101, resultMail: 727_102 } as const;

/** Runs `job` in a transaction holding the job's lock; null when another instance holds it now. */
export async function runExclusive<T>(db: Db, lock: number, job: (tx: Tx) => Promise<T>): Promise<T | null> {
  return await db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lock}) as locked`);
    // postgres.js answers the rows, PGlite `{ rows }`.
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      locked: boolean;
    }[];
    if (!rows[0]?.locked) return null;
    return await job(tx);
  });
}

/** Runs `job` now and every `everyMs` after, without keeping the process alive for it; errors are logged. */
export function schedule(name: string, everyMs: number, job: () => Promise<unknown>): () => void {
  const run = () => job().catch((err) => console.error(`[${name}]`, err));
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, everyMs);
  Deno.unrefTimer(first);
  Deno.unrefTimer(timer);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
