// Pure rules of issue 3 parts 7 and 8: SPEC §6 management access as a table, the grantable sections, the
// management sub-path a URL names, the conversion plan of SPEC §4/§5, its input rules, and the list shape.
import assert from "node:assert/strict";
import { ConversionInput, type Membership, nestFormFields, planConversion } from "../../domain/member/conversion.ts";
import { GRANTABLE_SECTIONS, managementPath, MANAGER_ROLES, paginated } from "../../domain/member/management.ts";
import {
  ANONYMOUS,
  canDecideRole,
  canManageAccount,
  managementAccess,
  type RoleCode,
  type RoleEntry,
  type Viewer,
} from "../../domain/member/permissions.ts";

const role = (code: RoleCode, approved = true): RoleEntry => ({
  code,
  needsApproval: code !== "member",
  approved,
  testable: false,
});
const who = (id: number, ...roles: RoleEntry[]): Viewer => ({ id, roles });
const admin = who(1, role("administrator"));
const staff = who(2, role("support_group"));
const pendingStaff = who(3, role("support_group", false));
const member = who(4, role("member"));
const judge = who(5, role("member"), role("judge"), role("ibda"));

Deno.test("managementAccess: every kind of viewer against root, granted, ungranted and forbidden paths", () => {
  type Row = [string, Viewer, string, string[], { accessible: boolean; sources: string[]; granted: string[] }];
  const table: Row[] = [
    ["anonymous, root", ANONYMOUS, "/", ["user"], { accessible: false, sources: [], granted: [] }],
    ["member, root", member, "/", ["user"], { accessible: false, sources: [], granted: [] }],
    ["judge, granted path", judge, "/user", ["user"], { accessible: false, sources: [], granted: [] }],
    ["staff awaiting approval", pendingStaff, "/", ["user"], { accessible: false, sources: [], granted: [] }],
    ["staff, root", staff, "/", [], { accessible: true, sources: [], granted: [] }],
    ["staff, root with slashes", staff, "//", ["user"], { accessible: true, sources: [], granted: ["user"] }],
    ["staff, ungranted", staff, "/user", [], { accessible: false, sources: [], granted: [] }],
    ["staff, other grant", staff, "/user", ["bbs"], { accessible: false, sources: [], granted: ["bbs"] }],
    ["staff, granted", staff, "/user", ["user"], { accessible: true, sources: ["user"], granted: ["user"] }],
    ["staff, granted deep", staff, "/user/12/", ["user"], { accessible: true, sources: ["user"], granted: ["user"] }],
    ["staff, granted upper case", staff, "/USER", ["user"], { accessible: true, sources: ["user"], granted: ["user"] }],
    ["staff, prefix is not a grant", staff, "/username", ["user"], {
      accessible: false,
      sources: [],
      granted: ["user"],
    }],
    ["staff, /manager granted", staff, "/manager", ["manager"], {
      accessible: false,
      sources: [],
      granted: ["manager"],
    }],
    ["staff, /manager deep", staff, "/manager/3", ["manager"], {
      accessible: false,
      sources: [],
      granted: ["manager"],
    }],
    ["staff, /ip granted", staff, "/ip", ["ip"], { accessible: false, sources: [], granted: ["ip"] }],
    ["staff, /Ip/1 granted", staff, "/Ip/1", ["ip"], { accessible: false, sources: [], granted: ["ip"] }],
    ["admin, /manager", admin, "/manager", [], { accessible: true, sources: ["*"], granted: ["*"] }],
    ["admin, /ip", admin, "/ip/1", [], { accessible: true, sources: ["*"], granted: ["*"] }],
    ["admin, anything", admin, "/award/3", [], { accessible: true, sources: ["*"], granted: ["*"] }],
  ];
  for (const [name, viewer, path, grants, expected] of table) {
    assert.deepEqual(managementAccess(viewer, path, grants), expected, name);
  }
});

