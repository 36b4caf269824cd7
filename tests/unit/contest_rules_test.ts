// The contest rules without I/O: statuses at each date boundary, who hosts and enters, the extension and the
// settlement table (SPEC §4, §6, §9).
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import {
  approvalMachine,
  assertCanEnter,
  assertCanHost,
  assertCanJudge,
  cardFee,
  contestStatus,
  entryMachine,
  extendedDates,
  settle,
  withholdingTax,
} from "../../domain/contest/rules.ts";
import { REGISTRATION_FEE } from "../../domain/contest/options.ts";
import type { RoleEntry, Viewer } from "../../domain/member/permissions.ts";

const role = (code: RoleEntry["code"], needsApproval = false, approved = true): RoleEntry => ({
  code,
  needsApproval,
  approved,
  testable: false,
});
const individual: Viewer = { id: 10, roles: [role("member")] };
const company: Viewer = { id: 20, roles: [role("company", true, true)] };
const pendingCompany: Viewer = { id: 21, roles: [role("company", true, false)] };
const anonymous: Viewer = { id: 0, roles: [] };

const open = new Date("2026-03-01T00:00:00+09:00");
const close = new Date("2026-03-31T00:00:00+09:00");
const result = new Date("2026-04-15T00:00:00+09:00");
const base = { openAt: open, closeAt: close, resultAt: result, approval: "approved" as const };
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

function refused(fn: () => unknown, status: number, key: string) {
  assert.throws(fn, (e: unknown) => e instanceof HttpError && e.status === status && e.key === key, key);
}

Deno.test("status: each date boundary belongs to the later status", () => {
  assert.equal(contestStatus(base, ms(open, -1)), "preparing");
  assert.equal(contestStatus(base, open), "ongoing");
  assert.equal(contestStatus(base, ms(close, -1)), "ongoing");
  assert.equal(contestStatus(base, close), "judging");
  assert.equal(contestStatus(base, ms(result, -1)), "judging");
  assert.equal(contestStatus(base, result), "terminated");
});

Deno.test("status: a contest the council has not approved stays preparing whatever the date", () => {
  for (const approval of ["unpaid", "pending", "rejected"] as const) {
    assert.equal(contestStatus({ ...base, approval }, ms(close, 1)), "preparing");
  }
});

Deno.test("approval machine: pay, then approve or reject, once", () => {
  assert.equal(approvalMachine.next("pay", "unpaid"), "pending");
  assert.equal(approvalMachine.next("approve", "pending"), "approved");
  assert.equal(approvalMachine.next("reject", "pending"), "rejected");
  refused(() => approvalMachine.next("approve", "unpaid"), 409, "contest.wrong_status");
  refused(() => approvalMachine.next("reject", "approved"), 409, "contest.wrong_status");
});

Deno.test("entry machine: a live entry is withdrawn once", () => {
  assert.equal(entryMachine.next("withdraw", "submitted"), "withdrawn");
  refused(() => entryMachine.next("withdraw", "withdrawn"), 409, "contest.wrong_status");
});

Deno.test("hosting: signed-in approved companies only", () => {
  refused(() => assertCanHost(anonymous), 401, "contest.not_logged_in");
  refused(() => assertCanHost(individual), 403, "contest.company_only");
  refused(() => assertCanHost(pendingCompany), 403, "contest.company_only");
  assertCanHost(company);
});

Deno.test("entering: members, while ongoing, of the allowed type, not the host", () => {
  const contest = { ...base, hostId: company.id, entryRestriction: "any" as const };
  const during = ms(open, 1000);
  assertCanEnter(individual, contest, during);
  refused(() => assertCanEnter(anonymous, contest, during), 401, "contest.not_logged_in");
  refused(() => assertCanEnter(individual, contest, close), 409, "contest.period_over");
  refused(() => assertCanEnter(individual, contest, ms(open, -1)), 409, "contest.period_over");
  refused(() => assertCanEnter(company, contest, during), 403, "contest.own_contest");
  refused(
    () => assertCanEnter(individual, { ...contest, entryRestriction: "company" }, during),
    403,
    "contest.restricted",
  );
  assertCanEnter({ ...company, id: 99 }, { ...contest, entryRestriction: "company" }, during);
  refused(
    () => assertCanEnter({ ...company, id: 99 }, { ...contest, entryRestriction: "member" }, during),
    403,
    "contest.restricted",
  );
});

