// Issue 14 in a real browser: staff build a form by keyboard (components added, a conditional field, an
// address and a file) and attach it to a new support call; a company applies in Korean by keyboard — the
// address found through the postal lookup, the conditional field appearing with its choice, the
// unsaved-changes warning before leaving — with a PDF; staff accept it in English; the company sees
// 'accepted' in my page in both languages. Then a company applies in English with JavaScript off, typing
// the address into the plain fields; and a member enrols in a paid course and pays it with the test card.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { PDF } from "../support/images.ts";

const t = await openTestApp();
const server = await serve(t.app.fetch);
const browser: Browser = await launchBrowser();

async function signIn(page: Page, username: string, target: string) {
  await page.goto(`${server.origin}/login?redirect=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForURL((url) => url.pathname === target || url.pathname === target.split("?")[0]);
}

/** Types into a field reached by focus, as a keyboard user does. */
async function type(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.keyboard.type(text);
}

/** Presses Enter on a focused submit button and waits for the page it leads to. */
async function submitWith(page: Page, button: string) {
  await page.focus(button);
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
}

const pdf = { name: "plan.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) };

appTest(
  "staff build a form and attach it; a company applies by keyboard in Korean; staff accept in English",
  async () => {
    const errors: string[] = [];
    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    admin.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await signIn(admin, "admin", "/management/form");

    // A new form, then its components, each added with the builder's plain form.
    await type(admin, 'form:has(button:has-text("새 신청서")) input[name="title"]', "디자인 바우처 신청서");
    await type(admin, 'input[name="title_en"]', "Design voucher application");
    await submitWith(admin, 'button:has-text("새 신청서")');
    await admin.waitForSelector("text=아직 항목이 없습니다");
    const formId = Number(new URL(admin.url()).pathname.split("/").pop());
    const addComponent = async (fields: Record<string, string>, extra?: () => Promise<void>) => {
      await admin.selectOption("#c-type", fields.type);
      await type(admin, "#c-key", fields.key);
      await type(admin, "#c-label", fields.label);
      await type(admin, "#c-label_en", fields.labelEn);
      if (fields.required) await admin.check("#c-required");
      // The type's limits sit in a disclosure: opened by keyboard when needed.
      if (extra) {
        await admin.focus(".builder-limits summary");
        await admin.keyboard.press("Enter");
        await extra();
      }
      await submitWith(admin, '#component-form button[type="submit"]');
      await admin.waitForSelector(`code:text-is("${fields.key}")`);
    };
    await addComponent({ type: "text", key: "company_name", label: "기업명", labelEn: "Company name", required: "1" });
    await addComponent(
      { type: "choice", key: "track", label: "지원 분야", labelEn: "Track", required: "1" },
      async () => {
        await admin.fill("#c-options", "design|디자인 개발|Design\nother|기타|Other");
      },
    );
    await addComponent(
      { type: "text", key: "track_other", label: "기타 분야", labelEn: "Other track", required: "1" },
      async () => {
        await admin.fill("#c-show_if_key", "track");
        await admin.fill("#c-show_if_equals", "other");
      },
    );
    await addComponent({
      type: "address",
      key: "site",
      label: "사업장 주소",
      labelEn: "Business address",
      required: "1",
    });
    await addComponent(
      { type: "file", key: "plan", label: "사업계획서", labelEn: "Business plan", required: "1" },
      async () => {
        await admin.check("#c-accept-pdf");
      },
    );
    await addComponent({
      type: "agreement",
      key: "agree",
      label: "개인정보 이용에 동의합니다",
      labelEn: "I agree",
      required: "1",
    });
    // Move the address above the choice by keyboard: its "up" button twice.
    for (let i = 0; i < 2; i++) {
      const up = admin.locator('li.builder-item:has(code:text-is("site")) button:has-text("위로")').first();
      await up.focus();
      await Promise.all([admin.waitForEvent("load"), admin.keyboard.press("Enter")]);
    }
    const keys = await admin.locator("li.builder-item code").allInnerTexts();
    assert.deepEqual(keys, ["company_name", "site", "track", "track_other", "plan", "agree"]);
    // The preview shows the form in both languages.
    assert.ok(await admin.locator('section.form-preview[lang="en"] >> text=Business address').count());

    // A support call with that form, open now, for companies.
    await admin.goto(`${server.origin}/management/support/new`);
    await type(admin, 'input[name="title"]', "2026 디자인 바우처");
    await type(admin, 'input[name="title_en"]', "2026 Design Voucher");
    await admin.selectOption('select[name="form_id"]', String(formId));
    await admin.check("#role-company");
    await admin.fill('input[name="apply_from"]', "2020-01-01T09:00");
    await admin.fill('input[name="apply_to"]', "2099-12-31T18:00");
    await submitWith(admin, 'form.form button[type="submit"]');
    const callId = Number(new URL(admin.url()).pathname.split("/").pop());
    assert.ok(callId > 0);

    // The company applies in Korean.
    const companyCtx = await browser.newContext();
    const company = await companyCtx.newPage();
    company.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await signIn(company, "company", `/support/${callId}`);
    // The islands run: the postal lookup appears, and the conditional field waits for its choice.
    await company.locator("#lookup-site").waitFor();
    await company.locator(".form-conditional").waitFor({ state: "hidden" });
    assert.ok(await company.locator("#f-track_other").isDisabled(), "a hidden field is not sent");
    await type(company, "#f-company_name", "한빛디자인(주)");
    // Postal lookup by keyboard: type, Enter, Tab to the result, Enter.
    await type(company, "#lookup-site", "세종대로");
    await company.keyboard.press("Enter");
    const result = company.locator(".address-lookup-results button").first();
    await result.waitFor();
    await result.focus();
    await company.keyboard.press("Enter");
    assert.equal(await company.inputValue("#f-site-zip"), "04524");
    assert.equal(await company.inputValue("#f-site-building"), "서울특별시청");
    assert.ok(
      await company.evaluate(() => document.activeElement?.id === "f-site-detail"),
      "focus moves to the details",
    );
    await company.keyboard.type("3층");
    await company.focus('input[name="track"][value="other"]');
    await company.keyboard.press("Space");
    await company.locator("#f-track_other").waitFor({ state: "visible" });
    await type(company, "#f-track_other", "포장 디자인");
    await company.setInputFiles("#f-plan", pdf);
    await company.focus("#f-agree");
    await company.keyboard.press("Space");

    // Leaving now warns about unsaved changes (beforeunload); staying keeps the page.
    let warned = "";
    company.once("dialog", async (d) => {
      warned = d.type();
      await d.dismiss();
    });
    await company.close({ runBeforeUnload: true });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(warned, "beforeunload");
    assert.ok(!company.isClosed(), "staying on the page keeps it");

    await submitWith(company, '.programme-form button[type="submit"]');
    assert.match(await company.locator(".flash").innerText(), /신청이 접수되었습니다/);
    await company.goto(`${server.origin}/mypage/supports`);
    assert.match(await company.locator("tr:has-text('2026 디자인 바우처')").innerText(), /접수/);

    // Staff accept it in English, selecting the row by keyboard.
    await admin.goto(`${server.origin}/en/management/support/${callId}`);
    const row = admin.locator('input[name="ids"]').first();
    await row.focus();
    await admin.keyboard.press("Space");
    assert.ok(await row.isChecked());
    await admin.selectOption('select[name="action"]', "accept");
    await submitWith(admin, '.data-table-bulk button[type="submit"]');
    assert.match(await admin.locator("table.data-table").innerText(), /Accepted/);

    // The company sees it in my page, in Korean and in English.
    await company.goto(`${server.origin}/mypage/supports`);
    assert.match(await company.locator("tr:has-text('2026 디자인 바우처')").innerText(), /선정/);
    await company.goto(`${server.origin}/en/mypage/supports`);
    assert.match(await company.locator("tr:has-text('2026 Design Voucher')").innerText(), /Accepted/);
    assert.deepEqual(errors, []);
    await adminCtx.close();
    await companyCtx.close();
  },
);

appTest("without JavaScript, in English: a company applies with a file, typing the address", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "company", "/en/support/3");
  await page.fill("#f-company_name", "Hanbit Design Co.");
  await page.fill("#f-business_no", "123-45-67890");
  await page.fill("#f-email", "ceo@example.com");
  await page.fill("#f-phone", "051-123-4567");
  // The address is plain inputs: typed by hand.
  await page.fill("#f-address-zip", "48060");
  await page.fill("#f-address-road", "55 APEC-ro, Haeundae-gu, Busan");
  await page.fill("#f-address-detail", "Hall 2");
  await page.check('input[name="track"][value="brand"]');
  await page.fill("#f-summary", "A new brand identity for our regional food products, sold online.");
  await page.fill("#f-start", "2027-03-02");
  await page.fill("#f-end", "2027-10-30");
  await page.setInputFiles("#f-plan_file", pdf);
  await page.check("#f-privacy");
  // All three team rows are there without JavaScript; one is filled, the blank ones are dropped.
  assert.equal(await page.locator('fieldset[data-group="staff"] > fieldset').count(), 3);
  await page.fill("#f-staff-0-staff_name", "Jane Kim");
  await Promise.all([page.waitForURL(/\/en\/support\/3/), page.click('.programme-form button[type="submit"]')]);
  assert.match(await page.locator(".flash").innerText(), /application has been received/);
  await page.goto(`${server.origin}/en/mypage/supports`);
  assert.match(await page.locator("table").innerText(), /Received/);
  await context.close();
});

appTest(
  "a paid course: a member enrols, pays the fee with the test card from the course page, my page says paid",
  async () => {
    const { programmes } = await import("../../db/schema/programme.ts");
    const { eq } = await import("drizzle-orm");
    const db = t.app.database.db;
    const [formCourse] = await db.select().from(programmes).where(eq(programmes.kind, "course"));
    const [course] = await db.insert(programmes).values({
      kind: "course",
      title: "유료 브라우저 과정",
      titleEn: "Paid Browser Course",
      fee: 45_000,
      capacity: 5,
      formId: formCourse.formId,
      applyFrom: new Date(Date.now() - 86_400_000),
      applyTo: new Date(Date.now() + 86_400_000),
    }).returning();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, "tester", `/education/${course.id}`);
    assert.match(await page.locator(".programme-details").innerText(), /₩45,000/);
    await page.fill("#f-name", "이시험");
    await page.fill("#f-phone", "010-1234-5678");
    await page.check('input[name="level"][value="none"]');
    await page.check("#f-privacy");
    await Promise.all([page.waitForURL(/\/education\/\d+$/), page.click('.programme-form button[type="submit"]')]);
    assert.match(await page.locator(".flash").innerText(), /결제 기한 안에/);
    // The course page now offers the payment (the test provider's card screen).
    await page.click("text=수강료 결제");
    await page.waitForSelector('button:has-text("결제 승인")');
    assert.match(await page.locator("main").innerText(), /45,000/);
    await page.click('button:has-text("결제 승인")');
    await page.waitForLoadState();
    assert.match(await page.locator("main").innerText(), /결제가 완료/);
    await page.goto(`${server.origin}/mypage/supports`);
    const row = page.locator("tbody tr", { hasText: "유료 브라우저 과정" });
    assert.match(await row.innerText(), /결제 완료/);
    assert.equal(await row.locator("text=수강료 결제").count(), 0);
    await context.close();
  },
);

appTest("close", async () => {
  await browser.close();
  await server.close();
  await t.close();
});
