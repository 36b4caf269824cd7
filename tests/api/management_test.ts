// SPEC §6 management routes and §7 GET /api/{cms}/admin/role, and the decisions of /management/user
// (issue 3 part 8): who may reach what, grants, approving and rejecting joins, conversions and judge
// fields with a reason, testers, reset mails, role removal ending sessions, and the staff limits.
import assert from "node:assert/strict";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  accountTokens,
  auditLog,
  managementGrants,
  membershipChanges,
  outbox,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { findAccountToken } from "../../domain/member/tokens.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, randomAddress, signIn } from "../support/session.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;

const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.request(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
const form = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
    body,
    redirect: "manual",
  });
};
const loginStatus = async (username: string) => {
  const res = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return { status: res.status, body: await res.json() };
};
const idOf = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const roleRow = async (username: string, code: string) =>
  (await db.select().from(userRoles).where(
    and(eq(userRoles.userId, await idOf(username)), eq(userRoles.roleCode, code)),
  ))[0];
const lastMailTo = async (email: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1))[0];

const passwordHash = await hashPassword(DEMO_PASSWORD);
/** A fresh account with the given roles (and optionally a waiting join row), as registration would leave it. */
async function makeMember(
  username: string,
  roles: { code: string; approved: boolean }[],
  join = false,
  locale = "ko",
) {
  const [u] = await db.insert(users).values({
    username,
    email: `${username}@example.test`,
    passwordHash,
    name: `${username} 이름`,
    nameEn: `${username} name`,
    locale,
  }).returning({ id: users.id });
  await db.insert(userRoles).values(roles.map((r) => ({ userId: u.id, roleCode: r.code, approved: r.approved })));
  if (join) {
    await db.insert(membershipChanges).values({
      userId: u.id,
      kind: "join",
      toRoles: roles.filter((r) => !r.approved).map((r) => r.code),
    });
  }
  return u.id;
}

// ---------- GET /api/{cms}/admin/role ----------

appTest(
  "admin/role: nobody 401, a member 403, staff and administrators get { accessible, sources, granted }",
  async () => {
    await grantStaff(db, []);
    const ask = (cookie: string | undefined, url: string) =>
      get(`/api/www/admin/role?url=${encodeURIComponent(url)}`, cookie);

    const anon = await ask(undefined, "/user");
    assert.equal(anon.status, 401);
    assert.equal((await anon.json()).key, "error.401");
    const byMember = await ask(member, "/user");
    assert.equal(byMember.status, 403);
    await byMember.body?.cancel();

    const staffUser = await ask(staff, "/user");
    assert.equal(staffUser.status, 200);
    assert.deepEqual(await staffUser.json(), { accessible: false, sources: [], granted: [] });
    assert.deepEqual(await (await ask(staff, "/")).json(), { accessible: true, sources: [], granted: [] });

    const adminUser = await ask(admin, "/management/user/3");
    assert.equal(adminUser.status, 200);
    assert.deepEqual(await adminUser.json(), { accessible: true, sources: ["*"], granted: ["*"] });

    await grantStaff(db, ["user", "bbs"]);
    const granted = await ask(staff, "/management/user/7");
    assert.deepEqual(await granted.json(), { accessible: true, sources: ["user"], granted: ["bbs", "user"] });
    // the cms segment is free; /en and dot segments are normalised before deciding
    assert.equal((await (await ask(staff, "/en/management/bbs")).json()).accessible, true);
    assert.equal((await (await ask(staff, "/user/../manager")).json()).accessible, false);
    assert.equal((await (await get("/api/anything/admin/role?url=/award", staff)).json()).accessible, false);
  },
);

appTest("admin/role: /manager and /ip stay closed to staff even when a grant row exists", async () => {
  await grantStaff(db, ["manager", "ip", "user"]);
  for (const url of ["/manager", "/manager/1", "/ip", "/IP/2", "/management/manager"]) {
    const body = await (await get(`/api/www/admin/role?url=${encodeURIComponent(url)}`, staff)).json();
    assert.equal(body.accessible, false, url);
    assert.deepEqual(body.sources, [], url);
  }
  await grantStaff(db, []);
});

