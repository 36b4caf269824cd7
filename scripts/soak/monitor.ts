// Samples over a run: resident memory of each server process (/proc/<pid>/status) and the database's
// connections (pg_stat_activity), every few seconds.
import postgres from "postgres";
import { rssBytes, serverPids } from "./server.ts";

export interface MemorySample {
  /** Seconds since the monitor started. */
  t: number;
  pid: number;
  rss: number;
}

export interface ConnectionSample {
  t: number;
  /** Client connections to the app's database (the monitor's own excluded). */
  total: number;
  /** Running a statement at that instant. */
  active: number;
  idleInTransaction: number;
  /** The query failed (the database is down). */
  error?: string;
}

export interface MemoryGrowth {
  pid: number;
  /** RSS at the first sample after the warm-up, at the end, and the highest seen. */
  afterWarmup: number;
  end: number;
  max: number;
  growth: number;
}

export class Monitor {
  memory: MemorySample[] = [];
  connections: ConnectionSample[] = [];
  private readonly started = performance.now();
  private timer?: ReturnType<typeof setInterval>;
  private sql?: postgres.Sql;
  private busy = false;

  constructor(private readonly serverPid: number, databaseUrl: string | undefined, private readonly everyMs = 2000) {
    if (databaseUrl) {
      this.sql = postgres(databaseUrl, {
        max: 1,
        onnotice: () => {},
        connect_timeout: 3,
        idle_timeout: 0,
        connection: { application_name: "soak-monitor" },
      });
    }
  }

  start(): void {
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.sample();
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const t = (performance.now() - this.started) / 1000;
    for (const pid of serverPids(this.serverPid)) {
      const rss = rssBytes(pid);
      if (rss !== null) this.memory.push({ t, pid, rss });
    }
    if (this.sql) {
      try {
        const [row] = await this.sql<{ total: number; active: number; idle_tx: number }[]>`
          select count(*)::int as total,
                 count(*) filter (where state = 'active')::int as active,
                 count(*) filter (where state like 'idle in transaction%')::int as idle_tx
          from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
        this.connections.push({ t, total: row.total, active: row.active, idleInTransaction: row.idle_tx });
      } catch (error) {
        this.connections.push({
          t,
          total: 0,
          active: 0,
          idleInTransaction: 0,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    this.busy = false;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sample();
    await this.sql?.end({ timeout: 2 }).catch(() => {});
  }

  /** Per server process: RSS after `warmupSeconds` against the end. */
  growth(warmupSeconds: number): MemoryGrowth[] {
    const byPid = new Map<number, MemorySample[]>();
    for (const s of this.memory) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
    const out: MemoryGrowth[] = [];
    for (const [pid, samples] of byPid) {
      const after = samples.find((s) => s.t >= warmupSeconds) ?? samples[0];
      const end = samples[samples.length - 1];
      out.push({
        pid,
        afterWarmup: after.rss,
        end: end.rss,
        max: Math.max(...samples.map((s) => s.rss)),
        growth: end.rss - after.rss,
      });
    }
    return out;
  }

  connectionSummary(): { max: number; maxActive: number; mean: number; errors: number } {
    const ok = this.connections.filter((c) => !c.error);
    return {
      max: Math.max(0, ...ok.map((c) => c.total)),
      maxActive: Math.max(0, ...ok.map((c) => c.active)),
      mean: ok.length ? ok.reduce((n, c) => n + c.total, 0) / ok.length : 0,
      errors: this.connections.length - ok.length,
    };
  }
}
