// Fixed-window rate limits kept in PostgreSQL so every instance counts together; over the limit is a
// 429 with Retry-After (SPEC §8, ASVS 6.3.1).
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Counts one hit in each bucket and answers 429 when any is over its limit. */
export async function consume(tx: Tx, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const { count, resetAt } = await hit(tx, limit, now);
    if (count > limit.max) throw tooMany(resetAt, now);
  }
}

/** Answers 429 if a bucket is already over its limit, without counting (for failure counters). */
export async function assertUnder(tx: Tx, limit: Limit, now = new Date()): Promise<void> {
  const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.bucket, limit.bucket));
  if (row && row.resetAt > now && row.count >= limit.max) throw tooMany(row.resetAt, now);
}

export async function hit(tx: Tx, limit: Limit, now = new Date()): Promise<{ count: number; resetAt: Date }> {
  const reset = new Date(now.getTime() + limit.windowSeconds * 1000);
  // Raw SQL gets timestamps as ISO text: postgres.js refuses a Date inside sql`` (PGlite took it).
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const resetAt = sql`${reset.toISOString()}::timestamptz`;
  const [row] = await tx.insert(rateLimits).values({ bucket: limit.bucket, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowAt} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowAt} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

export async function clear(tx: Tx, bucket: string): Promise<void> {
  await tx.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
}

function tooMany(resetAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, "error.429", "Too Many Requests", { retryAfter: seconds }, {
    "retry-after": String(seconds),
  });
}
