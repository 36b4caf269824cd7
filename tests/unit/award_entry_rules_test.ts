// SPEC §4–§6 and §8 award rules: who submits when, how many entries, the fee, the entry's content, who
// changes or pays for an entry, and the award's own edit, delete and audit rules. Each refusal's status
// and key are checked.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import * as r from "../../domain/award/entry-rules.ts";
import * as a from "../../domain/award/award-rules.ts";
import { type AwardSchedule, parseAwardDate } from "../../domain/award/phase.ts";
import type { EntryContent } from "../../domain/award/entry-schema.ts";
import { canSubmitAward, type RoleCode, type RoleEntry, type Viewer } from "../../domain/member/permissions.ts";
import { ANONYMOUS } from "../../domain/member/permissions.ts";

const at = (kst: string, delta = 0) => new Date(parseAwardDate(kst)!.getTime() + delta);
const award: AwardSchedule = { submitFrom: at("2026-05-01 00:00"), submitTo: at("2026-05-31 23:59") };
const BEFORE = at("2026-05-01 02:00", -1);
const OPEN = at("2026-05-15 12:00");
const LAST = at("2026-06-01 01:59"); // submit_to + 2 h: still open
const AFTER = at("2026-06-01 01:59", 1);

const role = (code: RoleCode, approved = true, testable = false): RoleEntry => ({
  code,
  needsApproval: code !== "member",
  approved,
  testable,
});
const who = (id: number, ...roles: RoleEntry[]): Viewer => ({ id, roles });
const member = who(7, role("member"));
const other = who(8, role("member"));
const company = who(9, role("company"));
const noRole = who(10);
const pending = who(11, role("company", false));
const tester = who(12, role("member", true, true));
const admin = who(1, role("administrator"));

/** "ok" or `status key` of a refusal, whether returned or thrown. */
const outcome = (refusal: HttpError | null | (() => unknown)): string => {
  if (typeof refusal === "function") {
    try {
      refusal();
      return "ok";
    } catch (err) {
      assert.ok(err instanceof HttpError, String(err));
      return `${err.status} ${err.key}`;
    }
  }
  return refusal ? `${refusal.status} ${refusal.key}` : "ok";
};

Deno.test("members submit only in the submit phase; testers and administrators any time", () => {
  const cases: [Viewer, Date, string][] = [
    [member, BEFORE, "403 award.unable_to_submit"],
    [member, OPEN, "ok"],
    [member, LAST, "ok"],
    [member, AFTER, "403 award.submit_expired"],
    [company, OPEN, "ok"],
    [tester, BEFORE, "ok"],
    [tester, AFTER, "ok"],
    [admin, BEFORE, "ok"],
    [admin, AFTER, "ok"],
    [ANONYMOUS, OPEN, "401 award.members_only"],
    [noRole, OPEN, "403 award.members_only"],
    [pending, OPEN, "403 award.members_only"],
  ];
  for (const [viewer, now, expected] of cases) {
    assert.equal(outcome(r.submitRefusal(viewer, award, now)), expected, `viewer ${viewer.id} at ${now.toISOString()}`);
  }
  assert.equal(outcome(r.submitRefusal(member, null, OPEN)), "404 award.not_found");
  assert.equal(outcome(r.submitRefusal(member, {}, OPEN)), "403 award.unable_to_submit");
  assert.equal(outcome(() => r.assertCanSubmit(member, award, AFTER)), "403 award.submit_expired");
  assert.equal(outcome(() => r.assertCanSubmit(member, award, OPEN)), "ok");
  assert.equal(canSubmitAward(member, true), true);
  assert.equal(canSubmitAward(member, false), false);
  assert.equal(canSubmitAward(noRole, true), false);
  assert.equal(canSubmitAward(tester, false), true);
});

