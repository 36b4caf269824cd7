// One database handle for the app: PostgreSQL through postgres.js when a URL is given, otherwise the
// embedded PGlite (one process). Both speak the same Drizzle API; `listen`/`notify` carry cache
// invalidations between instances.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import * as schema from "./schema/mod.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database: domain functions take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  migrate(migrationsFolder: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(
  options: { url?: string; dataDir?: string; max?: number } = {},
): Promise<Database> {
  return options.url ? openPostgres(options.url, options.max ?? 10) : await openPglite(options.dataDir);
}

function openPostgres(url: string, max: number): Database {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // postgres.js prepares every statement once per connection; after five runs PostgreSQL may switch a
    // statement to a generic plan, blind to its parameters. For the lists that is wrong: one prepared
    // search serves every keyword, and a plan fit for a rare keyword read 100,000 index entries for a
    // common or 2-letter one (a bounded count went from 1 ms to 170 ms). Planning with the values costs
    // well under a millisecond.
    connection: { application_name: "design-council", plan_cache_mode: "force_custom_plan" },
    // While the database is down or restarting, a request fails at once (503) instead of waiting: a
    // connection that cannot be made gives up after 5 s (not 30), and the pause before the next attempt
    // stays under half a second (postgres.js grows it to 20 s after repeated failures, and queued
    // queries waited for it: 18 s answers and 12 s to come back in `deno task faults postgres`).
    connect_timeout: 5,
    backoff: (retries: number) => Math.min(0.5, 0.05 * 2 ** retries),
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate(migrationsFolder) {
      // Several instances may start together: one migrates while the others wait on the lock. One
      // connection, so the session's advisory lock covers the migrator's own transaction.
      const conn = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await conn`select pg_advisory_lock(727001)`;
        await migratePostgres(drizzlePostgres({ client: conn }), { migrationsFolder });
      } finally {
        await conn.end({ timeout: 5 });
      }
    },
    async listen(channel, onMessage) {
      await client.listen(channel, onMessage);
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir && !dataDir.startsWith("memory://")) await Deno.mkdir(dataDir, { recursive: true });
  // pg_trgm backs the search of every list (migration 0012); PGlite loads an extension only when told.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate(migrationsFolder) {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    async listen(channel, onMessage) {
      await client.listen(channel, onMessage);
    },
    async notify(channel, payload) {
      await client.query(`select pg_notify($1, $2)`, [channel, payload]);
    },
    async close() {
      await client.close();
    },
  };
}
