// Scores and their aggregation (issue 11 part 4). Pure functions, unit-tested with figures worked out by
// hand (tests/unit/judging_aggregate_test.ts):
// - a score's total: the weighted mean of its criteria, each as a share of its scale, on the award's
//   100-point scale (stored in hundredths);
// - per entry and round: the raw mean, a trimmed mean (highest and lowest dropped from 3 scores up), the
//   number of scores, the spread (highest − lowest) and a disagreement flag when the spread is high;
// - the calibrated score: each judge's totals standardised against that judge's own mean and spread in the
//   round (z-scores), averaged per entry, then rescaled to the round's overall mean and spread, so a harsh
//   and a lenient judge weigh the same. Abstentions count nowhere.

/** The award's scale: totals and aggregates are points out of 100. */
export const AWARD_SCALE = 100;
/** A spread above this many points (of 100) flags the judges' disagreement on an entry. */
export const DISAGREEMENT_SPREAD = 25;
/** Verdicts of a pass/hold/fail criterion, stored as 0, 1, 2 (its scale is 2). */
export const VERDICTS = ["fail", "hold", "pass"] as const;
export type Verdict = typeof VERDICTS[number];

export interface CriterionFacts {
  id: number;
  weight: number;
  scale: number;
}

/** A score's total in hundredths of the award scale (0–10000), or null without criteria. */
export function scoreTotal(
  criteria: readonly CriterionFacts[],
  values: Readonly<Record<string, number>>,
): number | null {
  const weights = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (!criteria.length || weights <= 0) return null;
  const share = criteria.reduce((sum, c) => sum + c.weight * (values[String(c.id)] ?? 0) / c.scale, 0) / weights;
  return Math.round(share * AWARD_SCALE * 100);
}

/** Which criteria lack a value, or hold one off their scale (not an integer 0…scale). */
export function badValues(criteria: readonly CriterionFacts[], values: Readonly<Record<string, unknown>>): number[] {
  const known = new Set(criteria.map((c) => String(c.id)));
  const bad = criteria.filter((c) => {
    const v = values[String(c.id)];
    return typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > c.scale;
  }).map((c) => c.id);
  const unknown = Object.keys(values).filter((k) => !known.has(k)).map(Number);
  return [...bad, ...unknown];
}

/** One judge's score of one entry, in points of 100 (null when abstained). */
export interface ScorePoint {
  entryId: number;
  judgeId: number;
  points: number | null;
}

export interface EntryAggregate {
  entryId: number;
  /** Scores counted (abstentions excluded). */
  count: number;
  abstentions: number;
  raw: number | null;
  trimmed: number | null;
  calibrated: number | null;
  spread: number | null;
  disagreement: boolean;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Population standard deviation. */
const deviation = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The mean with the single highest and lowest dropped, from three scores up (fewer: the plain mean). */
export function trimmedMean(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  if (xs.length < 3) return mean(xs);
  const sorted = [...xs].sort((a, b) => a - b);
  return mean(sorted.slice(1, -1));
}

/** Every entry's aggregate for one round (the points of one pool). */
export function aggregateRound(points: readonly ScorePoint[]): Map<number, EntryAggregate> {
  const counted = points.filter((p): p is ScorePoint & { points: number } => p.points !== null);
  // Each judge's own mean and spread in the round.
  const byJudge = new Map<number, number[]>();
  for (const p of counted) {
    const list = byJudge.get(p.judgeId);
    if (list) list.push(p.points);
    else byJudge.set(p.judgeId, [p.points]);
  }
  const judgeStats = new Map([...byJudge].map(([j, xs]) => [j, { m: mean(xs), s: deviation(xs) }]));
  const all = counted.map((p) => p.points);
  const overall = all.length ? { m: mean(all), s: deviation(all) } : { m: 0, s: 0 };

  const out = new Map<number, EntryAggregate>();
  // One pass to group by entry: the ranking of 5,000 entries × 20 judges stays linear.
  const byEntry = new Map<number, ScorePoint[]>();
  for (const p of points) {
    const list = byEntry.get(p.entryId);
    if (list) list.push(p);
    else byEntry.set(p.entryId, [p]);
  }
  for (const [entryId, mine] of byEntry) {
    const xs = mine.flatMap((p) => (p.points === null ? [] : [p.points]));
    const zs = mine.flatMap((p) => {
      if (p.points === null) return [];
      const { m, s } = judgeStats.get(p.judgeId)!;
      return [s > 0 ? (p.points - m) / s : 0];
    });
    const spread = xs.length ? Math.max(...xs) - Math.min(...xs) : null;
    const calibrated = zs.length ? Math.min(AWARD_SCALE, Math.max(0, overall.m + overall.s * mean(zs))) : null;
    out.set(entryId, {
      entryId,
      count: xs.length,
      abstentions: mine.length - xs.length,
      raw: xs.length ? round2(mean(xs)) : null,
      trimmed: xs.length ? round2(trimmedMean(xs)!) : null,
      calibrated: calibrated === null ? null : round2(calibrated),
      spread: spread === null ? null : round2(spread),
      disagreement: spread !== null && spread > DISAGREEMENT_SPREAD,
    });
  }
  return out;
}

export const RANKING_SORTS = ["calibrated", "raw", "trimmed", "spread", "count", "id"] as const;
export type RankingSort = typeof RANKING_SORTS[number];

/**
 * Entries in ranking order: by the chosen figure, highest first (entries without scores last), ties by the
 * calibrated score, then the raw mean, then the entry number.
 */
export function rankEntries<T extends EntryAggregate>(rows: readonly T[], sort: RankingSort = "calibrated"): T[] {
  const value = (r: T, key: RankingSort): number =>
    key === "id" ? -r.entryId : key === "count" ? r.count : (r[key] ?? Number.NEGATIVE_INFINITY);
  return [...rows].sort((a, b) =>
    value(b, sort) - value(a, sort) ||
    value(b, "calibrated") - value(a, "calibrated") ||
    value(b, "raw") - value(a, "raw") ||
    a.entryId - b.entryId
  );
}