Deno.test("at most 2 entries per member, 1 when invited or recommended; cancelled entries free a place", () => {
  const entry = (exhibitorType: string, status = "submitted") => ({ exhibitorType, status });
  const cases: [r.CountedEntry[], "company" | "general" | "invited" | "recommended", string][] = [
    [[], "company", "ok"],
    [[entry("company")], "company", "ok"],
    [[entry("company"), entry("general", "pay_complete")], "general", "409 award.submit_count_max"],
    [[entry("company"), entry("general", "cancel")], "company", "ok"],
    [[entry("general", "cancel"), entry("general", "cancel"), entry("general")], "general", "ok"],
    [[], "invited", "ok"],
    [[entry("general")], "invited", "409 award.artist_max"],
    [[entry("general")], "recommended", "409 award.artist_max"],
    [[entry("invited")], "general", "409 award.artist_max"],
    [[entry("recommended", "cancel")], "general", "ok"],
    [[entry("general"), entry("general")], "invited", "409 award.submit_count_max"],
  ];
  for (const [existing, type, expected] of cases) {
    assert.equal(outcome(r.entryCountRefusal(existing, type)), expected, `${JSON.stringify(existing)} + ${type}`);
  }
  assert.equal(
    outcome(() => r.assertEntryCount([entry("general"), entry("general")], "general")),
    "409 award.submit_count_max",
  );
  assert.equal(r.maxEntriesFor("student"), 2);
  assert.equal(r.maxEntriesFor("invited"), 1);
});

Deno.test("company entrants pay 100,000 KRW, everybody else nothing", () => {
  assert.equal(r.entryFee("company"), 100_000);
  for (const type of ["general", "student", "invited", "recommended"] as const) assert.equal(r.entryFee(type), 0);
  assert.equal(r.initialEntryStatus(100_000), "pay_incomplete");
  assert.equal(r.initialEntryStatus(0), "submitted");
});

const content = (over: Partial<EntryContent> = {}): EntryContent => ({
  exhibitor_type: "general",
  sub_designers: [{ name: "A" }, { name: "B" }, { name: "C" }],
  work_type: "image",
  thumbnail_id: 1,
  detail_ids: [2],
  attachment_ids: [],
  declare_not_prized: true,
  ...over,
});

Deno.test("entry content: sub designers, declaration, digital content and files", () => {
  const cases: [Partial<EntryContent>, string][] = [
    [{}, "ok"],
    [{ sub_designers: [1, 2, 3, 4] }, "422 award.sub_designers_max"],
    [{ declare_not_prized: false }, "422 award.prized_elsewhere"],
    [{ declare_not_prized: undefined }, "422 award.prized_elsewhere"],
    [{ thumbnail_id: undefined }, "422 award.no_files"],
    [{ detail_ids: [] }, "422 award.no_files"],
    [{ work_type: "data", detail_ids: [], attachment_ids: [3] }, "ok"],
    [{ detail_ids: [1, 2, 3, 4, 5] }, "ok"],
    [{ detail_ids: [1, 2, 3, 4, 5, 6] }, "422 award.too_many_files"],
    [{ attachment_ids: [1, 2, 3, 4, 5, 6] }, "422 award.too_many_files"],
    [{ url: "ftp://example.com/x" }, "422 award.url_invalid"],
    [{ url: "https://example.com/x" }, "ok"],
    [{ work_type: "digital", detail_ids: [], url: "https://youtu.be/x" }, "ok"],
    [{ work_type: "digital", thumbnail_id: undefined, url: "https://youtu.be/x" }, "422 award.digital_needs_image"],
    [{ work_type: "digital", url: undefined }, "422 award.digital_needs_url"],
    [{ work_type: "digital", url: "javascript:alert(1)" }, "422 award.digital_needs_url"],
    [{ work_type: "digital", url: "https://user:pw@example.com/" }, "422 award.digital_needs_url"],
    [{ work_type: "digital", url: "https://youtu.be/x", video_seconds: 180 }, "ok"],
    [{ work_type: "digital", url: "https://youtu.be/x", video_seconds: 181 }, "422 award.video_too_long"],
    [{ exhibitor_type: "company" }, "422 award.company_required"],
    [{ exhibitor_type: "company", company: "ACME" }, "ok"],
    [{ exhibitor_type: "student" }, "422 award.school_type_required"],
  ];
  for (const [over, expected] of cases) {
    assert.equal(outcome(r.entryContentRefusal(content(over))), expected, JSON.stringify(over));
  }
  const refusal = r.entryContentRefusal(content({ sub_designers: [1, 2, 3, 4], declare_not_prized: false }));
  assert.deepEqual(refusal?.details?.fields, {
    sub_designers: ["award.sub_designers_max"],
    declare_not_prized: ["award.prized_elsewhere"],
  });
  assert.equal(outcome(() => r.assertEntryContent(content({ work_type: "digital" }))), "422 award.digital_needs_url");
});

