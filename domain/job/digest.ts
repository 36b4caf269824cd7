// The job portal's timed work (issue 19 §5), run hourly by every instance (main.ts): recruiting postings past
// their close date become done (SPEC §4 "done by itself"), and each company is mailed once the day before a
// posting closes. Each posting is claimed with FOR UPDATE SKIP LOCKED and marked in the transaction of its
// mail, so instances running it at once send each mail once.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { jobPostings } from "../../db/schema/job.ts";
import { type MailConfig, mailMember } from "./mail.ts";
import { expirePostings } from "./postings.ts";
import { seoulDay } from "./status.ts";

export interface JobRun {
  expired: number;
  reminders: number;
}

export async function runJobSchedule(db: Db, config: MailConfig, now: Date): Promise<JobRun> {
  return await db.transaction(async (tx) => {
    const expired = await expirePostings(tx, now);
    const closing = await tx.select().from(jobPostings).where(and(
      eq(jobPostings.status, "recruiting"),
      eq(jobPostings.closeOn, seoulDay(now, 1)),
      isNull(jobPostings.remindedAt),
    )).for("update", { skipLocked: true });
    for (const posting of closing) {
      await mailMember(tx, config, posting.companyId, "job", "closing", posting, `/job/recruit/${posting.id}`, {
        close: posting.closeOn,
        count: posting.applicationCount,
      });
      await tx.update(jobPostings).set({ remindedAt: now }).where(eq(jobPostings.id, posting.id));
    }
    return { expired, reminders: closing.length };
  });
}
