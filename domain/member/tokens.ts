// Single-use account tokens (password reset, reapplication after a rejected join): 256 random bits sent
// by mail, only their SHA-256 kept, valid 60 minutes (reset) or 7 days (reapplication).
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { accountTokens } from "../../db/schema/member.ts";

export type TokenPurpose = "reset" | "reapply";
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60_000,
  reapply: 7 * 24 * 60 * 60_000,
};

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Issues a token (earlier unused ones of the same purpose stop working) and returns it in clear. */
export async function issueAccountToken(tx: Tx, userId: number, purpose: TokenPurpose, now = new Date()) {
  const raw = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  await tx.update(accountTokens).set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: await sha256(raw),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return raw;
}

/** The user a valid, unused, unexpired token belongs to, or null. Does not use it up. */
export async function findAccountToken(tx: Tx, raw: string, purpose: TokenPurpose, now = new Date()) {
  if (!/^[0-9a-f]{64}$/.test(raw)) return null;
  const [row] = await tx.select().from(accountTokens).where(and(
    eq(accountTokens.tokenHash, await sha256(raw)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  )).limit(1);
  return row ?? null;
}

export async function useAccountToken(tx: Tx, id: number, now = new Date()) {
  await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, id));
}
