// `deno task backup [DIR]` and `deno task restore DIR` (issue 16 §6): the PostgreSQL database at DATABASE_URL
// and the file store (DATA_DIR/files or S3_BUCKET) into a folder, or back from one into an EMPTY database
// and store, checked against the backup's manifest (row counts of members, entries, payments, files… and a
// SHA-256 of every stored object). pg_dump and pg_restore come from PG_BIN, Debian's
// /usr/lib/postgresql/N/bin, or PATH; they must be of the server's major version or newer.
import { join } from "node:path";
import postgres from "postgres";
import { openFileStore } from "../domain/file/storage.ts";
import { createBackup, restoreBackup } from "../domain/ops/backup.ts";
import { loadConfig } from "../fresh.config.ts";
import { findPostgresBin } from "./pg.ts";

const [command, dir] = Deno.args;
const config = loadConfig();
if (!config.databaseUrl) {
  console.error("Backups need DATABASE_URL (PostgreSQL). With PGlite, stop the server and copy DATA_DIR instead.");
  Deno.exit(2);
}
const tools = { bin: findPostgresBin() ?? "" };
const store = openFileStore(config);

if (command === "backup") {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = dir ?? join(config.dataDir, "backups", `backup-${stamp}`);
  await Deno.mkdir(join(target, ".."), { recursive: true });
  const manifest = await createBackup(config.databaseUrl, store, target, tools);
  const bytes = manifest.objects.reduce((sum, o) => sum + o.size, 0);
  console.log(`backup written to ${target}`);
  console.log(`rows: ${Object.entries(manifest.counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
  console.log(`stored objects: ${manifest.objects.length} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
} else if (command === "restore" && dir) {
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  const [{ n }] = await sql`select count(*)::int as n from pg_tables where schemaname = 'public'`;
  await sql.end();
  if (n > 0) {
    console.error("restore: the database at DATABASE_URL is not empty; restore into a new, empty database.");
    Deno.exit(2);
  }
  const report = await restoreBackup(dir, config.databaseUrl, store, tools);
  for (const [table, { expected, found }] of Object.entries(report.counts)) {
    console.log(`${expected === found ? "ok  " : "FAIL"} ${table}: ${found} of ${expected} rows`);
  }
  console.log(`stored objects restored: ${report.objects.restored}; corrupt: ${report.objects.corrupt.length}`);
  for (const key of report.objects.corrupt) console.log(`FAIL corrupt object ${key}`);
  if (!report.ok) Deno.exit(1);
  console.log("restore: every row count and checksum matches the backup");
} else {
  console.error("usage: deno task backup [DIR] | deno task restore DIR");
  Deno.exit(2);
}
