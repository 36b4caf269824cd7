// Bundles the boot module and every island with code splitting: Preact ends up in one shared chunk,
// every file is content-hashed, and a manifest maps island names to chunk URLs.
import * as esbuild from "esbuild";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { IslandAssets } from "./render.ts";

export const ISLANDS_URL = "/_islands";

export interface BundleOptions {
  root: string;
  /** Island name → path of its module relative to root. */
  islands: Record<string, string>;
  outDir: string;
}

export async function bundleIslands({ root, islands, outDir }: BundleOptions): Promise<IslandAssets> {
  const bootPath = fileURLToPath(new URL("./client/boot.ts", import.meta.url));
  const entryPoints = [
    { in: bootPath, out: "boot" },
    ...Object.entries(islands).map(([name, file]) => ({ in: join(root, file), out: name })),
  ];
  await Deno.remove(outDir, { recursive: true }).catch(() => {});
  try {
    const result = await esbuild.build({
      entryPoints,
      absWorkingDir: root,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2020"],
      minify: true,
      outdir: outDir,
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      metafile: true,
      jsx: "automatic",
      jsxImportSource: "preact",
      alias: { react: "preact/compat", "react-dom": "preact/compat" },
      define: { "process.env.NODE_ENV": '"production"' },
      legalComments: "none",
      logLevel: "silent",
    });
    const assets: IslandAssets = { boot: "", islands: {}, imports: {} };
    const toUrl = (file: string) => `${ISLANDS_URL}/${relative(outDir, join(root, file))}`;
    for (const [file, output] of Object.entries(result.metafile.outputs)) {
      if (!file.endsWith(".js")) continue;
      const url = toUrl(file);
      assets.imports[url] = output.imports.filter((i) => i.kind === "import-statement").map((i) => toUrl(i.path));
      if (!output.entryPoint) continue;
      const entry = entryPoints.find((e) => join(root, output.entryPoint!) === e.in || output.entryPoint === e.in);
      if (!entry) continue;
      if (entry.out === "boot") assets.boot = url;
      else assets.islands[entry.out] = url;
    }
    await Deno.writeTextFile(join(outDir, "manifest.json"), JSON.stringify(assets, null, 2));
    return assets;
  } finally {
    await esbuild.stop();
  }
}

export async function readIslandAssets(outDir: string): Promise<IslandAssets | null> {
  try {
    return JSON.parse(await Deno.readTextFile(join(outDir, "manifest.json")));
  } catch {
    return null;
  }
}
