// SPEC §7 Files over HTTP: uploads with real bad files, derivatives, downloads (single, signed link,
// zip), access per role, deletion, and the answers' headers.
import assert from "node:assert/strict";
import { unzipSync } from "fflate";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { bearerToken, signIn } from "../support/session.ts";
import { cmykJpeg, HTML_AS_IMAGE, jpegClaiming, PDF, photo, SVG_AS_IMAGE, truncatedJpeg } from "../support/images.ts";
import type { FileJson } from "../../domain/file/present.ts";
import { attachUploads } from "../../domain/file/attach.ts";

const t = await openTestApp();
const member = await signIn(t, "member");
const company = await signIn(t, "company");
const admin = await signIn(t, "admin");
const judge = await signIn(t, "judge-ibda");

function form(files: [string, Uint8Array, string?][], field = "file"): FormData {
  const body = new FormData();
  for (const [name, bytes, type] of files) {
    body.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type: type ?? "image/jpeg" }));
  }
  return body;
}

async function send(session: string | null, purpose: string, body: FormData, query = "") {
  return await t.request(`/api/file?purpose=${purpose}${query}`, {
    method: "POST",
    headers: csrfHeaders({ accept: "application/json", ...(session ? { cookie: session } : {}) }),
    body,
  });
}

async function uploaded(session: string, purpose: string, files: [string, Uint8Array, string?][]) {
  const res = await send(session, purpose, form(files));
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { data: FileJson[] }).data;
}

/** A portrait as the profile takes it: uploaded, then attached and public (what the area's code does). */
async function published(session: string, files: [string, Uint8Array, string?][]) {
  const saved = await uploaded(session, "portrait", files);
  await attachUploads(t.app.database.db, saved.map((f) => f.id), { access: "public" });
  return saved.map((f) => ({ ...f, access: "public" }));
}

const get = (path: string, session?: string, headers: Record<string, string> = {}) =>
  t.request(path, { headers: { ...headers, ...(session ? { cookie: session } : {}) } });

const work = await photo(1600, 1200);
const [entryImage] = await uploaded(member, "entry_image", [["작품 1.jpg", work]]);
const [publicPhoto] = await published(member, [["cat.png", await photo(300, 200, "png"), "image/png"]]);

appTest("upload: a member's image is stored with what its bytes say, and answers its links", () => {
  assert.equal(entryImage.name, "작품 1.jpg");
  assert.deepEqual([entryImage.mimetype, entryImage.width, entryImage.height], ["image/jpeg", 1600, 1200]);
  assert.equal(entryImage.access, "owner", "an upload is its owner's until its entry is submitted");
  assert.equal(entryImage.thumbnail, `/api/file/${entryImage.id}/external_thumbnail.jpg`);
  assert.equal(publicPhoto.mimetype, "image/png");
});

appTest("upload: each bad file is refused with its key, field and code, and nothing is stored", async () => {
  const cases: [string, [string, Uint8Array, string?][], string, number][] = [
    ["entry_image", [["cmyk.jpg", await cmykJpeg()]], "file.not_rgb", 422],
    ["entry_image", [["png.jpg", await photo(40, 40, "png")]], "file.not_jpg", 422],
    ["portrait", [["png.jpg", await photo(40, 40, "png")]], "file.bad_extension", 422],
    ["entry_image", [["half.jpg", await truncatedJpeg()]], "file.corrupt", 422],
    ["entry_image", [["bomb.jpg", await jpegClaiming(30000, 30000)]], "file.max_pixel", 422],
    ["entry_image", [["page.jpg", HTML_AS_IMAGE]], "file.wrong_type", 422],
    ["portrait", [["logo.svg", SVG_AS_IMAGE, "image/svg+xml"]], "file.wrong_type", 422],
    ["entry_image", [["wide.jpg", await photo(2400, 300)]], "file.too_wide", 422],
    ["entry_reference", [["big.jpg", new Uint8Array(3 * 1024 * 1024 + 10).fill(0xff)]], "file.too_large", 413],
    ["entry_thumbnail", [["a.jpg", await photo(20, 20)], ["b.jpg", await photo(20, 20)]], "file.too_many", 422],
    ["entry_thumbnail", [["ip.pdf", PDF]], "file.wrong_type", 422],
  ];
  for (const [purpose, files, key, status] of cases) {
    const res = await send(member, purpose, form(files));
    const body = await res.json();
    assert.equal(res.status, status, `${purpose} ${files[0][0]}: ${JSON.stringify(body)}`);
    assert.equal(body.key, key);
    assert.deepEqual(body.errors, { file: [key] });
    assert.ok(body.message.length > 0);
  }
  const none = await send(member, "entry_image", new FormData());
  assert.equal(none.status, 422);
  assert.deepEqual([(await none.json()).code], [4]);
});

