// Issue 23 §8: the member's own address takes the same postal lookup as the form builder's address field —
// on the profile (and /rejected, which shares its fields) and in the registration wizard, before anyone
// signs in. Chosen by keyboard, the found address fills zip and road (the building joined to the road),
// province and district on the profile, and the focus moves to the address details.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";

async function lookUp(page: Page, query: string) {
  await page.focus("#lookup-member");
  await page.keyboard.type(query);
  await page.keyboard.press("Enter");
  const first = page.locator(".address-lookup-results button").first();
  await first.waitFor();
  await first.focus();
  await page.keyboard.press("Enter");
}

appTest("postal lookup on the profile and in registration, by keyboard", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);

    // Registration, anonymous: the lookup is there and fills zip and the first line.
    await page.goto(`${server.origin}/register`);
    await page.waitForSelector(".reg[data-enhanced]");
    await page.click('label[for="reg-type-individual"]');
    await page.click('button:has-text("다음")');
    await page.waitForSelector("#lookup-member");
    await lookUp(page, "세종대로");
    assert.equal(await page.inputValue('input[name="zip"]'), "04524");
    assert.equal(await page.inputValue('input[name="address1"]'), "서울특별시 중구 세종대로 110 서울특별시청");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "address2");
    await expectNoAxeViolations(page, "/register step 2 with the lookup (390)");

    // The profile, in English: the English road name, province and district in their own fields.
    await page.goto(`${server.origin}/en/login?redirect=%2Fprofile`);
    await page.fill('input[name="username"]', "member");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/en/profile"),
      page.click('form.auth-form button[type="submit"]'),
    ]);
    await page.waitForSelector("#lookup-member");
    await lookUp(page, "Sejong");
    assert.equal(await page.inputValue('input[name="zip"]'), "04524");
    assert.equal(await page.inputValue('input[name="address1"]'), "110 Sejong-daero, Jung-gu, Seoul 서울특별시청");
    assert.equal(await page.inputValue('input[name="state"]'), "서울특별시");
    assert.equal(await page.inputValue('input[name="city"]'), "중구");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "address2");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page, "/en/profile with the lookup (1280)");
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
