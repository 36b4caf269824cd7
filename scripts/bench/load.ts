// The load generator of `deno task bench`, run as its own process so it does not share an event loop
// with the server: autocannon at a fixed concurrency, a warm-up run first, then the measured run.
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

if (import.meta.main) {
  const spec = JSON.parse(Deno.args[0] ?? "") as LoadSpec;
  const result = await measure(spec);
  console.log(JSON.stringify(result));
  Deno.exit(0);
}
