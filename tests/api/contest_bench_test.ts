// Bench figures of the contest list (issue 12 "Tests and figures", README "Contests"; not asserted): with
// 10,000 contests and 200,000 entries seeded, the time of /contest and /api/contest cold (first request,
// nothing cached) and warm (the anonymous page cache, the planner's plans warm), measured in-process through
// app.fetch, one request at a time. Runs only with CONTEST_BENCH=1 (it seeds for a minute on this machine):
//   CONTEST_BENCH=1 deno task test tests/api/contest_bench_test.ts
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { users } from "../../db/schema/member.ts";
import { appTest, openTestApp } from "../support/app.ts";

const enabled = Deno.env.get("CONTEST_BENCH") === "1";

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    n: ms.length,
    p50: +at(0.5).toFixed(2),
    p99: +at(0.99).toFixed(2),
    mean: +(ms.reduce((a, b) => a + b) / ms.length).toFixed(2),
  };
}

if (enabled) {
  appTest("bench: the contest list with 10,000 contests and 200,000 entries, cold and cached", async () => {
    const t = await openTestApp();
    try {
      const db = t.app.database.db;
      const started = performance.now();
      const people = await db.insert(users).values(Array.from({ length: 20 }, (_, i) => ({
        username: `bench${i}`,
        email: `bench${i}@example.test`,
        passwordHash: "x",
        name: `벤치 ${i}`,
      }))).returning({ id: users.id });
      const [{ id: host }] = await db.execute(sql`select id from users where username = 'company'`) as unknown as {
        id: number;
      }[];
      await db.execute(sql`insert into contests (host_id, field, title, title_en, company, summary, request, languages,
          open_at, close_at, result_at, prize1, approval)
        select ${host}, (array['brand','edit','product','web','arch','etc'])[1 + g % 6], '벤치 공모 ' || g,
          'Bench contest ' || g, '회사', '요약', '요청', array['ko','en'],
          now() - ((g % 300) || ' days')::interval, now() + ((30 - g % 60) || ' days')::interval,
          now() + ((45 - g % 60) || ' days')::interval, 1000000, 'approved'
        from generate_series(1, 10000) g`);
      const ids = people.map((p) => p.id);
      await db.execute(sql`insert into contest_entries (contest_id, user_id, title)
        select c.id, (${sql.raw(`array[${ids.join(",")}]`)})[1 + u], 'entry ' || c.id || '-' || u
        from contests c cross join generate_series(0, 19) u where c.title_en like 'Bench contest %'`);
      await db.execute(sql`analyze contests`);
      await db.execute(sql`analyze contest_entries`);
      const [{ n }] = await db.execute(sql`select count(*)::int as n from contest_entries`) as unknown as {
        n: number;
      }[];
      assert.ok(n >= 200_000);
      const seeded = (performance.now() - started) / 1000;

      const time = async (path: string): Promise<number> => {
        const t0 = performance.now();
        const res = await t.request(path);
        await res.arrayBuffer();
        assert.equal(res.status, 200, path);
        return performance.now() - t0;
      };
      const report: Record<string, unknown> = { seededSeconds: +seeded.toFixed(1), entries: n };
      for (
        const path of [
          "/contest",
          "/contest?page=20",
          "/api/contest?limit=4&orderby=id&ordertype=desc&lang=ko",
          "/api/contest?page=500",
          "/api/contest?status=ongoing&page=100",
        ]
      ) {
        const cold = await time(path);
        const warm: number[] = [];
        for (let i = 0; i < 200; i++) warm.push(await time(path));
        report[path] = { coldMs: +cold.toFixed(2), warm: stats(warm) };
      }
      console.log(JSON.stringify(report, null, 2));
    } finally {
      await t.close();
    }
  });
}
