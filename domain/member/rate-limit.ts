// Fixed-window rate limits kept in PostgreSQL so every instance counts together; over the limit is a
// 429 with Retry-After (SPEC §8, ASVS 6.3.1). Besides plain counters: hits given back when a request
// turned out well (a correct password), and exponential back-offs after repeated failures.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
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

/**
 * Gives back one hit of each bucket: consume() counts a request before its outcome is known (so a burst
 * of parallel guesses is counted), and a request that was no failure must not use up the limit.
 */
export async function refund(tx: Tx, limits: Limit[], now = new Date()): Promise<void> {
  await tx.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(
      inArray(rateLimits.bucket, limits.map((l) => l.bucket)),
      gt(rateLimits.resetAt, sql`${now.toISOString()}::timestamptz`),
    ));
}

/** The bucket's count in its current window (0 when it has none), and when that window ends. */
export async function current(tx: Tx, bucket: string, now = new Date()): Promise<{ count: number; resetAt: Date }> {
  const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.bucket, bucket));
  return row && row.resetAt > now ? row : { count: 0, resetAt: now };
}

/**
 * Failures of one kind (one account from one address): from the `waitFrom`-th on, each failure makes
 * the next attempt wait, `firstSeconds` doubling per failure up to `maxSeconds`. The failures are
 * remembered for `memorySeconds` from the first one.
 */
export interface Backoff {
  bucket: string;
  waitFrom: number;
  firstSeconds: number;
  maxSeconds: number;
  memorySeconds: number;
}

/** How long to wait after the `failures`-th failure (pure). */
export function backoffSeconds(backoff: Backoff, failures: number): number {
  if (failures < backoff.waitFrom) return 0;
  return Math.min(backoff.maxSeconds, backoff.firstSeconds * 2 ** Math.min(failures - backoff.waitFrom, 30));
}

const waitBucket = (backoff: Backoff) => `${backoff.bucket}:wait`;

/** Answers 429 while the back-off of the last failure runs. */
export async function assertNoBackoff(tx: Tx, backoff: Backoff, now = new Date()): Promise<void> {
  const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.bucket, waitBucket(backoff)));
  if (row && row.resetAt > now) throw tooMany(row.resetAt, now);
}

/** Counts a failure and starts its back-off; answers the number of failures remembered. */
export async function recordFailure(tx: Tx, backoff: Backoff, now = new Date()): Promise<number> {
  const { count } = await hit(tx, { bucket: backoff.bucket, max: 0, windowSeconds: backoff.memorySeconds }, now);
  const seconds = backoffSeconds(backoff, count);
  if (seconds > 0) {
    const until = new Date(now.getTime() + seconds * 1000);
    await tx.insert(rateLimits).values({ bucket: waitBucket(backoff), count, resetAt: until })
      .onConflictDoUpdate({ target: rateLimits.bucket, set: { count, resetAt: until } });
  }
  return count;
}

/** Forgets the failures and any back-off (after a success). */
export async function forgetFailures(tx: Tx, backoff: Backoff): Promise<void> {
  await tx.delete(rateLimits).where(inArray(rateLimits.bucket, [backoff.bucket, waitBucket(backoff)]));
}

export function tooMany(resetAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, "error.429", "Too Many Requests", { retryAfter: seconds }, {
    "retry-after": String(seconds),
  });
}
