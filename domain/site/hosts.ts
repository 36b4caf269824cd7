// Choosing the site by host name (SPEC §1, §3 Site): lowercased, port removed; an exact domain row
// wins, then `<sub>.<base domain>`, then the base domain itself means the default sub-domain.
import { HttpError } from "../../framework/errors.ts";

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*|\[[0-9a-f:.]+\])$/;

/** The host name of a Host header without its port, lowercased; 400 when it is not a host name. */
export function hostName(header: string | null | undefined): string {
  const value = (header ?? "").trim().toLowerCase();
  const host = value.startsWith("[")
    ? value.slice(0, value.indexOf("]") + 1)
    : value.replace(/:\d{1,5}$/, "").replace(/\.$/, "");
  if (!host || host.length > 253 || !HOST.test(host)) throw new HttpError(400, "error.400");
  return host;
}

export interface HostLookup {
  exact?: string;
  subDomain?: string;
}

/** What to look up for a host: the exact host always, and a sub-domain when under the base domain. */
export function hostLookup(host: string, baseDomain: string, defaultSubDomain: string): HostLookup {
  if (host === baseDomain) return { exact: host, subDomain: defaultSubDomain };
  if (host.endsWith(`.${baseDomain}`)) {
    const label = host.slice(0, -baseDomain.length - 1);
    return { exact: host, subDomain: label.includes(".") ? undefined : label };
  }
  return { exact: host };
}
