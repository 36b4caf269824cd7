// Issue 11 part 2 and 4: who may judge (roles, auditable, period, panel, exclusion, assignment), conflicts
// of interest, and the aggregation and calibration of scores with figures worked out by hand.
import assert from "node:assert/strict";
import type { HttpError } from "../../framework/errors.ts";
import * as r from "../../domain/judging/rules.ts";
import * as g from "../../domain/judging/aggregate.ts";
import { ANONYMOUS, type RoleCode, type RoleEntry, type Viewer } from "../../domain/member/permissions.ts";

const role = (code: RoleCode, approved = true): RoleEntry => ({
  code,
  needsApproval: code !== "member",
  approved,
  testable: false,
});
const who = (id: number, ...roles: RoleEntry[]): Viewer => ({ id, roles });
const ibdaJudge = who(5, role("member"), role("judge"), role("ibda"));
const dcbJudge = who(6, role("member"), role("judge"), role("dcb"));
const unapproved = who(5, role("member"), role("judge", false), role("ibda"));
const member = who(7, role("member"));
const admin = who(1, role("administrator"));

const NOW = new Date("2026-06-10T03:00:00Z");
const pool = { startAt: new Date("2026-06-01T00:00:00Z"), finishAt: new Date("2026-06-20T00:00:00Z") };
const panel = (userId: number, roleCode = "ibda", excludedAt: Date | null = null): r.PanelFacts => ({
  userId,
  role: roleCode,
  affiliation: "한빛대학교",
  excludedAt,
});
const facts = (over: Partial<r.JudgingFacts> = {}): r.JudgingFacts => ({
  award: { family: "ibda", auditable: true },
  pool,
  judge: panel(5),
  assigned: [10, 20],
  ...over,
});
const refusal = (e: HttpError | null) => (e ? `${e.status} ${e.key}` : null);

Deno.test("judge roles: IBDA needs the approved ibda and judge roles; the award the panel's own role", () => {
  assert.equal(r.holdsJudgeRole(ibdaJudge, "ibda", "ibda"), true);
  assert.equal(r.holdsJudgeRole(dcbJudge, "ibda", "dcb"), false);
  assert.equal(r.holdsJudgeRole(dcbJudge, "award", "dcb"), true);
  assert.equal(r.holdsJudgeRole(dcbJudge, "award", "ibda"), false);
  assert.equal(r.holdsJudgeRole(unapproved, "ibda", "ibda"), false);
  assert.equal(r.holdsJudgeRole(member, "award", "dcb"), false);
});

Deno.test("judging refusals: each condition of SPEC §4 and issue 11 with its status and key", () => {
  assert.equal(r.judgingRefusal(ibdaJudge, facts(), NOW), null);
  assert.equal(refusal(r.judgingRefusal(ANONYMOUS, facts(), NOW)), "401 error.401");
  assert.equal(refusal(r.judgingRefusal(ibdaJudge, facts({ award: null }), NOW)), "404 award.not_found");
  assert.equal(refusal(r.judgingRefusal(ibdaJudge, facts({ pool: null }), NOW)), "404 award.not_found");
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, facts({ award: { family: "ibda", auditable: false } }), NOW)),
    "403 award.not_auditable",
  );
  assert.equal(refusal(r.judgingRefusal(member, facts({ judge: null }), NOW)), "403 judging.error.not_on_panel");
  // On the panel but the judge role is not approved.
  assert.equal(refusal(r.judgingRefusal(unapproved, facts(), NOW)), "403 judging.error.not_on_panel");
  // Another member's panel row never lets this viewer in.
  assert.equal(refusal(r.judgingRefusal(member, facts(), NOW)), "403 judging.error.not_on_panel");
  // Administrators judge only when they sit on the panel.
  assert.equal(refusal(r.judgingRefusal(admin, facts(), NOW)), "403 judging.error.not_on_panel");
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, facts({ judge: panel(5, "ibda", new Date("2026-06-09T00:00:00Z")) }), NOW)),
    "403 judging.error.excluded",
  );
  // Excluded from a later date: still judging today.
  assert.equal(
    r.judgingRefusal(ibdaJudge, facts({ judge: panel(5, "ibda", new Date("2026-06-11T00:00:00Z")) }), NOW),
    null,
  );
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, facts(), new Date("2026-06-20T00:00:01Z"))),
    "403 judging.error.outside_period",
  );
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, facts(), new Date("2026-05-31T23:59:59Z"))),
    "403 judging.error.outside_period",
  );
  assert.equal(r.judgingRefusal(ibdaJudge, facts(), pool.finishAt), null, "finish_at itself is inside");
  assert.equal(refusal(r.judgingRefusal(ibdaJudge, facts({ assigned: null }), NOW)), "403 judging.error.not_assigned");
  // A term of appointment (SPEC §3 Judge start, finish) bounds the judge's own judging inside the pool's period.
  const termed = (startOn: string | null, finishOn: string | null) =>
    facts({
      judge: {
        ...panel(5),
        startOn: startOn ? new Date(startOn) : null,
        finishOn: finishOn ? new Date(finishOn) : null,
      },
    });
  assert.equal(r.judgingRefusal(ibdaJudge, termed("2026-06-01T00:00:00Z", "2026-06-30T00:00:00Z"), NOW), null);
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, termed("2026-06-11T00:00:00Z", null), NOW)),
    "403 judging.error.outside_term",
  );
  assert.equal(
    refusal(r.judgingRefusal(ibdaJudge, termed(null, "2026-06-10T02:59:59Z"), NOW)),
    "403 judging.error.outside_term",
  );
});

