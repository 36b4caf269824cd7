// Starts the platform: open the database (PGlite unless DATABASE_URL), migrate, seed the demo, serve.
// `deno serve --parallel main.ts` runs one instance per core on PostgreSQL.
import { createApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { seedDatabase } from "./db/seed.ts";
import { join } from "node:path";
import { loadConfig, MIGRATIONS_DIR } from "./fresh.config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pglite") });
await database.migrate(MIGRATIONS_DIR);
const { seeded } = await seedDatabase(database.db);
if (seeded) console.log("Seeded the demo data.");
console.log(`Database: ${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"}`);
const app = await createApp({ config, database });

export default { fetch: app.fetch } satisfies Deno.ServeDefaultExport;
