// Figures of a soak or fault run: every answer by kind of request (latency, status), a per-second timeline
// (to see what a fault did and when), and the tables printed at the end.

export interface KindSummary {
  kind: string;
  requests: number;
  /** Requests per second over the measured time. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers by status; "error" for no answer (connection refused or reset), "timeout" for none in time. */
  statuses: Record<string, number>;
  /** Requests sent a second time after a network error (clients retry once). */
  retries: number;
}

export interface Second {
  /** Seconds since the start of the run. */
  t: number;
  requests: number;
  /** Answers ≥ 500, no answer, or a timeout. */
  failed: number;
  maxMs: number;
}

export interface Outcome {
  /** The HTTP status, or "error" / "timeout" when there was no answer. */
  status: number | "error" | "timeout";
  ms: number;
  /** performance.now() when the request was sent. */
  at: number;
  retried?: boolean;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p / 100 * sorted.length) - 1))];
}

export class Metrics {
  readonly started = performance.now();
  private kinds = new Map<string, { ms: number[]; statuses: Map<string, number>; retries: number }>();
  private seconds = new Map<number, Second>();
  /** Everything that happened in a window, kept when `watch` is set (fault scenarios). */
  watched: (Outcome & { kind: string })[] = [];
  watch = false;

  record(kind: string, outcome: Outcome): void {
    let k = this.kinds.get(kind);
    if (!k) this.kinds.set(kind, k = { ms: [], statuses: new Map(), retries: 0 });
    k.ms.push(outcome.ms);
    const key = String(outcome.status);
    k.statuses.set(key, (k.statuses.get(key) ?? 0) + 1);
    if (outcome.retried) k.retries++;
    const t = Math.floor((outcome.at - this.started) / 1000);
    let s = this.seconds.get(t);
    if (!s) this.seconds.set(t, s = { t, requests: 0, failed: 0, maxMs: 0 });
    s.requests++;
    if (failed(outcome.status)) s.failed++;
    s.maxMs = Math.max(s.maxMs, outcome.ms);
    if (this.watch) this.watched.push({ ...outcome, kind });
  }

  summary(seconds = (performance.now() - this.started) / 1000): KindSummary[] {
    const rows: KindSummary[] = [];
    for (const [kind, k] of [...this.kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = Float64Array.from(k.ms).sort();
      rows.push({
        kind,
        requests: k.ms.length,
        rps: k.ms.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? NaN,
        statuses: Object.fromEntries([...k.statuses].sort()),
        retries: k.retries,
      });
    }
    return rows;
  }

  timeline(): Second[] {
    return [...this.seconds.values()].sort((a, b) => a.t - b.t);
  }
}

export function failed(status: Outcome["status"]): boolean {
  return typeof status !== "number" || status >= 500;
}

/** Every answer of a summary, all kinds together: the same figures over everything. */
export function total(rows: KindSummary[], all: number[]): Omit<KindSummary, "kind"> & { kind: "all" } {
  const sorted = Float64Array.from(all).sort();
  const statuses: Record<string, number> = {};
  for (const r of rows) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  return {
    kind: "all",
    requests: rows.reduce((n, r) => n + r.requests, 0),
    rps: rows.reduce((n, r) => n + r.rps, 0),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    statuses,
    retries: rows.reduce((n, r) => n + r.retries, 0),
  };
}

// ---------------------------------------------------------------------------------------------------
// Printing.

export const fmtInt = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? "—" : Math.round(n).toLocaleString("en-US");
export const fmtMs = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? "—" : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`;
export const fmtMb = (bytes: number | undefined) =>
  bytes === undefined || !Number.isFinite(bytes) ? "—" : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function table(rows: string[][], align: ("l" | "r")[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => align[i] === "r" ? (c ?? "").padStart(widths[i]) : (c ?? "").padEnd(widths[i])).join("  ")
      .trimEnd();
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

export function kindsTable(rows: KindSummary[]): string {
  const out = [["kind", "requests", "req/s", "p50", "p95", "p99", "max", "answers"]];
  for (const r of rows) {
    out.push([
      r.kind,
      fmtInt(r.requests),
      r.rps.toFixed(1),
      fmtMs(r.p50),
      fmtMs(r.p95),
      fmtMs(r.p99),
      fmtMs(r.max),
      Object.entries(r.statuses).map(([s, n]) => `${s}×${n}`).join(" ") + (r.retries ? ` (retried ${r.retries})` : ""),
    ]);
  }
  return table(out, ["l", "r", "r", "r", "r", "r", "r", "l"]);
}
