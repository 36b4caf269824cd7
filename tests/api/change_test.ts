// SPEC §7 POST /api/change, GET /api/user/changes, POST /api/device, DELETE /api/device/{id}, and the
// /change and /mypage screens: conversion rules of §4/§5 (immediate individual, approval for the rest,
// nothing changed, pending, judge rules), the list shape, and members reaching only their own devices.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { devices, judgeCareers, judgeEducations, membershipChanges, userRoles, users } from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const passwordHash = await hashPassword(DEMO_PASSWORD);

async function makeMember(username: string, roles: { code: string; approved: boolean }[]) {
  const [u] = await db.insert(users).values({
    username,
    email: `${username}@example.test`,
    passwordHash,
    name: `${username} 이름`,
  }).returning({ id: users.id });
  await db.insert(userRoles).values(roles.map((r) => ({ userId: u.id, roleCode: r.code, approved: r.approved })));
  return { id: u.id, cookie: await signIn(t, username) };
}
const individual = (username: string) => makeMember(username, [{ code: "member", approved: true }]);

const postJson = (path: string, cookie: string | undefined, body: unknown) =>
  t.request(path, {
    method: "POST",
    headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
const change = async (cookie: string | undefined, body: unknown) => {
  const res = await postJson("/api/change", cookie, body);
  return { status: res.status, body: await res.json() };
};
const rolesOf = async (id: number) =>
  (await db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) =>
    `${r.roleCode}:${r.approved ? "y" : "n"}`
  )
    .sort();
const changesOf = (id: number) => db.select().from(membershipChanges).where(eq(membershipChanges.userId, id));

const judgeBody = {
  type: "judge",
  judge_fields: ["dcb"],
  judge_category: "제품디자인",
  careers: [{ role: "dcb", organization: "한빛디자인연구소", position: "수석연구원", from: "2011-03", to: "" }],
  educations: [{ school: "한빛대학교", major: "산업디자인", degree: "master" }],
};

// ---------- POST /api/change ----------

appTest("change: nobody 401; bad input 422 with field keys", async () => {
  assert.equal((await change(undefined, { type: "member" })).status, 401);
  const { cookie } = await individual("c-bad");
  const bad = await change(cookie, { type: "admin" });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.errors.type, ["change.type_required"]);
  const company = await change(cookie, { type: "company", affiliation: "", business_no: "12-3" });
  assert.equal(company.status, 422);
  assert.deepEqual(company.body.errors.affiliation, ["change.company_required"]);
  assert.deepEqual(company.body.errors.business_no, ["register.business_no_invalid"]);
});

appTest("change: to individual when already one changes nothing and writes nothing", async () => {
  const { id, cookie } = await individual("c-same");
  const res = await change(cookie, { type: "member" });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { changed: false, changes: [] });
  assert.equal((await changesOf(id)).length, 0);
  assert.deepEqual(await rolesOf(id), ["member:y"]);
});

appTest("change: a company converts to individual at once, recorded as an approved change", async () => {
  const { id, cookie } = await makeMember("c-company", [{ code: "company", approved: true }]);
  const res = await change(cookie, { type: "member" });
  assert.equal(res.status, 200);
  assert.equal(res.body.changed, true);
  assert.equal(res.body.status, "approved");
  assert.deepEqual(await rolesOf(id), ["member:y"]);
  const [row] = await changesOf(id);
  assert.equal(row.kind, "conversion");
  assert.equal(row.status, "approved");
  assert.deepEqual(row.fromRoles, ["company"]);
  assert.deepEqual(row.toRoles, ["member"]);
  const who = await (await t.request("/api/identify", { headers: { cookie } })).json();
  assert.deepEqual(who.roles, ["member"], "the same session goes on as an individual member");
});

