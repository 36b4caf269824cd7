// The contest area's timed mails (issue 12 §7): a daily digest of new entries to each host (at most one a
// day per contest, naming the count of entries), and one closing reminder to the host a day before entries
// close. Each contest row is claimed with FOR UPDATE SKIP LOCKED and marked in the transaction of its mail,
// so running this on every instance at once sends each mail once. Run hourly on every instance
// (domain/ops/jobs.ts, started by main.ts).
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contestEntries, contests } from "../../db/schema/contest.ts";
import type { Config } from "../../fresh.config.ts";
import { liveEntryCount } from "./judging.ts";
import { mailDate, mailMember } from "./mail.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DigestRun {
  digests: number;
  reminders: number;
}

export async function sendContestMails(
  db: Db,
  config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">,
  now: Date,
): Promise<DigestRun> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const dayAhead = new Date(now.getTime() + DAY_MS);
  return await db.transaction(async (tx) => {
    let digests = 0;
    let reminders = 0;
    // Contests with an entry newer than their last digest, not digested in the last day.
    const due = await tx.select().from(contests).where(and(
      eq(contests.approval, "approved"),
      gt(contests.closeAt, dayAgo),
      or(isNull(contests.digestedAt), lte(contests.digestedAt, dayAgo)),
      sql`exists (select 1 from ${contestEntries} e where e.contest_id = ${contests.id} and e.status = 'submitted'
        and e.created_at > coalesce(${contests.digestedAt}, '-infinity'::timestamptz))`,
    )).for("update", { skipLocked: true });
    for (const contest of due) {
      const count = await liveEntryCount(tx, contest.id);
      await mailMember(tx, config, contest.hostId, contest, "entry", { count }, `/contest/${contest.id}/judge`);
      await tx.update(contests).set({ digestedAt: now }).where(eq(contests.id, contest.id));
      digests++;
    }
    const closing = await tx.select().from(contests).where(and(
      eq(contests.approval, "approved"),
      isNull(contests.remindedAt),
      gt(contests.closeAt, now),
      lte(contests.closeAt, dayAhead),
    )).for("update", { skipLocked: true });
    for (const contest of closing) {
      await mailMember(tx, config, contest.hostId, contest, "closing", (locale) => ({
        close: mailDate(contest.closeAt, locale),
      }), `/contest/${contest.id}/judge`);
      await tx.update(contests).set({ remindedAt: now }).where(eq(contests.id, contest.id));
      reminders++;
    }
    return { digests, reminders };
  });
}
