// The contest's side of the payment module (domain/pay/orders.ts): the prize money a host pays by card for
// their own unpaid contest (the amount is the server's prize total, never the client's), and what a paid
// return does to the contest — unpaid → pending (waiting for the council's approval), in the payment's
// transaction, exactly once.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contests } from "../../db/schema/contest.ts";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "../member/permissions.ts";
import { isAdministrator } from "../member/permissions.ts";
import type { ContestApproval } from "./options.ts";
import { approvalMachine, prizeTotal } from "./rules.ts";

export interface ContestPayTarget {
  contestId: number;
  hostId: number;
  approval: ContestApproval;
  /** Integer KRW: the prize total. */
  amount: number;
  title: string;
  titleEn: string;
}

export async function loadContestTarget(tx: Tx, id: number, lock = false): Promise<ContestPayTarget | null> {
  const query = tx.select().from(contests).where(eq(contests.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  return {
    contestId: row.id,
    hostId: row.hostId,
    approval: row.approval,
    amount: prizeTotal(row),
    title: row.title,
    titleEn: row.titleEn,
  };
}

/**
 * The contest a host may pay for now: their own (another's answers the same 404 as a missing one), still
 * unpaid (409 contest.not_payable otherwise).
 */
export async function payableContest(tx: Tx, viewer: Viewer, id: number): Promise<ContestPayTarget> {
  if (!viewer.id) throw new HttpError(401, "error.401");
  const target = Number.isSafeInteger(id) && id > 0 ? await loadContestTarget(tx, id) : null;
  if (!target || (target.hostId !== viewer.id && !isAdministrator(viewer))) {
    throw new HttpError(404, "contest.not_found");
  }
  if (!approvalMachine.can("pay", target.approval) || target.amount <= 0) {
    throw new HttpError(409, "contest.not_payable");
  }
  return target;
}

/** A paid return: the contest waits for approval. False when it was no longer unpaid (nothing changed). */
export async function markContestPaid(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx.update(contests).set({ approval: approvalMachine.next("pay", "unpaid"), updatedAt: now })
    .where(and(eq(contests.id, id), approvalMachine.fromCondition(contests.approval, "pay")))
    .returning({ id: contests.id });
  return rows.length === 1;
}
