// SPEC §4 award phase and status at every boundary: the clock runs 2 hours behind, dates are UTC+9.
import assert from "node:assert/strict";
import {
  awardClock,
  awardPhase,
  type AwardSchedule,
  awardStatus,
  formatAwardDate,
  isAuditPeriod,
  isDisplayPeriod,
  parseAwardDate,
  submissionWindow,
} from "../../domain/award/phase.ts";
import { PHASE_OFFSET_MS } from "../../domain/award/options.ts";

const MS = 1;
const HOURS = 60 * 60 * 1000;
/** A UTC+9 wall-clock time as an instant, shifted by `delta` milliseconds. */
const at = (kst: string, delta = 0): Date => {
  const date = parseAwardDate(kst);
  if (!date) throw new Error(`bad fixture date ${kst}`);
  return new Date(date.getTime() + delta);
};

const award: AwardSchedule = {
  submitFrom: at("2026-05-01 09:00"), // 00:00 UTC: crosses UTC midnight
  submitTo: at("2026-06-01 00:00"), // midnight in UTC+9
  auditAt: at("2026-06-10 00:00"),
  preAt: at("2026-06-20 18:00"),
  offTo: at("2026-06-30 18:00"),
  resultAt: at("2026-07-10 00:00"),
  displayFrom: at("2026-07-10 00:00"),
  displayTo: at("2026-07-31 23:59"),
  closeAt: at("2026-08-01 00:00"),
};

Deno.test("award dates are UTC+9 wall-clock times, whatever the server's zone", () => {
  assert.equal(parseAwardDate("2026-06-01 00:00")?.toISOString(), "2026-05-31T15:00:00.000Z");
  assert.equal(parseAwardDate("2026-05-01 09:00")?.toISOString(), "2026-05-01T00:00:00.000Z");
  assert.equal(parseAwardDate("2026-05-01T09:30:15")?.toISOString(), "2026-05-01T00:30:15.000Z");
  assert.equal(parseAwardDate(" 2026-01-01 ")?.toISOString(), "2025-12-31T15:00:00.000Z");
  assert.equal(formatAwardDate(new Date("2026-05-31T15:00:00Z")), "2026-06-01 00:00");
  assert.equal(formatAwardDate(at("2026-12-31 23:59")), "2026-12-31 23:59");
  for (const bad of ["2026-02-30 10:00", "2026-13-01", "2026-06-01 24:00", "2026-06-01 10:60", "2026-5-1", "", "x"]) {
    assert.equal(parseAwardDate(bad), null, bad);
  }
  assert.equal(awardClock(new Date(10 * HOURS)), 10 * HOURS - PHASE_OFFSET_MS);
});

Deno.test("submit phase: from submit_from to submit_to inclusive, 2 hours late", () => {
  assert.equal(awardPhase(award, at("2026-05-01 09:00")), "none", "at submit_from itself the clock is 2 h behind");
  assert.equal(awardPhase(award, at("2026-05-01 11:00", -MS)), "none");
  assert.equal(awardPhase(award, at("2026-05-01 11:00")), "submit");
  assert.equal(awardPhase(award, at("2026-05-15 12:00")), "submit");
  // submit_to is midnight in UTC+9: still open until 02:00 the next day.
  assert.equal(awardPhase(award, at("2026-06-01 00:00", MS)), "submit");
  assert.equal(awardPhase(award, at("2026-06-01 01:59")), "submit");
  assert.equal(awardPhase(award, at("2026-06-01 02:00")), "submit");
  assert.equal(awardPhase(award, at("2026-06-01 02:00", MS)), "none");
});

Deno.test("the gap between submission and audit is none", () => {
  assert.equal(awardPhase(award, at("2026-06-05 12:00")), "none");
  assert.equal(awardPhase(award, at("2026-06-10 02:00")), "none", "at audit_at (+2 h) judging has not begun");
});

Deno.test("judge after audit_at up to pre_at, off after pre_at up to off_to, result after off_to", () => {
  assert.equal(awardPhase(award, at("2026-06-10 02:00", MS)), "judge");
  assert.equal(awardPhase(award, at("2026-06-20 20:00")), "judge");
  assert.equal(awardPhase(award, at("2026-06-20 20:00", MS)), "off");
  assert.equal(awardPhase(award, at("2026-06-30 20:00")), "off");
  assert.equal(awardPhase(award, at("2026-06-30 20:00", MS)), "result");
  assert.equal(awardPhase(award, at("2027-01-01 00:00")), "result");
});

