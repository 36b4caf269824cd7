// The load generator of `deno task bench`, run as its own process so it does not share an event loop
// with the server: autocannon (or wrk, when asked and installed) at a fixed concurrency, a warm-up run
// first, then the measured run.
//
//   deno run -A scripts/bench/load.ts '<LoadSpec as JSON>'   → prints one LoadResult as JSON on stdout
//
// autocannon's own histogram keeps whole milliseconds; the latencies here are recorded from its
// `response` events with microsecond precision instead.
import autocannon from "autocannon";

export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds of the measured run. */
  duration: number;
  /** Seconds of the warm-up run before it (not measured); 0 for none. */
  warmup: number;
  /** autocannon (npm, the default) or wrk (Debian's `wrk`, one thread). */
  tool?: "autocannon" | "wrk";
}

export interface LoadResult {
  requests: number;
  /** Responses per second over the measured run (2xx only). */
  rps: number;
  /** Milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response size in bytes (headers included), as autocannon counts it. */
  bytesPerResponse: number;
  seconds: number;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  requests: { total: number };
  throughput: { total: number };
}

type Tracker = Promise<AutocannonResult> & {
  on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

function run(spec: LoadSpec, seconds: number, onLatency?: (ms: number, status: number) => void) {
  const tracker = (autocannon as unknown as (opts: Record<string, unknown>) => Tracker)({
    url: spec.url,
    headers: spec.headers,
    connections: spec.connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
  });
  if (onLatency) tracker.on("response", (_client, status, _bytes, ms) => onLatency(ms, status));
  return tracker;
}

/** The value below which `q` of the sorted samples fall (nearest rank). */
export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  if (spec.tool === "wrk") return await measureWithWrk(spec);
  if (spec.warmup > 0) await run(spec, spec.warmup);
  let samples = new Float64Array(1 << 16);
  let count = 0;
  const result = await run(spec, spec.duration, (ms, status) => {
    if (status < 200 || status > 299) return;
    if (count === samples.length) {
      const bigger = new Float64Array(samples.length * 2);
      bigger.set(samples);
      samples = bigger;
    }
    samples[count++] = ms;
  });
  const sorted = samples.subarray(0, count).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const ok = result["2xx"];
  return {
    requests: result.requests.total,
    rps: ok / result.duration,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: count ? sorted[count - 1] : NaN,
    mean: count ? sum / count : NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
    seconds: result.duration,
  };
}

/** wrk's durations: `812.00us`, `1.52ms`, `2.01s`, `1.00m` → milliseconds. */
export function wrkMs(text: string): number {
  const m = text.trim().match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
}

/** Reads `wrk --latency` output (latency distribution, totals, socket errors, non-2xx). */
export function parseWrk(output: string, seconds: number): LoadResult {
  const num = (re: RegExp) => Number(output.match(re)?.[1] ?? 0);
  const pct = (p: string) => wrkMs(output.match(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m"))?.[1] ?? "");
  const latency = output.match(/^\s*Latency\s+(\S+)\s+\S+\s+(\S+)/m);
  const requests = num(/(\d+) requests in/);
  const non2xx = num(/Non-2xx or 3xx responses:\s*(\d+)/);
  const errors = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const bytes = output.match(/requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(bytes?.[2] ?? "B") as "B" | "KB" | "MB" | "GB"];
  const measured = num(/requests in ([\d.]+)s/) || seconds;
  return {
    requests,
    rps: (requests - non2xx) / measured,
    p50: pct("50"),
    p90: pct("90"),
    p99: pct("99"),
    max: latency ? wrkMs(latency[2]) : NaN,
    mean: latency ? wrkMs(latency[1]) : NaN,
    non2xx,
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
    bytesPerResponse: requests && bytes ? Number(bytes[1]) * unit / requests : 0,
    seconds: measured,
  };
}

async function wrk(spec: LoadSpec, seconds: number): Promise<string> {
  const args = ["-t1", `-c${spec.connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  // wrk adds its own `Host` unless one is given with exactly that spelling: Title-Case every name.
  for (const [name, value] of Object.entries(spec.headers)) {
    args.push("-H", `${name.replace(/(^|-)([a-z])/g, (_, dash, c) => dash + c.toUpperCase())}: ${value}`);
  }
  const out = await new Deno.Command("wrk", { args: [...args, spec.url], stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${text}${new TextDecoder().decode(out.stderr)}`);
  return text;
}

async function measureWithWrk(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmup > 0) await wrk(spec, spec.warmup);
  return parseWrk(await wrk(spec, spec.duration), spec.duration);
}

if (import.meta.main) {
  const spec = JSON.parse(Deno.args[0] ?? "") as LoadSpec;
  const result = await measure(spec);
  console.log(JSON.stringify(result));
  Deno.exit(0);
}
