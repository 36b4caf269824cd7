// `deno task derive`: the image-derivative worker (domain/file/derive-worker.ts) for servers started with
// DERIVE_WORKER=1. Run it at a lower CPU priority, e.g. `nice -n 10 deno task derive`, on any machine that
// reaches the same PostgreSQL and file store. PGlite lives inside one process, so it needs no worker.
import { openDatabase } from "../db/client.ts";
import { FileService } from "../domain/file/files.ts";
import { openFileStore } from "../domain/file/storage.ts";
import { runDeriveWorker } from "../domain/file/derive-worker.ts";
import { loadConfig } from "../fresh.config.ts";

const config = loadConfig();
if (!config.databaseUrl) {
  console.error("deno task derive needs DATABASE_URL (PostgreSQL); with PGlite the server makes derivatives itself.");
  Deno.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl, max: 2 });
const service = new FileService(database.db, openFileStore(config));
const stop = new AbortController();
for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => stop.abort());
console.log("derive worker: waiting for images");
await runDeriveWorker(database, service, { signal: stop.signal });
await database.close();
