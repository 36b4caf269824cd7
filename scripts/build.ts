// `deno task build`: regenerate routes.gen.ts and bundle the islands. `--check`: fail if routes.gen.ts is stale.
import { generateManifest, islandFiles } from "../framework/gen.ts";
import { bundleIslands } from "../framework/bundle.ts";
import { ISLANDS_DIR, ROOT } from "../fresh.config.ts";

if (Deno.args.includes("--check")) {
  const current = await generateManifest(ROOT, { check: true });
  if (!current) {
    console.error("routes.gen.ts is stale: run `deno task build` and commit it");
    Deno.exit(1);
  }
  console.log("routes.gen.ts is current");
} else {
  await generateManifest(ROOT);
  const assets = await bundleIslands({ root: ROOT, islands: await islandFiles(ROOT), outDir: ISLANDS_DIR });
  console.log(`built ${Object.keys(assets.islands).length} islands into ${ISLANDS_DIR}`);
}
