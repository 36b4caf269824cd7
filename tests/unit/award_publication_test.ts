// What of an award is public when (domain/award/publication.ts), at the boundaries on the shifted clock.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import {
  entryVisibility,
  isPrizeRank,
  nomineesPublished,
  rankOrder,
  resultsPublished,
} from "../../domain/award/publication.ts";
import { parseAwardDate } from "../../domain/award/phase.ts";

const d = (text: string) => parseAwardDate(text)!;
const award = {
  preAt: d("2026-03-01 10:00"),
  offTo: d("2026-03-10 18:00"),
  resultAt: d("2026-03-20 14:00"),
  displayFrom: d("2026-04-01 10:00"),
  displayTo: d("2026-04-30 18:00"),
};
/** A clock reading 2 hours after the UTC+9 wall-clock text (the phase offset). */
const at = (text: string) => new Date(d(text).getTime() + 2 * 3600_000);

Deno.test("winners are public from result_at, nominees after pre_at (2-hour offset)", () => {
  assert.equal(resultsPublished(award, at("2026-03-20 13:59")), false);
  assert.equal(resultsPublished(award, at("2026-03-20 14:00")), true);
  assert.equal(nomineesPublished(award, at("2026-03-01 10:00")), false);
  assert.equal(nomineesPublished(award, at("2026-03-01 10:01")), true);
  // Without result_at, the result phase (after off_to) publishes the winners.
  const noResult = { ...award, resultAt: null };
  assert.equal(resultsPublished(noResult, at("2026-03-10 18:00")), false);
  assert.equal(resultsPublished(noResult, at("2026-03-10 18:01")), true);
});

Deno.test("an entry is public as a winner, exhibited or nominee; otherwise 404 or 403 outside the exhibition", () => {
  const base = { display: false, rank: null, nominee: false, status: "submitted" };
  const during = at("2026-04-15 12:00"), before = at("2026-03-25 12:00"), after = at("2026-05-01 12:00");
  assert.equal(entryVisibility({ ...base, rank: "gold" }, award, before), "winner");
  assert.equal(entryVisibility({ ...base, display: true }, award, during), "exhibited");
  assert.equal(entryVisibility({ ...base, nominee: true }, award, before), "nominee");
  const closed = entryVisibility({ ...base, display: true }, award, after);
  assert.ok(closed instanceof HttpError && closed.status === 403 && closed.key === "award.not_display_period");
  const hidden = entryVisibility(base, award, during);
  assert.ok(hidden instanceof HttpError && hidden.status === 404 && hidden.key === "award.entry_not_found");
  const cancelled = entryVisibility({ ...base, rank: "grand", status: "cancel" }, award, during);
  assert.ok(cancelled instanceof HttpError && cancelled.status === 404);
  const early = entryVisibility({ ...base, rank: "grand" }, award, at("2026-03-02 12:00"));
  assert.ok(early instanceof HttpError && early.status === 404, "a winner before result_at is not public");
});

Deno.test("prize ranks and their order", () => {
  assert.equal(isPrizeRank("grand"), true);
  assert.equal(isPrizeRank("nominee"), false);
  assert.equal(isPrizeRank("bogus"), false);
  assert.ok(rankOrder("grand") < rankOrder("gold") && rankOrder("gold") < rankOrder("selected"));
  assert.ok(rankOrder(null) > rankOrder("recommended"));
});
