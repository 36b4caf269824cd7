// Issue 11's figures (printed for the README, not asserted — this machine is shared): saving a score through
// the app on PostgreSQL with 50 judges (p50, p99) three ways — (a) at a judge's pace, each judge saving once
// every 1–2 s for JUDGING_BENCH_SECONDS (60 by default), open loop: a save goes at its time whether or not the
// last one came back; (b) in bursts, the 50 judges saving at the same instant, 20 times; (c) back to back,
// each judge sending the next save as soon as the last is answered (the throughput) — and the ranking of
// 5,000 entries × 20 judges; first, as the floor, one judge saving alone. Each figure is printed with the
// machine's load average. What is asserted is that the load loses and doubles nothing: every save lands
// exactly once, with its version.
import assert from "node:assert/strict";
import process from "node:process";
import { and, eq, inArray, sql } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { criteria, panelJudges, poolJudges, scores } from "../../db/schema/judging.ts";
import { userRoles, users } from "../../db/schema/member.ts";
import { aggregateRound, rankEntries, type ScorePoint } from "../../domain/judging/aggregate.ts";
import { ROUND_STATUSES } from "../../domain/judging/scoring.ts";

const t = await openTestApp();
const db = t.app.database.db;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const load = () => Deno.loadavg().map((n) => n.toFixed(2)).join(" ");

/** CPU seconds spent so far by this process (the app, every thread) and by the database's backends. */
async function cpuNow(): Promise<{ app: number; db: number }> {
  const usage = process.cpuUsage();
  const pids = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  const list = (Array.isArray(pids) ? pids : (pids as { rows: { pid: number }[] }).rows) as { pid: number }[];
  const tick = 100; // USER_HZ on Linux
  let dbSeconds = 0;
  for (const { pid } of list) {
    try {
      const stat = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
      dbSeconds += (Number(stat[11]) + Number(stat[12])) / tick; // utime, stime
    } catch {
      // a backend that ended, or a database on another machine (PGlite: none)
    }
  }
  return { app: (usage.user + usage.system) / 1e6, db: dbSeconds };
}

/** CPU per save between two readings, in ms: what bounds throughput on a machine with few cores. */
const cpuPerSave = (from: { app: number; db: number }, to: { app: number; db: number }, n: number) =>
  `CPU per save: app ${((to.app - from.app) * 1000 / n).toFixed(2)} ms, PostgreSQL ${
    ((to.db - from.db) * 1000 / n).toFixed(2)
  } ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const JUDGES = 50;
const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
const [pool] = await db.select().from(awardPools).where(
  and(eq(awardPools.awardId, judged.id), eq(awardPools.kind, "first")),
);
const list = await db.select().from(criteria).where(and(eq(criteria.awardId, judged.id), eq(criteria.round, "first")));
const works = await db.select({ id: entries.id }).from(entries)
  .where(and(eq(entries.awardId, judged.id), inArray(entries.status, ROUND_STATUSES.first)));
const [template] = await db.select().from(users).where(eq(users.username, "judge-ibda"));
const made = await db.insert(users).values(Array.from({ length: JUDGES }, (_, i) => ({
  username: `bench-judge-${i}`,
  email: `bench-judge-${i}@example.test`,
  passwordHash: template.passwordHash,
  name: `벤치 심사위원 ${i}`,
  affiliation: `벤치 기관 ${i}`,
}))).returning({ id: users.id, username: users.username });
await db.insert(userRoles).values(
  made.flatMap((u) => ["member", "judge", "ibda"].map((roleCode) => ({ userId: u.id, roleCode, approved: true }))),
);
const panel = await db.insert(panelJudges).values(
  made.map((u) => ({ awardId: judged.id, userId: u.id, role: "ibda", affiliation: `벤치 기관 ${u.id}` })),
).returning();
await db.insert(poolJudges).values(
  panel.map((p) => ({ poolId: pool.id, judgeId: p.id, categories: [...judged.categories] })),
);
const cookies = await Promise.all(made.map((u) => signIn(t, u.username)));

/** Each judge's last known version of each work, and the count of saves made (for the exactly-once check). */
const versions = cookies.map(() => new Map<number, number>());
let saves = 0;

/** One save of judge `j` on work `w` through the app; answers its time in ms. */
async function save(j: number, w: number, round: number): Promise<number> {
  const values = Object.fromEntries(list.map((c, k) => [String(c.id), (j + k + round + w) % (c.scale + 1)]));
  const t0 = performance.now();
  const res = await t.request("/api/audit/scores", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", accept: "application/json", cookie: cookies[j] }),
    body: JSON.stringify({
      pool: pool.id,
      entry: w,
      values,
      key: crypto.randomUUID(),
      version: versions[j].get(w) ?? 0,
    }),
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  assert.equal(res.status, 201, JSON.stringify(body));
  versions[j].set(w, body.data.version);
  saves++;
  return ms;
}

function report(label: string, times: number[], seconds: number, before: string) {
  console.log(
    `[bench] ${label}: ${times.length} saves in ${seconds.toFixed(1)} s (${(times.length / seconds).toFixed(0)}/s): ` +
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms, ` +
      `max ${Math.max(...times).toFixed(1)} ms; load average before ${before}, after ${load()}`,
  );
}

