// After the result date (issue 12 §2, §6, §7; SPEC §9): the council publishes the results (every entrant is
// told by mail) and settles the contest — the statement computed by settle(), the host's refund through the
// payment provider (a partial cancel where the provider has one, else recorded for a bank transfer) and the
// winners' payouts less 4.4 %, all in one transaction holding the contest row, exactly once: a second
// settlement or refund is refused (409) and the refunds table allows one row per contest.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contestPayouts, contestRefunds, type ContestRow, contests } from "../../db/schema/contest.ts";
import { type PaymentRow, payments, type PaymentStatus } from "../../db/schema/pay.ts";
import type { Config } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { canSeeManagementLink, type Viewer } from "../member/permissions.ts";
import { activeProvider } from "../pay/web.ts";
import { liveEntries } from "./judging.ts";
import { mailMember } from "./mail.ts";
import { PAYOUT_STATUSES, type PrizePlace, TARGET_CONTEST_PRIZE } from "./options.ts";
import { statusMachine } from "../common/status.ts";
import { contestStatus, prizeTotal, settle, type Settlement } from "./rules.ts";

type MailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;

/** The paid payment of a contest's prize money, if any. */
export async function prizePayment(
  db: Tx,
  contestId: number,
  statuses: PaymentStatus[] = ["paid"],
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments)
    .where(and(
      eq(payments.targetType, TARGET_CONTEST_PRIZE),
      eq(payments.targetId, contestId),
      inArray(payments.status, statuses),
    ))
    .orderBy(desc(payments.id)).limit(1);
  return row ?? null;
}

/** The statement as it stands (or would stand) for this contest. */
export async function statementOf(db: Tx, contest: ContestRow): Promise<Settlement> {
  const entries = await liveEntries(db, contest.id);
  // A settled contest's payment may have been cancelled by its full refund: it was still paid.
  const payment = await prizePayment(db, contest.id, ["paid", "cancelled"]);
  return settle({
    prize1: contest.prize1,
    prize2: contest.prize2,
    prize3: contest.prize3,
    paid: payment?.amount ?? 0,
    entrants: entries.length,
    winners: entries.filter((e) => e.entry.place).map((e) => ({
      entryId: e.entry.id,
      userId: e.entry.userId,
      place: e.entry.place as PrizePlace,
    })),
  });
}

/** The council publishes the results once the entries have closed; every entrant gets a mail. */
export async function publishResults(
  db: Db,
  config: MailConfig,
  viewer: Viewer,
  contestId: number,
  now: Date,
): Promise<void> {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  await db.transaction(async (tx) => {
    const [contest] = await tx.select().from(contests).where(eq(contests.id, contestId)).for("update");
    if (!contest) throw new HttpError(404, "contest.not_found");
    const status = contestStatus(contest, now);
    if (status !== "judging" && status !== "terminated") throw new HttpError(409, "contest.not_closed");
    const [row] = await tx.update(contests).set({ publishedAt: now, updatedAt: now })
      .where(and(eq(contests.id, contestId), isNull(contests.publishedAt))).returning();
    if (!row) throw new HttpError(409, "contest.wrong_status");
    for (const { entry } of await liveEntries(tx, contestId)) {
      await mailMember(tx, config, entry.userId, row, "result", (_locale, t) => ({
        result: entry.rank
          ? t("contest.mail.resultWon", { entry: entry.title, rank: t(`contest.ranks.${entry.rank}`) })
          : t("contest.mail.resultLost"),
      }));
    }
  });
}

export interface SettleDeps {
  db: Db;
  config: Config;
  sessionSecret: Uint8Array;
  clientIp: string;
}

/**
 * Settles a terminated contest: 409 contest.already_settled the second time, contest.not_settleable before
 * the result date or while winners must still be picked (5 or more entries). The provider refunds inside
 * the transaction holding the contest row; if it refuses (502) nothing is recorded.
 */
