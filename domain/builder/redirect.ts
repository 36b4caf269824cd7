// /redirect?url= (SPEC §2.1, issue 15 §5): follows only a same-site path or a host on the configured
// allow-list (and the platform's own sub-sites); anything else gets an interstitial that names the address
// and lets the visitor decide, so the route is never an open redirect (OWASP ASVS 5.0 V5.1.5 / CWE-601).
// Browsers read `/\host`, `//host`, leading spaces and tabs inside URLs as another host: such input is
// never followed.

export type RedirectDecision =
  | { kind: "follow"; location: string }
  /** Another site: shown, with a link only when it is an http(s) address. */
  | { kind: "confirm"; url: string; link: string | null };

// deno-lint-ignore no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

/** Whether `host` is one of ours or on the allow-list (`example.org`, or `*.example.org` for its sub-domains). */
export function hostAllowed(host: string, own: readonly string[], allowList: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return [...own, ...allowList].some((entry) => {
    const e = entry.toLowerCase().trim();
    if (!e) return false;
    if (e.startsWith("*.")) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === e;
  });
}

/** A path on this site that every browser reads as such: `/x`, never `//x`, `/\x` or their encodings. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || UNSAFE.test(value)) return false;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return !/^\/[/\\]/.test(decoded) && !UNSAFE.test(decoded);
}

export function redirectDecision(
  raw: string,
  own: readonly string[],
  allowList: readonly string[],
): RedirectDecision {
  const value = raw;
  if (isSameSitePath(value)) return { kind: "follow", location: value };
  if (!UNSAFE.test(value) && /^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      const plain = !url.username && !url.password;
      if (plain && hostAllowed(url.hostname, own, allowList)) return { kind: "follow", location: url.href };
      return { kind: "confirm", url: value, link: url.href };
    } catch {
      // not an address: shown as text below
    }
  }
  return { kind: "confirm", url: value, link: null };
}
