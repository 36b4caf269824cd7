// A visitor in a real browser: home → a menu item → a content page → English → an unknown path.
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

appTest("a visitor browses the site in Korean and English and meets the 404 screen", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    const failed: string[] = [];
    page.on("response", (r) => r.status() >= 400 && !r.url().endsWith("/no/such/page") && failed.push(r.url()));
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && !m.text().includes("404 (Not Found)") && errors.push(m.text()));

    await page.goto(`${server.origin}/`);
    assert.equal(await page.getAttribute("html", "lang"), "ko");
    assert.ok(await page.locator(".pb-tone-accent").first().isVisible(), "the home page's hero section");

    // open the About drop-down of the main menu and follow its History item
    const about = page.locator("nav.gnb li.gnb-item", { has: page.locator('a[href="/about/history"]') });
    await about.locator("a.gnb-link").hover();
    await about.locator('.gnb-sub a[href="/about/history"]').click();
    await page.waitForURL(`${server.origin}/about/history`);
    const koTitle = await page.locator("h1").first().innerText();
    assert.ok(koTitle.length > 0);
    assert.ok(await page.locator(".pb-list").first().isVisible(), "the history's timeline");

    // the language switch keeps the page
    await page.locator('a[hreflang="en"]').first().click();
    await page.waitForURL(`${server.origin}/en/about/history`);
    assert.equal(await page.getAttribute("html", "lang"), "en");
    const enTitle = await page.locator("h1").first().innerText();
    assert.notEqual(enTitle, koTitle);
    assert.ok(await page.locator('a[href="/en/about/greeting"]').count() > 0, "menu links stay in English");

    // an unknown path is the 404 screen, in English
    const res = await page.goto(`${server.origin}/en/no/such/page`);
    assert.equal(res?.status(), 404);
    assert.match(await page.locator("main").innerText(), /This page could not be found/);

    assert.deepEqual(scripts, [], "public pages load no JavaScript");
    assert.deepEqual(failed, [], "every stylesheet, icon and link target loads");
    assert.deepEqual(errors, [], "no console errors (CSP violations would show here)");
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});

appTest("on a phone the one main menu opens from its button, without JavaScript", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 760 }, javaScriptEnabled: false });
    await page.goto(`${server.origin}/about/history`);
    assert.equal(await page.locator("nav.gnb").count(), 1, "the menu is rendered once");
    const history = page.locator('nav.gnb a[href="/about/greeting"]').first();
    assert.equal(await history.isVisible(), false, "closed at first");
    await page.click("label.mnav-toggle");
    assert.equal(await history.isVisible(), true, "open after the button");
    await history.click();
    await page.waitForURL(`${server.origin}/about/greeting`);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