appTest("upload: the body limit is enforced while it streams in, before it is parsed", async () => {
  // 5 MB of a 3 MB purpose (one file at most): refused with upload error 1, without a Content-Length.
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= 5) return controller.close();
      controller.enqueue(chunk);
    },
  });
  const res = await t.request("/api/file?purpose=entry_reference", {
    method: "POST",
    headers: csrfHeaders({
      cookie: member,
      accept: "application/json",
      "content-type": "multipart/form-data; boundary=x",
    }),
    body,
    duplex: "half",
  } as RequestInit);
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json().then((b) => [b.key, b.code]), ["file.upload_error.1", 1]);
});

appTest("upload: one file as the raw body, its name in the query, by the same rules", async () => {
  const raw = (purpose: string, name: string, bytes: Uint8Array) =>
    t.request(`/api/file?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: csrfHeaders({ cookie: member, accept: "application/json", "content-type": "application/octet-stream" }),
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const ok = await raw("entry_image", "원본 사진.jpg", await photo(640, 480));
  assert.equal(ok.status, 201, await ok.clone().text());
  const [saved] = (await ok.json()).data;
  assert.deepEqual([saved.name, saved.width, saved.access], ["원본 사진.jpg", 640, "owner"]);
  const cmyk = await raw("entry_image", "print.jpg", await cmykJpeg());
  assert.deepEqual([cmyk.status, (await cmyk.json()).key], [422, "file.not_rgb"]);
  const big = await raw("entry_reference", "big.jpg", new Uint8Array(3 * 1024 * 1024 + 10).fill(0xff));
  assert.equal(big.status, 413);
  await big.body?.cancel();
  const empty = await raw("entry_image", "none.jpg", new Uint8Array());
  assert.deepEqual([empty.status, (await empty.json()).code], [422, 4]);
});

appTest("upload: nobody, a wrong purpose, and the management purposes for a member are refused", async () => {
  assert.equal((await send(null, "entry_image", form([["a.jpg", work]]))).status, 401);
  assert.equal((await send(member, "nonsense", form([["a.jpg", work]]))).status, 400);
  assert.equal((await send(member, "asset", form([["a.jpg", work]]))).status, 403);
  const thumb = await photo(440, 330);
  assert.equal((await send(member, "award_thumbnail", form([["t.jpg", thumb]]))).status, 403);
  assert.equal((await send(admin, "award_thumbnail", form([["t.jpg", thumb]]))).status, 201);
  // The market's purposes are members' (issue 18): a product picture is taken.
  const market = await send(member, "market_image", form([["screen.jpg", await photo(50, 50)]]));
  assert.equal(market.status, 201);
  await market.body?.cancel();
});

appTest("derivatives: the four sizes are JPEGs within their boxes; the thumbnail is small", async () => {
  await t.app.files.idle();
  const expected = {
    external_image: [1280, 960],
    external_thumbnail: [360, 270],
    preview_image: [720, 540],
    audit_image: [1600, 1200],
  };
  const sharp = (await import("sharp")).default;
  for (const [name, [w, h]] of Object.entries(expected)) {
    const res = await get(`/api/file/${entryImage.id}/${name}.jpg`, member);
    assert.equal(res.status, 200, name);
    assert.equal(res.headers.get("content-type"), "image/jpeg");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.match(res.headers.get("content-disposition") ?? "", /^inline; /);
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ["jpeg", w, h], name);
  }
  const thumb = await get(`/api/file/thumbnail/${entryImage.id}`, member);
  assert.ok((await thumb.arrayBuffer()).byteLength <= 15 * 1024);
  assert.equal((await get(`/api/file/${entryImage.id}/original.jpg`, member)).status, 404);
  assert.equal((await get(`/api/file/${entryImage.id}/external_image.png`, member)).status, 404);
});

appTest("access: an upload no entry holds is the owner's and the administrators' only", async () => {
  const path = `/api/file/${entryImage.id}/preview_image.jpg`;
  assert.equal((await get(path, member)).status, 200);
  assert.equal((await get(path, judge)).status, 403, "not a judge's before a submitted entry holds it");
  assert.equal((await get(path, admin)).status, 200);
  const other = await get(path, company);
  assert.equal(other.status, 403);
  assert.equal((await other.json()).key, "file.no_access");
  assert.equal((await get(path)).status, 403);
  assert.equal((await get(`/api/file/binary/${entryImage.id}`, company)).status, 403);
  assert.equal((await get(`/api/file/999999/preview_image.jpg`, member)).status, 404);
  assert.equal((await get(`/api/file/abc/preview_image.jpg`, member)).status, 404);
});

appTest("serving: public files are cacheable with an ETag and a 304; private ones are kept in no cache", async () => {
  const first = await get(`/api/file/thumbnail/${publicPhoto.id}`);
  assert.equal(first.status, 200);
  assert.match(first.headers.get("cache-control") ?? "", /^public/);
  const etag = first.headers.get("etag")!;
  await first.body?.cancel();
  const again = await get(`/api/file/thumbnail/${publicPhoto.id}`, undefined, { "if-none-match": etag });
  assert.equal(again.status, 304);
  const own = await get(`/api/file/image/${entryImage.id}`, member);
  assert.equal(own.headers.get("cache-control"), "no-store");
  assert.equal(own.headers.get("content-type"), "image/jpeg");
  assert.equal((await own.arrayBuffer()).byteLength, work.length);
});

appTest("download: the original as an attachment, under a requested name without its path", async () => {
  const res = await get(`/api/file/download/${entryImage.id}?name=${encodeURIComponent("../../etc/passwd")}`, member);
  assert.equal(res.status, 200);
  const disposition = res.headers.get("content-disposition") ?? "";
  assert.match(disposition, /^attachment; filename="passwd\.jpg"/);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), work);
  const korean = await get(`/api/file/binary/${entryImage.id}`, member);
  assert.ok(
    korean.headers.get("content-disposition")!.includes(`filename*=UTF-8''${encodeURIComponent("작품 1.jpg")}`),
  );
  await korean.body?.cancel();
});

appTest("download: POST with a bearer token answers a short-lived link as text; a forged link is refused", async () => {
  const token = await bearerToken(t, "member");
  const res = await t.request(`/api/file/download/${entryImage.id}?name=work.jpg`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  const link = await res.text();
  assert.match(link, new RegExp(`^/api/file/download/${entryImage.id}\\?name=work.jpg&token=`));
  const fetched = await get(link);
  assert.equal(fetched.status, 200);
  assert.equal((await fetched.arrayBuffer()).byteLength, work.length);
  assert.equal((await get(link.replace(/token=\d+/, "token=1"))).status, 403);
  assert.equal((await get(link.replace(`/download/${entryImage.id}`, `/download/${publicPhoto.id}`))).status, 403);
  const anonymous = await t.request(`/api/file/download/${entryImage.id}`, { method: "POST", headers: csrfHeaders() });
  assert.equal(anonymous.status, 401);
});

appTest("zip: several files in one streamed archive; names unique and without paths", async () => {
  const [pdf] = await uploaded(member, "entry_attachment", [["../설명서.pdf", PDF, "application/pdf"]]);
  const res = await t.request("/api/file/download", {
    method: "POST",
    headers: csrfHeaders({ cookie: member, "content-type": "application/json" }),
    body: JSON.stringify({ ids: [entryImage.id, pdf.id, publicPhoto.id, entryImage.id], name: "../../all" }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/zip");
  assert.match(res.headers.get("content-disposition") ?? "", /filename="all\.zip"/);
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  assert.deepEqual(Object.keys(entries).sort(), ["cat.png", "설명서.pdf", "작품 1.jpg"].sort());
  assert.deepEqual(entries["설명서.pdf"], PDF);
  for (const name of Object.keys(entries)) assert.ok(!name.includes("/") && !name.includes(".."));

  const single = await get(`/api/file/${pdf.id}/external_application.zip`, member);
  assert.deepEqual(Object.keys(unzipSync(new Uint8Array(await single.arrayBuffer()))), ["설명서.pdf"]);
});

appTest("zip: one file the viewer may not read, or that does not exist, refuses the whole archive", async () => {
  const zip = (session: string, ids: unknown) =>
    t.request("/api/file/download", {
      method: "POST",
      headers: csrfHeaders({ cookie: session, "content-type": "application/json" }),
      body: JSON.stringify({ ids }),
    });
  assert.equal((await zip(company, [publicPhoto.id, entryImage.id])).status, 403);
  assert.equal((await zip(member, [publicPhoto.id, 999999])).status, 404);
  assert.equal((await zip(member, [])).status, 422);
  assert.equal((await zip(member, ["x"])).status, 422);
  assert.equal((await zip(member, Array.from({ length: 101 }, (_, i) => i + 1))).status, 422);
});

appTest("delete: another member cannot; the owner can, and the file and its derivatives are gone", async () => {
  const [mine] = await uploaded(member, "entry_reference", [["gone.jpg", await photo(100, 80)]]);
  await t.app.files.idle();
  const remove = (session: string | null, id: number) =>
    t.request(`/api/file/${id}`, { method: "DELETE", headers: csrfHeaders(session ? { cookie: session } : {}) });
  assert.equal((await remove(null, mine.id)).status, 401);
  const other = await remove(company, mine.id);
  assert.equal(other.status, 403);
  assert.equal((await other.json()).key, "file.no_access");
  assert.equal((await remove(member, mine.id)).status, 204);
  assert.equal((await get(`/api/file/${mine.id}/external_image.jpg`)).status, 404);
  assert.equal((await get(`/api/file/download/${mine.id}`, member)).status, 404);
  assert.equal((await remove(member, mine.id)).status, 404);
  const [theirs] = await uploaded(company, "entry_reference", [["x.jpg", await photo(50, 50)]]);
  assert.equal((await remove(admin, theirs.id)).status, 204);
});

appTest("public cache: a public thumbnail is answered from memory; a private one never is", async () => {
  const path = `/api/file/${publicPhoto.id}/external_thumbnail.jpg`;
  const first = await get(path);
  const bytes = new Uint8Array(await first.arrayBuffer());
  const hit = await get(path);
  assert.equal(hit.headers.get("x-cache"), "hit");
  assert.deepEqual(new Uint8Array(await hit.arrayBuffer()), bytes);
  assert.equal(hit.headers.get("x-content-type-options"), "nosniff");
  assert.ok(hit.headers.get("content-security-policy"), "security headers on cached answers too");
  const english = await get(`/en${path}`);
  assert.equal(english.headers.get("x-cache"), "hit");
  await english.body?.cancel();
  const privatePath = `/api/file/${entryImage.id}/external_thumbnail.jpg`;
  await (await get(privatePath, member)).body?.cancel();
  const denied = await get(privatePath);
  assert.equal(denied.status, 403);
  assert.equal(denied.headers.get("x-cache"), null);
  await denied.body?.cancel();
});

appTest("public cache: deleting a file on one instance drops it from another's memory (NOTIFY)", async () => {
  const { createApp } = await import("../../app.ts");
  const other = await createApp({ config: t.config, database: t.app.database });
  const [shared] = await published(member, [["shared.jpg", await photo(200, 150)]]);
  await t.app.files.idle();
  const path = `http://localhost/api/file/${shared.id}/preview_image.jpg`;
  await (await other.fetch(new Request(path))).body?.cancel();
  const cached = await other.fetch(new Request(path));
  assert.equal(cached.headers.get("x-cache"), "hit");
  await cached.body?.cancel();
  const removed = await t.request(`/api/file/${shared.id}`, {
    method: "DELETE",
    headers: csrfHeaders({ cookie: member }),
  });
  assert.equal(removed.status, 204);
  let status = 200;
  for (let i = 0; i < 50 && status === 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const res = await other.fetch(new Request(path));
    status = res.status;
    await res.body?.cancel();
  }
  assert.equal(status, 404);
  await other.files.idle();
});

appTest("close", () => t.close());
