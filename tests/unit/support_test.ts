// The test infrastructure itself: the summary parsing of scripts/test.ts, the per-file databases and the
// browser helpers.
import assert from "node:assert/strict";
import {
  countsOf,
  endedBeforeVerdict,
  parseDenoTestSummary,
  splitArgs,
  stripAnsi,
  TEST_FILE,
  testFiles,
} from "../../scripts/test.ts";
import { openTestDatabase } from "../support/db.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { sql } from "drizzle-orm";

Deno.test("the summary line of deno test is parsed, colours or not", () => {
  assert.deepEqual(parseDenoTestSummary("ok | 12 passed (3 steps) | 0 failed (1s)\n"), { passed: 12, failed: 0 });
  assert.deepEqual(
    parseDenoTestSummary(
      "x\n\x1b[0m\x1b[31mFAILED\x1b[0m | 4 passed (1 step) | 2 failed (1 step) \x1b[90m(2s)\x1b[0m\n",
    ),
    { passed: 4, failed: 2 },
  );
  assert.deepEqual(parseDenoTestSummary("ok | 3 passed | 0 failed | 2 ignored (5ms)"), { passed: 3, failed: 0 });
  assert.deepEqual(parseDenoTestSummary("error: TS2322 [ERROR]: Type 'string' is not assignable"), null);
  assert.deepEqual(stripAnsi("\x1b[1m\x1b[32mok\x1b[0m"), "ok");
});

Deno.test("a crash before the summary counts as one failure", () => {
  assert.deepEqual(countsOf("error: Module not found", false), { passed: 0, failed: 1 });
  assert.deepEqual(countsOf("ok | 2 passed | 0 failed (1ms)", false), { passed: 2, failed: 1 });
  assert.deepEqual(countsOf("FAILED | 2 passed | 3 failed (1ms)", false), { passed: 2, failed: 3 });
  assert.deepEqual(countsOf("ok | 7 passed | 0 failed (1ms)", true), { passed: 7, failed: 0 });
});

Deno.test("a signal, or a failure before any test reported, is worth one more run; failing tests and Ctrl-C are not", () => {
  const partial = "./tests/a_test.ts => x ... ok (1ms)\n";
  const download = "error: Import 'https://registry.npmjs.org/zod' failed: error sending request";
  assert.equal(endedBeforeVerdict({ success: false, signal: null, output: download }), true);
  assert.equal(endedBeforeVerdict({ success: true, signal: null, output: download }), false);
  assert.equal(endedBeforeVerdict({ success: false, signal: "SIGSEGV", output: partial }), true);
  assert.equal(endedBeforeVerdict({ success: false, signal: "SIGKILL", output: partial }), true);
  assert.equal(endedBeforeVerdict({ success: false, signal: null, output: partial }), false);
  assert.equal(endedBeforeVerdict({ success: false, signal: "SIGINT", output: partial }), false);
  const summary = "FAILED | 2 passed | 1 failed (1ms)";
  assert.equal(endedBeforeVerdict({ success: false, signal: "SIGSEGV", output: summary }), false);
  assert.equal(endedBeforeVerdict({ success: true, signal: null, output: "ok | 2 passed | 0 failed (1ms)" }), false);
});

Deno.test("each test file runs on its own: tests/ unless paths are given, flags and script args kept", () => {
  assert.deepEqual(splitArgs([]), { paths: ["tests/"], flags: [], scriptArgs: [] });
  assert.deepEqual(splitArgs(["--filter", "tests"]), {
    paths: ["tests/"],
    flags: ["--filter", "tests"],
    scriptArgs: [],
  });
  assert.deepEqual(splitArgs(["tests/unit", "--parallel", "--", "a"]), {
    paths: ["tests/unit"],
    flags: [],
    scriptArgs: ["--", "a"],
  });
  const files = testFiles(["tests/"]);
  assert.ok(files.includes("tests/unit/support_test.ts") && files.includes("tests/e2e/register_test.ts"));
  assert.ok(files.every((f) => TEST_FILE.test(f.split("/").pop()!)), "only test files");
  assert.ok(!files.some((f) => f.startsWith("tests/support/")), "the helpers are not tests");
  assert.ok(
    files.indexOf("tests/e2e/register_test.ts") < files.indexOf("tests/api/auth_test.ts"),
    "browser tests first",
  );
  assert.deepEqual(testFiles(["tests/unit/support_test.ts"]), ["tests/unit/support_test.ts"]);
});

/** The rows of `db.execute()`: an array on postgres.js, `{ rows }` on PGlite. */
function rows(result: unknown): { n: number }[] {
  return Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
}

Deno.test("each test file gets its own migrated, seeded database", async () => {
  const a = await openTestDatabase();
  const b = await openTestDatabase();
  try {
    // Seeded: the demo sites are there.
    assert.ok(rows(await a.db.execute(sql`select count(*)::int as n from sites`))[0].n > 0);
    // A change in one is not seen by the other.
    await a.db.execute(sql`create table scratch_isolation (id int)`);
    await b.db.execute(sql`select 1`);
    await assert.rejects(() => b.db.execute(sql`select * from scratch_isolation`));
  } finally {
    await a.close();
    await b.close();
  }
});

Deno.test("headless Chromium loads a page from serve()", async () => {
  const server = await serve(() =>
    new Response("<title>hi</title><p>hello</p>", { headers: { "content-type": "text/html" } })
  );
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(server.origin + "/");
    assert.deepEqual(await page.title(), "hi");
    assert.deepEqual(await page.textContent("p"), "hello");
  } finally {
    await browser.close();
    await server.close();
  }
});
