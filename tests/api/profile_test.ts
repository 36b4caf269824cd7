// Issue 3 §6: /profile and POST /api/profile (_method=PATCH), /withdraw, and the dev mailbox — with the
// attacks: another member's id in the body (IDOR), roles and approval flags in the body (escalation),
// wrong current passwords, a withdrawn member signing in or using an old session.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import {
  auditLog,
  judgeCareers,
  judgeEducations,
  memberDocuments,
  outbox,
  sessions,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { WITHDRAWN_NAME } from "../../domain/member/withdraw.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { cookieFrom, DEMO_PASSWORD } from "../support/session.ts";

const t = await openTestApp({ TRUST_PROXY: "1" });
const db = t.app.database.db;
let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.8.${Math.floor(++ip / 250)}.${ip % 250}` });
const NEW_PASSWORD = "Gaeul#2027";

async function createMember(username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db.insert(users).values({
    username,
    email: `${username}@example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: `회원 ${username}`,
    ...extra,
  }).returning();
  await db.insert(userRoles).values({ userId: user.id, roleCode: "member", approved: true });
  return user;
}

const login = (username: string, password = DEMO_PASSWORD) =>
  t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", ...fresh() }),
    body: JSON.stringify({ username, password }),
  });

async function signIn(username: string, password = DEMO_PASSWORD) {
  const res = await login(username, password);
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
  return cookieFrom(res, "session")!;
}

/** POST /api/profile as multipart with _method=PATCH. */
function patchProfile(cookie: string, fields: Record<string, string | string[]>) {
  const body = new FormData();
  body.set("_method", "PATCH");
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return t.request("/api/profile", { method: "POST", headers: csrfHeaders({ cookie, ...fresh() }), body });
}

const userById = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];
const identify = async (cookie: string) =>
  (await (await t.request("/api/identify", { headers: { cookie } })).json()) as {
    user: { id: number };
    roles: string[];
  };

// ---- guard ----

appTest("anonymous: /profile and /withdraw go to sign in; the API is 401", async () => {
  for (const path of ["/profile", "/withdraw", "/en/profile"]) {
    const res = await t.request(path);
    assert.equal(res.status, 303, path);
    const back = path.startsWith("/en")
      ? "/en/login?redirect=%2Fen%2Fprofile"
      : `/login?redirect=${encodeURIComponent(path)}`;
    const location = new URL(res.headers.get("location")!, "http://localhost");
    assert.equal(location.pathname + location.search, back);
  }
  const api = await t.request("/api/profile");
  assert.equal(api.status, 401);
  assert.equal((await api.json()).key, "error.401");
  const patch = await t.request("/api/profile", {
    method: "POST",
    headers: csrfHeaders(),
    body: new URLSearchParams({ _method: "PATCH", name: "x" }),
  });
  assert.equal(patch.status, 401);
});

// ---- the API ----

appTest("GET /api/profile answers the own profile without secrets", async () => {
  const user = await createMember("reader", { phone: "010-1111-2222" });
  const cookie = await signIn(user.username);
  const res = await t.request("/api/profile", { headers: { cookie } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const { user: body } = await res.json();
  assert.equal(body.id, user.id);
  assert.equal(body.phone, "010-1111-2222");
  assert.equal(body.marketing_email, false);
  assert.ok(!("password_hash" in body) && !("passwordHash" in body));
});

appTest("POST /api/profile with _method=PATCH updates only the fields sent; without it, 405", async () => {
  const user = await createMember("editor", { affiliation: "예전 소속", tel: "062-000-0000" });
  const cookie = await signIn(user.username);
  const res = await patchProfile(cookie, {
    name: "  새 이름 ",
    phone: "010-1234-5678",
    affiliation: "한빛디자인",
    birthday: "1990-05-17",
    career_years: "12",
    locale: "en",
  });
  assert.equal(res.status, 200, await res.clone().text());
  const { user: body } = await res.json();
  assert.equal(body.name, "새 이름");
  assert.equal(body.affiliation, "한빛디자인");
  assert.equal(body.birthday, "1990-05-17");
  assert.equal(body.career_years, 12);
  assert.equal(body.locale, "en");
  const saved = await userById(user.id);
  assert.equal(saved.phone, "010-1234-5678");
  assert.equal(saved.tel, "062-000-0000", "fields not sent stay");
  const audits = await db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
  assert.equal(audits.at(-1)?.action, "profile.update");
  assert.ok(!JSON.stringify(audits.at(-1)?.detail).includes("한빛디자인"), "the log names fields, not values");

  const post = await t.request("/api/profile", {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/json" }),
    body: JSON.stringify({ name: "x" }),
  });
  assert.equal(post.status, 405);
  const json = await t.request("/api/profile", {
    method: "PATCH",
    headers: csrfHeaders({ cookie, "content-type": "application/json" }),
    body: JSON.stringify({ introduction: "안녕하십니까" }),
  });
  assert.equal(json.status, 200);
  assert.equal((await userById(user.id)).introduction, "안녕하십니까");
});

appTest("bad values are 422 with field errors and nothing is saved", async () => {
  const user = await createMember("badvalues");
  const cookie = await signIn(user.username);
  const res = await patchProfile(cookie, {
    name: "",
    phone: "call me maybe",
    birthday: "2099-01-01",
    country: "Korea",
    career_years: "-3",
    locale: "fr",
    affiliation: "가".repeat(101),
  });
  assert.equal(res.status, 422);
  const { errors } = await res.json();
  for (const field of ["name", "phone", "birthday", "country", "career_years", "locale", "affiliation"]) {
    assert.ok(errors[field], field);
  }
  assert.equal((await userById(user.id)).name, user.name);
});

appTest("IDOR: member A sending B's id changes only A", async () => {
  const a = await createMember("idor-a");
  const b = await createMember("idor-b", { affiliation: "B의 소속" });
  const cookie = await signIn(a.username);
  const res = await patchProfile(cookie, { id: String(b.id), user_id: String(b.id), affiliation: "A가 바꿈" });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).user.id, a.id);
  assert.equal((await userById(a.id)).affiliation, "A가 바꿈");
  assert.equal((await userById(b.id)).affiliation, "B의 소속");
});

