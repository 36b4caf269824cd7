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

/** A test file by Deno's own rule: `*_test`, `*.test` or `test`, in TypeScript. */
export const TEST_FILE = /(^|[_.])test\.tsx?$/;

/** What `deno task test [args…]` was given: paths (files or folders; tests/ when none), flags, script args. */
export function splitArgs(extra: string[]): { paths: string[]; flags: string[]; scriptArgs: string[] } {
  const scriptArgsAt = extra.indexOf("--");
  const own = scriptArgsAt < 0 ? extra : extra.slice(0, scriptArgsAt);
  const isPath = (arg: string, i: number) => {
    if (arg.startsWith("-") || (i > 0 && own[i - 1] === "--filter")) return false;
    try {
      Deno.statSync(arg);
      return true;
    } catch {
      return false;
    }
  };
  const paths = own.filter(isPath);
  return {
    paths: paths.length ? paths : ["tests/"],
    flags: own.filter((arg, i) => !isPath(arg, i) && arg !== "--parallel"),
    scriptArgs: scriptArgsAt < 0 ? [] : extra.slice(scriptArgsAt),
  };
}

/** Every test file under `paths`, the browser tests first (the longest, so the end of a run is not one of them). */
export function testFiles(paths: string[]): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if (Deno.statSync(path).isFile) {
      found.push(path);
      return;
    }
    for (const entry of Deno.readDirSync(path)) {
      const child = `${path.replace(/\/$/, "")}/${entry.name}`;
      if (entry.isDirectory) walk(child);
      else if (entry.isFile && TEST_FILE.test(entry.name)) found.push(child);
    }
  };
  for (const path of paths) walk(path);
  const browser = (file: string) => (file.includes("/e2e/") ? 0 : 1);
  return [...new Set(found)].sort((a, b) => browser(a) - browser(b) || a.localeCompare(b));
}

const running = new Set<Deno.ChildProcess>();
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
 * returned (and streamed to ours unless `quiet`). */
async function runDeno(
  args: string[],
  options: { env?: Record<string, string>; capture?: boolean; quiet?: boolean } = {},
) {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: options.env,
    clearEnv: options.env !== undefined,
    stdin: "null",
    stdout: options.capture ? "piped" : "inherit",
    stderr: options.capture ? "piped" : "inherit",
  }).spawn();
  running.add(child);
  const out: string[] = [];
  const sink = { write: (p: Uint8Array) => Promise.resolve(p.length) };
  try {
    if (options.capture) {
      await Promise.all([
        pump(child.stdout, options.quiet ? sink : Deno.stdout, out),
        pump(child.stderr, options.quiet ? sink : Deno.stderr, out),
      ]);
    }
    const status = await child.status;
    return { success: status.success, signal: status.signal, output: out.join("") };
  } finally {
    running.delete(child);
  }
}

/**
 * Runs each test file in a `deno test` process of its own, as many at a time as there are cores, and adds
 * up their counts. In one shared process (`deno test --parallel`), a file whose runtime ended while sharp
 * still worked for it (its app closed by an unload handler that could not wait) took every other file down
 * with a SIGSEGV; the files now close their app in a last test, and a crash, should one come back, costs
 * one file, which runs once more. A file's output is printed whole when it ends.
 */
async function runFiles(files: string[], flags: string[], scriptArgs: string[], env: Record<string, string>) {
  const counts: TestCounts = { passed: 0, failed: 0 };
  const queue = [...files];
  const encoder = new TextEncoder();
  const runOne = async (file: string) => {
    const args = ["test", "-A", "--no-check", ...flags, file, ...scriptArgs];
    const started = performance.now();
    let run = await runDeno(args, { env, capture: true, quiet: true });
    let note = "";
    if (endedBeforeVerdict(run) && !interrupted) {
      note = `\n${file}: the test process ${run.signal ? `died of ${run.signal}` : "failed before any test reported"}` +
        `, without its summary; running it once more\n`;
      run = await runDeno(args, { env, capture: true, quiet: true });
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    await Deno.stdout.write(encoder.encode(`\n==> ${file} (${seconds} s)${note}\n${run.output}`));
    const own = countsOf(run.output, run.success);
    counts.passed += own.passed;
    counts.failed += own.failed;
  };
  const worker = async () => {
    for (let file = queue.shift(); file && !interrupted; file = queue.shift()) await runOne(file);
  };
  await Promise.all(Array.from({ length: Math.max(1, navigator.hardwareConcurrency) }, worker));
  return counts;
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
    const { paths, flags, scriptArgs } = splitArgs(extra);
    const files = testFiles(paths);
    // Type-checked once for all files; each file's process then runs without checking again.
    const check = await runDeno(["test", "-A", "--no-run", ...files], { env: childEnv, capture: true });
    if (!check.success) {
      console.error("the tests do not type-check (deno test --no-run)");
      return { passed: 0, failed: 1 };
    }
    const counts = await runFiles(files, flags, scriptArgs, childEnv);
    console.log(
      `\n${
        counts.failed ? "FAILED" : "ok"
      } | ${counts.passed} passed | ${counts.failed} failed (${files.length} files)`,
    );
    return counts;
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
      for (const child of running) {
        try {
          child.kill(signal);
        } catch {
          // already gone
        }
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
