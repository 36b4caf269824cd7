// /management/asset and /management/asset/text over HTTP, as the browser's plain forms post them:
// upload, replace (same id, new ETag), delete, text assets, bad files, and who may use the screens.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { HTML_AS_IMAGE, PDF, photo } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

function post(path: string, session: string, fields: Record<string, string>, upload?: [string, Uint8Array]) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (upload) body.append("file", new File([upload[1] as Uint8Array<ArrayBuffer>], upload[0]));
  const headers = csrfHeaders({ cookie: session });
  delete headers["x-xsrf-token"]; // the form field carries the token, as a browser form does
  return t.request(path, { method: "POST", headers, body, redirect: "manual" });
}

const assets = () => db.select().from(files).where(eq(files.purpose, "asset"));

appTest("assets: an administrator uploads, sees, replaces and deletes an image", async () => {
  const res = await post("/management/asset", admin, { action: "upload" }, ["배너.jpg", await photo(800, 400)]);
  assert.equal(res.status, 303, await res.clone().text());
  const [banner] = await assets();
  assert.deepEqual([banner.originalName, banner.access, banner.width], ["배너.jpg", "public", 800]);

  const list = await (await t.request("/management/asset", { headers: { cookie: admin } })).text();
  assert.ok(list.includes("배너.jpg"));
  assert.ok(list.includes(`/api/file/${banner.id}/external_image.jpg`));
  assert.ok(list.includes('loading="lazy"'));

  const before = (await t.request(`/api/file/image/${banner.id}`)).headers.get("etag");
  assert.equal(
    (await post("/management/asset", admin, { action: "replace", id: String(banner.id) }, [
      "new.png",
      await photo(100, 50, "png"),
    ])).status,
    303,
  );
  const after = await t.request(`/api/file/image/${banner.id}`);
  assert.equal(after.headers.get("content-type"), "image/png");
  assert.notEqual(after.headers.get("etag"), before);
  await after.body?.cancel();

  assert.equal((await post("/management/asset", admin, { action: "delete", id: String(banner.id) })).status, 303);
  assert.equal((await assets()).length, 0);
  assert.equal((await t.request(`/api/file/image/${banner.id}`)).status, 404);
});

appTest("assets: a bad file is refused on the screen, in the visitor's language", async () => {
  const res = await post("/management/asset", admin, { action: "upload" }, ["x.jpg", HTML_AS_IMAGE]);
  assert.equal(res.status, 422);
  assert.ok((await res.text()).includes("허용되지 않는 파일 형식입니다"));
  const en = await post("/en/management/asset", admin, { action: "upload" }, ["x.jpg", HTML_AS_IMAGE]);
  assert.ok((await en.text()).includes("This type of file is not accepted"));
  const none = await post("/management/asset", admin, { action: "upload" });
  assert.equal(none.status, 422);
  const missing = await post("/management/asset", admin, { action: "delete", id: "999999" });
  assert.equal(missing.status, 404);
  assert.equal((await assets()).length, 0);
});

appTest("assets: files and texts are listed under their own tabs", async () => {
  await post("/management/asset", admin, { action: "upload" }, ["guide.pdf", PDF]);
  const images = await (await t.request("/management/asset", { headers: { cookie: admin } })).text();
  const applications = await (await t.request("/management/asset?type=application", { headers: { cookie: admin } }))
    .text();
  assert.ok(!images.includes("guide.pdf"));
  assert.ok(applications.includes("guide.pdf"));
});

appTest("text assets: written, edited under the same id, refused as markup, deleted", async () => {
  const created = await post("/management/asset/text", admin, { name: "theme", content: "body { color: #123; }" });
  assert.equal(created.status, 303);
  const [text] = (await assets()).filter((f) => f.mimetype === "text/plain");
  assert.equal(text.originalName, "theme.txt");
  assert.equal(created.headers.get("location"), `/management/asset/text/${text.id}`);
  const edit = await (await t.request(`/management/asset/text/${text.id}`, { headers: { cookie: admin } })).text();
  assert.ok(edit.includes("body { color: #123; }"));

  assert.equal(
    (await post(`/management/asset/text/${text.id}`, admin, { name: "theme.css", content: "p { margin: 0 }" })).status,
    303,
  );
  const served = await t.request(`/api/file/download/${text.id}`);
  assert.equal(await served.text(), "p { margin: 0 }");

  const markup = await post(`/management/asset/text/${text.id}`, admin, {
    name: "x",
    content: "<script>alert(1)</script>",
  });
  assert.equal(markup.status, 422);
  const empty = await post("/management/asset/text", admin, { name: "", content: "" });
  assert.equal(empty.status, 422);
  assert.ok((await empty.text()).includes("파일 이름을 입력해 주세요."));

  assert.equal((await post(`/management/asset/text/${text.id}`, admin, { action: "delete" })).status, 303);
  assert.equal((await t.request(`/management/asset/text/${text.id}`, { headers: { cookie: admin } })).status, 404);
});

appTest("assets: members and staff without the asset grant are refused", async () => {
  assert.equal((await t.request("/management/asset", { headers: { cookie: member } })).status, 403);
  assert.equal((await t.request("/management/asset", { headers: { cookie: staff } })).status, 403);
  const res = await post("/management/asset", staff, { action: "upload" }, ["a.jpg", await photo(20, 20)]);
  assert.equal(res.status, 403);
  const anonymous = await t.request("/management/asset", { redirect: "manual" });
  assert.equal(anonymous.status, 303);
});

appTest("close", () => t.close());
