// `deno task files:sweep`: deletes the uploads attached to nothing for more than a day, from the database
// and the file store (domain/file/sweep.ts), once; the servers also run it hourly. Safe beside running
// servers on PostgreSQL (the rows are taken with SKIP LOCKED); with PGlite, run it while the server is stopped.
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { FileService } from "../domain/file/files.ts";
import { openFileStore } from "../domain/file/storage.ts";
import { sweepUnattachedFiles } from "../domain/file/sweep.ts";
import { loadConfig } from "../fresh.config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pglite"), max: 2 });
try {
  const service = new FileService(database.db, openFileStore(config));
  // The running servers forget what is removed (as app.ts wires it for them).
  service.onChange = (id) => database.notify("file_cache", String(id));
  const removed = await sweepUnattachedFiles(database.db, service);
  console.log(`files:sweep: ${removed} unattached upload(s) older than a day removed`);
} finally {
  await database.close();
}
