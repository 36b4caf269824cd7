// Member registration in a real browser (issue 3 tests): an individual through the RegisterWizard island,
// then sign in and see the name in the header; a company (awaiting approval) that /login refuses; and
// the same individual path with JavaScript off (the server-rendered forms).
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

const PASSWORD = "Saebom#2027";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const stamp = () => Date.now().toString(36).slice(-5);

async function fillCommon(page: Page, who: { username: string; name: string }) {
  await page.fill('input[name="username"]', who.username);
  await page.fill('input[name="password"]', PASSWORD);
  await page.fill('input[name="password_confirmation"]', PASSWORD);
  await page.fill('input[name="name"]', who.name);
  await page.fill('input[name="email"]', `${who.username}@example.org`);
  await page.fill('input[name="phone"]', "010-2345-6789");
}

async function signIn(page: Page, origin: string, username: string) {
  await page.goto(`${origin}/login`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForLoadState("load");
}

appTest(
  "registration: an individual through the wizard signs in; a company waits for approval; no-JS works",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // ---- an individual member, with JavaScript (the island) ----
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname));

      await page.goto(`${server.origin}/register`);
      await page.waitForSelector(".reg[data-enhanced]");
      assert.equal(await page.locator("h1").innerText(), "회원가입");
      await page.click('label[for="reg-type-individual"]');
      await page.click('button:has-text("다음")');
      await page.waitForSelector('h2.reg-heading:has-text("약관 동의 및 정보 입력")');
      assert.deepEqual(posts, [], "the island moves to step 2 without a request");

      const user = { username: `hong${stamp()}`, name: "홍길동" };
      // live validation with the shared rules: a bad user ID, then the uniqueness check of a taken one
      await page.fill('input[name="username"]', "Hong GD");
      await page.locator('input[name="username"]').blur();
      await page.waitForSelector("#field-username-error");
      assert.match(await page.locator("#field-username-error").innerText(), /영문 소문자/);
      await page.fill('input[name="username"]', "member");
      await page.waitForSelector('#field-username-error:has-text("이미 사용 중인 아이디입니다")');

      await fillCommon(page, user);
      await page.waitForSelector('#field-username-hint:has-text("사용하실 수 있는 아이디입니다")');
      await page.fill('input[name="password_confirmation"]', "Other#2027");
      await page.locator('input[name="password_confirmation"]').blur();
      await page.waitForSelector('#field-password_confirmation-error:has-text("일치하지 않습니다")');
      await page.fill('input[name="password_confirmation"]', PASSWORD);
      assert.equal(await page.locator("#field-password_confirmation-error").count(), 0);

      // submitting without the agreements shows what is missing, still without a request
      await page.click('button:has-text("가입하기")');
      await page.waitForSelector('#field-agree_terms-error:has-text("이용약관에 동의해 주십시오")');
      assert.deepEqual(posts, []);
      await page.check("#reg-agree-all");
      assert.ok(await page.isChecked('input[name="agree_privacy"]'));
      assert.ok(await page.isChecked('input[name="marketing_sms"]'));

      const answer = page.waitForResponse((r) => r.url().endsWith("/api/register"));
      await page.click('button:has-text("가입하기")');
      assert.equal((await answer).status(), 201);
      await page.waitForSelector('h2:has-text("회원가입이 완료되었습니다")');
      assert.match(await page.locator(".reg-summary").innerText(), new RegExp(user.username));
      assert.deepEqual(posts, ["/api/register"]);

      await page.click('.reg-done a:has-text("로그인")');
      await page.waitForURL(`${server.origin}/login`);
      await signIn(page, server.origin, user.username);
      assert.match(await page.locator(".utility-user").innerText(), /홍길동/);
      assert.deepEqual(errors, [], "no console errors (CSP violations would show here)");

      // ---- a company, preselected by ?type=company, awaits approval ----
      const company = await browser.newPage();
      await company.goto(`${server.origin}/en/register?type=company`);
      await company.waitForSelector(".reg[data-enhanced]");
      assert.ok(await company.isChecked("#reg-type-company"));
      await company.click('button:has-text("Next")');
      const firm = { username: `firm${stamp()}`, name: "Hanbit Machines Co." };
      await fillCommon(company, firm);
      await company.fill('input[name="business_no"]', "220-81-12345");
      await company.setInputFiles('input[name="business_cert"]', {
        name: "certificate.png",
        mimeType: "image/png",
        buffer: Buffer.from(PNG),
      });
      await company.check('input[name="agree_terms"]');
      await company.check('input[name="agree_privacy"]');
      await company.click('button:has-text("Join")');
      await company.waitForSelector('h2:has-text("Application received")');
      await signIn(company, `${server.origin}/en`, firm.username);
      assert.match(await company.locator(".alert-error").innerText(), /awaiting approval/);

      // ---- the individual path with JavaScript off ----
      const context = await browser.newContext({ javaScriptEnabled: false });
      const plain = await context.newPage();
      await plain.goto(`${server.origin}/register`);
      await plain.check("#reg-type-individual");
      await Promise.all([plain.waitForNavigation(), plain.click('button:has-text("다음")')]);
      await plain.waitForSelector('input[name="agree_terms"]');
      const nojs = { username: `plain${stamp()}`, name: "김보람" };
      await fillCommon(plain, nojs);
      await plain.check('input[name="agree_terms"]');
      // the privacy agreement is missing: the server shows the form again with the error
      await Promise.all([plain.waitForNavigation(), plain.click('button:has-text("가입하기")')]);
      assert.match(await plain.locator("#field-agree_privacy-error").innerText(), /개인정보/);
      assert.equal(await plain.inputValue('input[name="username"]'), nojs.username);
      await plain.fill('input[name="password"]', PASSWORD);
      await plain.fill('input[name="password_confirmation"]', PASSWORD);
      await plain.check('input[name="agree_privacy"]');
      await Promise.all([plain.waitForNavigation(), plain.click('button:has-text("가입하기")')]);
      await plain.waitForSelector('h2:has-text("회원가입이 완료되었습니다")');
      await signIn(plain, server.origin, nojs.username);
      assert.match(await plain.locator(".utility-user").innerText(), /김보람/);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
