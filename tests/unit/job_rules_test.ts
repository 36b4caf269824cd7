// The job portal's and talent sharing's pure rules (issue 19): every status machine (SPEC §4), every
// permission predicate (SPEC §6), the code lists with their ko/en labels (SPEC §3) and the URL rule (§5).
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import { isCode, isWebUrl, JOB_CODES, REGIONS, shareStatusCode } from "../../domain/job/options.ts";
import {
  applicationMachine,
  effectivePostingStatus,
  postingActionTo,
  postingMachine,
  resumeMachine,
  seoulDay,
} from "../../domain/job/status.ts";
import {
  canDecideOn,
  donateMachine,
  isOpenShare,
  nextShareStatus,
  requestMachine,
  shareActionsFrom,
  shareApplicationMachine,
} from "../../domain/share/status.ts";
import {
  canApplyToJobs,
  canApplyToShare,
  canManagePosting,
  canManageShare,
  canPostJobs,
  canPostResume,
  canReadResume,
  canRegisterShare,
  type RoleCode,
  type Viewer,
} from "../../domain/member/permissions.ts";
import { job as ko } from "../../i18n/ko/job.ts";
import { job as en } from "../../i18n/en/job.ts";

const refused = (key: string) => (e: unknown) => e instanceof HttpError && e.status === 409 && e.key === key;

Deno.test("posting: recruiting → done (close, expire) or cancelled; nothing leads back to recruiting", () => {
  assert.equal(postingMachine.next("close", "recruiting"), "done");
  assert.equal(postingMachine.next("expire", "recruiting"), "done");
  assert.equal(postingMachine.next("cancel", "recruiting"), "cancelled");
  assert.deepEqual(postingMachine.actionsFrom("done"), []);
  assert.deepEqual(postingMachine.actionsFrom("cancelled"), []);
  for (const t of Object.values(postingMachine.transitions)) {
    if (t.to === "recruiting") assert.deepEqual(t.from, ["recruiting"], "only an edit stays recruiting");
  }
  assert.throws(() => postingMachine.next("edit", "done"), refused("job.wrong_status"));
  assert.equal(postingActionTo("recruiting", "done"), "close");
  assert.equal(postingActionTo("recruiting", "cancelled"), "cancel");
  assert.throws(() => postingActionTo("done", "recruiting"), refused("job.wrong_status"));
  assert.throws(() => postingActionTo("cancelled", "recruiting"), refused("job.wrong_status"));
  assert.throws(() => postingActionTo("done", "cancelled"), refused("job.wrong_status"));
});

Deno.test("posting: done by itself after its close date (a Seoul day)", () => {
  assert.equal(effectivePostingStatus("recruiting", "2026-03-01", "2026-03-01"), "recruiting");
  assert.equal(effectivePostingStatus("recruiting", "2026-02-28", "2026-03-01"), "done");
  assert.equal(effectivePostingStatus("cancelled", "2026-02-28", "2026-03-01"), "cancelled");
  // 16:00 UTC is already the next day in Seoul.
  assert.equal(seoulDay(new Date("2026-03-01T16:00:00Z")), "2026-03-02");
  assert.equal(seoulDay(new Date("2026-03-01T14:59:00Z"), 1), "2026-03-02");
});

Deno.test("resume: looking ⇄ completed; application decided once or withdrawn while undecided", () => {
  assert.equal(resumeMachine.next("complete", "looking"), "completed");
  assert.equal(resumeMachine.next("look", "completed"), "looking");
  assert.throws(() => resumeMachine.next("look", "looking"), refused("job.wrong_status"));
  for (const m of [applicationMachine, shareApplicationMachine]) {
    assert.equal(m.next("accept", "applied"), "accepted");
    assert.equal(m.next("decline", "applied"), "declined");
    assert.equal(m.next("cancel", "applied"), "cancelled");
    for (const s of ["accepted", "declined", "cancelled"] as const) assert.deepEqual(m.actionsFrom(s), []);
  }
});

Deno.test("donation: inactive → sharing → ended; request: inactive → requesting → in progress → ended", () => {
  assert.equal(donateMachine.next("open", "inactive"), "sharing");
  assert.equal(donateMachine.next("pause", "sharing"), "inactive");
  assert.equal(donateMachine.next("end", "sharing"), "ended");
  assert.deepEqual(donateMachine.actionsFrom("ended"), []);
  assert.equal(requestMachine.next("open", "inactive"), "requesting");
  assert.equal(requestMachine.next("start", "requesting"), "in_progress");
  assert.equal(requestMachine.next("end", "in_progress"), "ended");
  assert.equal(requestMachine.can("pause", "in_progress"), false);
  assert.equal(requestMachine.can("open", "in_progress"), false);
  assert.deepEqual(requestMachine.actionsFrom("ended"), []);
  assert.equal(nextShareStatus("donate", "open", "inactive"), "sharing");
  assert.equal(nextShareStatus("request", "start", "requesting"), "in_progress");
  assert.throws(() => nextShareStatus("donate", "start", "sharing"), refused("job.share.wrong_status"));
  assert.throws(() => nextShareStatus("donate", "open", "requesting"), refused("job.share.wrong_status"));
  assert.throws(() => nextShareStatus("request", "open", "ended"), refused("job.share.wrong_status"));
  assert.deepEqual(shareActionsFrom("request", "requesting"), ["pause", "start", "end"]);
  assert.deepEqual(shareActionsFrom("donate", "bogus"), []);
  assert.equal(isOpenShare("donate", "sharing"), true);
  assert.equal(isOpenShare("request", "sharing"), false);
  assert.equal(canDecideOn("request", "in_progress"), true);
  assert.equal(canDecideOn("donate", "ended"), false);
  assert.equal(shareStatusCode("request", "in_progress"), 2);
  assert.equal(shareStatusCode("donate", "ended"), 2);
  assert.equal(shareStatusCode("request", "ended"), 3);
});

