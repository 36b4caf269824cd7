// Issue 15 §3: how a builder tree names its pictures. Stored files in any of SPEC §7's image URL forms come
// to the file's /api/file/image/{id}; static images stay as they are; anything else (data:, javascript:,
// another host, a path that climbs out) is refused. The files a tree shows are found in images and slides,
// in every nesting, with where each is used; the first picture near the top is the one not lazy.
import assert from "node:assert/strict";
import { imageFileId, imageSources, isStaticImage, treeFileRefs } from "../../domain/builder/images.ts";
import { isOwnImage, parseTree, TreeError } from "../../domain/builder/tree.ts";
import { eagerImageNode } from "../../components/builder/PageTree.tsx";
import type { BuilderNode } from "../../domain/builder/tree.ts";

Deno.test("a stored file's image URLs name its id; nothing else does", () => {
  for (const src of ["/api/file/image/7", "/api/file/7", "/api/file/thumbnail/7", "/api/file/binary/7"]) {
    assert.equal(imageFileId(src), 7, src);
  }
  assert.equal(imageFileId("/api/file/7/preview_image.jpg"), 7);
  for (
    const src of [
      "/api/file/0",
      "/api/file/image/99999999999",
      "/api/file/7/external_application.zip",
      "/api/file/download/7",
      "/api/file/image/7?x=1",
      "/api/file/image/7/../8",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)",
      "https://example.com/api/file/image/7",
      "//evil/api/file/image/7",
    ]
  ) assert.equal(imageFileId(src), null, src);
  assert.ok(isStaticImage("/images/builder/slide-1.svg"));
  assert.ok(isStaticImage("/storage/public/og/site.png"));
  assert.ok(!isStaticImage("/images/../api/file/1"));
  assert.ok(!isOwnImage("data:image/svg+xml,<svg onload=alert(1)>"));
  assert.ok(!isOwnImage("https://cdn.example/x.png"), "img-src 'self': other hosts would not load anyway");
  assert.ok(!isOwnImage(""));
});

Deno.test("the tree stores a stored file as /api/file/image/{id} and refuses other addresses", () => {
  const [node] = parseTree([{ id: "a", type: "image", props: { src: "/api/file/12/external_image.jpg", alt: "x" } }]);
  assert.equal(node.props.src, "/api/file/image/12");
  const [slider] = parseTree([{
    id: "s",
    type: "slider",
    props: { label: "x", slides: [{ src: "/api/file/thumbnail/3", alt: "a" }, { src: "/images/a.png", alt: "b" }] },
  }]);
  assert.deepEqual((slider.props.slides as { src: string }[]).map((s) => s.src), [
    "/api/file/image/3",
    "/images/a.png",
  ]);
  for (const src of ["data:image/png;base64,AAAA", "javascript:alert(1)", "http://evil.example/x.png", " "]) {
    assert.throws(
      () => parseTree([{ id: "a", type: "image", props: { src } }]),
      (err) => err instanceof TreeError && JSON.stringify(err.details).includes("builder.image_refused"),
      src,
    );
  }
});

Deno.test("the files a tree shows: images and slides at any depth, each with its first place", () => {
  const tree: BuilderNode[] = [
    { id: "h", type: "heading", props: { text: "x" } },
    {
      id: "s",
      type: "section",
      props: {},
      children: [
        { id: "i", type: "image", props: { src: "/api/file/image/5" } },
        {
          id: "sl",
          type: "slider",
          props: { slides: [{ src: "/images/a.png" }, { src: "/api/file/image/6" }, { src: "/api/file/image/5" }] },
        },
      ],
    },
  ];
  assert.deepEqual(imageSources(tree, "ko").map((s) => s.path), [
    "ko.1.children.0.props.src",
    "ko.1.children.1.props.slides.0.src",
    "ko.1.children.1.props.slides.1.src",
    "ko.1.children.1.props.slides.2.src",
  ]);
  assert.deepEqual([...treeFileRefs(tree, "ko")], [[5, "ko.1.children.0.props.src"], [
    6,
    "ko.1.children.1.props.slides.1.src",
  ]]);
  assert.equal(eagerImageNode(tree), "i", "the first picture near the top loads at once");
  const low: BuilderNode[] = [
    ...Array.from({ length: 8 }, (_, n) => ({ id: `h${n}`, type: "heading", props: { text: "x" } })),
    { id: "i", type: "image", props: { src: "/api/file/image/5" } },
  ];
  assert.equal(eagerImageNode(low), undefined, "one far down is lazy like the rest");
});
