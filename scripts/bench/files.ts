// The files part of `deno task bench` (issue 4): how long the four derivatives of a 4000×3000 JPEG take,
// the bytes of a gallery thumbnail, a cached public thumbnail against a static file of the same bytes,
// and page latency while ten such photos are uploaded and processed.
import { join } from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { makeDerivatives } from "../../domain/file/derivatives.ts";
import { STATIC_DIR } from "../../fresh.config.ts";

/** A 4000×3000 picture with shapes and noise, about what a camera's JPEG weighs (3–5 MB). */
export async function cameraPhoto(width = 4000, height = 3000): Promise<Uint8Array> {
  const circles = Array.from(
    { length: 60 },
    (_, i) =>
      `<circle cx="${(i * 677) % width}" cy="${(i * 419) % height}" r="${80 + (i * 37) % 300}" fill="hsl(${
        (i * 47) % 360
      },60%,50%)" opacity="0.6"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#3a6ea5"/>${circles}</svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 18 } },
  }).png().toBuffer();
  const out = await sharp(new TextEncoder().encode(svg)).composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(out);
}

export interface DerivativeTiming {
  runs: number[];
  median: number;
  best: number;
  bytes: Record<string, number>;
  originalBytes: number;
}

/** Times makeDerivatives on one photo (the first run warms libvips up and is not counted). */
export async function derivativeTiming(photo: Uint8Array, runs = 11): Promise<DerivativeTiming> {
  const first = await makeDerivatives(photo);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await makeDerivatives(photo);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: times,
    median: sorted[Math.floor(sorted.length / 2)],
    best: sorted[0],
    bytes: Object.fromEntries(Object.entries(first).map(([name, b]) => [name, b.length])),
    originalBytes: photo.length,
  };
}

export const STATIC_TWIN_PATH = "/_bench/thumbnail.jpg";

/** Writes the photo's thumbnail as a static file (git-ignored), to serve next to the cached one. */
export async function writeStaticTwin(photo: Uint8Array): Promise<() => Promise<void>> {
  const dir = join(STATIC_DIR, "_bench");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(join(dir, "thumbnail.jpg"), (await makeDerivatives(photo)).external_thumbnail);
  return () => Deno.remove(dir, { recursive: true }).catch(() => {});
}

const CSRF = "bench-csrf-token-0123456789abcdef";

/** Signs in as the seeded administrator; answers the cookie header for later requests. */
export async function signInAdmin(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: {
      // fetch keeps its own Host header, so the Origin must name the same address for the CSRF check.
      origin,
      cookie: `XSRF-TOKEN=${CSRF}`,
      "x-xsrf-token": CSRF,
      "content-type": "application/json",
      "x-forwarded-for": `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ username: "admin", password: DEMO_PASSWORD }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("session="))?.split(";")[0];
  await res.body?.cancel();
  if (!session) throw new Error(`bench: admin sign-in answered ${res.status}`);
  return `XSRF-TOKEN=${CSRF}; ${session}`;
}

/**
 * Uploads one photo as an entry attachment (private to its uploader until published, as every upload);
 * answers its id and how long the upload took (ms).
 */
export async function uploadPhoto(origin: string, cookie: string, photo: Uint8Array, name: string) {
  const started = performance.now();
  // As the islands upload: the photo as the body, its name in the query.
  const res = await fetch(`${origin}/api/file?purpose=entry_attachment&name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: {
      origin,
      cookie,
      "x-xsrf-token": CSRF,
      accept: "application/json",
      "content-type": "application/octet-stream",
    },
    body: photo as Uint8Array<ArrayBuffer>,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`bench: upload answered ${res.status}: ${text.slice(0, 200)}`);
  return { id: (JSON.parse(text) as { data: { id: number }[] }).data[0].id, ms: performance.now() - started };
}

/** Waits until a file's thumbnail is served (its derivatives are made in the background). */
export async function thumbnailBytes(origin: string, id: number, timeoutMs = 30_000, cookie?: string): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${origin}/api/file/${id}/external_thumbnail.jpg`, cookie ? { headers: { cookie } } : {});
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status === 200) return bytes;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`bench: no thumbnail for file ${id} after ${timeoutMs / 1000} s`);
}

/** What the server part of the files bench needs from bench.ts: one measured load run. */
export interface LoadRunner {
  (scenario: { key: string; label: string; path: string }): Promise<
    { result?: { rps: number; p50: number; p99: number }; error?: string }
  >;
}

