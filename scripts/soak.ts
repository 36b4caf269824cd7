// `deno task soak [--seconds S=180] [--users N=300] [--warmup S] [--think X=1]`
//
// A mixed load for minutes on `deno task cluster` (PostgreSQL: a throwaway server, or DATABASE_URL),
// migrated and seeded with the demo: visitors reading pages in both languages, members registering,
// signing in and out, keeping a wizard draft, uploading photos, submitting an entry and paying it with the
// test provider, administrators listing and exporting (scripts/soak/users.ts). Prints requests, req/s,
// p50/p95/p99 and answers by status per kind, each server process's memory over time and its growth after
// the warm-up, the database's connections, and looks every acknowledged write up in the database.
// Writes bench/results/soak-<timestamp>.json. Fails on any answer ≥ 500, no answer, or a lost write.
import { join } from "node:path";
import { fmtInt, fmtMb, kindsTable, Metrics, table, total } from "./soak/metrics.ts";
import { Monitor } from "./soak/monitor.ts";
import { cleanup, cleanupOnSignals, ROOT, runCommand } from "./soak/server.ts";
import { build, startStack } from "./soak/stack.ts";
import { Ledger, type LedgerCheck, mixFor, runUsers } from "./soak/users.ts";

export interface SoakOptions {
  seconds: number;
  users: number;
  warmup: number;
  think: number;
}

