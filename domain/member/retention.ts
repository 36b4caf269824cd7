// Personal data kept no longer than needed (PIPA Art. 21; research/security.md §2.1; issue 16 §7). Withdrawal
// (withdraw.ts) erases the member's own record at once; this job, run hourly by every instance (only one
// at a time, domain/ops/exclusive.ts), destroys what is still kept for a while after it:
// - `withdrawnDays` after a withdrawal: the contact details on the member's entries (all of them) and the
//   designers' names on entries that won nothing (winners stay in the awards' public record, which the
//   privacy policy keeps for certificates), their wizard drafts, their ended sessions (with the browser
//   names), and the payment provider's raw answers (buyer name, e-mail, phone) of their payments;
// - `paymentYears` after a payment (5: the e-commerce act's record of payments): the payment row;
// - two years after an entry of the audit log, the access log of personal data: the entry (migration 0010
//   lets nothing else delete it);
// - mail sent more than 90 days ago (addresses and bodies), and rate-limit counters past their window
//   (their names hold client addresses).
import { and, inArray, isNotNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { entries } from "../../db/schema/award.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { auditLog, outbox, rateLimits, sessions, users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { AWARD_RANKS } from "../award/options.ts";
import { isPrizeRank } from "../award/publication.ts";
import { JOB_LOCKS, runExclusive } from "../ops/exclusive.ts";
import { WITHDRAWN_NAME, WITHDRAWN_NAME_EN } from "./withdraw.ts";

export interface RetentionPolicy {
  /** Days after a withdrawal until what is kept of the member is destroyed. */
  withdrawnDays: number;
  /** Years a payment record is kept. */
  paymentYears: number;
}

/** The audit log is kept two years (the trigger of migration 0010 allows deleting nothing younger). */
export const ACCESS_LOG_YEARS = 2;
export const SENT_MAIL_DAYS = 90;

export interface RetentionReport {
  entriesCleared: number;
  draftsDeleted: number;
  sessionsDeleted: number;
  paymentsStripped: number;
  paymentsDeleted: number;
  auditDeleted: number;
  mailDeleted: number;
  countersDeleted: number;
}

const DAY = 86_400_000;
const yearsBefore = (now: Date, years: number) => {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
};

/** The prize ranks, whose designers stay named in the awards' public record. */
const PRIZE_RANKS = AWARD_RANKS.filter(isPrizeRank);

async function enforce(tx: Tx, policy: RetentionPolicy, now: Date): Promise<RetentionReport> {
  const gone = tx.select({ id: users.id }).from(users)
    .where(
      and(isNotNull(users.withdrawnAt), lt(users.withdrawnAt, new Date(now.getTime() - policy.withdrawnDays * DAY))),
    );
  const cleared = await tx.update(entries).set({
    designerEmail: "",
    designerPhone: "",
    designerAffiliation: "",
    // Winners keep their names (the public record); everyone else's go, co-designers' contact details always.
    designerName:
      sql`case when ${entries.rank} in ${PRIZE_RANKS} then ${entries.designerName} else ${WITHDRAWN_NAME} end`,
    designerNameEn:
      sql`case when ${entries.rank} in ${PRIZE_RANKS} then ${entries.designerNameEn} else ${WITHDRAWN_NAME_EN} end`,
    subDesigners: sql`case when ${entries.rank} in ${PRIZE_RANKS}
      then coalesce((select jsonb_agg(jsonb_build_object('name', d->'name', 'name_en', d->'name_en'))
        from jsonb_array_elements(${entries.subDesigners}) d), '[]'::jsonb)
      else '[]'::jsonb end`,
  }).where(and(
    inArray(entries.userId, gone),
    or(
      sql`${entries.designerEmail} <> ''`,
      sql`${entries.designerPhone} <> ''`,
      sql`${entries.designerAffiliation} <> ''`,
      and(
        or(sql`${entries.rank} is null`, notInArray(entries.rank, PRIZE_RANKS)),
        sql`${entries.designerName} <> ${WITHDRAWN_NAME}`,
      ),
      sql`exists (select 1 from jsonb_array_elements(${entries.subDesigners}) d where d ? 'affiliation')`,
    ),
  )).returning({ id: entries.id });
  const drafts = await tx.delete(wizardDrafts).where(inArray(wizardDrafts.userId, gone)).returning({
    id: wizardDrafts.id,
  });
  const ended = await tx.delete(sessions).where(inArray(sessions.userId, gone)).returning({ id: sessions.id });
  const stripped = await tx.update(payments).set({ raw: null })
    .where(and(inArray(payments.userId, gone), isNotNull(payments.raw))).returning({ id: payments.id });
  const expired = await tx.delete(payments).where(lt(payments.createdAt, yearsBefore(now, policy.paymentYears)))
    .returning({ id: payments.id });
  const audit = await tx.delete(auditLog).where(lt(auditLog.createdAt, yearsBefore(now, ACCESS_LOG_YEARS)))
    .returning({ id: auditLog.id });
  const mail = await tx.delete(outbox)
    .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, new Date(now.getTime() - SENT_MAIL_DAYS * DAY))))
    .returning({ id: outbox.id });
  const counters = await tx.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({
    bucket: rateLimits.bucket,
  });
  return {
    entriesCleared: cleared.length,
    draftsDeleted: drafts.length,
    sessionsDeleted: ended.length,
    paymentsStripped: stripped.length,
    paymentsDeleted: expired.length,
    auditDeleted: audit.length,
    mailDeleted: mail.length,
    countersDeleted: counters.length,
  };
}

/** One run of the retention rules; null when another instance is running them right now. */
export async function enforceRetention(db: Db, policy: RetentionPolicy, now = new Date()) {
  return await runExclusive(db, JOB_LOCKS.retention, (tx) => enforce(tx, policy, now));
}
