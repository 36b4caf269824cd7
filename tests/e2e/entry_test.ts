// Issue 5 in a real browser, both languages: a company member goes through the four steps of /entry in
// Korean, uploads its pictures, pays the fee with the test card provider and sees "payment complete" in
// my page; an individual member enters in English for free.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { photo } from "../support/images.ts";

async function signIn(page: Page, origin: string, username: string, target: string) {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForURL((url) => url.pathname.endsWith("/entry"));
}

async function fillWork(page: Page, title: string) {
  await page.waitForSelector('select[name="category"]');
  await page.selectOption('select[name="category"]', "10");
  await page.fill('input[name="title"]', title);
  await page.fill('input[name="title_en"]', `${title} (en)`);
  await page.fill('textarea[name="description"]', "바람을 닮은 의자");
  await page.selectOption('select[name="work_type"]', "image");
  const jpeg = async (w: number, h: number) => ({
    name: "work.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(await photo(w, h)),
  });
  await page.locator("#entry-thumbnail_id").setInputFiles(await jpeg(800, 600));
  await page.locator("#entry-detail_ids").setInputFiles(await jpeg(1600, 1200));
  await page.waitForFunction(() => document.querySelectorAll(".entry-file-list img").length === 2);
}

appTest("entry wizard: a company enters and pays in Korean; an individual enters free in English", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const errors: string[] = [];
    const watch = (page: Page) => page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

    // Korean: the company member.
    const ko = await (await browser.newContext()).newPage();
    watch(ko);
    await signIn(ko, server.origin, "company", "/entry");
    await ko.waitForSelector("island-root[data-island=EntryWizard]");
    // A step refused in the browser names its fields before anything is sent.
    await ko.click('button[value="next"]');
    assert.match(await ko.locator("#entry-exhibitor_type-error").innerText(), /출품 구분을 선택해 주십시오/);
    await ko.selectOption('select[name="exhibitor_type"]', "company");
    await ko.fill('input[name="company"]', "(주)한빛기계");
    await ko.fill('input[name="designer.name"]', "김디자");
    await ko.fill('input[name="designer.name_en"]', "Kim Design");
    await ko.fill('input[name="designer.email"]', "kim@example.org");
    await ko.fill('input[name="designer.phone"]', "010-1234-5678");
    // The toast's live region is in the page before it speaks (a region that arrives filled is not announced).
    const region = ko.locator(".toast-region[role=status]");
    assert.equal(await region.count(), 1);
    assert.equal(await region.innerText(), "");
    await ko.click('button[value="next"]');
    // The saved draft is confirmed by a toast that leaves by itself after SPEC §9's 5 s, or when closed.
    const toast = region.locator(".toast");
    assert.match(await toast.innerText(), /임시 저장했습니다/);
    const shownAt = Date.now();
    await toast.waitFor({ state: "detached", timeout: 8_000 });
    assert.ok(Date.now() - shownAt >= 4_000, `gone after ${Date.now() - shownAt} ms`);
    await fillWork(ko, "바람 의자");
    // A reload keeps what was typed: the draft is on the server.
    await ko.click('button[value="next"]');
    // Confirmed again for the second save; the close button takes it away at once.
    assert.match(await toast.innerText(), /임시 저장했습니다/);
    await ko.click('.toast button[aria-label="알림 닫기"]');
    await toast.waitFor({ state: "detached" });
    await ko.waitForSelector('input[name="agree_rules"]');
    await ko.reload();
    await ko.waitForSelector('input[name="agree_rules"]');
    assert.match(await ko.locator(".detail-list").innerText(), /바람 의자/);
    assert.match(await ko.locator(".detail-list").innerText(), /₩100,000/);
    await ko.check('input[name="agree_rules"]');
    await ko.check('input[name="declare_not_prized"]');
    await ko.click('button[value="next"]');
    await ko.waitForSelector(".entry-done");
    assert.match(await ko.locator(".entry-done").innerText(), /결제 대기/);
    await ko.click("text=카드로 결제하기");
    await ko.waitForSelector('button:has-text("결제 승인")');
    await ko.click('button:has-text("결제 승인")');
    await ko.waitForLoadState();
    assert.match(await ko.locator("main").innerText(), /결제가 완료/);
    await ko.goto(`${server.origin}/mypage/awards`);
    const row = ko.locator("tbody tr", { hasText: "바람 의자" });
    assert.match(await row.innerText(), /결제 완료/);

    // English: the individual member, free.
    const en = await (await browser.newContext()).newPage();
    watch(en);
    await signIn(en, server.origin, "member", "/en/entry");
    await en.selectOption('select[name="exhibitor_type"]', "general");
    await en.fill('input[name="designer.name"]', "이하나");
    await en.fill('input[name="designer.name_en"]', "Hana Lee");
    await en.fill('input[name="designer.email"]', "hana@example.org");
    await en.fill('input[name="designer.phone"]', "010-9876-5432");
    await en.click('button[value="next"]');
    await fillWork(en, "Wave lamp");
    await en.click('button[value="next"]');
    await en.waitForSelector('input[name="agree_rules"]');
    assert.match(await en.locator(".detail-list").innerText(), /Free/);
    await en.check('input[name="agree_rules"]');
    await en.check('input[name="declare_not_prized"]');
    await en.click('button[value="next"]');
    await en.waitForSelector(".entry-done");
    assert.match(await en.locator(".entry-done").innerText(), /Your entry is complete/);
    assert.equal(await en.locator("text=Pay by card").count(), 0);
    await en.click("text=See it in My page");
    await en.waitForURL(`${server.origin}/en/mypage/awards`);
    assert.match(await en.locator("tbody").innerText(), /Wave lamp[\s\S]*Submitted/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