const person: r.JudgePerson = { userId: 5, name: "김심사", nameEn: "Simsa Kim", affiliation: "(주)한빛제작소" };
const entry = (over: Partial<r.EntryFacts> = {}): r.EntryFacts => ({
  id: 100,
  awardId: 3,
  userId: 40,
  category: 10,
  company: "",
  designerName: "박디자",
  designerNameEn: "Diza Park",
  designerAffiliation: "오름스튜디오",
  subDesigners: [],
  ...over,
});

Deno.test("conflict of interest: own entry, main or sub designer, matching company or affiliation", () => {
  assert.equal(r.hasConflict(person, entry()), false);
  assert.equal(r.hasConflict(person, entry({ userId: 5 })), true, "the judge entered it");
  assert.equal(r.hasConflict(person, entry({ designerName: "김 심사" })), true, "the judge is its main designer");
  assert.equal(r.hasConflict(person, entry({ designerNameEn: "simsa kim" })), true, "the English name, any case");
  assert.equal(
    r.hasConflict(person, entry({ subDesigners: [{ name: "김심사", name_en: "", affiliation: "" }] })),
    true,
    "the judge is a sub designer",
  );
  assert.equal(r.hasConflict(person, entry({ company: "한빛제작소 주식회사" })), true, "company markers ignored");
  assert.equal(r.hasConflict(person, entry({ designerAffiliation: "㈜ 한빛제작소" })), true);
  assert.equal(
    r.hasConflict(person, entry({ subDesigners: [{ name: "이가람", name_en: "", affiliation: "한빛제작소" }] })),
    true,
  );
  // An empty affiliation matches nothing.
  assert.equal(r.hasConflict({ ...person, affiliation: "" }, entry({ company: "" })), false);
  assert.equal(r.hasConflict(person, entry({ company: "한빛제작소2" })), false);
});

Deno.test("entry refusals: another award 404, outside the categories 403, withheld for a conflict 403", () => {
  assert.equal(r.entryRefusal(person, 3, [10], entry()), null);
  assert.equal(refusal(r.entryRefusal(person, 3, [10], null)), "404 judging.error.entry_not_found");
  assert.equal(refusal(r.entryRefusal(person, 4, [10], entry())), "404 judging.error.entry_not_found");
  assert.equal(refusal(r.entryRefusal(person, 3, [20], entry())), "403 judging.error.outside_categories");
  assert.equal(refusal(r.entryRefusal(person, 3, [10], entry({ userId: 5 }))), "403 judging.error.conflict");
  assert.deepEqual(r.judgedCategories([10, 20, 30], [20, 30, 40]), [20, 30]);
  assert.deepEqual(r.judgedCategories([10, 20], []), [10, 20]);
});

Deno.test("a score's total: weighted shares of each scale, in hundredths of 100 points", () => {
  const criteria = [{ id: 1, weight: 2, scale: 10 }, { id: 2, weight: 1, scale: 5 }];
  // (2 × 8/10 + 1 × 3/5) / 3 = 2.2 / 3 = 0.7333… → 73.33 points.
  assert.equal(g.scoreTotal(criteria, { "1": 8, "2": 3 }), 7333);
  assert.equal(g.scoreTotal(criteria, { "1": 10, "2": 5 }), 10000);
  assert.equal(g.scoreTotal([], {}), null);
  // A pass/hold/fail round: one verdict criterion of scale 2.
  assert.equal(g.scoreTotal([{ id: 9, weight: 1, scale: 2 }], { "9": 1 }), 5000);
  assert.deepEqual(g.badValues(criteria, { "1": 8, "2": 3 }), []);
  assert.deepEqual(g.badValues(criteria, { "1": 11, "2": 3 }), [1], "above the scale");
  assert.deepEqual(g.badValues(criteria, { "1": -1, "2": 3 }), [1], "below zero");
  assert.deepEqual(g.badValues(criteria, { "1": 7.5, "2": 3 }), [1], "not a whole number");
  assert.deepEqual(g.badValues(criteria, { "1": 8 }), [2], "missing");
  assert.deepEqual(g.badValues(criteria, { "1": 8, "2": 3, "77": 1 }), [77], "unknown criterion");
});