appTest("admin/role: the probe answers as the guard does for doubled slashes, dot segments and encodings", async () => {
  await grantStaff(db, ["user"]);
  const variants = [
    "//manager",
    "///manager/",
    "/./manager",
    "/user/../manager",
    "/user/%2e%2e/ip",
    "%2Fmanager",
    "/user%2F..%2Fmanager",
    "/user/",
    "//user",
    "/user/./",
  ];
  for (const path of variants) {
    const probe = await (await get(`/api/www/admin/role?url=${encodeURIComponent(path)}`, staff)).json();
    const page = await get(`/management/${path.replace(/^\/+/, "")}`, staff);
    await page.body?.cancel();
    // The guard refuses with 403; a path no route answers is 404 whatever the probe says.
    const disagree = probe.accessible ? page.status === 403 : page.status === 200;
    assert.ok(!disagree, `${path}: probe ${probe.accessible}, guard ${page.status}`);
    const opensManager = /manager|ip/.test(decodeURIComponent(path));
    assert.equal(probe.accessible, !opensManager, path);
  }
  await grantStaff(db, []);
});

// ---------- The guard of /management ----------

appTest("/management: nobody signs in first; a member is refused; staff reach the home; admin everything", async () => {
  await grantStaff(db, []);
  const anon = await get("/management/user");
  assert.equal(anon.status, 303);
  assert.equal(anon.headers.get("location"), `/login?redirect=${encodeURIComponent("/management/user")}`);

  const byMember = await get("/management", member);
  assert.equal(byMember.status, 403);
  await byMember.body?.cancel();

  const home = await get("/management", staff);
  assert.equal(home.status, 200);
  assert.equal(home.headers.get("cache-control"), "no-store");
  const html = await home.text();
  assert.match(html, /관리자 홈/);
  assert.doesNotMatch(html, /href="\/management\/user"/, "no link to a section staff cannot reach");

  for (const path of ["/management", "/management/user", "/management/role", "/management/manager", "/en/management"]) {
    const res = await get(path, admin);
    assert.equal(res.status, 200, path);
    await res.body?.cancel();
  }
});

appTest("/management: staff without a grant get 403 with an empty message; with the grant 200", async () => {
  await grantStaff(db, []);
  const page = await get("/management/user", staff);
  assert.equal(page.status, 403);
  const main = (await page.text()).match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
  assert.match(main, /접근 제한/);
  assert.doesNotMatch(main, /회원 관리|\/user/, "the refusal says nothing about the section");

  const json = await get("/management/user", staff, { accept: "application/json" });
  assert.equal(json.status, 403);
  assert.deepEqual(await json.json(), { status: 403, message: "", key: "error.403" });

  await grantStaff(db, ["user"]);
  const granted = await get("/management/user", staff);
  assert.equal(granted.status, 200);
  assert.match(await granted.text(), /href="\/management\/user\/\d+"/);
  const role = await get("/management/role", staff);
  assert.equal(role.status, 403, "a grant opens its own section only");
  await role.body?.cancel();
  await grantStaff(db, []);
});

