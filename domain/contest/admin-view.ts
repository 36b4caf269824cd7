// What the management screen and the host's judging screen show of one contest: the contest and its host,
// the derived status, the live entries, the counselling requests, the payment and the settlement statement
// (computed as it stands, and the refund and payouts once recorded).
import type { Tx } from "../../db/client.ts";
import type { ContestCounselRow, ContestPayoutRow, ContestRow } from "../../db/schema/contest.ts";
import type { PaymentRow } from "../../db/schema/pay.ts";
import { counselsOf, type JudgedEntry, liveEntries } from "./judging.ts";
import { managedContest } from "./manage.ts";
import type { ContestStatus } from "./options.ts";
import { contestStatus, type Settlement } from "./rules.ts";
import { prizePayment, settlementRecords, statementOf } from "./settlement.ts";

export interface ContestAdminView {
  contest: ContestRow;
  host: { id: number; username: string; name: string };
  status: ContestStatus;
  entries: JudgedEntry[];
  counsels: ContestCounselRow[];
  payment: PaymentRow | null;
  statement: Settlement;
  payouts: ContestPayoutRow[];
  refund: { amount: number; reason: string; createdAt: Date } | null;
}

export async function contestAdminView(db: Tx, id: number, now: Date): Promise<ContestAdminView> {
  const { contest, host } = await managedContest(db, id);
  const records = await settlementRecords(db, id);
  return {
    contest,
    host,
    status: contestStatus(contest, now),
    entries: await liveEntries(db, id),
    counsels: await counselsOf(db, id),
    payment: await prizePayment(db, id, ["paid", "cancelled"]),
    statement: await statementOf(db, contest),
    payouts: records.payouts,
    refund: records.refund,
  };
}