appTest("bench (0): one judge alone, 200 saves one after another (the floor; figures printed)", async () => {
  const before = load();
  const times: number[] = [];
  const cpu0 = await cpuNow();
  const started = performance.now();
  for (let n = 0; n < 200; n++) times.push(await save(0, works[n % works.length].id, n));
  report("(0) one judge alone", times, (performance.now() - started) / 1000, before);
  console.log(`[bench] (0) ${cpuPerSave(cpu0, await cpuNow(), times.length)}`);
});

appTest("bench (a): 50 judges each saving every 1–2 s, open loop (figures printed)", async () => {
  const seconds = Number(Deno.env.get("JUDGING_BENCH_SECONDS") ?? 60);
  const before = load();
  const times: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  await Promise.all(cookies.map(async (_, j) => {
    const pending: Promise<void>[] = [];
    // Judges start spread over the first 2 s, then each waits 1–2 s between saves (not for the answer).
    let at = started + random() * 2000;
    for (let n = 0; at < until; n++) {
      await sleep(at - performance.now());
      const w = works[(j + n) % works.length].id;
      pending.push(save(j, w, n).then((ms) => void times.push(ms)));
      at += 1000 + random() * 1000;
    }
    await Promise.all(pending);
  }));
  report(`(a) ${JUDGES} judges at a judge's pace (a save every 1–2 s each, open loop)`, times, seconds, before);
});

appTest("bench (b): 50 judges saving at the same instant, 20 bursts (figures printed)", async () => {
  const before = load();
  const times: number[] = [];
  const spans: number[] = [];
  const cpu0 = await cpuNow();
  const started = performance.now();
  for (let burst = 0; burst < 20; burst++) {
    const t0 = performance.now();
    const answered = await Promise.all(cookies.map((_, j) => save(j, works[(j + burst) % works.length].id, burst)));
    spans.push(performance.now() - t0);
    times.push(...answered);
    await sleep(1000);
  }
  const busy = spans.reduce((a, b) => a + b, 0) / 1000;
  report(`(b) ${JUDGES} judges at the same instant, 20 bursts`, times, (performance.now() - started) / 1000, before);
  console.log(
    `[bench] (b) each burst of ${JUDGES} answered in: median ${percentile(spans, 0.5).toFixed(0)} ms, ` +
      `slowest ${Math.max(...spans).toFixed(0)} ms (${(times.length / busy).toFixed(0)} saves/s while busy); ` +
      cpuPerSave(cpu0, await cpuNow(), times.length),
  );
});

appTest("bench (c): 50 judges saving back to back (throughput; figures printed), every save once", async () => {
  const ROUNDS = 3;
  const before = load();
  const times: number[] = [];
  const cpu0 = await cpuNow();
  const started = performance.now();
  await Promise.all(cookies.map(async (_, j) => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of works) times.push(await save(j, w.id, round));
    }
  }));
  report(`(c) ${JUDGES} judges back to back`, times, (performance.now() - started) / 1000, before);
  console.log(`[bench] (c) ${cpuPerSave(cpu0, await cpuNow(), times.length)}`);

  // Every save of (a), (b) and (c) landed once: one score per judge and work saved, at the version counted.
  const rows = await db.select().from(scores).where(inArray(scores.judgeId, panel.map((p) => p.id)));
  const expected = versions.reduce((sum, m) => sum + m.size, 0);
  assert.equal(rows.length, expected, "one score per judge and work saved");
  const byJudge = new Map(panel.map((p, j) => [p.id, j]));
  for (const r of rows) assert.equal(r.version, versions[byJudge.get(r.judgeId)!].get(r.entryId), "each change once");
  assert.equal(rows.reduce((sum, r) => sum + r.version, 0), saves, "every save counted, none twice");
});

appTest("bench: ranking 5,000 entries × 20 judges (figures printed)", () => {
  const points: ScorePoint[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let e = 1; e <= 5000; e++) {
    for (let j = 1; j <= 20; j++) {
      points.push({
        entryId: e,
        judgeId: j,
        points: j === (e % 20) + 1 && e % 50 === 0 ? null : Math.round(random() * 100),
      });
    }
  }
  const runs: number[] = [];
  let ranked = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    ranked = rankEntries([...aggregateRound(points).values()]).length;
    runs.push(performance.now() - t0);
  }
  assert.equal(ranked, 5000);
  console.log(`[bench] ranking 5,000 entries × 20 judges: median ${percentile(runs, 0.5).toFixed(0)} ms (5 runs)`);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