appTest("/management/manager and /management/ip: 403 to staff even with grant rows; admins edit grants", async () => {
  await grantStaff(db, ["manager", "ip", "role"]);
  for (const path of ["/management/manager", "/management/ip", "/management/ip/3"]) {
    const res = await get(path, staff);
    assert.equal(res.status, 403, path);
    await res.body?.cancel();
  }
  // staff who may see /management/role still cannot change grants
  const attempt = await form("/management/role", staff, { _token: "x", role: "support_group", "sections[]": "user" });
  assert.equal(attempt.status, 403);
  await attempt.body?.cancel();
  await grantStaff(db, []);

  // an administrator's attempt to grant /manager or /ip is refused and changes nothing
  for (const section of ["manager", "ip", "mailbox", "nonsense"]) {
    const res = await form("/management/manager", admin, { role: "support_group", "sections[]": ["user", section] });
    assert.equal(res.status, 422, section);
    await res.body?.cancel();
  }
  assert.equal((await db.select().from(managementGrants)).length, 0);

  const ok = await form("/management/role", admin, { role: "support_group", "sections[]": ["user", "bbs"] });
  assert.equal(ok.status, 303);
  const rows = await db.select().from(managementGrants).where(eq(managementGrants.roleCode, "support_group"));
  assert.deepEqual(rows.map((r) => r.section).sort(), ["bbs", "user"]);
  const logged = await db.select().from(auditLog).where(eq(auditLog.action, "grants.set")).orderBy(desc(auditLog.id));
  assert.deepEqual(logged[0].detail, { role: "support_group", sections: ["bbs", "user"] });
  const after = await get("/management/user", staff);
  assert.equal(after.status, 200);
  await after.body?.cancel();

  // nothing checked: the role loses every grant
  assert.equal((await form("/management/role", admin, { role: "support_group" })).status, 303);
  assert.equal((await db.select().from(managementGrants)).length, 0);
});

// ---------- The member list ----------

appTest(
  "/management/user: search by name, ID or e-mail; filter by role and state; a one-letter search is refused",
  async () => {
    const text = async (query: string) => {
      const res = await get(`/management/user${query}`, admin);
      assert.equal(res.status, 200, query);
      return await res.text();
    };
    const byName = await text(`?q=${encodeURIComponent("김민")}`);
    assert.match(byName, />member</);
    assert.doesNotMatch(byName, />company</);
    assert.match(await text("?q=judge-d"), /judge-dcb/);
    assert.match(await text("?q=company%40design-center"), />company</);
    assert.match(await text("?q=100%25"), /조건에 맞는 회원이 없습니다/, "% is literal");

    // design has no change row, only an unapproved role: it is waiting all the same
    const waiting = await text("?state=waiting");
    assert.match(waiting, />design</);
    assert.doesNotMatch(waiting, />member</);
    const judges = await text("?role=dcb");
    assert.match(judges, />judge-dcb</);
    assert.doesNotMatch(judges, />judge-ibda</);
    const approvedCompanies = await text("?role=company&state=approved");
    assert.match(approvedCompanies, />company</);

    const short = await get("/management/user?q=a", admin);
    assert.equal(short.status, 400);
    assert.match(await short.text(), /두 글자 이상/);
  },
);

// ---------- Decisions ----------