Deno.test("grantable sections: every SPEC §2.2 section but /manager, /ip and the mailbox; grants go to staff roles", () => {
  assert.ok(GRANTABLE_SECTIONS.includes("user"));
  assert.ok(GRANTABLE_SECTIONS.includes("award"));
  assert.ok(GRANTABLE_SECTIONS.includes("role"));
  for (const closed of ["manager", "ip", "mailbox"]) assert.ok(!GRANTABLE_SECTIONS.includes(closed as never), closed);
  assert.equal(GRANTABLE_SECTIONS.length, 27);
  assert.deepEqual(MANAGER_ROLES, ["support_group"]);
});

Deno.test("managementPath: a URL or path names the sub-path under /management", () => {
  const cases: [string, string][] = [
    ["/user", "/user"],
    ["/management/user/5", "/user/5"],
    ["/en/management/user?x=1", "/user"],
    ["/management", "/"],
    ["", "/"],
    ["https://elsewhere.example/management/bbs#top", "/bbs"],
    ["/user/../manager", "/manager"],
    ["/user/%2e%2e/ip", "/ip"],
    ["/managementx", "/managementx"],
    // Issue 20 §8: what the probe is asked must resolve as the guard resolves the request's path.
    ["//manager", "/manager"],
    ["///manager/", "/manager"],
    ["/management//manager", "/manager"],
    ["/./manager", "/manager"],
    ["/user/./../manager/", "/manager"],
    ["%2Fmanager", "/manager"],
    ["/user%2F..%2Fmanager", "/manager"],
    ["/user%2f%2e%2e%2fip", "/ip"],
    ["\\manager", "/manager"],
    ["/user/", "/user"],
    ["/%E0%A4%A/manager", "/%e0%a4%a/manager"],
  ];
  for (const [input, expected] of cases) assert.equal(managementPath(input), expected, input);
});

Deno.test("account decisions: nobody acts on themselves; staff never on staff accounts or staff roles", () => {
  const target = (...roles: RoleEntry[]) => who(9, ...roles);
  assert.equal(canManageAccount(admin, target(role("member"))), true);
  assert.equal(canManageAccount(admin, target(role("support_group"))), true);
  assert.equal(canManageAccount(admin, admin), false);
  assert.equal(canManageAccount(staff, target(role("member"))), true);
  assert.equal(canManageAccount(staff, target(role("administrator", false))), false);
  assert.equal(canManageAccount(staff, target(role("support_group"))), false);
  assert.equal(canManageAccount(ANONYMOUS, target(role("member"))), false);
  assert.equal(canDecideRole(staff, "design"), true);
  assert.equal(canDecideRole(staff, "administrator"), false);
  assert.equal(canDecideRole(staff, "support_group"), false);
  assert.equal(canDecideRole(admin, "administrator"), true);
});

// ---------- Conversion ----------

const held = (code: RoleCode, approved = true, rejected = false) => ({
  code,
  needsApproval: code !== "member",
  approved,
  rejected,
});
const membership = (roles: Membership["roles"], extra: Partial<Membership> = {}): Membership => ({
  roles,
  judgeFields: [],
  judgeCategory: "",
  academicPosition: "",
  careers: [],
  educations: [],
  company: { affiliation: "", department: "", position: "", tel: "", businessNo: "" },
  ...extra,
});
const input = (body: Record<string, unknown>) => ConversionInput.parse(body);
const career = { role: "ibda", organization: "한빛대학교", position: "교수", from: "2010-03", to: "" };
const education = { school: "한빛대학교", major: "산업디자인", degree: "doctor" };
const judgeInput = (fields: string[], careers = [career]) =>
  input({ type: "judge", judge_fields: fields, careers, educations: [education] });

Deno.test("plan: to individual is immediate, and nothing when already one", () => {
  assert.deepEqual(planConversion(membership([held("member")]), input({ type: "member" })), { outcome: "unchanged" });
  assert.deepEqual(planConversion(membership([held("company")]), input({ type: "member" })), {
    outcome: "immediate",
    remove: ["company"],
    add: ["member"],
  });
  assert.deepEqual(planConversion(membership([held("member"), held("design")]), input({ type: "member" })), {
    outcome: "immediate",
    remove: ["design"],
    add: [],
  });
});

