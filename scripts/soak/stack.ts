// What a soak or fault run stands on: PostgreSQL (a throwaway server, or DATABASE_URL), a temporary
// DATA_DIR, `deno task cluster` (one server process per core) with TRUST_PROXY=1, and a database handle
// of our own for the checks. Everything is stopped and removed by the cleanup stack (scripts/soak/server.ts).
import { join } from "node:path";
import { type Database, openDatabase } from "../../db/client.ts";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "../pg.ts";
import { cleanups, ROOT, type Server, startServer } from "./server.ts";
import { findTarget, type Target } from "./users.ts";

export interface Stack {
  server: Server;
  /** The throwaway server, null with DATABASE_URL. */
  pg: ThrowawayPostgres | null;
  databaseUrl: string;
  dataDir: string;
  database: Database;
  target: Target;
}

export async function build(): Promise<void> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/build.ts"],
    cwd: ROOT,
    stdin: "null",
  }).output();
  if (!out.success) throw new Error("scripts/build.ts failed");
}

export async function startStack(options: { env?: Record<string, string> } = {}): Promise<Stack> {
  let databaseUrl = Deno.env.get("DATABASE_URL");
  let pg: ThrowawayPostgres | null = null;
  if (!databaseUrl) {
    if (!findPostgresBin()) {
      throw new Error("no DATABASE_URL and no PostgreSQL server binaries (apt-get install postgresql)");
    }
    console.log("starting a throwaway PostgreSQL…");
    const started = await startThrowawayPostgres();
    pg = started;
    cleanups.push(() => started.stop());
    databaseUrl = started.url;
  }
  const dataDir = await Deno.makeTempDir({ prefix: "soak-data-" });
  cleanups.push(() => Deno.remove(dataDir, { recursive: true }).catch(() => {}));
  console.log("starting the server: deno task cluster, one process per core (migrates and seeds the demo)…");
  const server = await startServer("cluster", {
    parallel: true,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: "1", PAY_PROVIDER: "test", ...options.env },
    timeoutMs: 180_000,
  });
  console.log(`  listening on 127.0.0.1:${server.port} with ${server.processes} process(es)`);
  const database = await openDatabase({ url: databaseUrl, max: 2 });
  cleanups.push(() => database.close());
  const target = await findTarget(database.db, `http://localhost:${server.port}`);
  return { server, pg, databaseUrl, dataDir, database, target };
}

export function filesDir(stack: Pick<Stack, "dataDir">): string {
  return join(stack.dataDir, "files");
}
