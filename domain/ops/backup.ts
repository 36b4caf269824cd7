// Backups (issue 16 §6): the PostgreSQL database in pg_dump's custom format and every object the files
// table names in the file store (originals and their derivatives, local disk or S3), in one folder with a
// manifest of row counts and checksums. Restoring puts both back into an empty database and store and
// checks them against the manifest, so a backup is known to be whole the moment it is restored.
import { join } from "node:path";
import postgres from "postgres";
import { type FileStore, readAll } from "../file/storage.ts";
import { originalKey, variantKey } from "../file/files.ts";
import { VARIANT_NAMES } from "../file/variants.ts";

/** The tables whose rows a restore must find again, counted in the manifest. */
export const COUNTED_TABLES = ["users", "entries", "payments", "files", "awards", "pages"] as const;

export interface BackupManifest {
  version: 1;
  createdAt: string;
  database: string;
  counts: Record<string, number>;
  objects: { key: string; size: number; sha256: string }[];
}

export interface BackupTools {
  /** Folder of pg_dump and pg_restore (Debian: /usr/lib/postgresql/N/bin); PATH when empty. */
  bin: string;
}

/** A connection or a transaction of postgres.js. */
type Queryable = postgres.Sql | postgres.TransactionSql;

const MANIFEST = "manifest.json";
const DUMP = "database.dump";

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The object keys that belong to the files table's rows (derivatives only where they were made). */
async function storedKeys(sql: Queryable): Promise<string[]> {
  const rows = await sql<{ savename: string; derived: boolean }[]>`
    select savename, derived_at is not null as derived from files order by id`;
  return rows.flatMap((row) => [
    originalKey(row),
    ...(row.derived ? VARIANT_NAMES.map((name) => variantKey(row, name)) : []),
  ]);
}

async function countRows(sql: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await sql.unsafe(`select count(*)::int as n from "${table}"`);
    counts[table] = row.n as number;
  }
  return counts;
}

async function run(tool: string, args: string[], env: Record<string, string>, tools: BackupTools): Promise<void> {
  const path = tools.bin ? join(tools.bin, tool) : tool;
  const command = new Deno.Command(path, { args, env, stdout: "piped", stderr: "piped" });
  const { success, stderr } = await command.output();
  if (!success) throw new Error(`${tool} failed: ${new TextDecoder().decode(stderr).trim()}`);
}

/** The libpq connection settings of a URL, for pg_dump and pg_restore (the password stays out of argv). */
function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  return {
    PGHOST: decodeURIComponent(u.hostname),
    PGPORT: u.port || "5432",
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
}

/**
 * Writes a backup of the database at `databaseUrl` and of the objects in `store` into the folder `dir`
 * (created; it must not exist yet). The counts are taken in the same snapshot pg_dump reads.
 */
export async function createBackup(
  databaseUrl: string,
  store: FileStore,
  dir: string,
  tools: BackupTools,
): Promise<BackupManifest> {
  await Deno.mkdir(dir, { recursive: false });
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // One repeatable-read snapshot, exported, so pg_dump sees exactly the rows counted and listed here.
    return await sql.begin("isolation level repeatable read read only", async (tx) => {
      const [{ snapshot }] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      const counts = await countRows(tx);
      const keys = await storedKeys(tx);
      const args = ["--format=custom", "--no-owner", `--snapshot=${snapshot}`, `--file=${join(dir, DUMP)}`];
      await run("pg_dump", args, libpqEnv(databaseUrl), tools);
      const objects: BackupManifest["objects"] = [];
      for (const key of keys) {
        const object = await store.get(key);
        if (!object) continue; // a derivative never made, or a file lost before this backup: not ours to invent
        const bytes = await readAll(object);
        const path = join(dir, "objects", key);
        await Deno.mkdir(join(path, ".."), { recursive: true });
        await Deno.writeFile(path, bytes);
        objects.push({ key, size: bytes.length, sha256: await sha256(bytes) });
      }
      const manifest: BackupManifest = {
        version: 1,
        createdAt: new Date().toISOString(),
        database: DUMP,
        counts,
        objects,
      };
      await Deno.writeTextFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
      return manifest;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface RestoreReport {
  counts: Record<string, { expected: number; found: number }>;
  objects: { restored: number; corrupt: string[] };
  ok: boolean;
}

/**
 * Restores the backup in `dir` into the (empty) database at `databaseUrl` and into `store`, then checks
 * every count and checksum against the manifest. A checksum that does not match is reported, never
 * written.
 */
export async function restoreBackup(
  dir: string,
  databaseUrl: string,
  store: FileStore,
  tools: BackupTools,
): Promise<RestoreReport> {
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, MANIFEST))) as BackupManifest;
  if (manifest.version !== 1) throw new Error(`unknown backup version ${manifest.version}`);
  const env = libpqEnv(databaseUrl);
  await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${env.PGDATABASE}`, join(dir, DUMP)], env, tools);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const types = new Map(
      (await sql<{ savename: string; mimetype: string }[]>`select savename, mimetype from files`)
        .map((row) => [originalKey(row), row.mimetype]),
    );
    const corrupt: string[] = [];
    let restored = 0;
    for (const { key, sha256: expected } of manifest.objects) {
      const bytes = await Deno.readFile(join(dir, "objects", key));
      if (await sha256(bytes) !== expected) {
        corrupt.push(key);
        continue;
      }
      await store.put(key, bytes, types.get(key) ?? "image/jpeg");
      restored++;
    }
    const found = await countRows(sql);
    const counts = Object.fromEntries(
      Object.entries(manifest.counts).map(([table, expected]) => [table, { expected, found: found[table] ?? 0 }]),
    );
    const ok = corrupt.length === 0 && Object.values(counts).every((c) => c.expected === c.found);
    return { counts, objects: { restored, corrupt }, ok };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
