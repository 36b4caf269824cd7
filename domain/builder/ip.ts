// Address rules of the management area (/management/ip, issue 15 §4): deny rules always refuse; once any
// allow rule exists only allowed addresses get in. The address is the client's as the proxy setting says
// (state.clientIp: X-Forwarded-For only behind a trusted proxy, framework/http.ts), so a forged header
// cannot pass a rule. A rule that would shut out the administrator making it is refused.
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { IP_RULE_KINDS, type IpRuleRow, ipRules } from "../../db/schema/builder.ts";
import { HttpError } from "../../framework/errors.ts";

type Parsed = { v: 4 | 6; bits: bigint; prefix: number };

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p.startsWith("0"))) return null;
    n = (n << 8n) | BigInt(Number(p));
  }
  return n;
}

function parseV6(text: string): bigint | null {
  let s = text.toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const v4 = s.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  let tail: bigint | null = null;
  if (v4) {
    tail = parseV4(v4[2]);
    if (tail === null) return null;
    s = `${v4[1]}0:0`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0 || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tail !== null) n = (n & ~0xffffffffn) | tail;
  return n;
}

/** An address or CIDR block; null when it is neither. IPv4-mapped IPv6 addresses count as IPv4. */
export function parseCidr(text: string): Parsed | null {
  const [addr, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const v4 = parseV4(addr);
  let parsed: Parsed | null = null;
  if (v4 !== null) parsed = { v: 4, bits: v4, prefix: 32 };
  else {
    const v6 = parseV6(addr);
    if (v6 === null) return null;
    parsed = (v6 >> 32n) === 0xffffn ? { v: 4, bits: v6 & 0xffffffffn, prefix: 32 } : { v: 6, bits: v6, prefix: 128 };
  }
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    if (prefix > (parsed.v === 4 ? 32 : 128)) return null;
    parsed.prefix = prefix;
  }
  return parsed;
}

function mask(p: Parsed): bigint {
  const width = p.v === 4 ? 32n : 128n;
  const host = width - BigInt(p.prefix);
  return ((1n << width) - 1n) ^ ((1n << host) - 1n);
}

/** The normal form stored: network address and prefix (`10.0.0.0/8`, `2001:db8::/32` written out). */
export function normalCidr(text: string): string | null {
  const p = parseCidr(text);
  if (!p) return null;
  const net = p.bits & mask(p);
  if (p.v === 4) {
    const octets = [24n, 16n, 8n, 0n].map((s) => String((net >> s) & 255n));
    return `${octets.join(".")}/${p.prefix}`;
  }
  const groups = Array.from({ length: 8 }, (_, i) => ((net >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return `${groups.join(":")}/${p.prefix}`;
}

export function cidrContains(cidr: string, address: string): boolean {
  const block = parseCidr(cidr);
  const ip = parseCidr(address);
  if (!block || !ip || block.v !== ip.v) return false;
  const m = mask(block);
  return (block.bits & m) === (ip.bits & m);
}

export interface Rule {
  kind: "allow" | "deny";
  cidr: string;
}

/** Deny wins; with any allow rule, only allowed addresses pass; with none, everyone not denied does. */
export function addressAllowed(address: string, rules: readonly Rule[]): boolean {
  if (rules.some((r) => r.kind === "deny" && cidrContains(r.cidr, address))) return false;
  const allows = rules.filter((r) => r.kind === "allow");
  return allows.length === 0 || allows.some((r) => cidrContains(r.cidr, address));
}

export async function ipRuleRows(tx: Tx): Promise<IpRuleRow[]> {
  return await tx.select().from(ipRules).orderBy(asc(ipRules.kind), asc(ipRules.id));
}

export const IpRuleInput = z.object({
  kind: z.enum(IP_RULE_KINDS, "builder.option_invalid"),
  cidr: z.string().trim().max(64),
  note: z.string().trim().max(200).default(""),
});

/** Adds a rule; refused when it is no address, or when it would lock out the address asking. */
export async function addIpRule(tx: Tx, userId: number, input: z.infer<typeof IpRuleInput>, from: string) {
  const cidr = normalCidr(input.cidr);
  if (!cidr) throw new HttpError(422, "builder.ip_invalid", undefined, { fields: { cidr: ["builder.ip_invalid"] } });
  const rules = await ipRuleRows(tx);
  if (rules.some((r) => r.kind === input.kind && r.cidr === cidr)) return;
  if (!addressAllowed(from, [...rules, { kind: input.kind, cidr }])) {
    throw new HttpError(422, "builder.ip_lockout", undefined, { fields: { cidr: ["builder.ip_lockout"] } });
  }
  await tx.insert(ipRules).values({ kind: input.kind, cidr, note: input.note, createdBy: userId || null });
}

export async function removeIpRule(tx: Tx, id: number, from: string) {
  const rules = await ipRuleRows(tx);
  if (!addressAllowed(from, rules.filter((r) => r.id !== id))) {
    throw new HttpError(422, "builder.ip_lockout");
  }
  await tx.delete(ipRules).where(eq(ipRules.id, id));
}

/** The management area's check (routes/management/_middleware.ts): 403 builder.ip_refused. */
export async function requireAllowedAddress(tx: Tx, address: string): Promise<void> {
  const rules = await ipRuleRows(tx);
  if (rules.length && !addressAllowed(address, rules)) throw new HttpError(403, "builder.ip_refused");
}
