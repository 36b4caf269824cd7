// The in-process benches' common part (`deno task bench:scale`, `deno task bench:market|job|board`): a
// throwaway PostgreSQL with a UTF-8 `LC_CTYPE` database (pg_trgm needs it for Korean trigrams), migrated
// and seeded with the demo data, the real app on it (`app.fetch`, no sockets: the figures are the server's
// own work), optionally a second app on the same database with the page cache off, signing in, a
// one-connection client for set-based seeding, and the timing and table helpers. DATABASE_URL is never
// used: the benches write up to millions of rows.
import postgres from "postgres";
import { type SQL, sql } from "drizzle-orm";
import { createApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { seedDatabase } from "../../db/seed.ts";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { loadConfig, MIGRATIONS_DIR } from "../../fresh.config.ts";
import { startThrowawayPostgres } from "../pg.ts";

type App = Awaited<ReturnType<typeof createApp>>;

export interface BenchApp {
  database: Database;
  /** One connection for seeding: session settings (maintenance_work_mem) stay on it. */
  seeder: postgres.Sql;
  exec(query: SQL): Promise<unknown>;
  rows<T>(query: SQL): Promise<T[]>;
  /** `select count(*) from <from>` (raw SQL: the benches' own fixed text). */
  count(from: string): Promise<number>;
  /** The app with the anonymous page cache on (300 s), as served. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The same app on the same database with the page cache off: every anonymous page is rendered. */
  uncached(path: string, init?: RequestInit): Promise<Response>;
  /** A session cookie (`session=…`) of a demo account. */
  signIn(username: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts PostgreSQL, creates the `bench` database, migrates, seeds and opens the app (two with `uncached`). */
export async function openBenchApp(options: { uncached?: boolean } = {}): Promise<BenchApp> {
  const pg = await startThrowawayPostgres();
  const admin = postgres(pg.url, { onnotice: () => {} });
  await admin`create database bench template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`;
  await admin.end();
  const url = pg.url.replace(/\/app$/, "/bench");
  const database = await openDatabase({ url, max: 4 });
  const seeder = postgres(url, { max: 1, onnotice: () => {} });
  const dirs: string[] = [];
  const apps: App[] = [];
  const open = async (pageCacheSeconds: number) => {
    const dataDir = await Deno.makeTempDir({ prefix: "bench-" });
    dirs.push(dataDir);
    const config = loadConfig({ PAGE_CACHE_SECONDS: String(pageCacheSeconds), TRUST_PROXY: "1", DATA_DIR: dataDir });
    const app = await createApp({ config, database });
    apps.push(app);
    return (path: string, init?: RequestInit) => app.fetch(new Request(`http://localhost${path}`, init));
  };
  try {
    await database.migrate(MIGRATIONS_DIR);
    await seedDatabase(database.db);
    const request = await open(300);
    const uncached = options.uncached ? await open(0) : request;
    const rows = async <T>(query: SQL) => (await database.db.execute(query)) as unknown as T[];
    return {
      database,
      seeder,
      exec: (query) => database.db.execute(query),
      rows,
      count: async (from) =>
        Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${from}`)))[0].n),
      request,
      uncached,
      signIn: (username) => signIn(request, username),
      async close() {
        for (const app of apps) await app.files.idle();
        await seeder.end();
        await database.close();
        await pg.stop();
        for (const dir of dirs) await Deno.remove(dir, { recursive: true }).catch(() => {});
      },
    };
  } catch (error) {
    await seeder.end();
    await database.close();
    await pg.stop();
    throw error;
  }
}

/** The bench's CSRF token: a cookie and the header (or the form field) that must match it. */
export const BENCH_CSRF = "bench-csrf-token-0123456789abcdef";

/** Headers of a state-changing request as a signed-in browser sends them. */
export function writeHeaders(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    cookie: `${cookie}; XSRF-TOKEN=${BENCH_CSRF}`,
    "x-xsrf-token": BENCH_CSRF,
    origin: "http://localhost",
    ...extra,
  };
}

async function signIn(request: BenchApp["request"], username: string): Promise<string> {
  const res = await request("/api/login", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${BENCH_CSRF}`,
      "x-xsrf-token": BENCH_CSRF,
      origin: "http://localhost",
      // A fresh address per sign-in: the login rate limit counts per address.
      "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign in as ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /session=/.test(c));
  if (!cookie) throw new Error(`no session cookie for ${username}`);
  return cookie;
}

// ---------- Timing ----------

export interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** p50 and p99 by nearest rank (of fewer than 100 samples, p99 is the largest). */
export function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] };
}

/**
 * Milliseconds of each of `runs` requests, one at a time, the body read to its end; `path(i)` names the
 * i-th. Any answer but `status` stops the bench: a figure of an error page is no figure.
 */
export async function timeRequests(
  send: (path: string) => Promise<Response>,
  path: (i: number) => string,
  runs: number,
  status = 200,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await send(path(i));
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== status) throw new Error(`${path(i)} answered ${res.status}, not ${status}`);
    times.push(ms);
  }
  return times;
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)} ms`;
export const sizeLabel = (n: number) => n >= 1e6 ? `${n / 1e6} M` : n >= 1e3 ? `${n / 1e3} k` : String(n);

/** A Markdown table (the README's form: `deno fmt` aligns it). */
export function markdownTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(" | ")} |`,
    `|---|${head.slice(1).map(() => "---:").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}
