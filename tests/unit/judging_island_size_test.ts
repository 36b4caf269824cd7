// Issue 11's figure "the scoring island ≤ 25 KB gzip with its runtime", asserted on the build output
// (`deno task test` bundles the islands into static/_islands first; scripts/build.ts, framework/bundle.ts):
// the ScoringBoard chunk, the boot module that hydrates it, and every chunk either imports — statically or
// dynamically, followed to the end — which is where Preact and its hooks live. Each file is gzipped on its
// own (node:zlib, level 9), as the browser fetches them one by one.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { ISLANDS_DIR } from "../../fresh.config.ts";
import { readIslandAssets } from "../../framework/bundle.ts";

const LIMIT = 25 * 1024;

/** The chunks a module imports, read from its code: `from"./x.js"`, `import"./x.js"`, `import("./x.js")`. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.\/[\w.-]+\.js)["']/g)) found.add(m[1].slice(2));
  return [...found];
}

Deno.test("the ScoringBoard island with its runtime is at most 25 KB gzip", async () => {
  const assets = await readIslandAssets(ISLANDS_DIR);
  assert.ok(assets, `no island manifest in ${ISLANDS_DIR}: run through \`deno task test\`, which builds first`);
  const island = assets.islands.ScoringBoard;
  assert.ok(island, "ScoringBoard is bundled as an island");
  const name = (url: string) => url.replace(/^\/_islands\//, "");

  // Everything a judge's browser loads for the island: boot, the island, and their imports, transitively.
  const queue = [name(assets.boot), name(island)];
  const sizes = new Map<string, { raw: number; gzip: number }>();
  while (queue.length) {
    const file = queue.pop()!;
    if (sizes.has(file)) continue;
    const bytes = await Deno.readFile(join(ISLANDS_DIR, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    const code = new TextDecoder().decode(bytes);
    // The manifest's static imports and the code's own (dynamic ones too) must agree on nothing missing.
    for (const dep of [...(assets.imports[`/_islands/${file}`] ?? []).map(name), ...importsOf(code)]) queue.push(dep);
  }
  const total = [...sizes.values()].reduce((sum, s) => sum + s.gzip, 0);
  const lines = [...sizes].map(([f, s]) => `${f} ${s.raw} B → ${s.gzip} B gzip`).join("; ");
  console.log(`[island] ScoringBoard with its runtime: ${(total / 1024).toFixed(1)} KB gzip (${lines})`);
  // The runtime is in there: Preact's renderer is what hydrates the island.
  assert.ok(sizes.size >= 3, "boot, the island and at least one shared chunk (Preact)");
  assert.ok(total <= LIMIT, `ScoringBoard with its runtime is ${total} B gzip, above ${LIMIT} B`);
});
