// Starts the platform: open the database (PGlite unless DATABASE_URL), migrate, seed the demo, serve.
// `deno serve main.ts` (or `deno task cluster`, one serve.ts process per core, on PostgreSQL).
import { join } from "node:path";
import { createApp } from "./app.ts";
import { startMailer } from "./domain/mail/deliver.ts";
import { periodicJobs, startJobs } from "./domain/ops/jobs.ts";
import { vapidSender } from "./domain/notify/push.ts";
import { openDatabase } from "./db/client.ts";
import { seedDatabase } from "./db/seed.ts";
import { openFileStore } from "./domain/file/storage.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/members.ts";
import { loadConfig, MIGRATIONS_DIR } from "./fresh.config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pglite") });
await database.migrate(MIGRATIONS_DIR);
if (config.seedDemo) {
  const { seeded } = await seedDatabase(database.db, { store: openFileStore(config) });
  console.log(seeded ? "Seeded the demo data." : "Demo data present.");
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(12)} ${a.note}`);
}
console.log(`Database: ${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"}`);
const app = await createApp({ config, database });
// Mail goes out over SMTP when SMTP_URL is set; otherwise it stays in the dev mailbox (/management/mailbox).
const mailer = startMailer(database.db, config);
console.log(mailer ? "Mail: delivered over SMTP." : "Mail: SMTP_URL unset, kept in /management/mailbox.");
// Push notifications go out when VAPID keys are set; otherwise they wait like mail without SMTP.
const pushSender = vapidSender(config);
console.log(pushSender ? "Push: sent with the VAPID keys." : "Push: VAPID keys unset, notifications wait.");
// Pushes, push cleanup, retention, the file sweep, the job portal's and the contests' timed mails.
const stopJobs = startJobs(periodicJobs(database.db, config, app.files, pushSender));

// Open database connections (the pool, the LISTEN connection) would keep the process alive after
// `deno serve` stops listening: close them so a stop does not wait for SIGKILL.
async function shutdown() {
  stopJobs();
  await mailer?.stop();
  await database.close();
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.addSignalListener(signal, () => shutdown().finally(() => Deno.exit(0)));
}

export default { fetch: app.fetch } satisfies Deno.ServeDefaultExport;
