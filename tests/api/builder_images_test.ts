// Issue 15 §3 over HTTP: pictures on builder pages go through the files pipeline. A picture uploaded for
// pages (POST /api/file?purpose=page_image) is private until the page that shows it is published, then
// public, and the published page shows it with its derivatives (srcset), width and height, lazy below the
// first one. Publishing refuses a tree that shows someone else's private file (422, nothing made public)
// and image addresses that are not this site's (data:, javascript:, another host). Only those who build
// pages upload for pages and list the recent uploads.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { pages } from "../../db/schema/site.ts";
import { files } from "../../db/schema/file.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { imageFileId } from "../../domain/builder/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const member = await signIn(t, "member");
const staff = await signIn(t, "staff");

const [site] = await db.select({ id: pages.siteId }).from(pages).where(eq(pages.path, "/")).limit(1);
const [created] = await db.insert(pages).values({
  siteId: site.id,
  path: "/builder-images",
  title: "그림 시험",
  titleEn: "Pictures",
}).returning();
const pageId = created.id;

const send = (cookie: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: csrfHeaders({ cookie, "content-type": "application/json", accept: "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** One file as the picker sends it: the raw body, its name in the query. */
async function upload(cookie: string, purpose: string, name: string, bytes: Uint8Array) {
  return await t.request(`/api/file?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: csrfHeaders({ cookie, accept: "application/json", "content-type": "application/octet-stream" }),
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

async function uploaded(cookie: string, purpose: string, name: string, bytes: Uint8Array) {
  const res = await upload(cookie, purpose, name, bytes);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).data[0] as { id: number; access: string; width: number; height: number };
}

const fileRow = async (id: number) => (await db.select().from(files).where(eq(files.id, id)))[0];
const visitor = (path: string) => t.request(path, { headers: { host: "localhost" } });

async function pageHtml(path: string, expect: RegExp): Promise<string> {
  let html = "";
  for (let i = 0; i < 100 && !expect.test(html); i++) {
    html = await (await visitor(path)).text();
    await new Promise((r) => setTimeout(r, 20));
  }
  return html;
}

const imageNode = (id: string, src: string, alt: string) => ({ id, type: "image", props: { src, alt } });
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, type: "heading", props: { text: `문단 ${i}` } }));

const picture = await uploaded(admin, "page_image", "표지.jpg", await photo(1600, 1000));
const second = await uploaded(admin, "page_image", "아래.png", await photo(400, 300, "png"));

appTest("an upload for pages starts private; only page builders upload for pages and list them", async () => {
  assert.equal(picture.access, "owner");
  assert.equal((await visitor(`/api/file/image/${picture.id}`)).status, 403, "private before publishing");
  assert.equal((await upload(member, "page_image", "x.jpg", await photo(50, 50))).status, 403);
  assert.equal((await upload(staff, "page_image", "x.jpg", await photo(50, 50))).status, 403, "no page grant");
  const pdf = await upload(admin, "page_image", "x.pdf", new TextEncoder().encode("%PDF-1.4\n"));
  assert.equal(pdf.status, 422, "images only");

  const list = await send(admin, "GET", "/api/builder/images");
  assert.equal(list.status, 200);
  const data = (await list.json()).data as { id: number; src: string; thumbnail: string }[];
  assert.deepEqual(data.slice(0, 2).map((f) => f.id), [second.id, picture.id], "newest first");
  assert.equal(data[1].src, `/api/file/image/${picture.id}`);
  assert.equal(data[1].thumbnail, `/api/file/${picture.id}/external_thumbnail.jpg`);
  assert.equal((await send(member, "GET", "/api/builder/images")).status, 403);
  assert.equal((await send(staff, "GET", "/api/builder/images")).status, 403);
  assert.equal((await t.request("/api/builder/images")).status, 401);
});

appTest("publishing a page with an uploaded image makes the file public and the page shows it", async () => {
  // A pasted derivative link is stored as the file's image address.
  const ko = [
    imageNode("top", `/api/file/${picture.id}/external_image.jpg`, "표지 그림"),
    ...filler(8),
    imageNode("low", `/api/file/image/${second.id}`, "아래 그림"),
  ];
  const saved = await send(admin, "PUT", `/api/builder/pages/${pageId}`, { trees: { ko, en: null } });
  assert.equal(saved.status, 200, await saved.clone().text());
  const draft = await (await send(admin, "GET", `/api/builder/pages/${pageId}`)).json();
  assert.equal(draft.trees.ko[0].props.src, `/api/file/image/${picture.id}`);
  const held = await fileRow(picture.id);
  assert.ok(held.attachedAt, "a draft holds its pictures (the sweep leaves them)");
  assert.equal(held.access, "owner", "and they stay private until publishing");

  const published = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, {});
  assert.equal(published.status, 200, await published.clone().text());
  assert.equal((await fileRow(picture.id)).access, "public");
  assert.equal((await fileRow(second.id)).access, "public");
  const image = await visitor(`/api/file/image/${picture.id}`);
  assert.equal(image.status, 200, "a visitor reads the picture now");
  await image.body?.cancel();
  const variant = await visitor(`/api/file/${picture.id}/preview_image.jpg`);
  assert.equal(variant.status, 200);
  assert.equal(variant.headers.get("content-type"), "image/jpeg");
  await variant.body?.cancel();

  const html = await pageHtml("/builder-images", /표지 그림/);
  const top = html.match(/<img[^>]*alt="표지 그림"[^>]*>/)?.[0] ?? "";
  assert.ok(top, html.slice(0, 2000));
  assert.match(top, new RegExp(`src="/api/file/${picture.id}/external_image\\.jpg"`));
  assert.match(top, new RegExp(`/api/file/${picture.id}/preview_image\\.jpg 720w`), "srcset by width");
  assert.match(top, /width="1280" height="800"/, "the derivative's size: nothing jumps while it loads");
  assert.match(top, /loading="eager"/, "the first picture near the top is not lazy");
  const low = html.match(/<img[^>]*alt="아래 그림"[^>]*>/)?.[0] ?? "";
  assert.match(low, /loading="lazy"/, "a picture below the fold is lazy");
  assert.match(low, /width="400" height="300"/);
  assert.doesNotMatch(html, /<script/i);
});

appTest("another member's private file is refused and stays private", async () => {
  const own = await uploaded(member, "member_document", "신분증.jpg", await photo(300, 200));
  const before = await (await visitor("/builder-images")).text();
  for (const src of [`/api/file/image/${own.id}`, `/api/file/${own.id}/external_image.jpg`]) {
    const ko = [imageNode("a", `/api/file/image/${picture.id}`, "표지"), imageNode("b", src, "남의 파일")];
    const res = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, { trees: { ko, en: null } });
    assert.equal(res.status, 422, src);
    const body = await res.json();
    assert.equal(body.key, "builder.image_not_usable");
    assert.deepEqual(Object.keys(body.errors ?? {}), ["ko.1.props.src"]);
  }
  // In a slider, and in the English tree too.
  const slider = {
    id: "s",
    type: "slider",
    props: { label: "슬라이드", slides: [{ src: `/api/file/image/${own.id}`, alt: "x" }] },
  };
  const res = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, { trees: { ko: [], en: [slider] } });
  assert.equal(res.status, 422);
  assert.equal((await res.json()).key, "builder.image_not_usable");
  // A file that does not exist is refused the same way.
  const gone = await send(admin, "POST", `/api/builder/pages/${pageId}/publish`, {
    trees: { ko: [imageNode("g", "/api/file/image/99999999", "없음")], en: null },
  });
  assert.equal(gone.status, 422);
  assert.equal((await fileRow(own.id)).access, "owner", "publishing never opened it");
  assert.equal((await visitor(`/api/file/image/${own.id}`)).status, 403);
  const after = await (await visitor("/builder-images")).text();
  assert.equal(after.includes("남의 파일"), false);
  assert.equal(before.includes("표지 그림"), after.includes("표지 그림"), "the published page is unchanged");
});

appTest("data:, javascript: and other hosts' images are refused on save and on publish", async () => {
  const bad = [
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "javascript:alert(1)",
    "https://evil.example/x.png",
    "//evil.example/x.png",
    "/api/file/image/1/../../../etc/passwd",
    "/images/../api/secret",
  ];
  for (const src of bad) {
    for (
      const [method, path] of [["PUT", `/api/builder/pages/${pageId}`], [
        "POST",
        `/api/builder/pages/${pageId}/publish`,
      ]]
    ) {
      const res = await send(admin, method, path, { trees: { ko: [imageNode("d", src, "x")], en: null } });
      assert.equal(res.status, 422, `${method} ${src}`);
      const body = await res.json();
      assert.equal(body.key, "builder.tree_invalid", src);
      assert.match(JSON.stringify(body), /builder\.image_refused/, src);
    }
    const slide = {
      id: "s",
      type: "slider",
      props: { label: "x", slides: [{ src, alt: "x" }] },
    };
    const res = await send(admin, "PUT", `/api/builder/pages/${pageId}`, { trees: { ko: [slide], en: null } });
    assert.equal(res.status, 422, `slide ${src}`);
  }
  assert.equal(imageFileId("/api/file/image/12"), 12);
  assert.equal(imageFileId("data:image/png;base64,AAAA"), null);
});

appTest("close", async () => {
  await t.close();
});