export function parseArgs(args: string[]): SoakOptions {
  const options: SoakOptions = { seconds: 180, users: 300, warmup: NaN, think: 1 };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split("=", 2) as [string, string | undefined];
    const value = () => {
      const v = Number(inline ?? args[++i]);
      if (!Number.isFinite(v) || v <= 0) throw new Error(`${flag} needs a positive number`);
      return v;
    };
    switch (flag) {
      case "--seconds":
        options.seconds = value();
        break;
      case "--users":
        options.users = Math.max(3, Math.round(value()));
        break;
      case "--warmup":
        options.warmup = value();
        break;
      case "--think":
        options.think = value();
        break;
      case "--help":
      case "-h":
        console.log("usage: deno task soak [--seconds S=180] [--users N=300] [--warmup S=min(30, S/4)] [--think X=1]");
        Deno.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${args[i]} (try --help)`);
    }
  }
  if (!Number.isFinite(options.warmup)) options.warmup = Math.min(30, options.seconds / 4);
  return options;
}

async function main(): Promise<number> {
  const options = parseArgs(Deno.args);
  cleanupOnSignals();
  const startedAt = new Date();
  const mix = mixFor(options.users);
  const load = Deno.loadavg();
  console.log(
    `soak: ${options.users} users (${mix.visitors} visitors, ${mix.members} members, ${mix.admins} administrators) ` +
      `for ${options.seconds} s; ${navigator.hardwareConcurrency} CPUs, load average ${
        load.map((l) => l.toFixed(2)).join(" ")
      }`,
  );
  if (load[0] > 1) console.log("  (the machine is busy: latencies will be longer than on an idle machine)");
  const report: Record<string, unknown> = {
    startedAt: startedAt.toISOString(),
    options,
    mix,
    machine: { cpus: navigator.hardwareConcurrency, deno: Deno.version.deno, loadavgAtStart: load },
  };
  const problems: string[] = [];
  try {
    console.log("building (scripts/build.ts)…");
    await build();
    const stack = await startStack();
    report.processes = stack.server.processes;
    const metrics = new Metrics();
    const monitor = new Monitor(stack.server.pid, stack.databaseUrl);
    monitor.start();
    const stop = new AbortController();
    const ledger = new Ledger();
    const users = runUsers({ target: stack.target, mix, metrics, ledger, signal: stop.signal, think: options.think });
    const progress = setInterval(() => {
      const s = metrics.summary();
      const n = s.reduce((a, r) => a + r.requests, 0);
      const bad = s.reduce(
        (a, r) => a + Object.entries(r.statuses).filter(([k]) => !/^[1-4]/.test(k)).reduce((b, [, v]) => b + v, 0),
        0,
      );
      console.log(
        `  ${Math.round((performance.now() - metrics.started) / 1000)} s: ${fmtInt(n)} requests, ${bad} failed, ` +
          `${ledger.total} acknowledged writes`,
      );
    }, 15_000);
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    stop.abort();
    console.log("stopping the users (each finishes its request)…");
    await users;
    clearInterval(progress);
    const seconds = (performance.now() - metrics.started) / 1000;
    await monitor.stop();
    console.log("looking every acknowledged write up in the database…");
    const checks: LedgerCheck[] = await ledger.verify(stack.database.db);
    await stack.server.stop();

    // ------------------------------------------------------------ report
    const kinds = metrics.summary(seconds);
    const all = total(kinds, []);
    const growth = monitor.growth(options.warmup);
    const connections = monitor.connectionSummary();
    console.log(`\n${fmtInt(all.requests)} requests in ${seconds.toFixed(0)} s (${all.rps.toFixed(1)} req/s):\n`);
    console.log(kindsTable(kinds));
    console.log(`\nMemory of the server processes (RSS; growth from ${options.warmup} s to the end):\n`);
    console.log(table(
      [
        ["pid", "after warm-up", "end", "max", "growth"],
        ...growth.map((g) => [
          String(g.pid),
          fmtMb(g.afterWarmup),
          fmtMb(g.end),
          fmtMb(g.max),
          `${g.growth >= 0 ? "+" : ""}${fmtMb(g.growth)}`,
        ]),
      ],
      ["r", "r", "r", "r", "r"],
    ));
    console.log(
      `\nDatabase connections (pg_stat_activity, every 2 s): at most ${connections.max} ` +
        `(${connections.maxActive} running a statement at once), ${connections.mean.toFixed(1)} on average`,
    );
    console.log("\nAcknowledged writes looked up afterwards:\n");
    console.log(table(
      [
        ["write", "acknowledged", "found", "lost"],
        ...checks.map((c) => [c.kind, fmtInt(c.acknowledged), fmtInt(c.found), String(c.lost)]),
      ],
      ["l", "r", "r", "r"],
    ));
    const serverErrors = kinds.reduce(
      (n, r) => n + Object.entries(r.statuses).filter(([s]) => !/^[1-4]\d\d$/.test(s)).reduce((a, [, v]) => a + v, 0),
      0,
    );
    const tooMany = kinds.reduce((n, r) => n + (r.statuses["429"] ?? 0), 0);
    const lost = checks.reduce((n, c) => n + c.lost, 0);
    console.log(`\n5xx or no answer: ${serverErrors}; 429 (limits, expected): ${tooMany}; writes lost: ${lost}`);
    if (serverErrors) problems.push(`${serverErrors} answers ≥ 500 or without an answer`);
    if (lost) problems.push(`${lost} acknowledged writes not found: ${JSON.stringify(checks.filter((c) => c.lost))}`);
    if (!ledger.total) problems.push("no write was acknowledged at all");
    Object.assign(report, {
      seconds,
      kinds,
      all,
      timeline: metrics.timeline(),
      memory: { samples: monitor.memory, growth },
      connections: { samples: monitor.connections, summary: connections },
      ledger: checks,
      serverErrors,
      tooMany,
      lost,
    });
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await cleanup();
  }
  report.loadavgAtEnd = Deno.loadavg();
  report.problems = problems;
  const dir = join(ROOT, "bench/results");
  await Deno.mkdir(dir, { recursive: true });
  const file = join(dir, `soak-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  await Deno.writeTextFile(file, JSON.stringify(report, null, 2) + "\n");
  console.log(`\nwrote ${file.slice(ROOT.length)}`);
  if (problems.length) {
    console.error(`\nsoak FAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  console.log("soak passed: no answer ≥ 500, every acknowledged write found");
  return 0;
}

if (import.meta.main) await runCommand(main);
