// The content security policy: strict everywhere, widened only where a route asks (the card provider's
// payment window), and only for the directives it names.
import assert from "node:assert/strict";
import { Hono } from "hono";
import {
  compressText,
  CONTENT_SECURITY_POLICY,
  securityHeaders,
  streamResponse,
  widenPolicy,
} from "../../framework/http.ts";
import { INICIS_PAGE_POLICY } from "../../domain/pay/inicis.ts";

Deno.test("widenPolicy adds sources to the named directives and keeps every other one strict", () => {
  const policy = widenPolicy({ "script-src": ["https://pay.example"], "frame-src": ["https://pay.example"] });
  assert.match(policy, /script-src 'self' https:\/\/pay\.example(;|$)/);
  assert.match(policy, /frame-src https:\/\/pay\.example(;|$)/);
  assert.match(policy, /object-src 'none'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.equal(policy.split("; ").filter((d) => d.startsWith("script-src")).length, 1);
  assert.ok(!INICIS_PAGE_POLICY.includes("*"), "no wildcard sources");
});

Deno.test("securityHeaders keeps a route's own policy and gives every other response the strict one", async () => {
  const app = new Hono();
  app.use(securityHeaders({ trustProxy: false }));
  app.get("/pay", (c) => c.text("pay", 200, { "content-security-policy": INICIS_PAGE_POLICY }));
  app.get("/page", (c) => c.text("page"));
  const pay = await app.request("/pay");
  const page = await app.request("/page");
  assert.equal(pay.headers.get("content-security-policy"), INICIS_PAGE_POLICY);
  assert.equal(page.headers.get("content-security-policy"), CONTENT_SECURITY_POLICY);
  assert.equal(pay.headers.get("x-content-type-options"), "nosniff");
});

Deno.test("compressText gzips a streamed answer as it streams: an endless export's first rows arrive", async () => {
  const app = new Hono();
  app.use(compressText());
  let sent = 0;
  app.get("/export.csv", () =>
    streamResponse(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          // Endless: gathering the whole body before compressing would never answer.
          controller.enqueue(new TextEncoder().encode(`${++sent},row\r\n`.repeat(100)));
        },
      }),
      { headers: { "content-type": "text/csv; charset=utf-8" } },
    ));
  const res = await app.request("/export.csv", { headers: { "accept-encoding": "gzip" } });
  assert.equal(res.headers.get("content-encoding"), "gzip");
  const reader = res.body!.pipeThrough(new DecompressionStream("gzip")).getReader();
  let text = "";
  while (!text.includes("\r\n")) text += new TextDecoder().decode((await reader.read()).value);
  assert.ok(text.startsWith("1,row\r\n"));
  await reader.cancel();
  assert.ok(sent < 1000, `${sent} chunks produced before the first arrived`);
});
