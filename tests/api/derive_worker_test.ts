// DERIVE_WORKER=1: the servers do not make image derivatives; the worker (deno task derive) does, woken
// by NOTIFY file_derive after each upload; a variant asked for before it is ready waits for the worker,
// and is made on demand once the worker has had its time.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { derivePending, runDeriveWorker } from "../../domain/file/derive-worker.ts";
import { FileService, WORKER_WAIT_MS } from "../../domain/file/files.ts";
import { openFileStore } from "../../domain/file/storage.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";

const t = await openTestApp({ DERIVE_WORKER: "1" });
const db = t.app.database.db;
const member = await signIn(t, "member");
// The worker's own FileService, as scripts/derive.ts makes it, on the same database and store.
const worker = new FileService(db, openFileStore(t.config), () => {});

async function upload(): Promise<number> {
  const res = await t.request("/api/file?purpose=entry_image&name=w.jpg", {
    method: "POST",
    headers: csrfHeaders({ cookie: member, accept: "application/json", "content-type": "application/octet-stream" }),
    body: await photo(800, 600) as Uint8Array<ArrayBuffer>,
  });
  assert.equal(res.status, 201);
  return (await res.json()).data[0].id;
}

const derivedAt = async (id: number) => (await db.select().from(files).where(eq(files.id, id)))[0].derivedAt;

appTest("the server leaves derivatives to the worker, which makes every pending one", async () => {
  const id = await upload();
  await t.app.files.idle();
  assert.equal(await derivedAt(id), null);
  assert.ok(await derivePending(t.app.database, worker) >= 1);
  assert.ok(await derivedAt(id));
  const thumb = await t.request(`/api/file/${id}/external_thumbnail.jpg`, { headers: { cookie: member } });
  assert.equal(thumb.status, 200);
  await thumb.body?.cancel();
});

appTest("an upload wakes the running worker at once (NOTIFY), long before its next look", async () => {
  const stop = new AbortController();
  const running = runDeriveWorker(t.app.database, worker, { signal: stop.signal, pollMs: 60_000 });
  try {
    await new Promise((r) => setTimeout(r, 200));
    const id = await upload();
    for (let i = 0; i < 100 && !(await derivedAt(id)); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(await derivedAt(id), "made within 5 s of the upload");
  } finally {
    stop.abort();
    await running;
  }
});

appTest("a variant asked for just after the upload waits for the worker instead of decoding the photo", async () => {
  const id = await upload();
  const server = t.app.files;
  const derive = server.derive.bind(server);
  let madeByServer = 0;
  server.derive = (file) => (madeByServer++, derive(file));
  try {
    const asked = t.request(`/api/file/${id}/external_thumbnail.jpg`, { headers: { cookie: member } });
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(await derivePending(t.app.database, worker) >= 1);
    const res = await asked;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/jpeg");
    await res.body?.cancel();
    assert.equal(madeByServer, 0, "the server left the photo to the worker");
  } finally {
    server.derive = derive;
  }
});

appTest("an image the worker has not made WORKER_WAIT_MS after its upload is made on demand", async () => {
  const id = await upload();
  await db.update(files).set({ createdAt: new Date(Date.now() - WORKER_WAIT_MS - 1000) }).where(eq(files.id, id));
  const started = Date.now();
  const res = await t.request(`/api/file/${id}/preview_image.jpg`, { headers: { cookie: member } });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.ok(await derivedAt(id));
  assert.ok(Date.now() - started < WORKER_WAIT_MS / 2, "no wait for a worker that would have done it by now");
});

appTest("close", async () => {
  await worker.idle();
  await t.close();
});
