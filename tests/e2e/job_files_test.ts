// Issue 19 in a real browser, for the files of the job wizards and for resume management. Without
// JavaScript, in Korean, a company chooses a text file named .png as its logo (refused beside the field,
// what was typed kept), then a real PNG, posts the job, and the posting shows the logo (it loads:
// naturalWidth > 0). In /management/job/person an administrator, by keyboard, checks a resume and sets it
// completed, then asks to remove one without a reason (refused beside the field); axe at 1280 and 390 px
// on the list, the notice and the refusal.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { jobPostings, resumes } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { seoulDay } from "../../domain/job/status.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations, expectNoAxeViolationsAt } from "../support/axe.ts";
import { launchBrowser, pressEnterOn as press, serve, signInAt as signIn } from "../support/browser.ts";
import { photo } from "../support/images.ts";

const NEXT = 'button[name="_action"][value="next"]';

async function noScript(browser: Browser, locale: "ko-KR" | "en-US") {
  return await (await browser.newContext({ javaScriptEnabled: false, locale })).newPage();
}

/** axe on the page as it stands (a POST's answer, which a new GET would not show), at both widths. */
async function axeHere(page: Page, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${label} (${width})`);
  }
}

/**
 * axe on what a page without JavaScript shows after a POST: its markup is served again at its address in a
 * scripted context (axe needs script; styles and images come from the server as before).
 */
async function axeOfAnswer(browser: Browser, source: Page, label: string) {
  const html = await source.content();
  const context = await browser.newContext({ storageState: await source.context().storageState() });
  try {
    const page = await context.newPage();
    await page.route(source.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await page.goto(source.url());
    await axeHere(page, label);
  } finally {
    await context.close();
  }
}

appTest(
  "job files: without JavaScript a company's logo is refused as a fake PNG, then posted and shown (ko)",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    const dir = await Deno.makeTempDir({ prefix: "job-files-" });
    try {
      const fake = `${dir}/logo.png`;
      await Deno.writeTextFile(fake, "not a picture at all\n".repeat(10));
      const real = `${dir}/real-logo.png`;
      await Deno.writeFile(real, await photo(160, 120, "png"));

      const company = await noScript(browser, "ko-KR");
      await signIn(company, server.origin, "company", "/job/recruit/register");
      await company.fill('input[name="company"]', "(주)로고브라우저");
      await company.selectOption('select[name="company_type"]', "design");
      await company.selectOption('select[name="worker_num"]', "10");
      await company.setInputFiles('input[name="logo"]', fake);
      await press(company, NEXT);
      const error = await company.locator("#field-logo_id-error").innerText();
      assert.match(error, /허용되지 않는 파일 형식입니다\. 가능한 형식: jpg, png/);
      assert.equal(await company.inputValue('input[name="company"]'), "(주)로고브라우저", "what was typed is kept");
      // The summary's link leads to the file field.
      assert.equal(await company.locator('.alert-error a[href="#field-logo_id"]').count(), 1);
      await axeOfAnswer(browser, company, "employer wizard, a refused logo (ko)");

      await company.setInputFiles('input[name="logo"]', real);
      await press(company, NEXT);
      await company.fill('input[name="title"]', "로고 브라우저 공고");
      await company.fill('input[name="title_en"]', "Posting with a browser logo");
      await company.selectOption('select[name="occupation"]', "visual");
      await company.fill('textarea[name="duties"]', "브랜드 디자인");
      await company.selectOption('select[name="region"]', "26");
      await company.selectOption('select[name="education"]', "bachelor");
      await company.selectOption('select[name="career"]', "N");
      await company.selectOption('select[name="employ_type"]', "regular");
      await company.selectOption('select[name="salary_type"]', "M");
      await company.selectOption('select[name="holiday_type"]', "five_days");
      await company.selectOption('select[name="work_hour"]', "day");
      await company.selectOption('select[name="apply_method"]', "online");
      await company.fill('input[name="close_on"]', seoulDay(new Date(), 30));
      await press(company, NEXT);
      await press(company, NEXT);
      assert.match(await company.locator("main").innerText(), /채용 공고를 등록했습니다/);
      const [posting] = await db.select().from(jobPostings).where(
        eq(jobPostings.titleEn, "Posting with a browser logo"),
      );
      assert.ok(posting.logoId, "the logo is linked to the posting");

      // Anyone sees the logo on the posting, and it loads.
      const visitor = await (await browser.newContext({ locale: "ko-KR" })).newPage();
      await visitor.goto(`${server.origin}/job/recruit/${posting.id}`);
      const logo = visitor.locator("img.job-logo");
      assert.match(await logo.getAttribute("src") ?? "", new RegExp(`/api/file/${posting.logoId}/`));
      await visitor.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("img.job-logo");
        return img?.complete && img.naturalWidth > 0;
      });
      await expectNoAxeViolationsAt(browser, visitor, "a posting with its logo (ko)");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
);

appTest(
  "resume management: an administrator sets a resume completed by keyboard; a removal without a reason is refused",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const [member] = await db.select({ id: users.id }).from(users).where(eq(users.username, "member"));
      const [resume] = await db.select().from(resumes).where(eq(resumes.userId, member.id));
      assert.equal(resume.status, "looking");
      // The page sends no script; a scripted context lets axe run on each answer as it stands.
      const admin = await (await browser.newContext({ locale: "ko-KR" })).newPage();
      await signIn(admin, server.origin, "admin", "/management/job/person");
      await axeHere(admin, "resume management (ko)");
      const box = `input[type="checkbox"][value="${resume.id}"]`;
      await admin.focus(box);
      await admin.keyboard.press("Space");
      assert.ok(await admin.isChecked(box));
      await admin.selectOption("#bulk-status", "completed");
      await press(admin, 'button[name="_action"][value="status"]');
      assert.match(await admin.locator("main").innerText(), /선택한 이력서의 상태를 바꿨습니다/);
      const [after] = await db.select().from(resumes).where(eq(resumes.id, resume.id));
      assert.equal(after.status, "completed");
      await axeHere(admin, "resume management, the notice (ko)");

      await admin.focus(box);
      await admin.keyboard.press("Space");
      await press(admin, 'button[name="_action"][value="remove"]');
      assert.match(await admin.locator("#bulk-reason-error").innerText(), /삭제 사유를 5자 이상/);
      assert.equal(
        await admin.getAttribute("#bulk-reason", "aria-describedby"),
        "bulk-reason-hint bulk-reason-error",
      );
      await axeHere(admin, "resume management, a refused removal (ko)");
      assert.equal((await db.select().from(resumes).where(eq(resumes.id, resume.id))).length, 1, "still there");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
