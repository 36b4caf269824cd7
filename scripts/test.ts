// `deno task test [deno test args…]`: build, choose a database, run every test, print `N passed, N failed`.
//
// Database: DATABASE_URL when set (a template database is created in that server, which needs CREATEDB);
// else a throwaway PostgreSQL when the server binaries are installed; else the embedded PGlite. On
// PostgreSQL the schema is migrated and seeded once into a template database `tpl_…`, and each test file
// copies it (tests/support/db.ts) through TEST_DATABASE_URL and TEST_TEMPLATE_DB.
import { openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed.ts";
import { MIGRATIONS_DIR, ROOT } from "../fresh.config.ts";
import { adminQuery, dropDatabase, quoteIdent, withDatabase } from "../tests/support/db.ts";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "./pg.ts";

export interface TestCounts {
  passed: number;
  failed: number;
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

/** Deno's closing line, `ok | 12 passed (3 steps) | 0 failed (1s)` or `FAILED | …`; null when absent. */
export function parseDenoTestSummary(output: string): TestCounts | null {
  const pattern = /^\s*(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed\b/gm;
  let last: TestCounts | null = null;
  for (const match of stripAnsi(output).matchAll(pattern)) {
    last = { passed: Number(match[1]), failed: Number(match[2]) };
  }
  return last;
}

/** The counts to report for a `deno test` run: a crash before the summary counts as one failure. */
export function countsOf(output: string, success: boolean): TestCounts {
  const summary = parseDenoTestSummary(output);
  if (!summary) return { passed: 0, failed: success ? 0 : 1 };
  if (!success && summary.failed === 0) return { passed: summary.passed, failed: 1 };
  return summary;
}

/** A run that ended before Deno printed its summary for a reason that is no test's verdict: a signal (not
 * Ctrl-C), or a failure before any test reported (a package download, the module graph). */
export function endedBeforeVerdict(run: { success: boolean; signal: Deno.Signal | null; output: string }): boolean {
  if (run.success || run.signal === "SIGINT" || run.signal === "SIGTERM") return false;
  if (parseDenoTestSummary(run.output) !== null) return false;
  return run.signal !== null || !TEST_RESULT.test(stripAnsi(run.output));
}

const TEST_RESULT = / \.\.\. (?:ok|FAILED|ignored)\b/m;

/** The arguments for `deno test`: all of tests/ unless the extra arguments name files or folders. */
export function denoTestArgs(extra: string[]): string[] {
  const scriptArgsAt = extra.indexOf("--");
  const own = scriptArgsAt < 0 ? extra : extra.slice(0, scriptArgsAt);
  const namesPaths = own.some((arg) => {
    if (arg.startsWith("-")) return false;
    try {
      Deno.statSync(arg);
      return true;
    } catch {
      return false;
    }
  });
  const args = ["test", "-A"];
  if (!own.includes("--parallel")) args.push("--parallel");
  const pathArgs = namesPaths ? [] : ["tests/"];
  if (scriptArgsAt < 0) return [...args, ...extra, ...pathArgs];
  return [...args, ...own, ...pathArgs, ...extra.slice(scriptArgsAt)];
}

let current: Deno.ChildProcess | undefined;
let interrupted: Deno.Signal | undefined;

async function pump(from: ReadableStream<Uint8Array>, to: { write(p: Uint8Array): Promise<number> }, into: string[]) {
  const decoder = new TextDecoder();
  for await (const chunk of from) {
    into.push(decoder.decode(chunk, { stream: true }));
    let written = 0;
    while (written < chunk.length) written += await to.write(chunk.subarray(written));
  }
  into.push(decoder.decode());
}

/** Runs Deno itself; with `env`, the child gets exactly that environment; with `capture`, its output is
 * streamed to ours and also returned. */
async function runDeno(args: string[], options: { env?: Record<string, string>; capture?: boolean } = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: options.env,
    clearEnv: options.env !== undefined,
    stdin: "null",
    stdout: options.capture ? "piped" : "inherit",
    stderr: options.capture ? "piped" : "inherit",
  }).spawn();
  current = child;
  const out: string[] = [];
  try {
    if (options.capture) {
      await Promise.all([pump(child.stdout, Deno.stdout, out), pump(child.stderr, Deno.stderr, out)]);
    }
    const status = await child.status;
    return { success: status.success, signal: status.signal, output: out.join("") };
  } finally {
    current = undefined;
  }
}

async function main(extra: string[]): Promise<TestCounts> {
  const env: Record<string, string> = {};
  const build = await runDeno(["run", "-A", "scripts/build.ts"]);
  if (!build.success) {
    console.error("the build failed (scripts/build.ts)");
    return { passed: 0, failed: 1 };
  }
  if (interrupted) return { passed: 0, failed: 1 };

  let server: ThrowawayPostgres | undefined;
  let serverUrl: string | undefined;
  let template: string | undefined;
  try {
    const databaseUrl = Deno.env.get("DATABASE_URL");
    if (databaseUrl) {
      serverUrl = databaseUrl;
      console.log(`test database: PostgreSQL from DATABASE_URL (${new URL(databaseUrl).host})`);
    } else if (findPostgresBin()) {
      server = await startThrowawayPostgres();
      serverUrl = withDatabase(server.url, "postgres");
      console.log(`test database: throwaway PostgreSQL (${findPostgresBin()}) at ${new URL(server.url).host}`);
    } else {
      console.log("test database: PGlite in memory (no DATABASE_URL, no PostgreSQL server binaries found)");
    }

    if (serverUrl) {
      template = `tpl_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
      await adminQuery(serverUrl, `create database ${quoteIdent(template)}`);
      const database = await openDatabase({ url: withDatabase(serverUrl, template), max: 2 });
      try {
        await database.migrate(MIGRATIONS_DIR);
        await seedDatabase(database.db);
      } finally {
        await database.close();
      }
      // Nothing may connect to a template while it is copied: make that impossible.
      await adminQuery(serverUrl, `alter database ${quoteIdent(template)} allow_connections false`);
      env.TEST_DATABASE_URL = serverUrl;
      env.TEST_TEMPLATE_DB = template;
    }
    if (interrupted) return { passed: 0, failed: 1 };

    // The tests get their databases from openTestDatabase(), never from the developer's DATABASE_URL.
    const childEnv = { ...Deno.env.toObject(), ...env };
    delete childEnv.DATABASE_URL;
    let run = await runDeno(denoTestArgs(extra), { env: childEnv, capture: true });
    if (endedBeforeVerdict(run) && !interrupted) {
      // A native crash of the test process (seen once: SIGSEGV in a runtime thread while sharp's libvips
      // ran in parallel test workers) or a failed download before any test ran is not a test's verdict:
      // say so loudly and run everything once more.
      const why = run.signal ? `died of ${run.signal}` : "failed before any test reported";
      console.error(`\nthe test process ${why}, without its summary; running the tests once more\n`);
      run = await runDeno(denoTestArgs(extra), { env: childEnv, capture: true });
    }
    return countsOf(run.output, run.success);
  } finally {
    if (template && serverUrl) {
      await dropDatabase(serverUrl, template).catch((e) => console.error(`could not drop ${template}: ${e}`));
    }
    await server?.stop().catch((e) => console.error(`could not stop PostgreSQL: ${e}`));
  }
}

if (import.meta.main) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      // A second Ctrl-C gives up on the clean-up.
      if (interrupted) Deno.exit(130);
      interrupted = signal;
      try {
        current?.kill(signal);
      } catch {
        // already gone
      }
    });
  }
  let counts: TestCounts;
  try {
    counts = await main(Deno.args);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    counts = { passed: 0, failed: 1 };
  }
  if (interrupted && counts.failed === 0) counts = { ...counts, failed: 1 };
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  Deno.exit(counts.failed > 0 ? 1 : 0);
}
