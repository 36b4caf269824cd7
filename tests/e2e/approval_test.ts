// Issue 3's approval flow in a real browser: a company registers (through POST /api/register; the wizard
// itself has its own browser test), is refused at /login while awaiting approval, an administrator
// approves it in /management/user, and the company then signs in and sees its name in the header.
import assert from "node:assert/strict";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

appTest("a company registers, waits, is approved by an administrator, then signs in", async () => {
  const t = await openTestApp();
  const form = new FormData();
  const fields: Record<string, string> = {
    type: "company",
    username: "hanbit-machine",
    email: "office@hanbit-machine.example",
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    name: "(주)한빛기계",
    phone: "062-000-1234",
    business_no: "220-81-12345",
    agree_terms: "on",
    agree_privacy: "on",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("business_cert", new File([JPEG], "cert.jpg", { type: "image/jpeg" }));
  const registered = await t.request("/api/register", {
    method: "POST",
    headers: csrfHeaders({ accept: "application/json" }),
    body: form,
  });
  assert.equal(registered.status, 201, await registered.clone().text());
  assert.equal((await registered.json()).status, "waiting");
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && !/\b40[13]\b/.test(m.text()) && errors.push(m.text()));
    const signIn = async (username: string) => {
      await page.goto(`${server.origin}/login`);
      await page.fill('input[name="username"]', username);
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('form.auth-form button[type="submit"]');
    };

    // the company cannot sign in yet
    await signIn("hanbit-machine");
    assert.match(await page.locator(".alert").innerText(), /가입 승인을 기다리고 있습니다/);

    await signIn("admin");
    await page.waitForURL(`${server.origin}/`);
    await page.click('a[href="/management"]');
    await page.waitForURL(`${server.origin}/management`);
    assert.match(await page.locator("h1").innerText(), /관리자/);

    await page.click('nav.manage-nav a[href="/management/user"]');
    await page.selectOption('select[name="state"]', "waiting");
    await page.click('form.filter-bar button[type="submit"]');
    await page.waitForURL(/state=waiting/);
    const row = page.locator("tbody tr", { hasText: "hanbit-machine" });
    assert.equal(await row.count(), 1, "the company is listed as waiting");
    await row.locator("a").first().click();
    await page.waitForURL(/\/management\/user\/\d+$/);

    const roles = page.locator("section", { has: page.locator("#member-roles") });
    const companyRow = roles.locator("tbody tr", { hasText: "일반기업" });
    assert.match(await companyRow.innerText(), /승인 대기/);
    await companyRow.locator('button:has-text("승인")').first().click();
    await page.waitForLoadState();
    assert.match(await page.locator(".flash .alert").innerText(), /승인했습니다/);
    assert.match(await roles.locator("tbody tr", { hasText: "일반기업" }).innerText(), /승인/);
    assert.doesNotMatch(await roles.locator("tbody tr", { hasText: "일반기업" }).innerText(), /승인 대기/);

    await page.goto(`${server.origin}/logout`);
    await signIn("hanbit-machine");
    await page.waitForURL(`${server.origin}/`);
    assert.match(await page.locator(".utility-user").innerText(), /\(주\)한빛기계/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