Deno.test("category must be one the award offers; images must be RGB", () => {
  assert.equal(outcome(() => r.assertCategoryOffered(10, [10, 20])), "ok");
  assert.equal(outcome(() => r.assertCategoryOffered(30, [10, 20])), "422 award.category_invalid");
  assert.equal(outcome(() => r.assertCategoryOffered(110, [])), "ok");
  assert.equal(outcome(() => r.assertCategoryOffered(60, [])), "422 award.category_invalid");
  assert.equal(outcome(() => r.assertRgbImages(["srgb", "rgb16"])), "ok");
  assert.equal(outcome(() => r.assertRgbImages([])), "ok");
  assert.equal(outcome(() => r.assertRgbImages(["srgb", "cmyk"])), "422 award.only_rgb");
  assert.equal(outcome(() => r.assertRgbImages(["CMYK"])), "422 award.only_rgb");
  assert.equal(outcome(() => r.assertRgbImages(["ycck"])), "422 award.only_rgb");
  assert.equal(outcome(() => r.assertRgbImages(["b-w", null])), "ok", "as the upload check: only CMYK-like refused");
});

Deno.test("an entry is edited or cancelled by its owner while submission is open", () => {
  const mine = { userId: member.id, status: "pay_incomplete" };
  const cases: [Viewer, r.OwnedEntry | null, r.EntryChange, Date, string][] = [
    [member, mine, "edit", OPEN, "ok"],
    [member, mine, "cancel", LAST, "ok"],
    [member, mine, "edit", AFTER, "403 award.submit_expired"],
    [member, mine, "cancel", AFTER, "403 award.submit_expired"],
    [member, mine, "edit", BEFORE, "403 award.unable_to_submit"],
    [other, mine, "edit", OPEN, "404 award.entry_not_found"],
    [other, mine, "cancel", OPEN, "404 award.entry_not_found"],
    [admin, mine, "edit", OPEN, "404 award.entry_not_found"],
    [member, null, "edit", OPEN, "404 award.entry_not_found"],
    [ANONYMOUS, mine, "cancel", OPEN, "401 award.members_only"],
    [member, { ...mine, status: "pay_complete" }, "edit", OPEN, "ok"],
    [member, { ...mine, status: "pay_complete" }, "cancel", OPEN, "409 award.entry_locked"],
    [member, { ...mine, status: "cancel" }, "edit", OPEN, "409 award.entry_locked"],
    [member, { ...mine, status: "cancel" }, "cancel", OPEN, "409 award.entry_locked"],
    [member, { ...mine, status: "examine" }, "edit", OPEN, "409 award.entry_locked"],
    [tester, { userId: tester.id, status: "submitted" }, "cancel", AFTER, "ok"],
  ];
  for (const [viewer, entry, change, now, expected] of cases) {
    assert.equal(
      outcome(r.entryChangeRefusal(viewer, entry, award, change, now)),
      expected,
      `${viewer.id} ${change} ${entry?.status} at ${now.toISOString()}`,
    );
  }
  assert.equal(outcome(r.entryChangeRefusal(member, mine, null, "edit", OPEN)), "404 award.not_found");
  assert.equal(outcome(() => r.assertCanChangeEntry(other, mine, award, "cancel", OPEN)), "404 award.entry_not_found");
});

