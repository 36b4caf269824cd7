// Which reverse proxies stand in front of the app (TRUST_PROXY), and the client address they vouch for.
// X-Forwarded-For is a list each proxy appends to: only the hops our own proxies wrote can be believed,
// so the client is the rightmost address that is not one of them (ASVS 15.3.4; research/security.md §3.1).
// No dependencies: fresh.config.ts imports this.

/** An address range: the address's bytes (4 or 16) and the prefix length. */
export interface AddressRange {
  bytes: Uint8Array;
  bits: number;
}

/**
 * `hops`: that many proxies in front, whatever their addresses (`TRUST_PROXY=1`: one nginx); `ranges`:
 * the proxies' own addresses. `{ hops: 0 }` trusts nobody: the socket's peer is the client.
 */
export type TrustedProxies = { hops: number } | { ranges: AddressRange[] };

export const NO_PROXY: TrustedProxies = { hops: 0 };

/** Whether any proxy header is believed at all (X-Forwarded-Proto, X-Request-Id). */
export function trustsProxy(proxies: TrustedProxies): boolean {
  return "hops" in proxies ? proxies.hops > 0 : proxies.ranges.length > 0;
}

/**
 * TRUST_PROXY: unset, `0` or `false` trusts nobody; a count of hops (`1`, and `true` as before, means one
 * proxy); or a comma-separated list of proxy addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::/32`).
 * Anything else stops the start rather than guessing who the client is.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "0" || value === "false") return NO_PROXY;
  if (value === "true") return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 16) throw new Error(`TRUST_PROXY counts proxy hops (1–16), not "${raw}"`);
    return { hops };
  }
  const ranges = value.split(",").map((item) => {
    const range = parseRange(item.trim());
    if (!range) {
      throw new Error(
        `TRUST_PROXY must be a number of proxy hops or a comma-separated list of addresses/CIDRs; "${item.trim()}" is neither`,
      );
    }
    return range;
  });
  return { ranges };
}

/** `10.0.0.0/8`, `::1`, `2001:db8::/32` → the range, or null. */
export function parseRange(text: string): AddressRange | null {
  const [address, prefix, ...rest] = text.split("/");
  if (rest.length) return null;
  const bytes = parseAddress(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (prefix === undefined) return { bytes, bits: max };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
  return { bytes, bits: Number(prefix) };
}

export function inRange(bytes: Uint8Array, range: AddressRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const take = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (range.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

/**
 * An address as X-Forwarded-For or the socket gives it, to bytes (4 for IPv4, 16 for IPv6), or null.
 * Brackets and a port (`[2001:db8::1]:443`, `192.0.2.1:5000`) and a zone (`fe80::1%eth0`) are dropped;
 * an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function parseAddress(text: string): Uint8Array | null {
  let s = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  s = s.replace(/%[\w.-]+$/, "");
  const v4 = parseIpv4(s);
  if (v4) return v4;
  const v6 = parseIpv6(s);
  if (v6 && v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff) return v6.slice(12);
  return v6;
}

function parseIpv4(s: string): Uint8Array | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    // No leading zeros: "010" is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

function parseIpv6(s: string): Uint8Array | null {
  if (!s.includes(":") || s.length > 45) return null;
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const words: number[] = [];
  const read = (list: string[], last: boolean): boolean => {
    for (const [i, group] of list.entries()) {
      if (last && i === list.length - 1 && group.includes(".")) {
        const v4 = parseIpv4(group);
        if (!v4) return false;
        words.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(group)) {
        words.push(parseInt(group, 16));
      } else return false;
    }
    return true;
  };
  if (!read(head, halves.length === 1)) return null;
  const headWords = words.length;
  if (!read(tail, true)) return null;
  const tailWords = words.splice(headWords);
  if (halves.length === 1 ? words.length !== 8 : words.length + tailWords.length > 7) return null;
  const all = [...words, ...Array(8 - words.length - tailWords.length).fill(0), ...tailWords];
  const bytes = new Uint8Array(16);
  all.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

/** One spelling per address (IPv6 lowercase with the longest run of zero groups as `::`, RFC 5952). */
export function formatAddress(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join(".");
  const words = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]);
  let best = -1, bestLength = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = words.map((w) => w.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLength).join(":")}`;
}

/**
 * The client's address. The chain is X-Forwarded-For's hops followed by the socket's peer (the nearest
 * proxy); with a count, the last `hops` entries of it are our proxies and the one before is the client;
 * with a list, the client is the rightmost entry outside the listed ranges. Whatever a client writes into
 * the header itself stands left of that and is never read. An entry that is no address (garbage passed
 * on) is never the answer: the nearest address right of it is, so it cannot make a fresh rate-limit bucket.
 */
export function clientAddressFrom(
  forwardedFor: string | null,
  remoteAddr: string,
  proxies: TrustedProxies,
): string {
  const peer = parseAddress(remoteAddr);
  const peerText = peer ? formatAddress(peer) : remoteAddr || "unknown";
  if (!trustsProxy(proxies) || !forwardedFor) return peerText;
  const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
  if ("hops" in proxies) {
    // The socket's peer is the first of our proxies; the others wrote the last hops-1 header entries.
    // Fewer entries than proxies: the leftmost one is the best we know.
    for (let i = Math.max(0, hops.length - proxies.hops); i < hops.length; i++) {
      const bytes = parseAddress(hops[i]);
      if (bytes) return formatAddress(bytes);
    }
    return peerText;
  }
  if (!peer || !proxies.ranges.some((r) => inRange(peer, r))) return peerText;
  let client = peerText;
  for (let i = hops.length - 1; i >= 0; i--) {
    const bytes = parseAddress(hops[i]);
    if (!bytes) break;
    client = formatAddress(bytes);
    if (!proxies.ranges.some((r) => inRange(bytes, r))) break;
  }
  return client;
}
