// SPEC §6 as a table: every role combination against every predicate of the permissions module.
import assert from "node:assert/strict";
import * as p from "../../domain/member/permissions.ts";
import type { RoleCode, RoleEntry, Viewer } from "../../domain/member/permissions.ts";

const NEEDS_APPROVAL = new Set<RoleCode>(p.ROLE_CODES.filter((c) => c !== "member"));
const role = (code: RoleCode, approved = true, testable = false): RoleEntry => ({
  code,
  needsApproval: NEEDS_APPROVAL.has(code),
  approved,
  testable,
});
const viewer = (...roles: RoleEntry[]): Viewer => ({ id: 7, roles });

type Predicate = keyof typeof checks;
const checks = {
  isIndividual: p.isIndividual,
  isCompany: p.isCompany,
  isJudge: p.isJudge,
  ibdaJudge: p.isFamilyJudge("ibda"),
  dcbJudge: p.isFamilyJudge("dcb"),
  shoesJudge: p.isFamilyJudge("shoes"),
  isTester: p.isTester,
  canSubmitAnyTime: p.canSubmitAnyTime,
  canSeeManagementLink: p.canSeeManagementLink,
  hasAnyRole: p.hasAnyRole,
  isMember: p.isMember,
  canApplyAsJudge: p.canApplyAsJudge,
  canPostJobs: p.canPostJobs,
  canPostResume: p.canPostResume,
  isAdministrator: p.isAdministrator,
};

/** [who, the predicates that hold for them (all others must not)] */
const table: [string, Viewer, Predicate[]][] = [
  ["anonymous", p.ANONYMOUS, []],
  ["signed in, no role", viewer(), ["canApplyAsJudge"]],
  ["individual", viewer(role("member")), [
    "isIndividual",
    "hasAnyRole",
    "isMember",
    "canApplyAsJudge",
    "canPostResume",
  ]],
  ["individual tester", viewer(role("member", true, true)), [
    "isIndividual",
    "hasAnyRole",
    "isMember",
    "canApplyAsJudge",
    "canPostResume",
    "isTester",
    "canSubmitAnyTime",
  ]],
  ["company awaiting approval", viewer(role("company", false)), []],
  ["company", viewer(role("company")), ["isCompany", "hasAnyRole", "isMember", "canPostJobs"]],
  ["design company", viewer(role("design")), ["isCompany", "hasAnyRole", "isMember", "canPostJobs"]],
  ["design awaiting approval", viewer(role("design", false)), []],
  ["ibda role without judge", viewer(role("member"), role("ibda")), [
    "isIndividual",
    "hasAnyRole",
    "isMember",
    "canApplyAsJudge",
    "canPostResume",
  ]],
  ["ibda judge", viewer(role("member"), role("judge"), role("ibda")), [
    "isIndividual",
    "isJudge",
    "ibdaJudge",
    "hasAnyRole",
    "isMember",
    "canApplyAsJudge",
    "canPostResume",
  ]],
  ["ibda judge awaiting ibda approval", viewer(role("member"), role("judge"), role("ibda", false)), [
    "isIndividual",
    "isJudge",
    "hasAnyRole",
    "isMember",
    "canApplyAsJudge",
    "canPostResume",
  ]],
  ["dcb judge", viewer(role("judge"), role("dcb")), ["isJudge", "dcbJudge", "hasAnyRole", "isMember"]],
  ["shoes judge", viewer(role("judge"), role("shoes")), ["isJudge", "shoesJudge", "hasAnyRole", "isMember"]],
  ["support group", viewer(role("support_group")), ["canSeeManagementLink", "hasAnyRole", "isMember"]],
  ["support group awaiting approval", viewer(role("support_group", false)), []],
  ["administrator", viewer(role("administrator")), Object.keys(checks) as Predicate[]],
  ["administrator awaiting approval", viewer(role("administrator", false)), []],
];

for (const [who, v, holds] of table) {
  Deno.test(`permissions: ${who}`, () => {
    for (const [name, check] of Object.entries(checks)) {
      assert.equal(check(v), holds.includes(name as Predicate), `${name} for ${who}`);
    }
  });
}

Deno.test("effective roles: anonymous, approved ones only", () => {
  assert.deepEqual(p.effectiveRoles(p.ANONYMOUS), ["anonymous"]);
  assert.deepEqual(p.effectiveRoles(viewer(role("member"), role("company", false))), ["member"]);
  assert.ok(p.awaitsApproval(viewer(role("company", false))));
  assert.ok(!p.awaitsApproval(viewer(role("member"), role("company", false))));
});

Deno.test("management access: admin everywhere, staff by grant, never /manager or /ip", () => {
  const admin = viewer(role("administrator"));
  const staff = viewer(role("support_group"));
  const member = viewer(role("member"));
  assert.deepEqual(p.managementAccess(admin, "/manager", []), { accessible: true, sources: ["*"], granted: ["*"] });
  assert.equal(p.managementAccess(staff, "/", []).accessible, true);
  assert.equal(p.managementAccess(staff, "/user", []).accessible, false);
  assert.deepEqual(p.managementAccess(staff, "/user/5", ["user"]), {
    accessible: true,
    sources: ["user"],
    granted: ["user"],
  });
  assert.equal(p.managementAccess(staff, "/manager", ["manager"]).accessible, false);
  assert.equal(p.managementAccess(staff, "/ip/1", ["ip"]).accessible, false);
  assert.equal(p.managementAccess(staff, "/IP", ["ip"]).accessible, false);
  assert.equal(p.managementAccess(member, "/", ["user"]).accessible, false);
});
