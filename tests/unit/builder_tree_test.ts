// Issue 15 §1 and its bad-input list: the component tree's schema, limits and sanitising, and the pure
// edits (keyboard moves) the builder applies.
import assert from "node:assert/strict";
import {
  type BuilderNode,
  isSafeUrl,
  MAX_DEPTH,
  MAX_NODES,
  parseTree,
  parseTrees,
  plainProperty,
  TreeError,
} from "../../domain/builder/tree.ts";
import { COMPONENT_TYPES, componentDef, defaultProps } from "../../domain/builder/catalogue.ts";
import { canContain, keyMove, moveNode, newNode, nodeAt, removeNode } from "../../domain/builder/edit.ts";

const refused = (input: unknown, key?: string, field?: RegExp) => {
  try {
    parseTree(input);
  } catch (err) {
    assert.ok(err instanceof TreeError, `a TreeError, not ${err}`);
    assert.equal(err.status, 422);
    if (key) assert.equal(err.key, key);
    const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
    if (field) assert.ok(Object.keys(fields).some((f) => field.test(f)), JSON.stringify(fields));
    return fields;
  }
  assert.fail("the tree was accepted");
};

Deno.test("every catalogue type's default node is a valid tree", () => {
  let n = 0;
  const ids = () => `id${n++}`;
  const fill: Record<string, Record<string, unknown>> = {
    heading: { text: "제목" },
    image: { src: "/images/common/no_img.png", alt: "x" },
    button: { label: "Go", href: "/about" },
    table: { caption: "표" },
    video: { title: "영상", url: "https://www.youtube.com/watch?v=abc" },
    map: { label: "센터", address: "서울 중구" },
    slider: { label: "슬라이드", slides: [{ src: "/images/common/no_img.png", alt: "a" }] },
    tab: { label: "첫째" },
  };
  const tree: BuilderNode[] = [];
  for (const type of COMPONENT_TYPES) {
    if (componentDef(type)!.partOf) continue;
    const node = newNode(type, ids);
    Object.assign(node.props, fill[type] ?? {});
    for (const child of node.children ?? []) Object.assign(child.props, fill[child.type] ?? {});
    tree.push(node);
  }
  const parsed = parseTree(tree);
  assert.equal(parsed.length, tree.length);
  assert.equal(parsed.find((n) => n.type === "slider")!.props.interval, 5000);
});

Deno.test("an unknown component type is refused at its path", () => {
  refused([{ id: "a", type: "marquee", props: {} }], "builder.tree_invalid", /^tree\.0\.type$/);
});

Deno.test("a property of the wrong type, or one the type does not have, is refused", () => {
  refused([{ id: "a", type: "heading", props: { text: 42 } }], undefined, /props\.text/);
  refused([{ id: "a", type: "spacer", props: { size: "xxl" } }], undefined, /props\.size/);
  refused([{ id: "a", type: "divider", props: { onclick: "x" } }], undefined, /props/);
  refused([{ id: "a", type: "notices", props: { board: "notice", count: 1000 } }], undefined, /props\.count/);
});

Deno.test("100 levels of nesting and 10,000 nodes are refused cleanly", () => {
  let deep: BuilderNode = { id: "d0", type: "section", props: {}, children: [] };
  for (let i = 1; i < 100; i++) deep = { id: `d${i}`, type: "section", props: {}, children: [deep] };
  refused([deep], "builder.too_deep");
  // Far deeper than any stack would take if the check recursed.
  let deeper: unknown = [];
  for (let i = 0; i < 100_000; i++) deeper = [{ id: "x", type: "section", props: {}, children: deeper }];
  refused(deeper, "builder.too_deep");
  const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `n${i}`, type: "divider", props: {} }));
  refused(many, "builder.too_many_nodes");
  // At the limits: accepted.
  let ok: BuilderNode = { id: "k0", type: "divider", props: {} };
  for (let i = 1; i < MAX_DEPTH; i++) ok = { id: `k${i}`, type: "section", props: {}, children: [ok] };
  assert.equal(parseTree([ok]).length, 1);
  const full = Array.from({ length: MAX_NODES }, (_, i) => ({ id: `m${i}`, type: "divider", props: {} }));
  assert.equal(parseTree(full).length, MAX_NODES);
});

Deno.test("script and event-handler attributes in text properties are removed; rich text is sanitised", () => {
  const [h, t, l] = parseTree([
    { id: "a", type: "heading", props: { text: 'Hi <script>alert(1)</script><img src=x onerror="alert(2)">there' } },
    {
      id: "b",
      type: "text",
      props: { html: '<p onclick="x()">ok <a href="javascript:alert(1)">l</a></p><script>1</script>' },
    },
    { id: "c", type: "list", props: { items: ["<b onmouseover=alert(1)>bold</b>", "a & b < c"] } },
  ]);
  assert.equal(h.props.text, "Hi there");
  assert.doesNotMatch(String(t.props.html), /script|onclick|javascript/i);
  assert.match(String(t.props.html), /<p>ok <a/);
  assert.deepEqual(l.props.items, ["bold", "a & b < c"]);
  assert.equal(plainProperty("<svg/onload=alert(1)>"), "");
});