appTest("escalation: roles, approval, judge fields and testable in the body have no effect", async () => {
  const user = await createMember("escalate");
  const cookie = await signIn(user.username);
  const res = await patchProfile(cookie, {
    roles: ["administrator", "judge"],
    "roles[]": "administrator",
    role: "administrator",
    approved: "1",
    testable: "1",
    judge_category: "dcb",
    judge_fields: "product",
    withdrawn_at: "2020-01-01",
    password_hash: "x",
    username: "admin2",
    position: "팀장",
  });
  assert.equal(res.status, 200);
  const roles = await db.select().from(userRoles).where(eq(userRoles.userId, user.id));
  assert.deepEqual(roles.map((r) => [r.roleCode, r.approved, r.testable]), [["member", true, false]]);
  const saved = await userById(user.id);
  assert.equal(saved.judgeCategory, "");
  assert.deepEqual(saved.judgeFields, []);
  assert.equal(saved.username, "escalate");
  assert.equal(saved.withdrawnAt, null);
  assert.equal(saved.position, "팀장");
  assert.deepEqual((await identify(cookie)).roles, ["member"]);
  assert.equal((await login(user.username)).status, 200, "the password hash was not touched");
});

appTest("marketing consents are separate and record when they were given or withdrawn", async () => {
  const user = await createMember("consent");
  const cookie = await signIn(user.username);
  const before = Date.now();
  await patchProfile(cookie, { marketing_email: "on" });
  let saved = await userById(user.id);
  assert.equal(saved.marketingEmail, true);
  assert.ok(saved.marketingEmailAt && saved.marketingEmailAt.getTime() >= before - 1000);
  assert.equal(saved.marketingSms, false);
  assert.equal(saved.marketingSmsAt, null, "the SMS consent was not touched");
  const given = saved.marketingEmailAt!;
  await patchProfile(cookie, { marketing_email: "1", name: "같은 동의" });
  assert.equal(
    (await userById(user.id)).marketingEmailAt!.getTime(),
    given.getTime(),
    "unchanged consent keeps its time",
  );
  await patchProfile(cookie, { marketing_email: "0", marketing_sms: "true" });
  saved = await userById(user.id);
  assert.equal(saved.marketingEmail, false);
  assert.ok(saved.marketingEmailAt! >= given, "withdrawal is recorded too");
  assert.equal(saved.marketingSms, true);
  assert.ok(saved.marketingSmsAt);
  const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id)).orderBy(desc(auditLog.id));
  assert.deepEqual((audit.detail as { consents: unknown }).consents, { marketing_email: false, marketing_sms: true });
});

