// `deno task db:migrate`: apply db/migrations to DATABASE_URL (or the embedded PGlite under .data/).
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { loadConfig, MIGRATIONS_DIR } from "../fresh.config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pglite") });
await database.migrate(MIGRATIONS_DIR);
await database.close();
console.log(`Migrated the ${database.kind} database.`);
