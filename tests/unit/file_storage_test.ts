// One contract for both file stores: the local disk, and an S3-compatible store (s3rver, a fake S3 server
// from npm, started here; set S3_TEST_ENDPOINT etc. to run the same tests against a real one).
import assert from "node:assert/strict";
import S3rver from "s3rver";
import { type FileStore, LocalFileStore, readAll, S3FileStore } from "../../domain/file/storage.ts";

async function contract(store: FileStore) {
  const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
  await store.put("originals/ab/abc.jpg", bytes, "image/jpeg");
  assert.equal(await store.has("originals/ab/abc.jpg"), true);
  const object = await store.get("originals/ab/abc.jpg");
  assert.ok(object);
  assert.equal(object.size, bytes.length);
  assert.deepEqual(await readAll(object), bytes);
  // Overwrite in place (derivatives made twice by two instances are the same key).
  await store.put("originals/ab/abc.jpg", bytes.slice(0, 10), "image/jpeg");
  assert.deepEqual(await readAll((await store.get("originals/ab/abc.jpg"))!), bytes.slice(0, 10));
  assert.equal(await store.get("originals/ab/missing.jpg"), null);
  assert.equal(await store.has("originals/ab/missing.jpg"), false);
  await store.delete("originals/ab/abc.jpg");
  await store.delete("originals/ab/abc.jpg");
  assert.equal(await store.has("originals/ab/abc.jpg"), false);
  for (const bad of ["../etc/passwd", "/abs", "a/../../b", "A Upper", ""]) {
    await assert.rejects(() => store.put(bad, bytes, "text/plain"), /bad file store key/);
  }
}

Deno.test("file store: local disk", async () => {
  const root = await Deno.makeTempDir();
  try {
    await contract(new LocalFileStore(root));
    // Nothing is left half-written beside the files.
    const names: string[] = [];
    for await (const entry of Deno.readDir(`${root}/originals/ab`)) names.push(entry.name);
    assert.deepEqual(names, []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test({
  name: "file store: S3-compatible",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const env = Deno.env.toObject();
    if (env.S3_TEST_ENDPOINT) {
      return await contract(
        new S3FileStore({
          endpoint: env.S3_TEST_ENDPOINT,
          bucket: env.S3_TEST_BUCKET ?? "files",
          region: env.S3_TEST_REGION ?? "us-east-1",
          accessKeyId: env.S3_TEST_ACCESS_KEY_ID ?? "",
          secretAccessKey: env.S3_TEST_SECRET_ACCESS_KEY ?? "",
        }),
      );
    }
    const directory = await Deno.makeTempDir();
    const server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "files" }],
    });
    const { port } = await server.run();
    try {
      await contract(
        new S3FileStore({
          endpoint: `http://127.0.0.1:${port}`,
          bucket: "files",
          region: "us-east-1",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        }),
      );
    } finally {
      await server.close();
      await Deno.remove(directory, { recursive: true });
    }
  },
});

Deno.test("a store that cannot write answers SPEC §8's upload error 7, and nothing is described", async () => {
  const { FileService } = await import("../../domain/file/files.ts");
  const { HttpError } = await import("../../framework/errors.ts");
  const broken: FileStore = {
    kind: "local",
    put: () => Promise.reject(new Error("disk full")),
    get: () => Promise.resolve(null),
    has: () => Promise.resolve(false),
    delete: () => Promise.resolve(),
  };
  const noDatabase = new Proxy({}, { get: () => assert.fail("the database is not touched") });
  const service = new FileService(noDatabase as never, broken, () => {});
  const upload = {
    name: "a.pdf",
    kind: "pdf" as const,
    mimetype: "application/pdf",
    bytes: new Uint8Array([1]),
    width: null,
    height: null,
    colorSpace: null,
    density: null,
  };
  await assert.rejects(() => service.save(upload, { purpose: "market_ip", ownerId: 1, access: "owner" }), (err) => {
    assert.ok(err instanceof HttpError);
    assert.deepEqual([err.status, err.key, err.details?.code], [503, "file.upload_error.7", 7]);
    return true;
  });
});
