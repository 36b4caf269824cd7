// The contest rules as pure functions (no I/O): the public status from the approval and the dates (SPEC §4),
// the approval's status machine, who may host and enter (SPEC §6), the extension (SPEC §4, §9) and the
// settlement (SPEC §9 refund rules and the 4.4 % withholding). Every refusal is an HttpError with SPEC §8's
// key under `contest.`.
import { HttpError } from "../../framework/errors.ts";
import { statusMachine } from "../common/status.ts";
import { hasRole, isAdministrator, isCompany, isMember, type Viewer } from "../member/permissions.ts";
import {
  CARD_FEE_PER_MILLE,
  CONTEST_APPROVALS,
  CONTEST_ENTRY_STATUSES,
  type ContestApproval,
  type ContestStatus,
  type EntryRestriction,
  EXTENSION_DAYS,
  EXTENSION_ENTRY_LIMIT,
  MAX_EXTENSIONS,
  PARTIAL_REFUND_PERCENT,
  type PrizePlace,
  REGISTRATION_FEE,
  WITHHOLDING_PER_MILLE,
} from "./options.ts";

export interface ContestDates {
  openAt: Date;
  closeAt: Date;
  resultAt: Date;
}

export interface ContestFacts extends ContestDates {
  approval: ContestApproval;
}

/**
 * SPEC §4: preparing → ongoing → judging → terminated. A contest the council has not approved is still
 * preparing (and not public); an approved one is ongoing from open_at, judging from close_at and terminated
 * from result_at (each boundary belongs to the later status).
 */
export function contestStatus(contest: ContestFacts, now: Date): ContestStatus {
  if (contest.approval !== "approved") return "preparing";
  const t = now.getTime();
  if (t < contest.openAt.getTime()) return "preparing";
  if (t < contest.closeAt.getTime()) return "ongoing";
  if (t < contest.resultAt.getTime()) return "judging";
  return "terminated";
}

/** An entry is live until its member withdraws it (while entries are open, assertCanEnter). */
export const entryMachine = statusMachine(CONTEST_ENTRY_STATUSES, {
  withdraw: { from: ["submitted"], to: "withdrawn" },
}, { refusal: "contest.wrong_status" });

/** The council's decisions: the paid prize makes a contest pending; staff approve or reject it with a reason. */
export const approvalMachine = statusMachine(CONTEST_APPROVALS, {
  pay: { from: ["unpaid"], to: "pending" },
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
}, { refusal: "contest.wrong_status" });

// ---------- Who may host and enter (SPEC §6) ----------

/** Hosting needs a signed-in company member (an approved company or design company). */
export function assertCanHost(viewer: Viewer): void {
  if (!viewer.id) throw new HttpError(401, "contest.not_logged_in");
  if (!isCompany(viewer)) throw new HttpError(403, "contest.company_only");
}

/** The member type a contest restricts entry to lets this viewer in. */
export function meetsRestriction(viewer: Viewer, restriction: EntryRestriction): boolean {
  if (restriction === "any" || isAdministrator(viewer)) return true;
  if (restriction === "member") return hasRole(viewer, "member");
  return hasRole(viewer, "company") || hasRole(viewer, "design");
}

/**
 * Entering (or changing an entry): members only, while the contest is ongoing, of the allowed member type,
 * never the host's own contest. Administrators pass the member checks but not the period.
 */
export function assertCanEnter(
  viewer: Viewer,
  contest: ContestFacts & { hostId: number; entryRestriction: EntryRestriction },
  now: Date,
): void {
  if (!viewer.id) throw new HttpError(401, "contest.not_logged_in");
  if (!isMember(viewer)) throw new HttpError(403, "contest.not_registered");
  if (contestStatus(contest, now) !== "ongoing") throw new HttpError(409, "contest.period_over");
  if (contest.hostId === viewer.id) throw new HttpError(403, "contest.own_contest");
  if (!meetsRestriction(viewer, contest.entryRestriction)) throw new HttpError(403, "contest.restricted");
}

/** The host (or an administrator) of this contest. */
export function isHostOf(viewer: Viewer, contest: { hostId: number }): boolean {
  return viewer.id > 0 && (viewer.id === contest.hostId || isAdministrator(viewer));
}

/** Judging (entries, comments, winners) is the host's, after close_at and before the results are published. */
export function assertCanJudge(
  viewer: Viewer,
  contest: ContestFacts & { hostId: number; publishedAt: Date | null },
  now: Date,
): void {
  if (!viewer.id) throw new HttpError(401, "contest.not_logged_in");
  if (!isHostOf(viewer, contest)) throw new HttpError(403, "error.403");
  const status = contestStatus(contest, now);
  if (status === "preparing" || status === "ongoing") throw new HttpError(409, "contest.not_closed");
  if (contest.publishedAt) throw new HttpError(409, "contest.period_over");
}

// ---------- Extension (SPEC §4, §9) ----------

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dates after one more extension: close_at and result_at each 15 days later. Refused after two
 * (contest.no_more_extension) and with 5 or more entries (contest.too_many_entries); only while the
 * contest is approved and not yet closed.
 */