Deno.test("missing dates: no phase they would bound; no off_to means results follow pre_at", () => {
  assert.equal(awardPhase({}, at("2026-06-01 00:00")), "none");
  const noSubmit = { ...award, submitFrom: null };
  assert.equal(awardPhase(noSubmit, at("2026-05-15 12:00")), "none");
  const noOff = { ...award, offTo: null };
  assert.equal(awardPhase(noOff, at("2026-06-20 20:00")), "judge");
  assert.equal(awardPhase(noOff, at("2026-06-20 20:00", MS)), "result");
  assert.equal(awardPhase({ ...award, auditAt: undefined }, at("2026-06-15 00:00")), "none");
  assert.equal(awardPhase({ ...award, submitTo: new Date(NaN) }, at("2026-05-15 12:00")), "none");
});

Deno.test("submission window: before, open, after, unset", () => {
  assert.equal(submissionWindow(award, at("2026-05-01 11:00", -MS)), "before");
  assert.equal(submissionWindow(award, at("2026-05-01 11:00")), "open");
  assert.equal(submissionWindow(award, at("2026-06-01 02:00")), "open");
  assert.equal(submissionWindow(award, at("2026-06-01 02:00", MS)), "after");
  assert.equal(submissionWindow({ submitFrom: award.submitFrom }, at("2026-05-15 12:00")), "unset");
});

Deno.test("status: scheduled before submit_from, ongoing to close_at, terminated after", () => {
  assert.equal(awardStatus(award, at("2026-04-01 00:00")), "scheduled");
  assert.equal(awardStatus(award, at("2026-05-01 11:00", -MS)), "scheduled");
  assert.equal(awardStatus(award, at("2026-05-01 11:00")), "ongoing");
  assert.equal(awardStatus(award, at("2026-06-05 00:00")), "ongoing", "in a phase gap the award still runs");
  assert.equal(awardStatus(award, at("2026-08-01 02:00")), "ongoing");
  assert.equal(awardStatus(award, at("2026-08-01 02:00", MS)), "terminated");
});

Deno.test("status without close_at ends after the latest date; without dates it is scheduled", () => {
  const noClose = { ...award, closeAt: null, title: "ignored", updatedAt: at("2030-01-01 00:00") };
  assert.equal(awardStatus(noClose, at("2026-08-01 01:59")), "ongoing", "display_to 23:59 + 2 h");
  assert.equal(awardStatus(noClose, at("2026-08-01 01:59", MS)), "terminated");
  assert.equal(awardStatus({}, at("2026-08-01 00:00")), "scheduled");
});

Deno.test("exhibition from display_from to display_to, on the shifted clock", () => {
  assert.equal(isDisplayPeriod(award, at("2026-07-10 02:00", -MS)), false);
  assert.equal(isDisplayPeriod(award, at("2026-07-10 02:00")), true);
  assert.equal(isDisplayPeriod(award, at("2026-08-01 01:59")), true);
  assert.equal(isDisplayPeriod(award, at("2026-08-01 01:59", MS)), false);
  assert.equal(isDisplayPeriod({}, at("2026-07-20 00:00")), false);
});

Deno.test("audit period is the pool's start_at to finish_at, not shifted", () => {
  const pool = { startAt: at("2026-06-10 00:00"), finishAt: at("2026-06-20 18:00") };
  assert.equal(isAuditPeriod(pool, at("2026-06-10 00:00", -MS)), false);
  assert.equal(isAuditPeriod(pool, at("2026-06-10 00:00")), true);
  assert.equal(isAuditPeriod(pool, at("2026-06-20 18:00")), true);
  assert.equal(isAuditPeriod(pool, at("2026-06-20 18:00", MS)), false);
  assert.equal(isAuditPeriod({ startAt: pool.startAt }, at("2026-06-15 00:00")), false);
});

Deno.test("the phase does not depend on the caller's sense of 'now' beyond the instant", () => {
  // 2026-06-01 01:00 in UTC+9 is still 2026-05-31 in UTC: the phase reads instants, not calendar days.
  const now = new Date("2026-05-31T16:00:00Z");
  assert.equal(awardPhase(award, now), "submit");
  assert.equal(awardPhase(award, new Date(now.getTime() + 1 * HOURS + MS)), "none");
});
