// `deno task seed`: migrate, then add the demo data if the database is empty.
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed.ts";
import { openFileStore } from "../domain/file/storage.ts";
import { loadConfig, MIGRATIONS_DIR } from "../fresh.config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pglite") });
await database.migrate(MIGRATIONS_DIR);
const { seeded } = await seedDatabase(database.db, { store: openFileStore(config) });
await database.close();
console.log(seeded ? "Seeded the demo data." : "The database already has data; nothing seeded.");
