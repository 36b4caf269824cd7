// The judging decisions on an entry (SPEC §4 entry states examine, final, selected, eliminated; issue 11
// part 5) as one status machine: the bulk decisions of the first round (to the final round, eliminated),
// and the final round's ranks (a rank makes the entry `selected`, withdrawing it returns it to `final`).
import { statusMachine } from "../common/status.ts";
import { AWARD_RANKS, type AwardRank, type EntryStatus } from "../award/options.ts";

/** The entry states judging moves between (the others belong to submission and payment). */
export const JUDGING_STATUSES = [
  "submitted",
  "pay_complete",
  "complete",
  "examine",
  "final",
  "eliminated",
  "selected",
] as const satisfies readonly EntryStatus[];
export type JudgingStatus = typeof JUDGING_STATUSES[number];

const BEFORE_DECISION = ["submitted", "pay_complete", "complete", "examine"] as const;

export const DECISIONS = statusMachine(JUDGING_STATUSES, {
  /** First round: on to the final round. */
  final: { from: [...BEFORE_DECISION, "eliminated"], to: "final" },
  /** First round: not selected. */
  eliminated: { from: [...BEFORE_DECISION, "final"], to: "eliminated" },
  /** Final round: given a rank. */
  rank: { from: ["final", "selected"], to: "selected" },
  /** Final round: the rank withdrawn. */
  unrank: { from: ["selected"], to: "final" },
}, { refusal: "judging.error.decision" });
export type Decision = keyof typeof DECISIONS.transitions;

/** The ranks an administrator gives in the final round (SPEC §3 award ranks; nominee is a flag of its own). */
export const PRIZE_RANKS: readonly AwardRank[] = AWARD_RANKS.filter((r) => r !== "nominee");
export const isPrizeRank = (v: unknown): v is AwardRank =>
  typeof v === "string" && PRIZE_RANKS.includes(v as AwardRank);

/** The decisions an entrant sees only once the results are out (issue 11: visible on the result date). */
const UNTIL_RESULTS: readonly string[] = ["final", "eliminated", "selected"];

/** The state an entrant is shown: a judging decision reads "under review" (`examine`) until the results are out. */
export function entryStatusShown(status: EntryStatus, resultsOut: boolean): EntryStatus {
  return !resultsOut && UNTIL_RESULTS.includes(status) ? "examine" : status;
}

/**
 * Results (ranks, the result mail, prize certificates) are visible to entrants once published and the award's
 * result date has come; an award without one shows them when published.
 */
export function resultsVisible(
  published: { publishedAt: Date } | null | undefined,
  resultAt: Date | null,
  now = new Date(),
) {
  return !!published && (!resultAt || resultAt.getTime() <= now.getTime());
}
