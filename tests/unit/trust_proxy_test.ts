// Issue 20 §3: TRUST_PROXY as a count of hops or a list of proxy addresses/CIDRs, and the client address
// taken from the rightmost X-Forwarded-For hop that is not a trusted proxy; the sign-in back-off's curve.
import assert from "node:assert/strict";
import { loadConfig } from "../../fresh.config.ts";
import { clientAddress } from "../../framework/http.ts";
import {
  clientAddressFrom,
  formatAddress,
  parseAddress,
  parseTrustProxy,
  type TrustedProxies,
} from "../../framework/proxy.ts";
import { backoffSeconds } from "../../domain/member/rate-limit.ts";
import { pairBackoff } from "../../domain/member/login.ts";

const from = (xff: string | null, peer: string, proxies: TrustedProxies) => clientAddressFrom(xff, peer, proxies);

Deno.test("TRUST_PROXY: off, a count of hops, or a list of addresses and CIDRs", () => {
  for (const off of [undefined, "", "0", "false"]) assert.deepEqual(parseTrustProxy(off), { hops: 0 });
  assert.deepEqual(parseTrustProxy("1"), { hops: 1 });
  assert.deepEqual(parseTrustProxy("true"), { hops: 1 }, "the old meaning of TRUST_PROXY=true");
  assert.deepEqual(parseTrustProxy(" 2 "), { hops: 2 });
  const list = parseTrustProxy("10.0.0.0/8, 192.0.2.1 ,2001:db8::/32");
  assert.ok("ranges" in list);
  assert.equal(list.ranges.length, 3);
  assert.deepEqual(list.ranges.map((r) => r.bits), [8, 32, 32]);
});

Deno.test("TRUST_PROXY: garbage stops the start instead of trusting a guess", () => {
  for (
    const bad of ["yes", "-1", "1.5", "17", "10.0.0.0/33", "10.0.0/8", "proxy.example", "10.0.0.1,", "::1/129", "1/2/3"]
  ) {
    assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY/, bad);
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, `loadConfig ${bad}`);
  }
  const config = loadConfig({ TRUST_PROXY: "2" });
  assert.deepEqual(config.proxies, { hops: 2 });
  assert.equal(config.trustProxy, true, "X-Forwarded-Proto is believed behind any proxy");
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: "10.0.0.1" }).trustProxy, true);
});

Deno.test("no proxy trusted: the socket's peer, whatever the header says", () => {
  assert.equal(from("203.0.113.9", "192.0.2.1", { hops: 0 }), "192.0.2.1");
  assert.equal(from(null, "", { hops: 0 }), "unknown");
});

Deno.test("a count of hops: the entry right before our proxies, never the leftmost", () => {
  const one = { hops: 1 };
  // nginx appends the address it saw: the client wrote everything left of it.
  assert.equal(from("203.0.113.9", "10.0.0.2", one), "203.0.113.9");
  assert.equal(from("1.2.3.4, 203.0.113.9", "10.0.0.2", one), "203.0.113.9", "a spoofed leftmost hop");
  assert.equal(from("6.6.6.6, 7.7.7.7, 203.0.113.9", "10.0.0.2", one), "203.0.113.9");
  // Two proxies (a load balancer, then nginx): the second-last entry is the load balancer's own.
  const two = { hops: 2 };
  assert.equal(from("1.2.3.4, 203.0.113.9, 10.0.0.1", "10.0.0.2", two), "203.0.113.9");
  assert.equal(from("203.0.113.9, 10.0.0.1", "10.0.0.2", two), "203.0.113.9");
  assert.equal(from("10.0.0.1", "10.0.0.2", two), "10.0.0.1", "fewer entries than proxies: the leftmost");
  assert.equal(from(null, "10.0.0.2", two), "10.0.0.2", "no header: the peer");
  // In-process tests have no socket peer: the one hop of the header is the client.
  assert.equal(from("203.0.113.9", "", one), "203.0.113.9");
});