Deno.test("plan: to a company type waits for approval with the company data; the same type is nothing", () => {
  const body = { type: "company", affiliation: "한빛상사", business_no: "1234567890" };
  assert.deepEqual(planConversion(membership([held("company")]), input(body)), { outcome: "unchanged" });
  const plan = planConversion(membership([held("member")]), input(body));
  assert.equal(plan.outcome, "approval");
  if (plan.outcome !== "approval") return;
  assert.deepEqual(plan.newRoles, ["company"]);
  assert.equal(plan.requests.length, 1);
  assert.deepEqual(plan.requests[0].fromRoles, ["member"]);
  assert.deepEqual(plan.requests[0].toRoles, ["company"]);
  assert.deepEqual(plan.requests[0].fields, {
    type: "company",
    company: { affiliation: "한빛상사", department: "", position: "", tel: "", businessNo: "123-45-67890" },
  });
});

Deno.test("plan: an individual becoming a judge asks for judge and each chosen role at once", () => {
  const plan = planConversion(membership([held("member")]), judgeInput(["ibda"]));
  assert.equal(plan.outcome, "approval");
  if (plan.outcome !== "approval") return;
  assert.deepEqual(plan.newRoles, ["judge", "ibda"]);
  assert.equal(plan.requests.length, 1);
  assert.equal(plan.requests[0].kind, "conversion");
  assert.deepEqual(plan.requests[0].toRoles, ["judge", "ibda"]);
});

Deno.test("plan: a judge's field changes are one judge_field request per field; nothing changed is nothing", () => {
  const judgeNow = membership([held("member"), held("judge"), held("ibda"), held("dcb")], {
    careers: [
      { roleCode: "ibda", organization: "한빛대학교", position: "교수", startedOn: "2010-03", endedOn: "" },
      { roleCode: "dcb", organization: "DCB 협회", position: "위원", startedOn: "2012-01", endedOn: "" },
    ],
    educations: [{ school: "한빛대학교", major: "산업디자인", degree: "doctor" }],
  });
  const dcbCareer = { role: "dcb", organization: "DCB 협회", position: "위원", from: "2012-01", to: "" };
  assert.deepEqual(planConversion(judgeNow, judgeInput(["ibda", "dcb"], [career, dcbCareer])), {
    outcome: "unchanged",
  });

  const shoesCareer = { role: "shoes", organization: "한빛신발", position: "", from: "2015-01", to: "" };
  const plan = planConversion(judgeNow, judgeInput(["ibda", "shoes"], [career, shoesCareer]));
  assert.equal(plan.outcome, "approval");
  if (plan.outcome !== "approval") return;
  assert.deepEqual(plan.newRoles, ["shoes"]);
  assert.deepEqual(plan.requests.map((r) => [r.kind, r.fields.field, r.fields.op]), [
    ["judge_field", "shoes", "add"],
    ["judge_field", "dcb", "remove"],
  ]);
  assert.deepEqual(plan.requests[0].toRoles, ["shoes"]);

  // the same fields with a new career for a kept field: one qualification request, no new roles
  const moved = { ...career, organization: "한빛예술대학교" };
  const update = planConversion(judgeNow, judgeInput(["ibda", "dcb"], [moved, dcbCareer]));
  assert.equal(update.outcome, "approval");
  if (update.outcome !== "approval") return;
  assert.deepEqual(update.newRoles, []);
  assert.equal(update.requests.length, 1);
  assert.equal(update.requests[0].kind, "conversion");
  assert.deepEqual(update.requests[0].toRoles, []);
  assert.equal((update.requests[0].fields.careers as { organization: string }[])[0].organization, "한빛예술대학교");
  assert.equal(update.requests[0].fields.educations, undefined, "education unchanged is not asked again");
});