Deno.test("only the owner pays, and only an entry waiting for its payment", () => {
  const mine = { userId: company.id, status: "pay_incomplete" };
  assert.equal(outcome(r.payRefusal(company, mine)), "ok");
  assert.equal(outcome(r.payRefusal(member, mine)), "404 award.entry_not_found");
  assert.equal(outcome(r.payRefusal(ANONYMOUS, mine)), "401 award.members_only");
  assert.equal(outcome(r.payRefusal(company, { ...mine, status: "pay_complete" })), "409 award.not_payable");
  assert.equal(outcome(r.payRefusal(company, { ...mine, status: "submitted" })), "409 award.not_payable");
  assert.equal(outcome(() => r.assertCanPay(company, undefined)), "404 award.entry_not_found");
});

Deno.test("an award with entries keeps its rules and cannot be deleted", () => {
  assert.equal(outcome(a.awardDeleteRefusal(0)), "ok");
  assert.equal(outcome(a.awardDeleteRefusal(1)), "409 award.has_entries");
  assert.equal(outcome(() => a.assertAwardDeletable(3)), "409 award.has_entries");
  assert.equal(outcome(a.awardEditRefusal(1, ["title", "poster", "resultAt"])), "ok");
  assert.equal(outcome(a.awardEditRefusal(1, ["title", "categories"])), "409 award.has_entries");
  assert.equal(outcome(a.awardEditRefusal(0, ["year", "family", "categories"])), "ok");
  assert.equal(outcome(() => a.assertAwardEditable(2, ["year"])), "409 award.has_entries");
  const before = { family: "award", year: 2026, categories: [10, 20, 30] };
  assert.deepEqual(a.changedRuleFields(before, { categories: [30, 10, 20], year: 2026 }), []);
  assert.deepEqual(a.changedRuleFields(before, { categories: [10, 20], family: "ibda" }), ["family", "categories"]);
  assert.deepEqual(a.changedRuleFields(before, {}), []);
});

Deno.test("auditing needs an approved ibda judge, the auditable flag and the pool's period", () => {
  const judge = who(20, role("judge"), role("ibda"));
  const unapproved = who(21, role("judge"), role("ibda", false));
  const dcbJudge = who(22, role("judge"), role("dcb"));
  const pool = { startAt: at("2026-06-10 00:00"), finishAt: at("2026-06-20 18:00") };
  const open = { auditable: true }, closed = { auditable: false };
  const during = at("2026-06-15 00:00"), after = at("2026-06-20 18:00", 1);
  const cases: [Viewer, { auditable: boolean } | null, Date, string][] = [
    [judge, open, during, "ok"],
    [judge, open, after, "403 award.not_auditable"],
    [judge, closed, during, "403 award.not_auditable"],
    [unapproved, open, during, "403 award.not_auditable"],
    [dcbJudge, open, during, "403 award.not_auditable"],
    [member, open, during, "403 award.not_auditable"],
    [admin, open, after, "ok"],
    [admin, closed, during, "403 award.not_auditable"],
    [ANONYMOUS, open, during, "401 error.401"],
    [judge, null, during, "404 award.not_found"],
  ];
  for (const [viewer, aw, now, expected] of cases) {
    assert.equal(outcome(a.auditRefusal(viewer, aw, pool, now)), expected, `${viewer.id} ${JSON.stringify(aw)}`);
  }
  assert.equal(outcome(a.auditRefusal(judge, open, null, during)), "403 award.not_auditable");
  assert.equal(outcome(() => a.assertCanAudit(judge, open, pool, after)), "403 award.not_auditable");
});
