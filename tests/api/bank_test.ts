// SPEC §3 Bank: GET/POST /api/user/bank, the /profile/bank page and the administrator's view on
// /management/user/{id}: the owner sees the whole number, a change needs the current password and is
// audit-logged, another member can neither read nor change it, an administrator sees it masked and the whole
// number only on purpose, with an audit row.
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, bankAccounts, userRoles, users } from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const passwordHash = await hashPassword(DEMO_PASSWORD);

async function member(username: string) {
  const [u] = await db.insert(users).values({
    username,
    email: `${username}@example.test`,
    passwordHash,
    name: `${username} 이름`,
  }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: u.id, roleCode: "member", approved: true });
  return { id: u.id, cookie: await signIn(t, username) };
}

const getBank = async (cookie?: string) => {
  const res = await t.request("/api/user/bank", { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: await res.json() };
};
const postBank = async (cookie: string | undefined, body: Record<string, unknown>) => {
  const res = await t.request("/api/user/bank", {
    method: "POST",
    headers: csrfHeaders({ ...(cookie ? { cookie } : {}), "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const form = (path: string, cookie: string, fields: Record<string, string>) =>
  t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const auditOf = (userId: number, action: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));

const KAKAO = { bank: "090", account_number: "3333-12-1234567", holder: "김은행" };

appTest("bank API: anonymous callers get 401", async () => {
  assert.equal((await getBank()).status, 401);
  assert.equal((await postBank(undefined, { ...KAKAO, current_password: DEMO_PASSWORD })).status, 401);
});

appTest("bank API: the owner sets the account with the password and reads it whole; the change is logged", async () => {
  const { id, cookie } = await member("bank-owner");
  assert.deepEqual((await getBank(cookie)).body, { bank: null });

  const noPassword = await postBank(cookie, KAKAO);
  assert.equal(noPassword.status, 422);
  assert.deepEqual(noPassword.body.errors.current_password, ["bank.current_password_required"]);
  const wrong = await postBank(cookie, { ...KAKAO, current_password: "Wrong#pass1" });
  assert.equal(wrong.status, 422);
  assert.deepEqual(wrong.body.errors.current_password, ["account.current_password_wrong"]);
  const badNumber = await postBank(cookie, {
    ...KAKAO,
    account_number: "3333-12-123",
    current_password: DEMO_PASSWORD,
  });
  assert.equal(badNumber.status, 422);
  assert.deepEqual(badNumber.body.errors.account_number, ["bank.account_length"]);
  assert.equal((await db.select().from(bankAccounts).where(eq(bankAccounts.userId, id))).length, 0);
  assert.equal((await auditOf(id, "bank.changed")).length, 0, "refusals change and log nothing");

  const saved = await postBank(cookie, { ...KAKAO, current_password: DEMO_PASSWORD });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.bank.account_number, "3333-12-1234567");
  assert.equal(saved.body.bank.bank_name, "카카오뱅크");
  const read = await getBank(cookie);
  assert.deepEqual(
    [read.body.bank.bank_code, read.body.bank.account_number, read.body.bank.holder, read.body.bank.masked],
    ["090", "3333-12-1234567", "김은행", false],
  );

  const changed = await postBank(cookie, {
    bank: "004",
    account_number: "123456-12-123456",
    holder: "김은행",
    current_password: DEMO_PASSWORD,
  });
  assert.equal(changed.status, 200);
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, id));
  assert.equal(rows.length, 1, "one account per member");
  assert.equal(rows[0].accountNumber, "123456-12-123456");
  const log = await auditOf(id, "bank.changed");
  assert.equal(log.length, 2);
  assert.equal(log[0].actorId, id);
  assert.deepEqual(log[0].detail, {
    bank: "004",
    account: "******-**-**3456",
    previous_bank: "090",
    previous_account: "****-**-***4567",
    holder_changed: false,
  });
  assert.ok(!JSON.stringify(log).includes("3333-12-1234567"), "the log keeps masked numbers only");
  assert.ok(!JSON.stringify(log).includes("123456-12-123456"));
});

appTest("bank API: another member can neither read nor change someone's account", async () => {
  const a = await member("bank-a");
  const b = await member("bank-b");
  assert.equal((await postBank(a.cookie, { ...KAKAO, current_password: DEMO_PASSWORD })).status, 200);

  assert.deepEqual((await getBank(b.cookie)).body, { bank: null }, "B reads only B's own (none)");
  // ids in the body are ignored: B's request writes B's account, never A's
  const sneaky = await postBank(b.cookie, {
    bank: "092",
    account_number: "1000-1234-5678",
    holder: "이몰래",
    user_id: a.id,
    userId: a.id,
    current_password: DEMO_PASSWORD,
  });
  assert.equal(sneaky.status, 200);
  const [aRow] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, a.id));
  assert.equal(aRow.accountNumber, "3333-12-1234567");
  assert.equal(aRow.holder, "김은행");
  // nor the management screen nor its "show" action
  const page = await t.request(`/management/user/${a.id}`, { headers: { cookie: b.cookie } });
  assert.ok([403, 404].includes(page.status), String(page.status));
  assert.ok(!(await page.text()).includes("3333-12-1234567"));
  const show = await form(`/management/user/${a.id}`, b.cookie, { action: "show_bank" });
  assert.ok([403, 404].includes(show.status), String(show.status));
  assert.ok(!(await show.text()).includes("3333-12-1234567"));
  assert.equal((await auditOf(a.id, "bank.viewed")).length, 0);
});

