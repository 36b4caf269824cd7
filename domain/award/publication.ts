// What of an award the public may see, and when (SPEC §2.5 award lists, §4 phase, §8 "not exhibition
// period"). Pure; on the same shifted clock as the phase (now minus 2 hours) so a page never shows
// winners while the phase still says judging.
import { HttpError } from "../../framework/errors.ts";
import { AWARD_RANKS, type AwardRank } from "./options.ts";
import { awardClock, awardPhase, type AwardSchedule, isDisplayPeriod } from "./phase.ts";

const ms = (d: Date | null | undefined) => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.getTime() : null);

/**
 * Winners are public from result_at (final results); an award without result_at publishes them with its
 * result phase.
 */
export function resultsPublished(award: AwardSchedule, now: Date = new Date()): boolean {
  const at = ms(award.resultAt);
  if (at !== null) return awardClock(now) >= at;
  return awardPhase(award, now) === "result";
}

/** Nominees are public after the first announcement (pre_at), and whenever the results are. */
export function nomineesPublished(award: AwardSchedule, now: Date = new Date()): boolean {
  const at = ms(award.preAt);
  if (at !== null && awardClock(now) > at) return true;
  return resultsPublished(award, now);
}

/** A prize rank (every rank but `nominee`, which is the nominee list's). */
export function isPrizeRank(rank: string | null | undefined): rank is AwardRank {
  return !!rank && rank !== "nominee" && (AWARD_RANKS as readonly string[]).includes(rank);
}

export interface EntryVisibilityFacts {
  display: boolean;
  rank: string | null;
  nominee: boolean;
  /** Withdrawn entries are never shown. */
  status: string;
}

export type EntryVisibility = "exhibited" | "winner" | "nominee";

/**
 * Why the public may see an entry: exhibited during the display period, a winner once results are out,
 * a nominee once nominees are. Otherwise a refusal: an exhibited entry outside the display period is
 * SPEC §8's "not exhibition period" (403); anything else is not found (404), so unpublished entries
 * cannot be told from missing ones.
 */
export function entryVisibility(
  entry: EntryVisibilityFacts,
  award: AwardSchedule,
  now: Date = new Date(),
): EntryVisibility | HttpError {
  if (entry.status === "cancel") return new HttpError(404, "award.entry_not_found");
  if (isPrizeRank(entry.rank) && resultsPublished(award, now)) return "winner";
  if (entry.display && isDisplayPeriod(award, now)) return "exhibited";
  if ((entry.nominee || entry.rank === "nominee") && nomineesPublished(award, now)) return "nominee";
  if (entry.display) return new HttpError(403, "award.not_display_period");
  return new HttpError(404, "award.entry_not_found");
}

/** The order winners are listed in: the rank list's order (grand first). */
export function rankOrder(rank: string | null | undefined): number {
  const i = (AWARD_RANKS as readonly string[]).indexOf(rank ?? "");
  return i < 0 ? AWARD_RANKS.length : i;
}
