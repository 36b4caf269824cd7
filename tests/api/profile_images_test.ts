// The profile's portrait and signature (SPEC §3 User) through the upload pipeline: stored, shown in the
// profile, public or private as they should be, replaced and removed, and a bad file refused.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { cmykJpeg, photo } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const company = await signIn(t, "company");

function patch(session: string, fields: Record<string, string>, uploads: [string, Uint8Array][] = []) {
  const body = new FormData();
  body.set("_method", "PATCH");
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [field, bytes] of uploads) {
    body.append(field, new File([bytes as Uint8Array<ArrayBuffer>], `${field}.jpg`, { type: "image/jpeg" }));
  }
  return t.request("/api/profile", {
    method: "POST",
    headers: csrfHeaders({ cookie: session, accept: "application/json" }),
    body,
  });
}

appTest("a portrait and a signature are stored; the portrait is public, the signature is not", async () => {
  const res = await patch(member, {}, [["portrait", await photo(600, 800)], ["signature", await photo(300, 100)]]);
  assert.equal(res.status, 200, await res.clone().text());
  const { user } = await res.json();
  assert.match(user.portrait, /^\/api\/file\/\d+\/external_thumbnail\.jpg$/);
  assert.match(user.signature, /^\/api\/file\/download\/\d+$/);
  await t.app.files.idle();
  assert.equal((await t.request(user.portrait)).status, 200);
  assert.equal((await t.request(user.signature)).status, 403);
  assert.equal((await t.request(user.signature, { headers: { cookie: company } })).status, 403);
  const own = await t.request(user.signature, { headers: { cookie: member } });
  assert.equal(own.status, 200);
  await own.body?.cancel();
});

appTest("a new portrait replaces the old one, whose file is removed; remove_portrait clears it", async () => {
  const before = (await (await t.request("/api/profile", { headers: { cookie: member } })).json()).user.portrait;
  const oldId = Number(before.match(/\d+/)[0]);
  const res = await patch(member, {}, [["portrait", await photo(400, 400)]]);
  const { user } = await res.json();
  assert.notEqual(user.portrait, before);
  assert.equal((await db.select().from(files).where(eq(files.id, oldId))).length, 0);
  const removed = await (await patch(member, { remove_portrait: "1" })).json();
  assert.equal(removed.user.portrait, null);
  assert.ok(removed.user.signature, "the signature stays");
});

appTest("a CMYK portrait is refused with its message; nothing is stored or changed", async () => {
  const count = (await db.select().from(files)).length;
  const res = await patch(company, {}, [["portrait", await cmykJpeg()]]);
  assert.equal(res.status, 422);
  const body = await res.json();
  assert.equal(body.key, "file.not_rgb");
  assert.deepEqual(body.errors, { portrait: ["file.not_rgb"] });
  assert.equal((await db.select().from(files)).length, count);
});

appTest("the profile page shows the portrait and a checked picker", async () => {
  await patch(company, {}, [["portrait", await photo(500, 500)]]);
  const page = await (await t.request("/profile", { headers: { cookie: company } })).text();
  assert.match(page, /enctype="multipart\/form-data"/);
  assert.match(page, /<img src="\/api\/file\/\d+\/external_thumbnail\.jpg"/);
  assert.match(page, /data-island="FileInput"/);
});

appTest("close", () => t.close());