appTest("/profile/bank: without JavaScript, the form changes the account with the password", async () => {
  const { id, cookie } = await member("bank-page");
  const empty = await t.request("/profile/bank", { headers: { cookie } });
  assert.equal(empty.status, 200);
  const html = await empty.text();
  assert.match(html, /name="_token"/);
  assert.match(html, /카카오뱅크/);
  assert.match(html, /등록된 계좌가 없습니다/);
  assert.equal((await t.request("/profile/bank", { redirect: "manual" })).status, 303, "anonymous: to /login");

  const wrong = await form("/profile/bank", cookie, { ...KAKAO, current_password: "Wrong#pass1" });
  assert.equal(wrong.status, 422);
  const wrongHtml = await wrong.text();
  assert.match(wrongHtml, /현재 비밀번호가 올바르지 않습니다/);
  assert.match(wrongHtml, /value="3333-12-1234567"/, "the typed values come back");

  const ok = await form("/profile/bank", cookie, { ...KAKAO, current_password: DEMO_PASSWORD });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/profile/bank");
  const shown = await (await t.request("/profile/bank", { headers: { cookie } })).text();
  assert.match(shown, /3333-12-1234567/, "the owner sees the whole number");
  assert.equal((await auditOf(id, "bank.changed")).length, 1);
  const profile = await (await t.request("/profile", { headers: { cookie } })).text();
  assert.match(profile, /href="\/profile\/bank"/);
});

appTest(
  "management: an administrator sees the account masked, the whole number on 'show', with an audit row",
  async () => {
    const { id, cookie } = await member("bank-admin-view");
    assert.equal((await postBank(cookie, { ...KAKAO, current_password: DEMO_PASSWORD })).status, 200);
    const admin = await signIn(t, "admin");
    const [adminUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));

    const page = await (await t.request(`/management/user/${id}`, { headers: { cookie: admin } })).text();
    assert.match(page, /\*\*\*\*-\*\*-\*\*\*4567/);
    assert.ok(!page.includes("3333-12-1234567"), "masked until asked");
    assert.match(page, /name="action" value="show_bank"/);
    assert.equal((await auditOf(id, "bank.viewed")).length, 0);

    const show = await form(`/management/user/${id}`, admin, { action: "show_bank" });
    assert.equal(show.status, 200);
    assert.equal(show.headers.get("cache-control"), "no-store");
    assert.match(await show.text(), /3333-12-1234567/);
    const [viewed] = await auditOf(id, "bank.viewed");
    assert.equal(viewed.actorId, adminUser.id);
    assert.deepEqual(viewed.detail, { bank: "090" });

    const other = await member("bank-none");
    const none = await form(`/management/user/${other.id}`, admin, { action: "show_bank" });
    assert.equal(none.status, 404);
    await none.body?.cancel();
  },
);