Deno.test("conversion input: SPEC §5 judge rules and company details", () => {
  const errors = (body: Record<string, unknown>) => {
    const r = ConversionInput.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  assert.deepEqual(errors({ type: "judge", careers: [], educations: [education] }), {
    judge_fields: "change.judge_role_required",
  });
  const noCareer = errors({ type: "judge", judge_fields: ["dcb"], careers: [], educations: [education] });
  assert.equal(noCareer.careers, "register.career_for_dcb");
  const wrongCareer = ConversionInput.safeParse({
    type: "judge",
    judge_fields: ["dcb"],
    careers: [career],
    educations: [education],
  });
  assert.ok(!wrongCareer.success);
  assert.deepEqual(wrongCareer.error.issues.map((i) => i.message).sort(), [
    "change.career_role_unselected",
    "register.career_for_dcb",
  ]);
  assert.equal(
    errors({ type: "judge", judge_fields: ["ibda"], careers: [career] }).educations,
    "register.education_required",
  );
  assert.deepEqual(errors({ type: "judge", judge_fields: ["ibda"], careers: [career], educations: [education] }), {});
  assert.deepEqual(
    errors({ type: "judge", judge_fields: ["nobody"], careers: [], educations: [] })["judge_fields.0"],
    "register.invalid",
  );
  assert.deepEqual(errors({ type: "design", affiliation: "", business_no: "" }), {
    affiliation: "change.company_required",
    business_no: "register.business_no_required",
  });
  assert.deepEqual(errors({ type: "company", affiliation: "x", business_no: "12-34" }), {
    business_no: "register.business_no_invalid",
  });
  assert.deepEqual(errors({ type: "member", business_no: "junk" }), {}, "only company types read company details");
  assert.deepEqual(errors({ type: "judges" }), { type: "change.type_required" });
  // a role escalation attempt through the payload is simply not read
  const parsed = ConversionInput.parse({ type: "member", roles: ["administrator"], approved: true });
  assert.ok(!("roles" in parsed) && !("approved" in parsed));
});

Deno.test("form rows: careers[0][organization] nests; spare blank rows are dropped; absurd indexes too", () => {
  const nested = nestFormFields({
    type: "judge",
    "careers[1][organization]": "B",
    "careers[0][organization]": "A",
    "careers[0][role]": "ibda",
    "careers[2][organization]": "",
    "careers[999][organization]": "X",
    judge_fields: ["ibda"],
  });
  assert.deepEqual(nested.careers, [{ organization: "A", role: "ibda" }, { organization: "B" }, { organization: "" }]);
  const parsed = ConversionInput.safeParse({ ...nested, educations: [education] });
  assert.ok(!parsed.success, "row B has no role");
  const ok = ConversionInput.parse({
    type: "judge",
    judge_fields: "ibda",
    careers: [{ ...career }, { organization: "", role: "", position: "" }],
    educations: [education, { school: "", major: "" }],
  });
  assert.equal(ok.careers.length, 1);
  assert.equal(ok.educations.length, 1);
});

Deno.test("paginated: the list shape with previous, numbered and next links", () => {
  const list = paginated(["a", "b"], 19, 2, 8, (p) => `/x?page=${p}`);
  assert.deepEqual(
    { ...list, links: undefined },
    { current_page: 2, last_page: 3, total: 19, per_page: 8, data: ["a", "b"], links: undefined },
  );
  assert.deepEqual(list.links, [
    { url: "/x?page=1", label: "previous", active: false },
    { url: "/x?page=1", label: "1", active: false },
    { url: "/x?page=2", label: "2", active: true },
    { url: "/x?page=3", label: "3", active: false },
    { url: "/x?page=3", label: "next", active: false },
  ]);
  const empty = paginated([], 0, 1, 8, (p) => `/x?page=${p}`);
  assert.equal(empty.last_page, 1);
  assert.equal(empty.links[0].url, null);
  assert.equal(empty.links.at(-1)!.url, null);
});