Deno.test("aggregation: raw mean, trimmed mean, count, spread and disagreement; abstentions count nowhere", () => {
  const points: g.ScorePoint[] = [
    { entryId: 1, judgeId: 1, points: 10 },
    { entryId: 1, judgeId: 2, points: 50 },
    { entryId: 1, judgeId: 3, points: 60 },
    { entryId: 1, judgeId: 4, points: 100 },
    { entryId: 1, judgeId: 5, points: null },
    { entryId: 2, judgeId: 1, points: 70 },
    { entryId: 2, judgeId: 2, points: 80 },
  ];
  const a = g.aggregateRound(points);
  const one = a.get(1)!;
  assert.equal(one.count, 4);
  assert.equal(one.abstentions, 1);
  assert.equal(one.raw, 55); // (10 + 50 + 60 + 100) / 4
  assert.equal(one.trimmed, 55); // (50 + 60) / 2
  assert.equal(one.spread, 90);
  assert.equal(one.disagreement, true);
  const two = a.get(2)!;
  assert.equal(two.raw, 75);
  assert.equal(two.trimmed, 75, "fewer than three scores: the plain mean");
  assert.equal(two.spread, 10);
  assert.equal(two.disagreement, false);
  assert.equal(g.trimmedMean([]), null);
  assert.equal(g.trimmedMean([1, 2, 9]), 2);
});

Deno.test("calibration: a harsh and a lenient judge weigh the same (figures by hand)", () => {
  // Judge 1 (harsh) gives 40, 50, 60; judge 2 (lenient) 70, 80, 90 to the same three entries. Each judge's
  // mean 50 / 80, spread √(200/3) = 8.165; z = −1.2247, 0, +1.2247 for both. Overall mean 65, spread
  // √(1750/6) = 17.078; calibrated = 65 + 17.078 × z = 44.08, 65, 85.92.
  const same = g.aggregateRound([
    { entryId: 1, judgeId: 1, points: 40 },
    { entryId: 2, judgeId: 1, points: 50 },
    { entryId: 3, judgeId: 1, points: 60 },
    { entryId: 1, judgeId: 2, points: 70 },
    { entryId: 2, judgeId: 2, points: 80 },
    { entryId: 3, judgeId: 2, points: 90 },
  ]);
  assert.deepEqual([1, 2, 3].map((e) => same.get(e)!.calibrated), [44.08, 65, 85.92]);
  assert.deepEqual([1, 2, 3].map((e) => same.get(e)!.raw), [55, 65, 75]);

  // Different entries: the harsh judge scores entries 1 and 2 (30, 50), the lenient one entries 3 and 4
  // (70, 90). Each judge's mean 40 / 80, spread 10: z = −1, +1, −1, +1. Overall mean 60, spread √500 =
  // 22.36: the harsh judge's best (raw 50) is calibrated 82.36, above the lenient judge's worst (raw 70, 37.64).
  const apart = g.aggregateRound([
    { entryId: 1, judgeId: 1, points: 30 },
    { entryId: 2, judgeId: 1, points: 50 },
    { entryId: 3, judgeId: 2, points: 70 },
    { entryId: 4, judgeId: 2, points: 90 },
  ]);
  assert.deepEqual([1, 2, 3, 4].map((e) => apart.get(e)!.calibrated), [37.64, 82.36, 37.64, 82.36]);
  const ranked = g.rankEntries([...apart.values()]).map((r) => r.entryId);
  // Ties on the calibrated score go to the higher raw mean.
  assert.deepEqual(ranked, [4, 2, 3, 1]);
  assert.deepEqual(g.rankEntries([...apart.values()], "raw").map((r) => r.entryId), [4, 3, 2, 1]);

  // A judge who gave everything the same score has no spread: their scores say nothing (z = 0).
  const flat = g.aggregateRound([
    { entryId: 1, judgeId: 1, points: 80 },
    { entryId: 2, judgeId: 1, points: 80 },
  ]);
  assert.equal(flat.get(1)!.calibrated, 80);
  // An entry with only abstentions has no figures and ranks last.
  const none = g.aggregateRound([{ entryId: 9, judgeId: 1, points: null }, { entryId: 1, judgeId: 1, points: 50 }]);
  assert.equal(none.get(9)!.calibrated, null);
  assert.deepEqual(g.rankEntries([...none.values()]).map((r) => r.entryId), [1, 9]);
});

Deno.test("decisions: one status machine; entrants see a decision only once the results are out", async () => {
  const { DECISIONS, entryStatusShown } = await import("../../domain/judging/decisions.ts");
  assert.equal(DECISIONS.next("final", "pay_complete"), "final");
  assert.equal(DECISIONS.next("eliminated", "final"), "eliminated");
  assert.equal(DECISIONS.next("rank", "final"), "selected");
  assert.equal(DECISIONS.next("unrank", "selected"), "final");
  assert.throws(() => DECISIONS.next("rank", "eliminated"), (e: HttpError) => e.status === 409);
  assert.throws(() => DECISIONS.next("final", "selected"), (e: HttpError) => e.key === "judging.error.decision");
  assert.equal(DECISIONS.isStatus("pay_incomplete"), false);
  assert.equal(entryStatusShown("final", false), "examine");
  assert.equal(entryStatusShown("eliminated", false), "examine");
  assert.equal(entryStatusShown("selected", true), "selected");
  assert.equal(entryStatusShown("pay_complete", false), "pay_complete");
});
