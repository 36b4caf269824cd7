// Issue 3 browser test: forgot password → the mail in the dev mailbox (/management/mailbox, as administrator)
// → open the reset link → set a new password → sign in with it at /login. No JavaScript needed anywhere.
import assert from "node:assert/strict";
import { userRoles, users } from "../../db/schema/member.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import type { App } from "../../app.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { DEMO_PASSWORD } from "../support/session.ts";

appTest("a member resets a forgotten password through the mailed link and signs in with the new one", async () => {
  // The mail's links are built from PUBLIC_URL, so the app learns the server's address first.
  const late: { app?: App } = {};
  const server = await serve((req) => late.app!.fetch(req));
  const t = await openTestApp({ PUBLIC_URL: server.origin });
  late.app = t.app;
  const db = t.app.database.db;
  const [user] = await db.insert(users).values({
    username: "forgetful",
    email: "forgetful@example.org",
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: "한잊음",
  }).returning();
  await db.insert(userRoles).values({ userId: user.id, roleCode: "member", approved: true });
  const browser = await launchBrowser();
  try {
    const errors: string[] = [];
    const member = await browser.newPage();
    member.on("console", (m) => m.type() === "error" && errors.push(m.text()));

    // 1. the login screen links to "forgot password"; the form mails a link
    await member.goto(`${server.origin}/login`);
    await member.getByRole("link", { name: "비밀번호 찾기" }).click();
    await member.waitForURL(`${server.origin}/password/forgot`);
    assert.equal(await member.locator("h1").innerText(), "비밀번호 찾기");
    await member.locator('input[name="email"]').fill(user.email);
    await member.getByRole("button", { name: "재설정 링크 받기" }).click();
    await member.waitForURL(`${server.origin}/password/forgot?sent=1`);
    assert.match(await member.locator(".alert-success").innerText(), /비밀번호 재설정 링크를 보내 드렸습니다/);

    // 2. the administrator finds it in the dev mailbox
    const admin = await browser.newPage();
    await admin.goto(`${server.origin}/management/mailbox`);
    await admin.waitForURL(/\/login\?redirect=/);
    await admin.locator('input[name="username"]').fill("admin");
    await admin.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await admin.getByRole("button", { name: "로그인" }).click();
    await admin.waitForURL(`${server.origin}/management/mailbox`);
    const row = admin.locator("tr", { hasText: user.email }).first();
    await row.getByRole("link", { name: /비밀번호 재설정 안내/ }).click();
    await admin.waitForURL(/\/management\/mailbox\?id=\d+/);
    assert.match(await admin.locator(".mail-body dd").innerText(), /한잊음님, 안녕하십니까/);
    const link = (await admin.locator(".mail-body a").first().getAttribute("href")) ?? "";
    assert.ok(link.startsWith(`${server.origin}/password/reset?email=forgetful%40example.org&token=`), link);

    // 3. the member opens the link and sets a new password (a mismatch first)
    await member.goto(link);
    assert.equal(await member.locator("h1").innerText(), "비밀번호 재설정");
    const newPassword = "Dasi#Sijak27";
    await member.locator('input[name="password"]').fill(newPassword);
    await member.locator('input[name="password_confirmation"]').fill("Different#27");
    await member.getByRole("button", { name: "비밀번호 변경" }).click();
    assert.match(await member.locator(".field-error").innerText(), /비밀번호 확인이 일치하지 않습니다/);
    await member.locator('input[name="password"]').fill(newPassword);
    await member.locator('input[name="password_confirmation"]').fill(newPassword);
    await member.getByRole("button", { name: "비밀번호 변경" }).click();
    await member.waitForURL(`${server.origin}/login`);
    assert.match(await member.locator(".flash").innerText(), /비밀번호가 변경되었습니다/);

    // 4. the old password no longer works, the new one does
    await member.locator('input[name="username"]').fill("forgetful");
    await member.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await member.getByRole("button", { name: "로그인" }).click();
    assert.match(await member.locator(".alert-error").innerText(), /아이디 또는 비밀번호가 올바르지 않습니다/);
    await member.locator('input[name="password"]').fill(newPassword);
    await member.getByRole("button", { name: "로그인" }).click();
    await member.waitForURL(`${server.origin}/`);
    assert.match(await member.locator(".utility-links").innerText(), /한잊음님/);

    // 5. the link is used up
    const reused = await member.goto(link);
    assert.equal(reused?.status(), 404);
    assert.match(await member.locator("main").innerText(), /링크가 올바르지 않거나 이미 사용되었거나 만료되었습니다/);
    // the mismatch (422), the wrong password (401) and the used link (404) are answered with those statuses
    const unexpected = errors.filter((e) => !/status of (401|404|422)\b/.test(e));
    assert.deepEqual(unexpected, [], "no other console errors (CSP violations would show here)");
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
