// The award's phase and status (SPEC §4), derived from its dates and the clock; never stored.
//
// How dates are typed: an award's dates are stored and passed around as `Date` instants (timestamptz).
// Administrators type them, and the SPEC states them, as wall-clock times in UTC+9; `parseAwardDate` turns
// such a text ('YYYY-MM-DD HH:mm', or a bare date meaning 00:00) into the instant, `formatAwardDate` turns
// an instant back into that text for a form. Comparisons are then plain instant comparisons, whatever the
// server's time zone. Browser-safe: imports only options.ts.
import { AWARD_UTC_OFFSET_MINUTES, type AwardPhase, type AwardStatus, PHASE_OFFSET_MS } from "./options.ts";

type When = Date | null | undefined;

/** The dates of SPEC §3 Award, as a database row names them. Missing dates are null. */
export interface AwardSchedule {
  submitFrom?: When;
  submitTo?: When;
  auditAt?: When;
  preAt?: When;
  offTo?: When;
  resultAt?: When;
  displayFrom?: When;
  displayTo?: When;
  closeAt?: When;
}

/** A judging pool's period (first or final pool). */
export interface PoolPeriod {
  startAt?: When;
  finishAt?: When;
}

const OFFSET_MS = AWARD_UTC_OFFSET_MINUTES * 60 * 1000;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A UTC+9 wall-clock text ('2026-05-31 18:00', '2026-05-31T18:00:30', '2026-05-31') as an instant; null if invalid. */
export function parseAwardDate(text: string): Date | null {
  const m = WALL_CLOCK.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  // Date.UTC rolls 2026-02-30 over to March; a rolled-over text was not a real date.
  const real = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day &&
    back.getUTCHours() === hour && back.getUTCMinutes() === minute && back.getUTCSeconds() === second;
  return real && year >= 1000 ? new Date(utc - OFFSET_MS) : null;
}

/** An instant as the UTC+9 wall-clock text 'YYYY-MM-DD HH:mm' (the form's value). */
export function formatAwardDate(date: Date): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** The clock the phase and status are read from: now minus the 2-hour offset. */
export function awardClock(now: Date): number {
  return now.getTime() - PHASE_OFFSET_MS;
}

const ms = (d: When): number | null => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.getTime() : null);
/** from ≤ t ≤ to ("between"); false when either end is missing. */
function within(t: number, from: When, to: When): boolean {
  const [f, e] = [ms(from), ms(to)];
  return f !== null && e !== null && f <= t && t <= e;
}
/** from < t ≤ to ("after from, up to to"); false when either end is missing. */
function afterUpTo(t: number, from: When, to: When): boolean {
  const [f, e] = [ms(from), ms(to)];
  return f !== null && e !== null && f < t && t <= e;
}

/**
 * SPEC §4: submit between submit_from and submit_to (both included); judge after audit_at up to pre_at; off
 * after pre_at up to off_to; result after off_to; none otherwise (before the award, in the gap between
 * submission and judging, or when the dates are missing). An award without off_to has no offline
 * reception: its result phase starts after pre_at.
 */
export function awardPhase(award: AwardSchedule, now: Date = new Date()): AwardPhase {
  const t = awardClock(now);
  if (within(t, award.submitFrom, award.submitTo)) return "submit";
  if (afterUpTo(t, award.auditAt, award.preAt)) return "judge";
  if (afterUpTo(t, award.preAt, award.offTo)) return "off";
  const resultFrom = ms(award.offTo) ?? ms(award.preAt);
  if (resultFrom !== null && t > resultFrom) return "result";
  return "none";
}

/** Where the clock stands against the submission window; `unset` when either end is missing. */
export function submissionWindow(award: AwardSchedule, now: Date = new Date()): "before" | "open" | "after" | "unset" {
  const from = ms(award.submitFrom), to = ms(award.submitTo);
  if (from === null || to === null) return "unset";
  const t = awardClock(now);
  return t < from ? "before" : t > to ? "after" : "open";
}

const DATE_FIELDS: readonly (keyof AwardSchedule)[] = [
  "submitFrom",
  "submitTo",
  "auditAt",
  "preAt",
  "offTo",
  "resultAt",
  "displayFrom",
  "displayTo",
  "closeAt",
];

/** The award's last date: close_at, or failing that the latest date it has (a row's other fields ignored). */
function endOf(award: AwardSchedule): number | null {
  const close = ms(award.closeAt);
  if (close !== null) return close;
  const dates = DATE_FIELDS.map((f) => ms(award[f])).filter((d): d is number => d !== null);
  return dates.length ? Math.max(...dates) : null;
}

/**
 * Award status, on the same shifted clock as the phase so the two never disagree: scheduled before
 * submit_from, terminated after close_at (or the latest date when close_at is missing), ongoing between.
 */
export function awardStatus(award: AwardSchedule, now: Date = new Date()): AwardStatus {
  const t = awardClock(now);
  const end = endOf(award);
  if (end !== null && t > end) return "terminated";
  const start = ms(award.submitFrom);
  return start !== null && t >= start ? "ongoing" : "scheduled";
}

/** The exhibition runs from display_from to display_to (both included), on the shifted clock. */
export function isDisplayPeriod(award: AwardSchedule, now: Date = new Date()): boolean {
  return within(awardClock(now), award.displayFrom, award.displayTo);
}

/** SPEC §4: the audit period is when now (not shifted) lies within the pool's start_at and finish_at. */
export function isAuditPeriod(pool: PoolPeriod, now: Date = new Date()): boolean {
  return within(now.getTime(), pool.startAt, pool.finishAt);
}