appTest("change: other conversions wait for approval; a second request meanwhile is change.pending", async () => {
  const { id, cookie } = await individual("c-design");
  const res = await change(cookie, { type: "design", affiliation: "스튜디오 하나", business_no: "123-45-67890" });
  assert.equal(res.status, 200);
  assert.equal(res.body.status, "waiting");
  assert.equal(res.body.changes.length, 1);
  assert.deepEqual(await rolesOf(id), ["design:n", "member:y"], "asked for, not yet counting");
  const [row] = await changesOf(id);
  assert.equal(row.kind, "conversion");
  assert.equal(row.status, "waiting");
  assert.deepEqual(row.toRoles, ["design"]);
  assert.deepEqual((row.fields as { company: { businessNo: string } }).company.businessNo, "123-45-67890");
  const who = await (await t.request("/api/identify", { headers: { cookie } })).json();
  assert.deepEqual(who.roles, ["member"]);

  for (
    const body of [{ type: "member" }, { type: "company", affiliation: "x", business_no: "1234567890" }, judgeBody]
  ) {
    const again = await change(cookie, body);
    assert.equal(again.status, 409, JSON.stringify(body));
    assert.equal(again.body.key, "change.pending");
    assert.ok(again.body.message.length > 0);
  }
  assert.equal((await changesOf(id)).length, 1);
});

appTest("change: a judge request needs a judge role, and each chosen role a career", async () => {
  const { id, cookie } = await individual("c-judge");
  const noRole = await change(cookie, { ...judgeBody, judge_fields: [], careers: [] });
  assert.equal(noRole.status, 422);
  assert.deepEqual(noRole.body.errors.judge_fields, ["change.judge_role_required"]);

  const noCareer = await change(cookie, { ...judgeBody, judge_fields: ["dcb", "ibda"] });
  assert.equal(noCareer.status, 422);
  assert.deepEqual(noCareer.body.errors.careers, ["register.career_for_ibda"]);

  const noEducation = await change(cookie, { ...judgeBody, educations: [] });
  assert.equal(noEducation.status, 422);
  assert.deepEqual(noEducation.body.errors.educations, ["register.education_required"]);
  assert.equal((await changesOf(id)).length, 0);

  const ok = await change(cookie, { ...judgeBody, judge_fields: undefined, judge_roles: ["dcb"] });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.status, "waiting");
  assert.deepEqual(await rolesOf(id), ["dcb:n", "judge:n", "member:y"]);
  const [row] = await changesOf(id);
  assert.deepEqual(row.toRoles, ["judge", "dcb"]);
  const fields = row.fields as { judgeFields: string[]; careers: { organization: string }[] };
  assert.deepEqual(fields.judgeFields, ["dcb"]);
  assert.equal(fields.careers[0].organization, "한빛디자인연구소");
});

appTest("change: only individual members may apply as judge", async () => {
  const { cookie } = await makeMember("c-corp", [{ code: "company", approved: true }]);
  const res = await change(cookie, judgeBody);
  assert.equal(res.status, 403);
  assert.equal(res.body.key, "change.judge_not_allowed");
});

appTest("change: a judge's unchanged request is nothing; a new field is one judge_field request", async () => {
  const { id, cookie } = await makeMember("c-judged", [
    { code: "member", approved: true },
    { code: "judge", approved: true },
    { code: "dcb", approved: true },
  ]);
  const first = await change(cookie, judgeBody);
  assert.equal(first.status, 200);
  assert.equal(first.body.status, "waiting", "careers and education are new: one qualification request");
  const [qualification] = await changesOf(id);
  assert.equal(qualification.kind, "conversion");
  assert.deepEqual(qualification.toRoles, []);
  await db.update(membershipChanges).set({ status: "approved" }).where(eq(membershipChanges.id, qualification.id));
  // as if approved: the data is the member's now
  await db.insert(judgeCareers).values({
    userId: id,
    roleCode: "dcb",
    organization: "한빛디자인연구소",
    position: "수석연구원",
    startedOn: "2011-03",
    endedOn: "",
  });
  await db.insert(judgeEducations).values({ userId: id, school: "한빛대학교", major: "산업디자인", degree: "master" });

  const same = await change(cookie, judgeBody);
  assert.deepEqual(same.body, { changed: false, changes: [] });

  const more = await change(cookie, {
    ...judgeBody,
    judge_fields: ["dcb", "shoes"],
    careers: [...judgeBody.careers, { role: "shoes", organization: "한빛신발", position: "", from: "2015-01", to: "" }],
  });
  assert.equal(more.status, 200);
  assert.equal(more.body.changes.length, 1);
  const rows = await changesOf(id);
  const field = rows.find((r) => r.kind === "judge_field")!;
  assert.deepEqual(field.fields, {
    field: "shoes",
    op: "add",
    careers: [{ roleCode: "shoes", organization: "한빛신발", position: "", startedOn: "2015-01", endedOn: "" }],
    academicPosition: "",
  });
  assert.deepEqual(field.toRoles, ["shoes"]);
});

