// /management/ip's rules (issue 15 §4): addresses and CIDR blocks, deny first, allow-only once an allow
// rule exists.
import assert from "node:assert/strict";
import { addressAllowed, cidrContains, normalCidr, parseCidr } from "../../domain/builder/ip.ts";

Deno.test("addresses and blocks are parsed and normalised; nonsense is refused", () => {
  assert.equal(normalCidr("10.1.2.3/8"), "10.0.0.0/8");
  assert.equal(normalCidr("203.0.113.7"), "203.0.113.7/32");
  assert.equal(normalCidr("2001:db8::1/32"), "2001:db8:0:0:0:0:0:0/32");
  assert.equal(normalCidr("::ffff:192.0.2.1"), "192.0.2.1/32", "an IPv4-mapped address is IPv4");
  for (
    const bad of ["", "10.0.0", "256.1.1.1", "01.2.3.4", "1.2.3.4/33", "2001:db8::/129", "1::2::3", "x", "1.2.3.4/8/9"]
  ) {
    assert.equal(parseCidr(bad), null, bad);
  }
});

Deno.test("containment, IPv4 and IPv6", () => {
  assert.equal(cidrContains("10.0.0.0/8", "10.200.1.1"), true);
  assert.equal(cidrContains("10.0.0.0/8", "11.0.0.1"), false);
  assert.equal(cidrContains("2001:db8::/32", "2001:db8:ffff::1"), true);
  assert.equal(cidrContains("2001:db8::/32", "10.0.0.1"), false);
  assert.equal(cidrContains("0.0.0.0/0", "8.8.8.8"), true);
});

Deno.test("deny wins; with an allow rule only allowed addresses pass", () => {
  assert.equal(addressAllowed("1.2.3.4", []), true);
  assert.equal(addressAllowed("1.2.3.4", [{ kind: "deny", cidr: "1.2.3.0/24" }]), false);
  const rules = [{ kind: "allow" as const, cidr: "10.0.0.0/8" }, { kind: "deny" as const, cidr: "10.9.0.0/16" }];
  assert.equal(addressAllowed("10.1.1.1", rules), true);
  assert.equal(addressAllowed("10.9.1.1", rules), false);
  assert.equal(addressAllowed("192.168.0.1", rules), false);
  assert.equal(addressAllowed("unknown", rules), false);
});