appTest("changing the email needs the right current password; the old address is told", async () => {
  const user = await createMember("mover");
  const cookie = await signIn(user.username);
  const missing = await patchProfile(cookie, { email: "mover-new@example.org" });
  assert.equal(missing.status, 422);
  assert.deepEqual((await missing.json()).errors.current_password, ["account.current_password_required"]);
  const wrong = await patchProfile(cookie, { email: "mover-new@example.org", current_password: "Wrong#2026x" });
  assert.equal(wrong.status, 422);
  assert.deepEqual((await wrong.json()).errors.current_password, ["account.current_password_wrong"]);
  const taken = await patchProfile(cookie, { email: "MEMBER@design-center.example", current_password: DEMO_PASSWORD });
  assert.equal(taken.status, 422);
  assert.deepEqual((await taken.json()).errors.email, ["account.email_taken"]);
  assert.equal((await userById(user.id)).email, user.email);
  const same = await patchProfile(cookie, { email: user.email.toUpperCase() });
  assert.equal(same.status, 200, "the same address (any case) is no change and needs no password");

  const ok = await patchProfile(cookie, { email: "mover-new@example.org", current_password: DEMO_PASSWORD });
  assert.equal(ok.status, 200);
  assert.equal((await userById(user.id)).email, "mover-new@example.org");
  const [notice] = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id));
  assert.match(notice.body, /mover-new@example\.org/);
});

