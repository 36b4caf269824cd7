// The in-memory cache of public derivatives: which paths it answers, least-recently-used eviction by
// bytes, expiry, dropping one file, and 304s.
import assert from "node:assert/strict";
import { cachedFileKey, PublicFileCache } from "../../domain/file/public-cache.ts";

const headers = (etag: string) => new Headers({ etag, "content-type": "image/jpeg", "content-length": "3" });
const body = (n: number) => new Uint8Array(n);

Deno.test("cache key: only the public derivative paths, in both languages", () => {
  assert.equal(cachedFileKey("/api/file/12/external_thumbnail.jpg"), "12/external_thumbnail");
  assert.equal(cachedFileKey("/en/api/file/12/preview_image.jpg"), "12/preview_image");
  assert.equal(cachedFileKey("/api/file/thumbnail/7"), "7/external_thumbnail");
  for (
    const path of ["/api/file/12/external_application.zip", "/api/file/binary/12", "/api/file/x/preview_image.jpg"]
  ) {
    assert.equal(cachedFileKey(path), null, path);
  }
});

Deno.test("cache: evicts the least recently used beyond its byte budget; refuses large entries", () => {
  const cache = new PublicFileCache(10, 6);
  cache.set("1/a", body(4), headers('"a"'));
  cache.set("2/a", body(4), headers('"b"'));
  cache.get("1/a"); // 2/a is now the oldest
  cache.set("3/a", body(4), headers('"c"'));
  assert.ok(cache.get("1/a"));
  assert.equal(cache.get("2/a"), undefined);
  cache.set("4/a", body(7), headers('"d"'));
  assert.equal(cache.get("4/a"), undefined);
});

Deno.test("cache: entries expire, and a file's derivatives are dropped together", () => {
  const cache = new PublicFileCache(100, 50, 1000);
  cache.set("5/external_image", body(3), headers('"x"'), 0);
  cache.set("5/external_thumbnail", body(3), headers('"y"'), 0);
  cache.set("51/external_image", body(3), headers('"z"'), 0);
  assert.ok(cache.get("5/external_image", 999));
  assert.equal(cache.get("5/external_image", 1000), undefined);
  cache.dropFile(5);
  assert.equal(cache.get("5/external_thumbnail", 1), undefined);
  assert.ok(cache.get("51/external_image", 1), "file 51 is another file");
});

Deno.test("cache: answers 304 to a matching If-None-Match and no body to HEAD", async () => {
  const cache = new PublicFileCache();
  cache.set("9/external_image", new Uint8Array([1, 2, 3]), headers('"e9"'));
  const entry = cache.get("9/external_image")!;
  const full = cache.respond(entry, new Request("http://x/"));
  assert.deepEqual(new Uint8Array(await full.arrayBuffer()), new Uint8Array([1, 2, 3]));
  assert.equal(full.headers.get("x-cache"), "hit");
  const again = cache.respond(entry, new Request("http://x/", { headers: { "if-none-match": 'W/"e9"' } }));
  assert.equal(again.status, 304);
  const head = cache.respond(entry, new Request("http://x/", { method: "HEAD" }));
  assert.equal(head.body, null);
});
