import assert from "node:assert/strict";
import { clientName, signSessionToken, verifySessionToken } from "../../domain/member/session.ts";

const secret = new TextEncoder().encode("a-test-secret-of-enough-length-0123456789");
const later = new Date(Date.now() + 60_000);

Deno.test("a signed session token verifies with its claims", async () => {
  const token = await signSessionToken({ sid: "s1", uid: 7 }, later, secret);
  assert.deepEqual(await verifySessionToken(token, secret), { ok: true, claims: { sid: "s1", uid: 7 } });
});

Deno.test("malformed, tampered, foreign and expired tokens are refused", async () => {
  const token = await signSessionToken({ sid: "s1", uid: 7 }, later, secret);
  const [head, body, sig] = token.split(".");
  const other = new TextEncoder().encode("another-secret-of-enough-length-0123456789");
  const cases = [
    "bench",
    "",
    "a.b",
    "a.b.c.d",
    `${head}.${body}.${sig}=`,
    `${head}.${body}x.${sig}`,
    "x".repeat(5000) + ".a.b",
    await signSessionToken({ sid: "s1", uid: 7 }, later, other),
  ];
  for (const bad of cases) {
    assert.deepEqual(await verifySessionToken(bad, secret), { ok: false, reason: "invalid" }, bad);
  }
  const expired = await signSessionToken({ sid: "s1", uid: 7 }, new Date(Date.now() - 60_000), secret);
  assert.deepEqual(await verifySessionToken(expired, secret), { ok: false, reason: "expired" });
});

Deno.test("clientName: a browser's User-Agent as browser and system; a client's own name as it is", () => {
  const cases: [string | null, string | null][] = [
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      "Chrome · Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari · iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet · Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge · Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox · macOS"],
    ["grading script", "grading script"],
    [null, null],
  ];
  for (const [label, expected] of cases) assert.equal(clientName(label), expected, String(label));
});