appTest("changing the password: current one required, policy applies, other sessions end, this one stays", async () => {
  const user = await createMember("rotator");
  const here = await signIn(user.username);
  const elsewhere = await signIn(user.username);
  const wrong = await patchProfile(here, {
    current_password: "Wrong#2026x",
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  assert.equal(wrong.status, 422);
  assert.deepEqual((await wrong.json()).errors.current_password, ["account.current_password_wrong"]);
  const weak = await patchProfile(here, {
    current_password: DEMO_PASSWORD,
    password: "abc",
    password_confirmation: "abc",
  });
  assert.equal(weak.status, 422);
  assert.ok((await weak.json()).errors.password);
  const mismatch = await patchProfile(here, {
    current_password: DEMO_PASSWORD,
    password: NEW_PASSWORD,
    password_confirmation: "Other#2027x",
  });
  assert.deepEqual((await mismatch.json()).errors.password_confirmation, ["password.mismatch"]);
  const empty = await patchProfile(here, { password: "", password_confirmation: "", name: "비밀번호 그대로" });
  assert.equal(empty.status, 200, "an empty password field keeps the password");
  assert.equal((await login(user.username)).status, 200);

  const ok = await patchProfile(here, {
    current_password: DEMO_PASSWORD,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  assert.equal(ok.status, 200);
  assert.equal((await identify(here)).user.id, user.id, "the session that changed it stays");
  assert.deepEqual((await identify(elsewhere)).roles, ["anonymous"], "the other session ended");
  assert.equal((await login(user.username)).status, 401);
  assert.equal((await login(user.username, NEW_PASSWORD)).status, 200);
  assert.ok((await userById(user.id)).passwordChangedAt);
  const [notice] = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id));
  assert.match(notice.subject, /비밀번호가 변경되었습니다/);
});

appTest("wrong current passwords: after 5, 429 even with the right one", async () => {
  const user = await createMember("guesser");
  const cookie = await signIn(user.username);
  for (let i = 0; i < 5; i++) {
    const res = await patchProfile(cookie, { email: "guess@example.org", current_password: `Wrong#${i}abcd` });
    assert.equal(res.status, 422);
  }
  const locked = await patchProfile(cookie, { email: "guess@example.org", current_password: DEMO_PASSWORD });
  assert.equal(locked.status, 429);
  assert.ok(locked.headers.get("retry-after"));
  assert.equal((await userById(user.id)).email, user.email);
});

// ---- the screen ----

appTest("/profile shows the form; saving goes back with a notice; errors re-render what was typed", async () => {
  const user = await createMember("screen", { marketingSms: true, marketingSmsAt: new Date() });
  const cookie = await signIn(user.username);
  const page = await t.request("/profile", { headers: { cookie } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<h1 class="page-title">회원정보 수정<\/h1>/);
  assert.match(html, new RegExp(`value="${user.name}"`));
  assert.match(html, /name="marketing_sms" value="on" checked/);
  assert.doesNotMatch(html, /name="marketing_email" value="on" checked/);

  const post = (fields: Record<string, string>) =>
    t.request("/profile", {
      method: "POST",
      headers: csrfHeaders({ cookie, ...fresh() }),
      body: new URLSearchParams({ name: user.name, email: user.email, locale: "ko", ...fields }),
    });
  const saved = await post({ affiliation: "화면에서 저장", marketing_email: "on" });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/profile");
  assert.equal(cookieFrom(saved, "flash"), "flash=account.profile_saved");
  const after = await userById(user.id);
  assert.equal(after.affiliation, "화면에서 저장");
  assert.equal(after.marketingEmail, true);
  assert.equal(after.marketingSms, false, "an unticked box on the form withdraws the consent");

  const bad = await post({ affiliation: "다시 입력", phone: "nope", current_password: "x", password: NEW_PASSWORD });
  assert.equal(bad.status, 422);
  const text = await bad.text();
  assert.match(text, /올바른 전화번호를 입력해 주십시오/);
  assert.match(text, /value="다시 입력"/);
  assert.doesNotMatch(text, new RegExp(NEW_PASSWORD));

  const en = await t.request("/en/profile", { headers: { cookie } });
  assert.match(await en.text(), /Edit profile/);
});

// ---- withdrawal ----

async function judgeToWithdraw() {
  const user = await createMember("leaver", {
    nameEn: "Leaver Kim",
    phone: "010-9999-8888",
    address1: "누리구 디자인로 1",
    birthday: "1980-01-01",
    businessNo: "123-45-67890",
    marketingEmail: true,
    marketingEmailAt: new Date(),
    judgeCategory: "dcb",
    judgeFields: ["product"],
  });
  await db.insert(userRoles).values([
    { userId: user.id, roleCode: "judge", approved: true },
    { userId: user.id, roleCode: "dcb", approved: true },
  ]);
  await db.insert(judgeCareers).values({ userId: user.id, roleCode: "dcb", organization: "한빛대학교" });
  await db.insert(judgeEducations).values({ userId: user.id, school: "한빛대학교" });
  await db.insert(memberDocuments).values({
    userId: user.id,
    kind: "portrait",
    filename: "me.jpg",
    mimetype: "image/jpeg",
    size: 3,
    data: new Uint8Array([1, 2, 3]),
  });
  return user;
}

const withdraw = (cookie: string, fields: Record<string, string>) =>
  t.request("/withdraw", {
    method: "POST",
    headers: csrfHeaders({ cookie, ...fresh() }),
    body: new URLSearchParams(fields),
  });

appTest("/withdraw needs the password twice and the agreement", async () => {
  const user = await createMember("stayer");
  const cookie = await signIn(user.username);
  const page = await t.request("/withdraw", { headers: { cookie } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /탈퇴하시면 아래 개인정보가 바로 삭제되며/);
  const wrong = await withdraw(cookie, {
    password: "Wrong#2026x",
    password_confirmation: "Wrong#2026x",
    confirm: "on",
  });
  assert.equal(wrong.status, 422);
  assert.match(await wrong.text(), /비밀번호가 올바르지 않습니다/);
  const noConfirm = await withdraw(cookie, { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
  assert.equal(noConfirm.status, 422);
  assert.match(await noConfirm.text(), /안내 사항을 확인하시고 동의해 주십시오/);
  const mismatch = await withdraw(cookie, {
    password: DEMO_PASSWORD,
    password_confirmation: "Other#2026x",
    confirm: "on",
  });
  assert.equal(mismatch.status, 422);
  const saved = await userById(user.id);
  assert.equal(saved.withdrawnAt, null);
  assert.equal(saved.name, user.name);
  assert.equal((await identify(cookie)).user.id, user.id, "still signed in");
});

appTest("the last administrator cannot withdraw; with a second one they can", async () => {
  const boss = await createMember("lastadmin");
  await db.insert(userRoles).values({ userId: boss.id, roleCode: "administrator", approved: true });
  const [seeded] = await db.select().from(users).where(eq(users.username, "admin"));
  const seededAdmin = and(eq(userRoles.userId, seeded.id), eq(userRoles.roleCode, "administrator"));
  const body = { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, confirm: "on" };
  const cookie = await signIn("lastadmin");
  await db.update(userRoles).set({ approved: false }).where(seededAdmin); // now the only administrator
  try {
    const refused = await withdraw(cookie, body);
    assert.equal(refused.status, 409);
    assert.match(await refused.text(), /마지막 관리자는 탈퇴할 수 없습니다/);
    assert.equal((await userById(boss.id))!.withdrawnAt, null);
  } finally {
    await db.update(userRoles).set({ approved: true }).where(seededAdmin);
  }
  const allowed = await withdraw(cookie, body);
  assert.equal(allowed.status, 303);
  await allowed.body?.cancel();
  assert.ok((await userById(boss.id))!.withdrawnAt);
});

appTest("withdrawal erases personal data, keeps an anonymised row, ends sessions and blocks sign-in", async () => {
  const user = await judgeToWithdraw();
  const cookie = await signIn(user.username);
  const other = await signIn(user.username);
  const res = await withdraw(cookie, { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, confirm: "on" });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/");
  const cookies = res.headers.getSetCookie().join("\n");
  assert.match(cookies, /session=; Path=\/; SameSite=Lax; Max-Age=0/);
  assert.equal(cookieFrom(res, "flash"), "flash=account.withdrawn");

  const saved = await userById(user.id);
  assert.ok(saved, "the row stays for the entries and posts it authored");
  assert.ok(saved.withdrawnAt);
  assert.equal(saved.name, WITHDRAWN_NAME);
  assert.match(saved.username, new RegExp(`^withdrawn-${user.id}-[0-9a-f]{8}$`));
  assert.equal(saved.email, `${saved.username}@withdrawn.invalid`);
  for (
    const column of [
      "phone",
      "address1",
      "businessNo",
      "judgeCategory",
      "affiliation",
    ] as const
  ) assert.equal(saved[column], "", column);
  assert.notEqual(saved.nameEn, "Leaver Kim");
  assert.equal(saved.birthday, null);
  assert.equal(saved.marketingEmail, false);
  assert.equal(saved.marketingEmailAt, null);
  assert.deepEqual(saved.judgeFields, []);
  assert.notEqual(saved.passwordHash, user.passwordHash);
  for (const table of [userRoles, judgeCareers, judgeEducations, memberDocuments]) {
    assert.equal((await db.select().from(table).where(eq(table.userId, user.id))).length, 0);
  }
  const open = await db.select().from(sessions).where(and(eq(sessions.userId, user.id)));
  assert.ok(open.every((s) => s.revokedAt && s.revokedReason === "withdrawn"));
  assert.deepEqual((await identify(other)).roles, ["anonymous"], "the other session is revoked");
  assert.deepEqual((await identify(cookie)).roles, ["anonymous"]);
  const relogin = await login(user.username);
  assert.equal(relogin.status, 401);
  assert.equal((await login(saved.username)).status, 401);
  const [audit] = await db.select().from(auditLog)
    .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, "member.withdraw")));
  assert.ok(audit);
  assert.ok(!JSON.stringify(audit.detail).includes(user.email));
  // the address and the user ID are free again
  const again = await createMember("leaver");
  assert.ok(again.id > user.id);
});

// ---- the dev mailbox ----

appTest("/management/mailbox: administrators read the outbox newest first and open a mail", async () => {
  const user = await createMember("mailbox-reader");
  const [first] = await db.insert(outbox).values({
    to: user.email,
    fromName: "센터",
    fromEmail: "no-reply@example.org",
    subject: "첫 번째 <메일>",
    body: "본문입니다. https://www.example.kr/password/reset?email=a%40b.c&token=abc 를 여세요.",
  }).returning();
  const [second] = await db.insert(outbox).values({
    to: user.email,
    fromName: "센터",
    fromEmail: "no-reply@example.org",
    subject: "두 번째 메일",
    body: "둘",
    status: "failed",
    attempts: 5,
    error: "550 no such user",
  }).returning();

  assert.equal((await t.request("/management/mailbox")).status, 303, "anonymous signs in first");
  const member = await signIn(user.username);
  assert.equal((await t.request("/management/mailbox", { headers: { cookie: member } })).status, 403);
  const staff = await signIn("staff");
  assert.equal((await t.request("/management/mailbox", { headers: { cookie: staff } })).status, 403);

  const admin = await signIn("admin");
  const list = await t.request("/management/mailbox", { headers: { cookie: admin } });
  assert.equal(list.status, 200);
  const html = await list.text();
  const newer = html.indexOf("두 번째 메일");
  const older = html.indexOf("첫 번째 &lt;메일");
  assert.ok(newer > 0 && older > newer, "newest first, the subject escaped");
  assert.match(html, /SMTP_URL/);
  const detail = await t.request(`/management/mailbox?id=${first.id}`, { headers: { cookie: admin } });
  assert.equal(detail.status, 200);
  const mail = await detail.text();
  assert.match(mail, /<a href="https:\/\/www\.example\.kr\/password\/reset\?email=a%40b\.c&amp;token=abc"/);
  const failed = await (await t.request(`/management/mailbox?id=${second.id}`, { headers: { cookie: admin } })).text();
  assert.match(failed, /550 no such user/);
  assert.equal((await t.request("/management/mailbox?id=99999999", { headers: { cookie: admin } })).status, 404);
  assert.equal((await t.request("/management/mailbox?id=abc", { headers: { cookie: admin } })).status, 400);
});

appTest("close", async () => {
  await t.close();
});
