// The area benches work (issues 13, 18, 19; figures in the README, not asserted): at two small sizes each
// grows its tables, every list answers 200 through the app (the bench stops otherwise), the table has a row
// per list with both sizes, and the market's take-forward with 1,000 open requests cancels the other 999.
import assert from "node:assert/strict";
import { findPostgresBin } from "../../scripts/pg.ts";
import { parseAreaArgs } from "../../scripts/bench-areas.ts";

async function run(area: string): Promise<string> {
  const script = new URL("../../scripts/bench-areas.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, area, "--sizes", "200,400", "--runs", "2"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, text + new TextDecoder().decode(out.stderr));
  assert.match(text, /\| page \(200 → 400\) \| cold p50 \| cold p99 \| (cached|warm) p50 \|/);
  return text;
}

const row = (page: string) =>
  new RegExp(`\\| \`${page.replace(/[/.?]/g, "\\$&")}[^|]*\` \\| [\\d.]+ ms → [\\d.]+ ms \\|`);

Deno.test("bench-areas: the area, sizes and runs are read; a wrong area or option is refused", () => {
  assert.deepEqual(parseAreaArgs(["board"]), { area: "board", sizes: [1_000, 1_000_000], runs: 50, explain: false });
  assert.deepEqual(parseAreaArgs(["job", "--sizes", "100k,1000", "--runs=9"]), {
    area: "job",
    sizes: [1_000, 100_000],
    runs: 9,
    explain: false,
  });
  assert.throws(() => parseAreaArgs(["shop"]), /area/);
  assert.throws(() => parseAreaArgs(["market", "--sizes", "10"]), /sizes/);
  assert.throws(() => parseAreaArgs(["market", "--fast"]), /unknown option/);
});

const ignore = findPostgresBin() === null;

Deno.test({
  name: "deno task bench:market at 200 and 400 products measures every list and a take-forward",
  ignore,
  async fn() {
    const text = await run("market");
    for (const page of ["/market/design", "/market/design?order=price_asc", "/market/intellect"]) {
      assert.match(text, row(page));
    }
    assert.match(text, /Taking a request forward with 1,000 open requests .*400 products: 2 runs, p50/);
  },
});

Deno.test({
  name: "deno task bench:job at 200 and 400 postings and resumes measures both lists with every filter",
  ignore,
  async fn() {
    const text = await run("job");
    for (const page of ["/job/recruit", "/job/recruit?region=11&occupation=uiux", "/job/search"]) {
      assert.match(text, row(page));
    }
  },
});

Deno.test({
  name: "deno task bench:board at 200 and 400 posts measures the list, a post and the searches",
  ignore,
  async fn() {
    const text = await run("board");
    for (const page of ["/board/free", "/board/free/{id}", "/board/free?keyword=", "/search?q="]) {
      assert.match(text, row(page));
    }
  },
});
