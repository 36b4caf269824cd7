// The contest host's partial refund through KG Inicis (issue 12: "a partial cancel where the provider has
// one"): INIAPI's PartialRefund request — price given back, confirmPrice kept, SHA-512 hashData of key + type +
// paymethod + timestamp + clientIp + mid + tid + price + confirmPrice, computed here independently with
// node:crypto — with an injected fetch (no network); a refusal and an impossible amount.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { InicisProvider } from "../../domain/pay/inicis.ts";

const options = {
  mid: "INIpayTest",
  signKey: "SU5JTElURV9UUklQTEVERVNfS0VZU1RS",
  apiKey: "ItEQKi3rY7uvDS8l",
  apiIv: "HYb3yQ4f65QL89==",
  stage: false,
};
const now = new Date("2026-11-25T01:02:03Z"); // 10:02:03 in Seoul
const paid = { orderId: "CP9-abc", tid: "StdpayCARDINIpayTest20261125100203123456", amount: 1_800_000 };

function provider(answer: Record<string, unknown>) {
  const calls: { url: string; body: Record<string, string> }[] = [];
  const fetcher = ((input: string | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))) });
    return Promise.resolve(Response.json(answer));
  }) as typeof fetch;
  return { p: new InicisProvider(options, { secret: new Uint8Array(32), fetch: fetcher, now: () => now }), calls };
}

Deno.test("Inicis partial refund: the signed PartialRefund request; success and refusal", async () => {
  const ok = provider({ resultCode: "00", resultMsg: "정상처리되었습니다." });
  const refund = await ok.p.partialRefund(paid, 900_000, "contest 9 few_entries", "203.0.113.7");
  assert.equal(refund.ok, true);
  assert.equal(ok.calls.length, 1);
  assert.equal(ok.calls[0].url, "https://iniapi.inicis.com/api/v1/refund");
  const body = ok.calls[0].body;
  assert.deepEqual(
    [body.type, body.paymethod, body.timestamp, body.clientIp, body.mid, body.tid, body.price, body.confirmPrice],
    ["PartialRefund", "Card", "20261125100203", "203.0.113.7", "INIpayTest", paid.tid, "900000", "900000"],
  );
  const expected = createHash("sha512").update(
    `${options.apiKey}PartialRefundCard20261125100203203.0.113.7INIpayTest${paid.tid}900000900000`,
  ).digest("hex");
  assert.equal(body.hashData, expected);

  const no = provider({ resultCode: "01", resultMsg: "취소 불가" });
  const refused = await no.p.partialRefund(paid, 900_000, "x", "203.0.113.7");
  assert.deepEqual([refused.ok, !refused.ok && refused.key], [false, "pay.refund_failed"]);

  const none = provider({ resultCode: "00" });
  for (const amount of [0, -1, paid.amount, paid.amount + 1, 1.5]) {
    assert.equal((await none.p.partialRefund(paid, amount, "x", "203.0.113.7")).ok, false, String(amount));
  }
  assert.equal(none.calls.length, 0, "an impossible amount is never sent");
});