const viewer = (id: number, ...codes: [RoleCode, boolean?][]): Viewer => ({
  id,
  roles: codes.map(([code, approved = true]) => ({
    code,
    needsApproval: code !== "member",
    approved,
    testable: false,
  })),
});
const anonymous = viewer(0);
const member = viewer(1, ["member"]);
const company = viewer(2, ["company"]);
const design = viewer(3, ["design"]);
const waitingCompany = viewer(4, ["company", false]);
const admin = viewer(5, ["administrator"]);
const otherCompany = viewer(6, ["company"]);

Deno.test("permissions: companies (approved) post; individuals write resumes and apply (SPEC §6)", () => {
  for (const v of [company, design, admin]) assert.equal(canPostJobs(v), true);
  for (const v of [anonymous, member, waitingCompany]) assert.equal(canPostJobs(v), false);
  for (const v of [member, admin]) assert.equal(canPostResume(v) && canApplyToJobs(v), true);
  for (const v of [anonymous, company, design, waitingCompany]) assert.equal(canApplyToJobs(v), false);
  assert.equal(canManagePosting(company, { companyId: 2 }), true);
  assert.equal(canManagePosting(otherCompany, { companyId: 2 }), false);
  assert.equal(canManagePosting(admin, { companyId: 2 }), true);
  assert.equal(canManagePosting(viewer(2, ["company", false]), { companyId: 2 }), false, "no longer a company");
});

Deno.test("permissions: a resume — owner, administrators, companies while looking or applied to their recruiting posting", () => {
  const looking = { ownerId: 1, looking: true, appliedToViewersRecruiting: false };
  const hidden = { ownerId: 1, looking: false, appliedToViewersRecruiting: false };
  const applied = { ownerId: 1, looking: false, appliedToViewersRecruiting: true };
  assert.equal(canReadResume(member, hidden), true);
  assert.equal(canReadResume(admin, hidden), true);
  assert.equal(canReadResume(company, looking), true);
  assert.equal(canReadResume(company, hidden), false, "neither applied nor looking");
  assert.equal(canReadResume(company, applied), true);
  assert.equal(canReadResume(waitingCompany, looking), false);
  assert.equal(canReadResume(viewer(9, ["member"]), looking), false, "another individual");
  assert.equal(canReadResume(anonymous, looking), false);
});

Deno.test("permissions: shares — any member registers; the owner (or admin) manages; others apply", () => {
  for (const v of [member, company, admin]) assert.equal(canRegisterShare(v), true);
  assert.equal(canRegisterShare(anonymous), false);
  assert.equal(canRegisterShare(waitingCompany), false);
  assert.equal(canManageShare(member, { userId: 1 }), true);
  assert.equal(canManageShare(company, { userId: 1 }), false);
  assert.equal(canManageShare(admin, { userId: 1 }), true);
  assert.equal(canApplyToShare(company, { userId: 1 }), true);
  assert.equal(canApplyToShare(member, { userId: 1 }), false, "not to one's own");
  assert.equal(canApplyToShare(anonymous, { userId: 1 }), false);
});

Deno.test("codes: 17 regions; every code of every list has a Korean and an English label", () => {
  assert.equal(REGIONS.length, 17);
  assert.equal(new Set(REGIONS).size, 17);
  for (const [list, codes] of Object.entries(JOB_CODES)) {
    const koLabels = ko.codes[list as keyof typeof ko.codes] as Record<string, string>;
    const enLabels = en.codes[list as keyof typeof en.codes] as Record<string, string>;
    assert.deepEqual(Object.keys(koLabels).sort(), [...codes].sort(), `ko labels of ${list}`);
    for (const code of codes) assert.ok(koLabels[code] && enLabels[code], `${list}.${code}`);
  }
  assert.equal(isCode("salary_type", "X"), false);
  assert.equal(isCode("salary_type", "M"), true);
  assert.equal(isCode("region", "99"), false);
});

Deno.test("URLs: http(s) with a host only (a javascript: portfolio is refused)", () => {
  assert.equal(isWebUrl("https://portfolio.example.com/me"), true);
  assert.equal(isWebUrl("http://example.com"), true);
  for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "ftp://x.y", "//x.y", "x"]) {
    assert.equal(isWebUrl(bad), false, bad);
  }
  assert.equal(isWebUrl("https://user:pw@example.com"), false);
});