appTest("change: multipart and plain forms (careers[0][organization]) are read like JSON", async () => {
  const { id, cookie } = await individual("c-form");
  const fd = new FormData();
  fd.append("type", "judge");
  fd.append("judge_fields[]", "ibda");
  fd.append("careers[0][role]", "ibda");
  fd.append("careers[0][organization]", "한빛대학교");
  fd.append("careers[0][from]", "2012-09");
  fd.append("careers[1][organization]", ""); // a spare blank row
  fd.append("educations[0][school]", "한빛대학교");
  fd.append("educations[0][degree]", "doctor");
  const res = await t.request("/api/change", {
    method: "POST",
    headers: csrfHeaders({ cookie, accept: "application/json" }),
    body: fd,
  });
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal((await res.json()).status, "waiting");
  assert.equal((await changesOf(id))[0].toRoles.join(), "judge,ibda");
});

// ---------- The /change screen ----------

appTest("/change: the wizard's three steps work without JavaScript", async () => {
  const anon = await t.request("/change", { redirect: "manual" });
  assert.equal(anon.status, 303);
  assert.equal(anon.headers.get("location"), "/login?redirect=%2Fchange");

  const { id, cookie } = await individual("c-screen");
  const step1 = await (await t.request("/change", { headers: { cookie } })).text();
  assert.match(step1, /aria-current="step"[^>]*>\s*<span class="step-number">1/);
  assert.match(step1, /href="\/change\?type=company"/);

  const step2 = await (await t.request("/change?type=company", { headers: { cookie } })).text();
  assert.match(step2, /name="business_no"/);
  assert.match(step2, /name="_token"/);

  const post = (fields: Record<string, string>) =>
    t.request("/change", {
      method: "POST",
      headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ _token: "x", ...fields }),
      redirect: "manual",
    });
  const invalid = await post({ type: "company", affiliation: "", business_no: "" });
  assert.equal(invalid.status, 422);
  const html = await invalid.text();
  assert.match(html, /기업명을 입력해 주십시오/);
  assert.match(html, /사업자등록번호를 입력해 주십시오/);

  const sent = await post({ type: "company", affiliation: "한빛상사", business_no: "2223344444" });
  assert.equal(sent.status, 303);
  assert.equal(sent.headers.get("location"), "/change?result=waiting");
  const step3 = await (await t.request("/change?result=waiting", { headers: { cookie } })).text();
  assert.match(step3, /전환 신청을 접수했습니다/);
  const blocked = await (await t.request("/change?type=member", { headers: { cookie } })).text();
  assert.match(blocked, /처리 중인 신청이 있어/);
  assert.equal((await changesOf(id)).length, 1);

  const en = await (await t.request("/en/change", { headers: { cookie } })).text();
  assert.match(en, /A request of yours is still being processed/);
});

// ---------- GET /api/user/changes and /mypage ----------

appTest("user/changes: nobody 401; the viewer's own changes in the list shape, 8 a page", async () => {
  assert.equal((await t.request("/api/user/changes")).status, 401);
  const { id, cookie } = await individual("c-history");
  const other = await individual("c-other");
  await change(other.cookie, { type: "design", affiliation: "남의 회사", business_no: "1112233333" });
  await db.insert(membershipChanges).values(
    Array.from({ length: 9 }, (_, i) => ({
      userId: id,
      kind: "conversion" as const,
      toRoles: ["design"],
      status: "rejected" as const,
      reason: `사유 ${i}`,
    })),
  );
  const res = await t.request("/api/user/changes", { headers: { cookie } });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ["current_page", "data", "last_page", "links", "per_page", "total"]);
  assert.equal(body.per_page, 8);
  assert.equal(body.total, 9);
  assert.equal(body.last_page, 2);
  assert.equal(body.data.length, 8);
  assert.deepEqual(Object.keys(body.data[0]).sort(), [
    "created_at",
    "decided_at",
    "fields",
    "from_roles",
    "id",
    "kind",
    "reason",
    "status",
    "to_roles",
  ]);
  assert.ok(body.data.every((c: { reason: string }) => c.reason.startsWith("사유")), "no other member's change");
  const next = body.links.find((l: { label: string }) => l.label === "next");
  assert.equal(next.url, "/api/user/changes?page=2");
  const page2 = await (await t.request(next.url, { headers: { cookie } })).json();
  assert.equal(page2.current_page, 2);
  assert.equal(page2.data.length, 1);
  assert.equal((await t.request("/api/user/changes?page=0", { headers: { cookie } })).status, 400);
});