Deno.test("a javascript: link and other unsafe URLs are refused; safe ones pass", () => {
  for (
    const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example",
      "/\\evil.example",
      "/%2fevil.example",
      "http://",
      "https://user:pw@evil.example",
    ]
  ) {
    assert.equal(isSafeUrl(href.trim() === href ? href : href), false, href);
    refused([{ id: "a", type: "button", props: { label: "x", href } }], undefined, /props\.href/);
  }
  for (
    const href of ["/about", "/en/contest?x=1", "#top", "https://example.com/a", "mailto:a@b.kr", "tel:02-123-4567"]
  ) {
    assert.equal(isSafeUrl(href), true, href);
  }
  refused([{ id: "a", type: "image", props: { src: "https://evil.example/x.png", alt: "" } }], undefined, /props\.src/);
  refused([{ id: "a", type: "image", props: { src: "/images/../../etc/passwd", alt: "" } }], undefined, /props\.src/);
});

Deno.test("parts stay in their parents, columns match their ratio, ids are unique, leaves have no children", () => {
  refused([{ id: "a", type: "column", props: {}, children: [] }], undefined, /tree\.0\.type/);
  refused(
    [{ id: "a", type: "columns", props: { ratio: "1-1" }, children: [{ id: "b", type: "column", props: {} }] }],
    undefined,
    /children/,
  );
  refused(
    [{ id: "a", type: "tabs", props: {}, children: [{ id: "b", type: "heading", props: { text: "x" } }] }],
    undefined,
    /children\.0\.type/,
  );
  refused([{ id: "a", type: "divider", props: {} }, { id: "a", type: "divider", props: {} }], undefined, /tree\.1\.id/);
  refused(
    [{ id: "a", type: "divider", props: {}, children: [{ id: "b", type: "divider", props: {} }] }],
    undefined,
    /children/,
  );
  refused([{ id: "bad id!", type: "divider", props: {} }], undefined, /id/);
});

Deno.test("both languages: en may be null (the Korean tree is shown)", () => {
  const trees = parseTrees({ ko: [{ id: "a", type: "divider", props: {} }], en: null });
  assert.equal(trees.en, null);
  assert.throws(() => parseTrees([]), TreeError);
  assert.throws(() => parseTrees({ ko: [], en: "x" }), TreeError);
});

Deno.test("defaults are the catalogue's", () => {
  assert.deepEqual(defaultProps("notices"), { board: "notice", count: 5 });
  assert.deepEqual(defaultProps("slider").interval, 5000);
});

// ---------- Edits ----------

const leaf = (id: string): BuilderNode => ({ id, type: "divider", props: {} });
const box = (id: string, children: BuilderNode[]): BuilderNode => ({ id, type: "section", props: {}, children });
const ids = (tree: BuilderNode[]): unknown => tree.map((n) => (n.children ? [n.id, ids(n.children)] : n.id));

Deno.test("keyboard moves: up, down, into the sibling above, out of the parent", () => {
  const tree = [leaf("a"), box("s", [leaf("b"), leaf("c")]), leaf("d")];
  assert.deepEqual(ids(keyMove(tree, [2], "up")!.tree), ["a", "d", ["s", ["b", "c"]]]);
  assert.deepEqual(ids(keyMove(tree, [0], "down")!.tree), [["s", ["b", "c"]], "a", "d"]);
  const into = keyMove(tree, [2], "in")!;
  assert.deepEqual(ids(into.tree), ["a", ["s", ["b", "c", "d"]]]);
  assert.deepEqual(into.path, [1, 2]);
  const out = keyMove(tree, [1, 0], "out")!;
  assert.deepEqual(ids(out.tree), ["a", ["s", ["c"]], "b", "d"]);
  assert.deepEqual(out.path, [2]);
  assert.equal(keyMove(tree, [0], "up"), null);
  assert.equal(keyMove(tree, [2], "down"), null);
  assert.equal(keyMove(tree, [0], "out"), null);
  assert.equal(keyMove(tree, [1], "in"), null, "a divider takes no children");
  // The original is untouched (history snapshots share it).
  assert.deepEqual(ids(tree), ["a", ["s", ["b", "c"]], "d"]);
});

Deno.test("moves refuse a node into itself and a part outside its parent", () => {
  const tree = [
    box("s", [box("t", [leaf("x")])]),
    newNode(
      "columns",
      (() => {
        let i = 0;
        return () => `c${i++}`;
      })(),
    ),
  ];
  assert.equal(moveNode(tree, [0], [0, 0], 0), null);
  assert.equal(moveNode(tree, [1, 0], [], 0), null, "a column stays in its columns");
  assert.equal(canContain("tabs", "heading"), false);
  assert.equal(canContain("columns", "column"), true);
  const moved = moveNode(tree, [0, 0, 0], [1, 1], 0)!;
  assert.equal(nodeAt(moved.tree, moved.path)!.id, "x");
  assert.equal(removeNode(moved.tree, moved.path).length, 2);
});

Deno.test("the built-in sections of the palette are valid trees", async () => {
  const { BUILT_IN_SECTIONS } = await import("../../domain/builder/sections.ts");
  for (const section of BUILT_IN_SECTIONS) assert.equal(parseTree(section.nodes).length, section.nodes.length);
});

Deno.test("the showcase tree has every component of the catalogue, in both languages, and passes the check", async () => {
  const { everyComponentTree } = await import("../../domain/builder/samples.ts");
  const { walkNodes } = await import("../../domain/builder/tree.ts");
  for (const lang of ["ko", "en"] as const) {
    const tree = parseTree(everyComponentTree(lang));
    const types = new Set([...walkNodes(tree)].map((n) => n.type));
    assert.deepEqual(COMPONENT_TYPES.filter((t) => !types.has(t)), [], lang);
  }
});