Deno.test("judging: the host of this contest, after close_at, before publication", () => {
  const contest = { ...base, hostId: company.id, publishedAt: null };
  refused(() => assertCanJudge(company, contest, ms(close, -1)), 409, "contest.not_closed");
  refused(() => assertCanJudge({ ...company, id: 77 }, contest, close), 403, "error.403");
  assertCanJudge(company, contest, close);
  refused(() => assertCanJudge(company, { ...contest, publishedAt: result }, close), 409, "contest.period_over");
});

Deno.test("extension: 15 days each for close and result, at most twice, under 5 entries", () => {
  const during = ms(open, 1000);
  const once = extendedDates({ ...base, extendCount: 0 }, 3, during);
  assert.equal(once.closeAt.getTime() - close.getTime(), 15 * 86_400_000);
  assert.equal(once.resultAt.getTime() - result.getTime(), 15 * 86_400_000);
  assert.equal(once.openAt, open);
  assert.equal(once.extendCount, 1);
  const twice = extendedDates({ ...base, ...once }, 4, during);
  assert.equal(twice.extendCount, 2);
  refused(() => extendedDates({ ...base, ...twice }, 0, during), 409, "contest.no_more_extension");
  refused(() => extendedDates({ ...base, extendCount: 0 }, 5, during), 409, "contest.too_many_entries");
  refused(() => extendedDates({ ...base, extendCount: 0 }, 0, close), 409, "contest.period_over");
  refused(() => extendedDates({ ...base, approval: "pending", extendCount: 0 }, 0, during), 409, "contest.period_over");
});

Deno.test("tax: 4.4 % withheld, in whole won rounded down", () => {
  assert.equal(withholdingTax(1_000_000), 44_000);
  assert.equal(withholdingTax(333_333), 14_666);
  assert.equal(cardFee(1_000_000), 33_000);
});

const prizes = { prize1: 1_000_000, prize2: 500_000, prize3: 300_000 };
const paid = 1_800_000;

Deno.test("settlement table", async (t) => {
  await t.step("winners picked: no refund, each winner paid the prize less 4.4 %", () => {
    const s = settle({
      ...prizes,
      paid,
      entrants: 3,
      winners: [{ entryId: 2, userId: 5, place: 2 }, { entryId: 1, userId: 4, place: 1 }],
    });
    assert.equal(s.case, "winners");
    assert.equal(s.refund, 0);
    assert.deepEqual(
      s.payouts.map((p) => [p.place, p.prize, p.tax, p.net]),
      [[1, 1_000_000, 44_000, 956_000], [2, 500_000, 22_000, 478_000]],
    );
    assert.ok(s.worksUsable);
    assert.ok(s.lines.some((l) => l.key === "contest.statement.tax" && l.amount === -44_000));
  });
  await t.step("0 entrants: refund minus the registration and card fees", () => {
    const s = settle({ ...prizes, paid, entrants: 0, winners: [] });
    assert.equal(s.case, "no_entries");
    assert.equal(s.refund, paid - REGISTRATION_FEE - cardFee(paid));
    assert.equal(s.payouts.length, 0);
    assert.equal(s.lines.at(-1)?.amount, s.refund);
  });
  for (const entrants of [1, 4]) {
    await t.step(`${entrants} entrants without a winner: half back, works not used`, () => {
      const s = settle({ ...prizes, paid, entrants, winners: [] });
      assert.equal(s.case, "few_entries");
      assert.equal(s.refund, 900_000);
      assert.equal(s.worksUsable, false);
    });
  }
  await t.step("5 entrants without a winner: nothing to settle until winners are picked", () => {
    const s = settle({ ...prizes, paid, entrants: 5, winners: [] });
    assert.equal(s.case, "awaiting_winners");
    assert.equal(s.refund, 0);
  });
  await t.step("1–4 entrants with a winner: the winner rule wins (no refund)", () => {
    const s = settle({ ...prizes, paid, entrants: 2, winners: [{ entryId: 1, userId: 4, place: 1 }] });
    assert.equal(s.case, "winners");
    assert.equal(s.refund, 0);
  });
});
