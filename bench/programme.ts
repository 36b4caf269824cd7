// `deno run -A bench/programme.ts [--submissions N] [--requests N]` — issue 14's figures (README "Forms and
// programmes", not asserted): validating and storing a 50-field submission (the form-tree validator, the
// application row and its mail in one transaction), and the support list cold (page cache off) and
// cached, with the support table at 10,000 calls. Runs in-process against a throwaway PostgreSQL (the
// app's fetch, no sockets: the figures are the server's own work), then removes it.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { createApp } from "../app.ts";
import { openDatabase } from "../db/client.ts";
import { seedDatabase } from "../db/seed.ts";
import { userRoles, users } from "../db/schema/member.ts";
import { forms, formVersions, programmes } from "../db/schema/programme.ts";
import { checkSubmission } from "../domain/programme/apply.ts";
import { applyToProgramme } from "../domain/programme/apply.ts";
import type { FormComponent } from "../domain/form/model.ts";
import { loadConfig, MIGRATIONS_DIR } from "../fresh.config.ts";
import { startThrowawayPostgres } from "../scripts/pg.ts";
import type { Viewer } from "../domain/member/permissions.ts";

const args = parseArgs({ args: Deno.args, options: { submissions: { type: "string" }, requests: { type: "string" } } });
const SUBMISSIONS = Number(args.values.submissions ?? 500);
const REQUESTS = Number(args.values.requests ?? 500);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
function summary(label: string, times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const line = `${label}: n=${s.length} p50=${percentile(s, 0.5).toFixed(2)} ms p99=${
    percentile(s, 0.99).toFixed(2)
  } ms`;
  console.log(line);
  return { label, n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99) };
}

/** A form of 50 fields of every kind but files (10 of each of 5 kinds). */
const FIFTY: FormComponent[] = Array.from({ length: 50 }, (_, i) => {
  const kinds = ["text", "email", "number", "date", "choice"] as const;
  const type = kinds[i % 5];
  return {
    key: `f${i}`,
    type,
    label: `항목 ${i}`,
    labelEn: `Field ${i}`,
    required: true,
    ...(type === "choice"
      ? { options: [{ value: "a", label: "가", labelEn: "A" }, { value: "b", label: "나", labelEn: "B" }] }
      : {}),
    ...(type === "number" ? { min: 0, max: 1000 } : {}),
    ...(type === "text" ? { maxLength: 100 } : {}),
  } as FormComponent;
});
const ANSWERS: Record<string, string> = Object.fromEntries(FIFTY.map((c) => [
  c.key,
  c.type === "email"
    ? "a@example.com"
    : c.type === "number"
    ? "42"
    : c.type === "date"
    ? "2027-01-02"
    : c.type === "choice"
    ? "a"
    : "한빛디자인 답변",
]));

const pg = await startThrowawayPostgres();
try {
  const database = await openDatabase({ url: pg.url, max: 10 });
  await database.migrate(MIGRATIONS_DIR);
  await seedDatabase(database.db);
  const db = database.db;
  const results: unknown[] = [];

  // ----- 50-field submissions -----
  const [form] = await db.insert(forms).values({ title: "50개 항목" }).returning();
  await db.insert(formVersions).values({ formId: form.id, version: 1, components: FIFTY });
  const [call] = await db.insert(programmes).values({
    kind: "program",
    title: "벤치",
    formId: form.id,
    applyFrom: new Date(Date.now() - 86_400_000),
    applyTo: new Date(Date.now() + 86_400_000),
  }).returning();
  const people = await db.insert(users).values(Array.from({ length: SUBMISSIONS }, (_, i) => ({
    username: `bench${i}`,
    email: `bench${i}@example.com`,
    name: `벤치${i}`,
    passwordHash: "x",
  }))).returning({ id: users.id });
  await db.insert(userRoles).values(people.map((p) => ({ userId: p.id, roleCode: "member", approved: true })));
  const config = loadConfig({ PAGE_CACHE_SECONDS: "0", DATA_DIR: await Deno.makeTempDir() });
  const app = await createApp({ config, database });
  const validate: number[] = [];
  for (let i = 0; i < SUBMISSIONS; i++) {
    const t0 = performance.now();
    await checkSubmission(FIFTY, { body: ANSWERS, files: {} });
    validate.push(performance.now() - t0);
  }
  results.push(summary("validate a 50-field submission", validate));
  const store: number[] = [];
  for (const p of people) {
    const viewer: Viewer = {
      id: p.id,
      roles: [{ code: "member", needsApproval: false, approved: true, testable: false }],
    };
    const t0 = performance.now();
    await applyToProgramme({ db, files: app.files, config, viewer }, call, { body: ANSWERS, files: {} });
    store.push(performance.now() - t0);
  }
  results.push(summary("validate and store a 50-field submission (with its mail)", store));

  // ----- Support list at 10,000 calls -----
  const base = (await db.select().from(programmes).where(eq(programmes.kind, "support")))[0];
  const { id: _id, ...copy } = base;
  for (let i = 0; i < 10; i++) {
    await db.insert(programmes).values(
      Array.from({ length: 1000 }, (_, j) => ({ ...copy, title: `${base.title} ${i}-${j}` })),
    );
  }
  const time = async (label: string, fetcher: () => Promise<Response>) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetcher();
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    results.push(summary(label, times));
  };
  const cold = app;
  await time("GET /support, page cache off (cold)", () => cold.fetch(new Request("http://localhost/support")));
  await time(
    "GET /support?page=500, page cache off",
    () => cold.fetch(new Request("http://localhost/support?page=500")),
  );
  await time(
    "GET /api/support?page=1&perpage=8",
    () => cold.fetch(new Request("http://localhost/api/support?page=1&perpage=8")),
  );
  const cachedConfig = loadConfig({ PAGE_CACHE_SECONDS: "300", DATA_DIR: await Deno.makeTempDir() });
  const cached = await createApp({ config: cachedConfig, database });
  await cached.fetch(new Request("http://localhost/support"));
  await time("GET /support, cached", () => cached.fetch(new Request("http://localhost/support")));
  console.log(JSON.stringify({ submissions: SUBMISSIONS, requests: REQUESTS, results }, null, 2));
  await app.files.idle();
  await cached.files.idle();
  await database.close();
} finally {
  await pg.stop();
}