export interface FilesReport {
  derivatives: DerivativeTiming;
  thumbnailBytes?: number;
  thumbnail?: { rps: number; p50: number; p99: number };
  staticTwin?: { rps: number; p50: number; p99: number };
  /** The content page while ten photos are uploaded and their derivatives made. */
  underUploads?: { rps: number; p50: number; p99: number };
  uploads?: { count: number; ms: number; derivedMs: number };
  error?: string;
}

/**
 * On a running server: a public thumbnail against the same bytes as a static file, and the content page
 * while ten camera photos are uploaded and processed (the server makes derivatives off the request path).
 */
export async function measureFiles(
  port: number,
  /** The bench's database: the first photo is published there, as an exhibited entry's pictures are. */
  databaseUrl: string,
  photo: Uint8Array,
  contentPath: string,
  run: LoadRunner,
  report: FilesReport,
  /** The load generator's warm-up: the uploads start once the measured part has begun. */
  warmupMs: number,
): Promise<void> {
  const origin = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInAdmin(origin);
    const { id } = await uploadPhoto(origin, cookie, photo, "bench.jpg");
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update files set access = 'public', attached_at = now() where id = ${id}`;
    } finally {
      await sql.end();
    }
    report.thumbnailBytes = await thumbnailBytes(origin, id);
    report.thumbnail = (await run({
      key: "thumbnail",
      label: "public thumbnail (cached derivative)",
      path: `/api/file/${id}/external_thumbnail.jpg`,
    })).result;
    report.staticTwin = (await run({ key: "static", label: "static file, same bytes", path: STATIC_TWIN_PATH }))
      .result;
    const during = run({ key: "under_uploads", label: `${contentPath} during 10 uploads`, path: contentPath });
    await new Promise((resolve) => setTimeout(resolve, warmupMs + 1000));
    // One after another, as members' uploads arrive, rather than ten at the same instant: the bench
    // process that sends them shares the two cores with the server, and a burst measures the sender.
    const started = performance.now();
    const sent = [];
    for (let i = 0; i < 10; i++) sent.push(await uploadPhoto(origin, cookie, photo, `bench-${i}.jpg`));
    const uploadMs = performance.now() - started;
    await Promise.all(sent.map((u) => thumbnailBytes(origin, u.id, 120_000, cookie)));
    report.uploads = { count: sent.length, ms: uploadMs, derivedMs: performance.now() - started };
    report.underUploads = (await during).result;
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
  }
}

export interface FileTarget {
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

const ms = (v?: number) => (v === undefined ? "—" : `${v.toFixed(1)} ms`);

export function fileTargets(
  files: FilesReport,
  baseline: { p99: number } | undefined,
  limits: { derivativesMs: number; thumbnailBytes: number; thumbnailVsStatic: number; uploadP99Factor: number },
): FileTarget[] {
  const targets: FileTarget[] = [{
    name: "four derivatives of a 4000×3000 JPEG (median)",
    target: `≤ ${limits.derivativesMs} ms`,
    measured: ms(files.derivatives.median),
    pass: files.derivatives.median <= limits.derivativesMs,
  }];
  targets.push({
    name: "gallery thumbnail bytes",
    target: `≤ ${limits.thumbnailBytes / 1024} KB`,
    measured: files.thumbnailBytes === undefined ? "—" : `${(files.thumbnailBytes / 1024).toFixed(1)} KB`,
    pass: (files.thumbnailBytes ?? Infinity) <= limits.thumbnailBytes,
  });
  const share = files.thumbnail && files.staticTwin ? files.thumbnail.rps / files.staticTwin.rps : undefined;
  targets.push({
    name: "cached thumbnail req/s vs a static file of the same bytes",
    target: `≥ ${Math.round(limits.thumbnailVsStatic * 100)} %`,
    measured: share === undefined ? "—" : `${Math.round(share * 100)} %`,
    pass: (share ?? 0) >= limits.thumbnailVsStatic,
  });
  const during = files.underUploads?.p99;
  targets.push({
    name: "content page p99 while 10 photos are processed, vs without",
    target: `≤ ${limits.uploadP99Factor} × ${ms(baseline?.p99)}`,
    measured: ms(during),
    pass: during !== undefined && baseline !== undefined && during <= limits.uploadP99Factor * baseline.p99,
  });
  return targets;
}
