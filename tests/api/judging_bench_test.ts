// Issue 11's figures (printed for the README, not asserted — this machine is shared): saving a score with 50
// judges saving at once through the app on PostgreSQL (p50, p99), and the ranking of 5,000 entries × 20
// judges (aggregation, calibration and order). What is asserted is that the load loses and doubles nothing:
// every save lands exactly once, with its version.
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { criteria, panelJudges, poolJudges, scores } from "../../db/schema/judging.ts";
import { userRoles, users } from "../../db/schema/member.ts";
import { aggregateRound, rankEntries, type ScorePoint } from "../../domain/judging/aggregate.ts";
import { ROUND_STATUSES } from "../../domain/judging/scoring.ts";

const t = await openTestApp();
globalThis.addEventListener("unload", () => t.close());
const db = t.app.database.db;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

appTest("bench: 50 judges saving scores at once (figures printed; every save lands once)", async () => {
  const JUDGES = 50, ROUNDS = 3;
  const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
  const [pool] = await db.select().from(awardPools).where(
    and(eq(awardPools.awardId, judged.id), eq(awardPools.kind, "first")),
  );
  const list = await db.select().from(criteria).where(
    and(eq(criteria.awardId, judged.id), eq(criteria.round, "first")),
  );
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
  )
    .returning();
  await db.insert(poolJudges).values(
    panel.map((p) => ({ poolId: pool.id, judgeId: p.id, categories: [...judged.categories] })),
  );
  const cookies = await Promise.all(made.map((u) => signIn(t, u.username)));

  const times: number[] = [];
  const started = performance.now();
  await Promise.all(cookies.map(async (cookie, j) => {
    const versions = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of works) {
        const values = Object.fromEntries(list.map((c, k) => [String(c.id), (j + k + round + w.id) % (c.scale + 1)]));
        const t0 = performance.now();
        const res = await t.request("/api/audit/scores", {
          method: "POST",
          headers: csrfHeaders({ "content-type": "application/json", accept: "application/json", cookie }),
          body: JSON.stringify({
            pool: pool.id,
            entry: w.id,
            values,
            key: crypto.randomUUID(),
            version: versions.get(w.id) ?? 0,
          }),
        });
        times.push(performance.now() - t0);
        const body = await res.json();
        assert.equal(res.status, 201, JSON.stringify(body));
        versions.set(w.id, body.data.version);
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const rows = await db.select().from(scores).where(inArray(scores.judgeId, panel.map((p) => p.id)));
  assert.equal(rows.length, JUDGES * works.length, "one score per judge and work");
  assert.ok(rows.every((r) => r.version === ROUNDS), "each change counted once");
  console.log(
    `[bench] score saving, ${JUDGES} judges at once, ${times.length} saves in ${seconds.toFixed(1)} s: ` +
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`,
  );
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