Deno.test("a list of proxies: the rightmost address outside it", () => {
  const proxies = parseTrustProxy("10.0.0.0/8, 2001:db8:ffff::/48");
  assert.equal(from("1.2.3.4, 203.0.113.9, 10.1.2.3", "10.0.0.2", proxies), "203.0.113.9");
  assert.equal(from("1.2.3.4, 203.0.113.9", "10.0.0.2", proxies), "203.0.113.9");
  assert.equal(from("203.0.113.9", "198.51.100.1", proxies), "198.51.100.1", "a peer that is no proxy of ours");
  assert.equal(from("10.9.9.9, 10.1.1.1", "10.0.0.2", proxies), "10.9.9.9", "all trusted: the leftmost");
  assert.equal(
    from("2001:DB8:1::5, 2001:db8:ffff::1", "2001:db8:ffff::2", proxies),
    "2001:db8:1::5",
    "IPv6 hops and peer, written in any case",
  );
  assert.equal(from("203.0.113.9", "::ffff:10.0.0.2", proxies), "203.0.113.9", "an IPv4-mapped peer");
});

Deno.test("garbage hops never become the client address (no fresh rate-limit bucket per request)", () => {
  assert.equal(from("not-an-ip", "10.0.0.2", { hops: 1 }), "10.0.0.2");
  assert.equal(from("203.0.113.9, <script>", "10.0.0.2", { hops: 1 }), "10.0.0.2");
  const proxies = parseTrustProxy("10.0.0.0/8");
  assert.equal(from("1.2.3.4, junk, 10.1.1.1", "10.0.0.2", proxies), "10.1.1.1", "stops at the garbage");
  assert.equal(from("203.0.113.9:5123", "10.0.0.2", { hops: 1 }), "203.0.113.9", "a port is dropped");
  assert.equal(from("[2001:db8::7]:443", "10.0.0.2", { hops: 1 }), "2001:db8::7");
});

Deno.test("addresses: IPv4 and IPv6 parsed strictly, one spelling each", () => {
  assert.equal(parseAddress("256.1.1.1"), null);
  assert.equal(parseAddress("01.2.3.4"), null);
  assert.equal(parseAddress("1.2.3"), null);
  assert.equal(parseAddress("1::2::3"), null);
  assert.equal(parseAddress("1:2:3:4:5:6:7:8:9"), null);
  assert.equal(parseAddress("12345::1"), null);
  assert.equal(formatAddress(parseAddress("2001:0db8:0000:0000:0000:0000:0000:0001")!), "2001:db8::1");
  assert.equal(formatAddress(parseAddress("::")!), "::");
  assert.equal(formatAddress(parseAddress("1:0:0:2:0:0:0:3")!), "1:0:0:2::3");
  assert.equal(formatAddress(parseAddress("::ffff:192.0.2.1")!), "192.0.2.1");
  assert.equal(formatAddress(parseAddress("64:ff9b::192.0.2.1")!), "64:ff9b::c000:201");
  assert.equal(formatAddress(parseAddress("fe80::1%eth0")!), "fe80::1");
});

Deno.test("clientAddress reads the request's X-Forwarded-For", () => {
  const req = new Request("http://localhost/", { headers: { "x-forwarded-for": "9.9.9.9, 203.0.113.9" } });
  assert.equal(clientAddress(req, "10.0.0.2", { hops: 1 }), "203.0.113.9");
  assert.equal(clientAddress(req, "10.0.0.2", { hops: 0 }), "10.0.0.2");
});

Deno.test("sign-in back-off: from the 5th failure, 1 minute doubling up to an hour", () => {
  const pair = pairBackoff("someone", "192.0.2.1");
  assert.deepEqual(
    [1, 4, 5, 6, 7, 10, 11, 50, 10_000].map((n) => backoffSeconds(pair, n)),
    [0, 0, 60, 120, 240, 1920, 3600, 3600, 3600],
  );
});
