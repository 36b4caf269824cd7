// One database per test file. Under `deno task test` on PostgreSQL (TEST_DATABASE_URL and TEST_TEMPLATE_DB
// set by scripts/test.ts) it is a copy of the migrated, seeded template database, dropped on close; otherwise
// an in-memory PGlite, migrated and seeded here.
import postgres from "postgres";
import { type Database, openDatabase } from "../../db/client.ts";
import { seedDatabase } from "../../db/seed.ts";
import { MIGRATIONS_DIR } from "../../fresh.config.ts";

export type { Database };

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = Deno.env.get("TEST_DATABASE_URL");
  const template = Deno.env.get("TEST_TEMPLATE_DB");
  if (serverUrl && template) return await openPostgresCopy(serverUrl, template);
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** `"name"` as an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** Runs one statement on a short-lived admin connection (no pool or timers left behind). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {}, idle_timeout: 1, connect_timeout: 30 });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** CREATE DATABASE … TEMPLATE …, retried while a connection to the template is still closing. */
export async function createDatabaseFromTemplate(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1;; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 10 || !/being accessed by other users/.test(message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
}

async function openPostgresCopy(serverUrl: string, template: string): Promise<Database> {
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await createDatabaseFromTemplate(serverUrl, name, template);
  let database: Database;
  try {
    database = await openDatabase({ url: withDatabase(serverUrl, name) });
  } catch (error) {
    await dropDatabase(serverUrl, name).catch(() => {});
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    ...database,
    close() {
      closed ??= (async () => {
        try {
          await database.close();
        } finally {
          await dropDatabase(serverUrl, name);
        }
      })();
      return closed;
    },
  };
}
