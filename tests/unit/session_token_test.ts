import assert from "node:assert/strict";
import { signSessionToken, verifySessionToken } from "../../domain/member/session.ts";

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