export async function settleContest(
  deps: SettleDeps,
  viewer: Viewer,
  contestId: number,
  now: Date,
): Promise<Settlement> {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  return await deps.db.transaction(async (tx) => {
    const [contest] = await tx.select().from(contests).where(eq(contests.id, contestId)).for("update");
    if (!contest) throw new HttpError(404, "contest.not_found");
    if (contest.settledAt) throw new HttpError(409, "contest.already_settled");
    if (contestStatus(contest, now) !== "terminated") throw new HttpError(409, "contest.not_settleable");
    const statement = await statementOf(tx, contest);
    if (statement.case === "awaiting_winners") throw new HttpError(409, "contest.not_settleable");
    const payment = await prizePayment(tx, contest.id);
    if (!payment || payment.amount !== prizeTotal(contest)) throw new HttpError(409, "contest.not_settleable");

    if (statement.refund > 0) {
      const inserted = await tx.insert(contestRefunds).values({
        contestId: contest.id,
        paymentId: payment.id,
        amount: statement.refund,
        reason: statement.case,
        byUserId: viewer.id,
      }).onConflictDoNothing().returning({ id: contestRefunds.id });
      if (!inserted.length) throw new HttpError(409, "contest.already_refunded");
      const provider = activeProvider(deps.config, deps.sessionSecret);
      if (payment.provider !== provider.name || !payment.providerTid) {
        throw new HttpError(409, "pay.provider_unavailable");
      }
      const paid = { orderId: payment.orderId, tid: payment.providerTid, amount: payment.amount };
      const reason = `contest ${contest.id} ${statement.case}`;
      const whole = statement.refund === payment.amount;
      const method = whole ? "cancel" : provider.partialRefund ? "partial_cancel" : "bank_transfer";
      const refund = method === "cancel"
        ? await provider.refund(paid, reason, deps.clientIp)
        : method === "partial_cancel"
        ? await provider.partialRefund!(paid, statement.refund, reason, deps.clientIp)
        : { ok: true as const, raw: { method, amount: statement.refund } };
      if (!refund.ok) throw new HttpError(502, refund.key, "Refund refused", { raw: refund.raw });
      await tx.update(contestRefunds).set({ method }).where(eq(contestRefunds.id, inserted[0].id));
      const raw = (payment.raw && typeof payment.raw === "object" ? payment.raw : {}) as Record<string, unknown>;
      await tx.update(payments).set({
        ...(whole ? { status: "cancelled" as const, cancelledAt: now } : {}),
        updatedAt: now,
        raw: { ...raw, refund: { ...refund.raw, amount: statement.refund, by: viewer.id, contest: contest.id } },
      }).where(eq(payments.id, payment.id));
    }
    if (statement.payouts.length) {
      await tx.insert(contestPayouts).values(statement.payouts.map((p) => ({
        contestId: contest.id,
        entryId: p.entryId,
        userId: p.userId,
        place: p.place,
        prize: p.prize,
        tax: p.tax,
        net: p.net,
      })));
    }
    await tx.update(contests).set({ settledAt: now, updatedAt: now }).where(eq(contests.id, contest.id));
    return statement;
  });
}

/** The payouts and refund recorded for a contest (the statement after settlement). */
export async function settlementRecords(db: Tx, contestId: number) {
  const payouts = await db.select().from(contestPayouts).where(eq(contestPayouts.contestId, contestId))
    .orderBy(contestPayouts.place);
  const [refund] = await db.select().from(contestRefunds).where(eq(contestRefunds.contestId, contestId));
  return { payouts, refund: refund ?? null };
}

/** A winner's payout: pending until the council has transferred it (to the winner's bank account, /profile/bank). */
export const payoutMachine = statusMachine(PAYOUT_STATUSES, {
  pay: { from: ["pending"], to: "paid" },
}, { refusal: "contest.wrong_status" });

/** Staff record that a payout was transferred; once (409 the second time). */
export async function markPayoutPaid(db: Db, viewer: Viewer, contestId: number, payoutId: number, now: Date) {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  const [row] = await db.update(contestPayouts).set({ status: payoutMachine.transitions.pay.to, paidAt: now })
    .where(and(
      eq(contestPayouts.id, payoutId),
      eq(contestPayouts.contestId, contestId),
      payoutMachine.fromCondition(contestPayouts.status, "pay"),
    )).returning();
  if (!row) {
    const [exists] = await db.select({ id: contestPayouts.id }).from(contestPayouts)
      .where(and(eq(contestPayouts.id, payoutId), eq(contestPayouts.contestId, contestId)));
    throw exists ? new HttpError(409, "contest.wrong_status") : new HttpError(404, "contest.not_found");
  }
  return row;
}