export function extendedDates(
  contest: ContestFacts & { extendCount: number },
  entries: number,
  now: Date,
): ContestDates & { extendCount: number } {
  if (contest.extendCount >= MAX_EXTENSIONS) throw new HttpError(409, "contest.no_more_extension");
  if (entries >= EXTENSION_ENTRY_LIMIT) throw new HttpError(409, "contest.too_many_entries");
  const status = contestStatus(contest, now);
  if (contest.approval !== "approved" || status === "judging" || status === "terminated") {
    throw new HttpError(409, "contest.period_over");
  }
  return {
    openAt: contest.openAt,
    closeAt: new Date(contest.closeAt.getTime() + EXTENSION_DAYS * DAY_MS),
    resultAt: new Date(contest.resultAt.getTime() + EXTENSION_DAYS * DAY_MS),
    extendCount: contest.extendCount + 1,
  };
}

// ---------- Prizes and settlement (SPEC §9) ----------

export interface Prizes {
  prize1: number;
  prize2: number;
  prize3: number;
}

export function prizeTotal(p: Prizes): number {
  return p.prize1 + p.prize2 + p.prize3;
}

export function prizeOf(p: Prizes, place: PrizePlace): number {
  return place === 1 ? p.prize1 : place === 2 ? p.prize2 : p.prize3;
}

/** The 4.4 % withheld from a prize, in whole won (rounded down, as withholding is). */
export function withholdingTax(prize: number): number {
  return Math.floor((prize * WITHHOLDING_PER_MILLE) / 1000);
}

/** The card company's fee on a payment, in whole won (rounded up: it is never less than the company takes). */
export function cardFee(amount: number): number {
  return Math.ceil((amount * CARD_FEE_PER_MILLE) / 1000);
}

export type SettlementCase = "winners" | "no_entries" | "few_entries" | "awaiting_winners";

/** One line of the statement: a label key, its amount (negative when taken off) and the running result. */
export interface StatementLine {
  key: string;
  amount: number;
  params?: Record<string, string | number>;
}

export interface Payout {
  entryId: number;
  userId: number;
  place: PrizePlace;
  prize: number;
  tax: number;
  net: number;
}

export interface Settlement {
  case: SettlementCase;
  /** What the host paid (integer KRW). */
  paid: number;
  /** What goes back to the host (0 when nothing does). */
  refund: number;
  payouts: Payout[];
  /** The works may be used by the host (not when half the prize came back). */
  worksUsable: boolean;
  /** Each step of the computation, for the statement. */
  lines: StatementLine[];
}

export interface SettlementInput extends Prizes {
  /** What the host paid (integer KRW). */
  paid: number;
  /** Live (not withdrawn) entries. */
  entrants: number;
  /** The entries holding a prize place. */
  winners: { entryId: number; userId: number; place: PrizePlace }[];
}

/**
 * SPEC §9, one table: once a winner is picked there is no refund and each winner is paid the prize less
 * 4.4 %; with 0 entrants the host gets the payment back less the registration and card fees; with 1–4
 * entrants and no winner half comes back and the works are not used; with 5 or more the host must pick
 * winners first (awaiting_winners: nothing to settle yet).
 */
export function settle(input: SettlementInput): Settlement {
  const paid = input.paid;
  const lines: StatementLine[] = [{ key: "contest.statement.paid", amount: paid }];
  if (input.winners.length > 0) {
    const payouts = [...input.winners].sort((a, b) => a.place - b.place).map((w): Payout => {
      const prize = prizeOf(input, w.place);
      const tax = withholdingTax(prize);
      return { ...w, prize, tax, net: prize - tax };
    });
    for (const p of payouts) {
      lines.push({ key: "contest.statement.prize", amount: p.prize, params: { place: p.place } });
      lines.push({ key: "contest.statement.tax", amount: -p.tax, params: { place: p.place } });
      lines.push({ key: "contest.statement.net", amount: p.net, params: { place: p.place } });
    }
    lines.push({ key: "contest.statement.refund", amount: 0 });
    return { case: "winners", paid, refund: 0, payouts, worksUsable: true, lines };
  }
  if (input.entrants === 0) {
    const fee = Math.min(paid, REGISTRATION_FEE);
    const card = Math.min(paid - fee, cardFee(paid));
    const refund = paid - fee - card;
    lines.push({ key: "contest.statement.registrationFee", amount: -fee });
    lines.push({ key: "contest.statement.cardFee", amount: -card });
    lines.push({ key: "contest.statement.refund", amount: refund });
    return { case: "no_entries", paid, refund, payouts: [], worksUsable: false, lines };
  }
  if (input.entrants < EXTENSION_ENTRY_LIMIT) {
    const refund = Math.floor((paid * PARTIAL_REFUND_PERCENT) / 100);
    lines.push({
      key: "contest.statement.half",
      amount: -(paid - refund),
      params: { percent: PARTIAL_REFUND_PERCENT },
    });
    lines.push({ key: "contest.statement.refund", amount: refund });
    return { case: "few_entries", paid, refund, payouts: [], worksUsable: false, lines };
  }
  return { case: "awaiting_winners", paid, refund: 0, payouts: [], worksUsable: true, lines };
}