appTest("/mypage shows the sections with their counts: one conversion request, nothing else yet", async () => {
  const anon = await t.request("/mypage", { redirect: "manual" });
  assert.equal(anon.status, 303);
  const { cookie } = await individual("c-mypage");
  await change(cookie, { type: "design", affiliation: "마이 스튜디오", business_no: "1112233334" });
  const html = await (await t.request("/mypage", { headers: { cookie } })).text();
  assert.match(html, /href="\/mypage\/changes"/);
  assert.match(html, /신청 내역 1건/);
  // Every section is built: each links to its page and counts its rows in its own words.
  assert.doesNotMatch(html, /아직 내역이 없습니다/);
  assert.match(html, /href="\/mypage\/job"[^]*?<p class="mypage-section-text">0건<\/p>/);
  assert.match(html, /href="\/mypage\/awards"[^]*?<p class="mypage-section-text">출품작 0건<\/p>/);
  const list = await (await t.request("/mypage/changes", { headers: { cookie } })).text();
  assert.match(list, /회원전환/);
  assert.match(list, /승인 대기/);
  const en = await (await t.request("/en/mypage/changes", { headers: { cookie } })).text();
  assert.match(en, /Awaiting approval/);
});

// ---------- Devices ----------

appTest("device: signed-in only; register, update, delete own; another member's is 404", async () => {
  const form = (cookie: string | undefined, fields: Record<string, string>) =>
    t.request("/api/device", {
      method: "POST",
      headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(fields),
    });
  const del = (cookie: string | undefined, id: number | string) =>
    t.request(`/api/device/${id}`, { method: "DELETE", headers: csrfHeaders(cookie ? { cookie } : {}) });

  assert.equal((await form(undefined, { device: "d-1", token: "tok" })).status, 401);
  const a = await individual("dev-a");
  const b = await individual("dev-b");

  const created = await form(a.cookie, { device: "phone-a", token: "tok-1", lang: "en" });
  assert.equal(created.status, 201);
  const device = await created.json();
  assert.deepEqual(Object.keys(device).sort(), ["created_at", "device", "id", "lang"]);
  assert.equal(device.lang, "en");
  const updated = await form(a.cookie, { device: "phone-a", token: "tok-2" });
  assert.equal(updated.status, 200);
  assert.equal((await updated.json()).id, device.id);
  const [row] = await db.select().from(devices).where(eq(devices.id, device.id));
  assert.equal(row.token, "tok-2");
  assert.equal(row.userId, a.id);

  const missing = await form(a.cookie, { device: "", token: "" });
  assert.equal(missing.status, 422);
  assert.deepEqual((await missing.json()).errors.device, ["mypage.device_required"]);

  // IDOR: b cannot delete a's device; the answer is the same as for no device at all
  const other = await del(b.cookie, device.id);
  assert.equal(other.status, 404);
  assert.equal((await other.json()).key, "error.404");
  assert.equal((await db.select().from(devices).where(eq(devices.id, device.id))).length, 1);
  assert.equal((await del(a.cookie, 999999)).status, 404);
  assert.equal((await del(a.cookie, "abc")).status, 404);
  assert.equal((await del(undefined, device.id)).status, 401);

  const mine = await del(a.cookie, device.id);
  assert.equal(mine.status, 204);
  assert.equal((await db.select().from(devices).where(and(eq(devices.id, device.id)))).length, 0);
});

// ---------- Judge qualification (SPEC §5) ----------

