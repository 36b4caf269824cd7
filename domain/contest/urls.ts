// Reference URLs of a contest brief (SPEC §5 "URL: http or https with a valid host; an existence check
// (HEAD) can be made"). The check is pure: http(s), a host name with a dot or a public IP literal, never a
// loopback, private, link-local or otherwise internal address (OWASP SSRF: the server may later ask the
// address itself). The optional HEAD probe resolves the name first and refuses when any address it
// resolves to is internal, then asks with a short timeout and without following redirects.

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** IPv4 dotted quad → its four numbers, or null. */
function ipv4(host: string): number[] | null {
  const m = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** True for an address no server of ours should be made to call. */
export function isInternalAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4;
    return a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
      (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19));
  }
  if (host.includes(":")) {
    if (host === "::" || host === "::1") return true;
    const mapped = host.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return isInternalAddress(mapped[1]);
    if (/^::ffff:/.test(host)) return true;
    return /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || /^ff/.test(host);
  }
  return false;
}

/** The message key of a bad reference URL, or null when it is acceptable. */
export function referenceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "contest.url_invalid";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "contest.url_invalid";
  if (url.username || url.password) return "contest.url_invalid";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host) return "contest.url_invalid";
  if (ipv4(host) || host.includes(":")) return isInternalAddress(host) ? "contest.url_private" : null;
  // A numeric-looking host that is not a dotted quad (0x7f.1, 2130706433) is some other spelling of an address.
  if (/^[0-9.x]+$/i.test(host)) return "contest.url_private";
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return "contest.url_private";
  }
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return "contest.url_invalid";
  return null;
}

export interface ProbeOptions {
  resolve?: (host: string) => Promise<string[]>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

async function resolveAll(host: string): Promise<string[]> {
  const [a, aaaa] = await Promise.all([
    Deno.resolveDns(host, "A").catch(() => [] as string[]),
    Deno.resolveDns(host, "AAAA").catch(() => [] as string[]),
  ]);
  return [...a, ...aaaa];
}

/**
 * The existence check: null when the URL answered (any status below 500), else the message key. Never
 * asks an internal address: names resolving to one are refused before any request is made.
 */
export async function probeReferenceUrl(value: string, options: ProbeOptions = {}): Promise<string | null> {
  const problem = referenceUrlProblem(value);
  if (problem) return problem;
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!ipv4(host) && !host.includes(":")) {
    const addresses = await (options.resolve ?? resolveAll)(host);
    if (!addresses.length) return "contest.url_unreachable";
    if (addresses.some(isInternalAddress)) return "contest.url_private";
  }
  try {
    const res = await (options.fetch ?? fetch)(url, {
      method: "HEAD",
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    await res.body?.cancel();
    return res.status < 500 ? null : "contest.url_unreachable";
  } catch {
    return "contest.url_unreachable";
  }
}