appTest("approving the seeded design company lets it sign in; the decision is logged and mailed", async () => {
  assert.equal((await loginStatus("design")).status, 403);
  const id = await idOf("design");
  const res = await form(`/management/user/${id}`, admin, { action: "approve_role", role: "design" });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/management/user/${id}`);
  assert.match(res.headers.getSetCookie().join(";"), /flash=manage\.done\.approved/);

  const login = await loginStatus("design");
  assert.equal(login.status, 200);
  assert.deepEqual(login.body.roles, ["design"]);
  const row = await roleRow("design", "design");
  assert.equal(row.approved, true);
  assert.ok(row.decidedBy && row.decidedAt);
  const [log] = await db.select().from(auditLog).where(eq(auditLog.targetUserId, id)).orderBy(desc(auditLog.id));
  assert.equal(log.action, "role.approve");
  assert.deepEqual(log.detail, { role: "design", join: true });
  const mail = await lastMailTo("design@design-center.example");
  assert.match(mail.subject, /가입이 승인되었습니다/);

  const again = await form(`/management/user/${id}`, admin, { action: "approve_role", role: "design" });
  assert.equal(again.status, 409, "an approved role is already decided");
  await again.body?.cancel();
});

appTest("rejecting a join needs a reason, marks it rejected, and mails a reapplication link with a token", async () => {
  const id = await makeMember("studio-x", [{ code: "company", approved: false }], true, "en");
  const noReason = await form(`/management/user/${id}`, admin, { action: "reject_role", role: "company", reason: " " });
  assert.equal(noReason.status, 422);
  assert.match(await noReason.text(), /반려 사유를 입력해 주십시오/);
  assert.equal((await roleRow("studio-x", "company")).rejected, false);

  const res = await form(`/management/user/${id}`, admin, {
    action: "reject_role",
    role: "company",
    reason: "사업자등록증이 흐립니다.",
  });
  assert.equal(res.status, 303);
  const row = await roleRow("studio-x", "company");
  assert.equal(row.rejected, true);
  assert.equal(row.reason, "사업자등록증이 흐립니다.");
  const [change] = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, id));
  assert.equal(change.status, "rejected");
  assert.equal(change.reason, "사업자등록증이 흐립니다.");

  const mail = await lastMailTo("studio-x@example.test");
  assert.equal(mail.locale, "en", "in the member's language");
  assert.match(mail.subject, /not approved/);
  assert.match(mail.body, /사업자등록증이 흐립니다/);
  const link = mail.body.match(/http\S+\/en\/rejected\?\S+/)?.[0];
  assert.ok(link, mail.body);
  const url = new URL(link);
  assert.equal(url.searchParams.get("email"), "studio-x@example.test");
  const token = url.searchParams.get("token")!;
  const stored = await findAccountToken(db, token, "reapply");
  assert.equal(stored?.userId, id, "the mailed token is a live reapplication token");
  assert.equal((await db.select().from(accountTokens).where(eq(accountTokens.userId, id))).length, 1);

  const login = await loginStatus("studio-x");
  assert.equal(login.status, 403);
  assert.equal(login.body.key, "auth.join_rejected");
});

appTest("a conversion is approved with its data, or rejected leaving the member as they were", async () => {
  const convert = async (username: string) => {
    const id = await makeMember(username, [{ code: "member", approved: true }]);
    const cookie = await signIn(t, username);
    const res = await t.request("/api/change", {
      method: "POST",
      headers: csrfHeaders({ cookie, "content-type": "application/json" }),
      body: JSON.stringify({ type: "design", affiliation: `${username} 스튜디오`, business_no: "1234567890" }),
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    return { id, change: body.changes[0].id as number };
  };

  const yes = await convert("conv-yes");
  const approve = await form(`/management/user/${yes.id}`, admin, {
    action: "approve_change",
    change: String(yes.change),
  });
  assert.equal(approve.status, 303);
  assert.equal((await roleRow("conv-yes", "design")).approved, true);
  assert.equal(await roleRow("conv-yes", "member"), undefined, "the old membership type goes");
  const [u] = await db.select().from(users).where(eq(users.id, yes.id));
  assert.equal(u.affiliation, "conv-yes 스튜디오");
  assert.equal(u.businessNo, "123-45-67890");
  assert.match((await lastMailTo("conv-yes@example.test")).subject, /회원전환이 승인되었습니다/);
  assert.deepEqual((await loginStatus("conv-yes")).body.roles, ["design"]);

  const no = await convert("conv-no");
  const missing = await form(`/management/user/${no.id}`, admin, {
    action: "reject_change",
    change: String(no.change),
  });
  assert.equal(missing.status, 422);
  await missing.body?.cancel();
  const reject = await form(`/management/user/${no.id}`, admin, {
    action: "reject_change",
    change: String(no.change),
    reason: "사업자 정보가 맞지 않습니다.",
  });
  assert.equal(reject.status, 303);
  assert.equal(await roleRow("conv-no", "design"), undefined, "the asked-for role goes");
  assert.equal((await roleRow("conv-no", "member")).approved, true);
  const [change] = await db.select().from(membershipChanges).where(eq(membershipChanges.id, no.change));
  assert.equal(change.status, "rejected");
  assert.match((await lastMailTo("conv-no@example.test")).body, /사업자 정보가 맞지 않습니다/);

  // another member's change through this member's page is not found; a decided one is 409
  const wrongUser = await form(`/management/user/${yes.id}`, admin, {
    action: "approve_change",
    change: String(no.change),
  });
  assert.equal(wrongUser.status, 404);
  await wrongUser.body?.cancel();
  const twice = await form(`/management/user/${no.id}`, admin, { action: "approve_change", change: String(no.change) });
  assert.equal(twice.status, 409);
  await twice.body?.cancel();
});

appTest("judging-field changes are decided one field at a time", async () => {
  const id = await makeMember("judge-x", [
    { code: "member", approved: true },
    { code: "judge", approved: true },
    { code: "ibda", approved: true },
    { code: "dcb", approved: true },
  ]);
  const cookie = await signIn(t, "judge-x");
  const res = await t.request("/api/change", {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/json" }),
    body: JSON.stringify({
      type: "judge",
      judge_fields: ["ibda", "shoes"],
      careers: [
        { role: "ibda", organization: "한빛대학교", position: "교수", from: "2010-03", to: "" },
        { role: "shoes", organization: "한빛신발연구소", position: "소장", from: "2012-01", to: "" },
      ],
      educations: [{ school: "한빛대학교", major: "산업디자인", degree: "doctor" }],
    }),
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  const rows = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, id));
  const fieldRows = rows.filter((r) => r.kind === "judge_field");
  assert.deepEqual(fieldRows.map((r) => r.fields.field).sort(), ["dcb", "shoes"]);
  assert.equal(body.status, "waiting");
  assert.equal((await roleRow("judge-x", "shoes")).approved, false, "the added field waits as a role");

  const add = fieldRows.find((r) => r.fields.field === "shoes")!;
  const drop = fieldRows.find((r) => r.fields.field === "dcb")!;
  assert.equal(
    (await form(`/management/user/${id}`, admin, { action: "approve_change", change: String(add.id) })).status,
    303,
  );
  assert.equal((await roleRow("judge-x", "shoes")).approved, true);
  assert.equal((await roleRow("judge-x", "dcb")).approved, true, "the other field is still undecided");
  const reject = await form(`/management/user/${id}`, admin, {
    action: "reject_change",
    change: String(drop.id),
    reason: "DCB 심사 일정이 남아 있습니다.",
  });
  assert.equal(reject.status, 303);
  assert.equal((await roleRow("judge-x", "dcb")).approved, true, "a rejected drop keeps the field");
  const [u] = await db.select({ judgeFields: users.judgeFields }).from(users).where(eq(users.id, id));
  assert.ok(u.judgeFields.includes("shoes"));
  const mail = await lastMailTo("judge-x@example.test");
  assert.match(mail.subject, /심사 분야 변경이 반려되었습니다/);
});

appTest("testable, reset mail and role removal; removal ends the member's sessions", async () => {
  const id = await makeMember("tester-x", [{ code: "member", approved: true }]);
  const old = await signIn(t, "tester-x");

  assert.equal(
    (await form(`/management/user/${id}`, admin, { action: "testable", role: "member", testable: "1" })).status,
    303,
  );
  assert.equal((await roleRow("tester-x", "member")).testable, true);
  const who = await (await get("/api/identify", old)).json();
  assert.equal(who.user.username, "tester-x", "setting a tester does not sign anybody out");

  assert.equal((await form(`/management/user/${id}`, admin, { action: "reset_password" })).status, 303);
  const mail = await lastMailTo("tester-x@example.test");
  const link = mail.body.match(/http\S+\/password\/reset\?\S+/)?.[0];
  assert.ok(link, mail.body);
  const token = new URL(link).searchParams.get("token")!;
  assert.equal((await findAccountToken(db, token, "reset"))?.userId, id);

  const removed = await form(`/management/user/${id}`, admin, { action: "remove_role", role: "member" });
  assert.equal(removed.status, 303);
  assert.equal(await roleRow("tester-x", "member"), undefined);
  const after = await (await get("/api/identify", old)).json();
  assert.deepEqual(after.user, { id: 0 }, "the old cookie is anonymous now");
  const [log] = await db.select().from(auditLog).where(eq(auditLog.targetUserId, id)).orderBy(desc(auditLog.id));
  assert.equal(log.action, "role.remove");
});

appTest("staff with the user grant cannot touch staff accounts, staff roles or their own account", async () => {
  await grantStaff(db, ["user"]);
  const adminId = await idOf("admin");
  const staffId = await idOf("staff");
  const onAdmin = await form(`/management/user/${adminId}`, staff, { action: "reset_password" });
  assert.equal(onAdmin.status, 403);
  assert.match(await onAdmin.text(), /처리하실 수 없습니다/);
  const onSelf = await form(`/management/user/${staffId}`, staff, { action: "remove_role", role: "support_group" });
  assert.equal(onSelf.status, 403);
  await onSelf.body?.cancel();

  const id = await makeMember("want-admin", [{ code: "member", approved: true }, {
    code: "administrator",
    approved: false,
  }]);
  const escalate = await form(`/management/user/${id}`, staff, { action: "approve_role", role: "administrator" });
  assert.equal(escalate.status, 403);
  await escalate.body?.cancel();
  assert.equal((await roleRow("want-admin", "administrator")).approved, false);

  const plain = await makeMember("plain-x", [{ code: "member", approved: true }]);
  const staffRoleAsked = await form(`/management/user/${id}`, staff, {
    action: "testable",
    role: "member",
    testable: "1",
  });
  assert.equal(staffRoleAsked.status, 403, "an account asking for a staff role is the administrators' too");
  await staffRoleAsked.body?.cancel();

  // an ordinary decision works for staff with the grant
  const ok = await form(`/management/user/${plain}`, staff, { action: "testable", role: "member", testable: "1" });
  assert.equal(ok.status, 303);
  await grantStaff(db, []);
  const revoked = await form(`/management/user/${plain}`, staff, { action: "testable", role: "member", testable: "0" });
  assert.equal(revoked.status, 403, "without the grant, no decision");
  await revoked.body?.cancel();
});

appTest("a decision without the CSRF token is refused; an unknown member is 404", async () => {
  const id = await idOf("member");
  const res = await t.request(`/management/user/${id}`, {
    method: "POST",
    headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams({ action: "reset_password" }),
  });
  assert.equal(res.status, 403);
  await res.body?.cancel();
  for (const path of ["/management/user/999999", "/management/user/abc"]) {
    const missing = await get(path, admin);
    assert.equal(missing.status, 404, path);
    await missing.body?.cancel();
  }
  const bad = await form(`/management/user/${id}`, admin, { action: "make_admin" });
  assert.equal(bad.status, 422);
  await bad.body?.cancel();
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
    .where(and(eq(auditLog.targetUserId, id), eq(auditLog.action, "password.reset_mail")));
  assert.equal(count[0].n, 0);
});

appTest("the user detail page shows data, roles, requests and decision forms", async () => {
  const id = await idOf("judge-ibda");
  const res = await get(`/management/user/${id}`, admin);
  assert.equal(res.status, 200);
  const html = await res.text();
  for (
    const text of [
      "회원 정보",
      "회원 유형과 승인",
      "가입·전환 신청",
      "심사위원 경력과 학력",
      "한빛대학교 산업디자인학과",
    ]
  ) {
    assert.ok(html.includes(text), text);
  }
  assert.match(html, /name="_token"/);
  assert.match(html, /name="action" value="reset_password"/);
  const en = await get(`/en/management/user/${id}`, admin);
  assert.match(await en.text(), /Membership and approval/);
});