const adminForm = async (path: string, fields: Record<string, string>) => {
  const admin = await signIn(t, "admin");
  return await t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie: admin, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
};
const shortCareer = [{ role: "dcb", organization: "한빛디자인", position: "디자이너", from: "2021-01", to: "" }];

appTest(
  "change: a judge request short of 10 years and without a professor's position is judge.not_qualified",
  async () => {
    const { id, cookie } = await individual("c-short");
    const res = await change(cookie, { ...judgeBody, careers: shortCareer });
    assert.equal(res.status, 422);
    assert.equal(res.body.key, "judge.not_qualified");
    assert.deepEqual(res.body.errors, { academic_position: ["judge.not_qualified"] });
    assert.equal((await changesOf(id)).length, 0);
    assert.deepEqual(await rolesOf(id), ["member:y"]);
    const future = await change(cookie, {
      ...judgeBody,
      careers: [{ ...shortCareer[0], from: "2099-01" }],
      academic_position: "professor",
    });
    assert.equal(future.status, 422);
    assert.deepEqual(future.body.errors["careers.0.from"], ["judge.career_future"]);
  },
);

appTest("change: an associate professor's judge request is approved; the administrator sees the figure", async () => {
  const { id, cookie } = await individual("c-prof");
  const res = await change(cookie, { ...judgeBody, careers: shortCareer, academic_position: "associate_professor" });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const [row] = await changesOf(id);
  assert.equal((row.fields as { academicPosition: string }).academicPosition, "associate_professor");

  const admin = await signIn(t, "admin");
  const page = await (await t.request(`/management/user/${id}`, { headers: { cookie: admin } })).text();
  assert.match(page, /심사위원 자격 \(신청 내용 기준\)/);
  assert.match(page, /자격 충족/);
  assert.match(page, /부교수/);

  const approve = await adminForm(`/management/user/${id}`, { action: "approve_change", change: String(row.id) });
  assert.equal(approve.status, 303);
  await approve.body?.cancel();
  assert.deepEqual(await rolesOf(id), ["dcb:y", "judge:y", "member:y"]);
  const [user] = await db.select().from(users).where(eq(users.id, id));
  assert.equal(user.academicPosition, "associate_professor");
  const after = await (await t.request(`/management/user/${id}`, { headers: { cookie: admin } })).text();
  assert.match(after, /경력 \d+년 \d+개월/);
});

appTest(
  "change: approval checks the qualification again and refuses an unqualified judge (422, nothing granted)",
  async () => {
    const { id } = await individual("c-unfit");
    // A request written before the rule (or by hand): the approval is the last gate.
    await db.insert(userRoles).values([{ userId: id, roleCode: "judge", approved: false }, {
      userId: id,
      roleCode: "dcb",
      approved: false,
    }]);
    const [row] = await db.insert(membershipChanges).values({
      userId: id,
      kind: "conversion",
      fromRoles: ["member"],
      toRoles: ["judge", "dcb"],
      fields: {
        type: "judge",
        judgeFields: ["dcb"],
        careers: [{ roleCode: "dcb", organization: "한빛디자인", position: "", startedOn: "2020-01", endedOn: "" }],
        educations: [{ school: "한빛대학교", major: "", degree: "" }],
      },
    }).returning();
    const admin = await signIn(t, "admin");
    const page = await (await t.request(`/management/user/${id}`, { headers: { cookie: admin } })).text();
    assert.match(page, /자격 미달/);

    const approve = await adminForm(`/management/user/${id}`, { action: "approve_change", change: String(row.id) });
    assert.equal(approve.status, 422);
    assert.match(await approve.text(), /심사위원 자격 요건을 충족하지 않습니다/);
    assert.deepEqual(await rolesOf(id), ["dcb:n", "judge:n", "member:y"]);
    const [still] = await changesOf(id);
    assert.equal(still.status, "waiting");
    assert.equal((await db.select().from(judgeCareers).where(eq(judgeCareers.userId, id))).length, 0, "rolled back");
    // approving the role directly is refused the same way
    const role = await adminForm(`/management/user/${id}`, { action: "approve_role", role: "judge" });
    assert.equal(role.status, 422);
    await role.body?.cancel();
  },
);
