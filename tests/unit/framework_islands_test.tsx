// Islands: the server marker and its props (escaped, JSON only), no script on pages without islands,
// and a real code-split, content-hashed bundle.
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registerIslands, serializeProps } from "../../framework/islands.ts";
import { type IslandAssets, renderDocument } from "../../framework/render.ts";
import { bundleIslands } from "../../framework/bundle.ts";
import Counter from "../fixtures/islands/Counter.tsx";
import Greeting from "../fixtures/islands/Greeting.tsx";

registerIslands({ Counter, Greeting });

const assets: IslandAssets = {
  boot: "/_islands/boot-AAA.js",
  islands: { Counter: "/_islands/Counter-BBB.js", Greeting: "/_islands/Greeting-CCC.js" },
  imports: {
    "/_islands/boot-AAA.js": ["/_islands/chunk-PRE.js"],
    "/_islands/Counter-BBB.js": ["/_islands/chunk-PRE.js"],
  },
};

const App = ({ Component }: { Component: () => unknown }) => (
  <html>
    <head></head>
    <body>{(Component as () => preact.JSX.Element)()}</body>
  </html>
);

function render(component: () => preact.JSX.Element | null) {
  return renderDocument({ app: App, layouts: [], component, props: {}, assets });
}

Deno.test("a page without islands sends no script at all", () => {
  const html = render(() => <p>plain</p>);
  assert.doesNotMatch(html, /<script/);
  assert.doesNotMatch(html, /modulepreload/);
});

Deno.test("an island renders inside its marker with its props in one JSON block", () => {
  const html = render(() => (
    <main>
      <Counter start={3} label="Likes" />
    </main>
  ));
  assert.match(
    html,
    /<island-root data-island="Counter" data-id="0"><button type="button"\s*>Likes 3<\/button><\/island-root>/,
  );
  const json = html.match(/<script type="application\/json" id="__islands">(.*?)<\/script>/)![1];
  assert.deepEqual(JSON.parse(json), {
    islands: { Counter: "/_islands/Counter-BBB.js" },
    props: [{ start: 3, label: "Likes" }],
  });
  assert.match(html, /<script type="module" src="\/_islands\/boot-AAA.js"><\/script><\/body>/);
  // the boot, the island and their shared chunk are preloaded once each
  assert.equal(html.match(/rel="modulepreload" href="\/_islands\/chunk-PRE.js"/g)?.length, 1);
  assert.match(html, /modulepreload" href="\/_islands\/Counter-BBB.js"/);
});

Deno.test("only the islands a page uses are named in it", () => {
  const html = render(() => <Greeting name="Ana" />);
  assert.match(html, /Greeting-CCC/);
  assert.doesNotMatch(html, /Counter-BBB/);
});

Deno.test("props cannot break out of the script element", () => {
  const hostile = "</script><script>alert(1)</script><!-- \u2028 \u2029 & >";
  const html = render(() => <Counter start={1} label={hostile} />);
  const json = html.match(/<script type="application\/json" id="__islands">(.*?)<\/script>/s)![1];
  assert.doesNotMatch(json, /<\/script|<!--|[\u2028\u2029<>&]/);
  assert.equal(JSON.parse(json).props[0].label, hostile);
  assert.equal(html.match(/<script/g)?.length, 2);
});

Deno.test("functions, symbols and elements are refused as island props", () => {
  assert.throws(() => serializeProps({ onClick: () => {} }), /onClick/);
  assert.throws(() => serializeProps({ s: Symbol("x") }), /symbol/);
  assert.throws(() => serializeProps({ child: <b>x</b> }), /JSX element/);
  assert.throws(() => render(() => <Counter start={1} label={(() => "x") as unknown as string} />), /label/);
});

Deno.test("an island inside an island is part of its parent, not a second marker", () => {
  const Outer = (props: { name: string }) => (
    <div>
      <Greeting name={props.name} />
    </div>
  );
  registerIslands({ Outer });
  const html = renderDocument({
    app: App,
    layouts: [],
    component: () => <Outer name="nested" />,
    props: {},
    assets: { ...assets, islands: { ...assets.islands, Outer: "/_islands/Outer-DDD.js" } },
  });
  assert.equal(html.match(/<island-root/g)?.length, 1);
  assert.match(html, /data-island="Outer"/);
});

Deno.test("bundling splits Preact into one shared chunk and hashes every file", async () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const outDir = await Deno.makeTempDir();
  try {
    const built = await bundleIslands({
      root,
      islands: { Counter: "tests/fixtures/islands/Counter.tsx", Greeting: "tests/fixtures/islands/Greeting.tsx" },
      outDir,
    });
    assert.match(built.boot, /^\/_islands\/boot-[A-Z0-9]+\.js$/);
    assert.match(built.islands.Counter, /^\/_islands\/Counter-[A-Z0-9]+\.js$/);
    // Preact itself is one chunk imported by the boot and by every island (hooks, used only by
    // islands, may form a second shared chunk).
    const bootImports = built.imports[built.boot];
    assert.equal(bootImports.length, 1, "the boot imports only the Preact chunk");
    const preactChunk = bootImports[0];
    assert.ok(built.imports[built.islands.Counter].includes(preactChunk));
    assert.deepEqual(built.imports[built.islands.Greeting], built.imports[built.islands.Counter]);
    const chunk = await Deno.readTextFile(join(outDir, preactChunk.replace("/_islands/", "")));
    assert.ok(chunk.length > 3000, "Preact lives in the shared chunk");
    const files = [...Deno.readDirSync(outDir)].map((e) => e.name).filter((n) => n.endsWith(".js"));
    assert.equal(files.filter((n) => n.startsWith("boot-")).length, 1);
    assert.ok(files.every((n) => /-[A-Z0-9]{8}\.js$/.test(n)), `hashed names: ${files.join(", ")}`);
    const island = await Deno.readTextFile(join(outDir, built.islands.Counter.replace("/_islands/", "")));
    assert.ok(island.length < 1500, `the island chunk is small (${island.length} bytes)`);
    const manifest = JSON.parse(await Deno.readTextFile(join(outDir, "manifest.json")));
    assert.deepEqual(manifest, built);
  } finally {
    await Deno.remove(outDir, { recursive: true });
  }
});
