// The scale bench works (issue 22 §5: CI runs it at 1 k and 10 k as a check, not a timed test): it grows a
// throwaway PostgreSQL to both sizes, every measured page answers 200 (the bench stops otherwise), and it
// prints the growth table with a row per page and each export's row count at each size.
import assert from "node:assert/strict";
import { findPostgresBin } from "../../scripts/pg.ts";

Deno.test({
  name: "deno task bench:scale --sizes 1000,10000 measures every page at both sizes",
  ignore: findPostgresBin() === null,
  async fn() {
    const script = new URL("../../scripts/bench-scale.ts", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script, "--sizes", "1000,10000", "--runs", "1"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, text + new TextDecoder().decode(out.stderr));
    assert.match(text, /\| page \| 1 k \| 10 k \| growth 10 k \|/);
    for (const page of ["/management/user", "/management/award/entries", "/management/statistics/award", "mailbox"]) {
      assert.match(
        text,
        new RegExp(`\\| \`[^|]*${page.replace(/[/.]/g, "\\$&")}[^|]*\` \\| [\\d.]+ ms \\| [\\d.]+ ms \\|`),
      );
    }
    // Each export has its rows at each size: the newest award's entries (a fifth of them), the family's
    // payments, every member (at 10 k, the 10,000 grown and the seeded ones).
    const rows = (path: string) =>
      [...text.matchAll(new RegExp(`CSV ${path.replace(/[/.]/g, "\\$&")} at (\\d+ k): (\\d+) rows`, "g"))]
        .map((m) => Number(m[2]));
    for (const path of ["/management/award/entries.csv", "/management/award/payments.csv"]) {
      const [small, large] = rows(path);
      assert.ok(large > small * 5, `${path} rows ${rows(path)}\n${text}`);
    }
    assert.ok(rows("/management/user/members.csv")[1] > 10_000, text);
  },
});
