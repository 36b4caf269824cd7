// In a real browser, without JavaScript of our own: an administrator approves the seeded design company
// in /management/user, then the design company signs in at /login and sees its name in the header.
import assert from "node:assert/strict";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

appTest("an administrator approves the waiting design company, which can then sign in", async () => {
  const t = await openTestApp();
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

    // the design company cannot sign in yet
    await signIn("design");
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
    const row = page.locator("tbody tr", { hasText: "design" });
    assert.equal(await row.count(), 1, "design is listed as waiting");
    await row.locator("a").first().click();
    await page.waitForURL(/\/management\/user\/\d+$/);

    const roles = page.locator("section", { has: page.locator("#member-roles") });
    const designRow = roles.locator("tbody tr", { hasText: "디자인기업" });
    assert.match(await designRow.innerText(), /승인 대기/);
    await designRow.locator('button:has-text("승인")').first().click();
    await page.waitForLoadState();
    assert.match(await page.locator(".flash .alert").innerText(), /승인했습니다/);
    assert.match(await roles.locator("tbody tr", { hasText: "디자인기업" }).innerText(), /승인/);
    assert.doesNotMatch(await roles.locator("tbody tr", { hasText: "디자인기업" }).innerText(), /승인 대기/);

    await page.goto(`${server.origin}/logout`);
    await signIn("design");
    await page.waitForURL(`${server.origin}/`);
    assert.match(await page.locator(".utility-user").innerText(), /디자인스튜디오 온/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
