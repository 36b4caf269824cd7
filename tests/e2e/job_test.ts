// Issue 19 in a real browser, without JavaScript and by keyboard. The job portal: in Korean a company posts a
// job through the 3 steps; in English a new designer writes a resume in 2 steps (a `javascript:` portfolio
// refused beside its field) and applies; in Korean the company sees the applicant and opens their resume.
// Talent sharing: in English a member offers talent through the 3 steps and publishes it; in Korean another
// member applies; in English the owner accepts them, then shows the donation on their public designer profile.
// axe (at 1280 and 390 px, in a scripted context with the same cookies) on the pages each step reaches.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { jobApplications, jobPostings, resumes, shareApplications, shares } from "../../db/schema/job.ts";
import { userRoles, users } from "../../db/schema/member.ts";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { seoulDay } from "../../domain/job/status.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolationsAt } from "../support/axe.ts";
import { launchBrowser, pressEnterOn as press, serve, signInAt as signIn } from "../support/browser.ts";

/** Types into a field by keyboard (focus, then keys). */
async function type(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.keyboard.type(text);
}

const NEXT = 'button[name="_action"][value="next"]';

async function noScript(browser: Browser, locale: "ko-KR" | "en-US") {
  return await (await browser.newContext({ javaScriptEnabled: false, locale })).newPage();
}

appTest(
  "job: a company posts in 3 steps (ko), a new designer writes a resume in 2 steps and applies (en), the company sees them (ko)",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    // A designer without a resume yet: a new individual member.
    const [designer] = await db.insert(users).values({
      username: "e2e-designer",
      email: "e2e-designer@example.test",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: "한디자",
      nameEn: "Dija Han",
      locale: "en",
    }).returning({ id: users.id });
    await db.insert(userRoles).values({ userId: designer.id, roleCode: "member", approved: true });
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // ----- Korean, no JavaScript: the company posts a job in three steps -----
      const company = await noScript(browser, "ko-KR");
      await signIn(company, server.origin, "company", "/job/recruit/register");
      assert.equal(await company.locator('[aria-current="step"]').count(), 1);
      await type(company, 'input[name="company"]', "(주)브라우저디자인");
      await company.fill('input[name="company_en"]', "Browser Design Inc.");
      await company.selectOption('select[name="company_type"]', "design");
      await company.selectOption('select[name="worker_num"]', "10");
      await company.fill('input[name="contact"]', "jobs@browser-design.example");
      await press(company, NEXT);
      assert.match(await company.locator("h2").first().innerText(), /모집 내용/);
      await type(company, 'input[name="title"]', "브라우저 제품 디자이너");
      await company.fill('input[name="title_en"]', "Browser product designer");
      await company.selectOption('select[name="occupation"]', "product");
      await company.fill('textarea[name="duties"]', "생활용품 디자인과 시제품 제작");
      await company.selectOption('select[name="region"]', "29");
      await company.selectOption('select[name="education"]', "bachelor");
      await company.selectOption('select[name="career"]', "Z");
      await company.selectOption('select[name="employ_type"]', "regular");
      await company.fill('input[name="salary"]', "36000000");
      await company.selectOption('select[name="salary_type"]', "Y");
      await company.selectOption('select[name="holiday_type"]', "five_days");
      await company.selectOption('select[name="work_hour"]', "flexible");
      await company.focus("#field-insurance-health");
      await company.keyboard.press("Space");
      await company.selectOption('select[name="apply_method"]', "online");
      await company.fill('input[name="hire_count"]', "2");
      await company.fill('input[name="close_on"]', seoulDay(new Date(), 30));
      await press(company, NEXT);
      assert.match(await company.locator("main").innerText(), /브라우저 제품 디자이너/);
      await expectNoAxeViolationsAt(browser, company, "employer wizard, step 3 (ko)");
      await press(company, NEXT);
      assert.match(await company.locator("main").innerText(), /채용 공고를 등록했습니다/);
      const [posting] = await db.select().from(jobPostings).where(eq(jobPostings.titleEn, "Browser product designer"));
      assert.deepEqual([posting.status, posting.region, posting.salaryType, posting.insurance], [
        "recruiting",
        "29",
        "Y",
        ["health"],
      ]);

      // ----- English, no JavaScript: the designer writes a resume in two steps -----
      const seeker = await noScript(browser, "en-US");
      await signIn(seeker, server.origin, "e2e-designer", "/en/job/search/register");
      await type(seeker, 'input[name="title"]', "이력서 제목");
      await seeker.fill('input[name="title_en"]', "Product designer who prototypes");
      await seeker.selectOption('select[name="gender"]', "undisclosed");
      await seeker.selectOption('select[name="occupation"]', "product");
      await seeker.selectOption('select[name="region"]', "11");
      await seeker.selectOption('select[name="career"]', "N");
      await seeker.selectOption('select[name="education"]', "bachelor");
      await seeker.selectOption('select[name="employ_type"]', "regular");
      await press(seeker, NEXT);
      // A `javascript:` portfolio is refused beside its field, what was typed kept.
      await type(seeker, 'input[name="portfolio_url"]', "javascript:alert(1)");
      await type(seeker, 'textarea[name="introduction"]', "I design household goods and build their prototypes.");
      await seeker.selectOption('select[name="desired_pay_type"]', "Y");
      await press(seeker, NEXT);
      assert.match(await seeker.locator(".field-error").first().innerText(), /http or https/i);
      assert.equal(
        await seeker.inputValue('textarea[name="introduction"]'),
        "I design household goods and build their prototypes.",
      );
      await expectNoAxeViolationsAt(
        browser,
        seeker,
        "seeker wizard, step 2 (en; axe reopens it by GET, without the refusal)",
      );
      await seeker.fill('input[name="portfolio_url"]', "https://portfolio.example/dija");
      await press(seeker, NEXT);
      assert.match(await seeker.locator("main").innerText(), /Your resume is saved/);
      const [resume] = await db.select().from(resumes).where(eq(resumes.userId, designer.id));
      assert.deepEqual([resume.status, resume.portfolioUrl], ["looking", "https://portfolio.example/dija"]);

      // ----- ... and applies to the posting by keyboard -----
      await seeker.goto(`${server.origin}/en/job/recruit/${posting.id}`);
      assert.match(await seeker.locator("main").innerText(), /Browser product designer/);
      await type(seeker, 'textarea[name="message"]', "I would love to join.");
      await press(seeker, 'form:has(input[name="_action"][value="apply"]) button[type="submit"]');
      assert.match(await seeker.locator("main").innerText(), /You have applied/);
      assert.match(await seeker.locator("main").innerText(), /Your application: Applied/);
      const [application] = await db.select().from(jobApplications).where(eq(jobApplications.postingId, posting.id));
      assert.deepEqual([application.resumeId, application.status], [resume.id, "applied"]);

      // ----- Korean: the company sees the applicant and opens the resume -----
      await company.goto(`${server.origin}/job/recruit/${posting.id}`);
      const row = company.locator("tr", { hasText: "한디자" });
      assert.equal(await row.count(), 1);
      assert.match(await row.innerText(), /I would love to join/);
      await expectNoAxeViolationsAt(browser, company, "posting with its applicant (ko)");
      await press(company, `a[href="/job/search/${resume.id}"]`);
      assert.match(await company.locator("main").innerText(), /이력서 제목/);
      assert.match(await company.locator("main").innerText(), /https:\/\/portfolio\.example\/dija/);
      await expectNoAxeViolationsAt(browser, company, "the applicant's resume (ko)");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);

appTest(
  "share: a member offers talent in 3 steps and publishes it (en), another applies (ko), the owner accepts (en) and shows it on the designer profile",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // ----- English, no JavaScript: member offers talent in three steps -----
      const owner = await noScript(browser, "en-US");
      await signIn(owner, server.origin, "member", "/en/share/register");
      await owner.focus('input[name="type"][value="donate"]');
      await owner.keyboard.press("Space");
      await press(owner, NEXT);
      await type(owner, 'input[name="talent"]', "토요 드로잉 교실");
      await owner.fill('input[name="talent_en"]', "Saturday drawing class");
      await owner.selectOption('select[name="field"]', "visual");
      await owner.fill('input[name="period_from"]', seoulDay(new Date(), 7));
      await owner.fill('input[name="period_to"]', seoulDay(new Date(), 60));
      await owner.fill('input[name="times"]', "Every Saturday");
      await owner.fill('input[name="target"]', "Children of the neighbourhood");
      await type(owner, 'textarea[name="description"]', "Drawing for children, pencils provided.");
      await owner.selectOption('select[name="region"]', "30");
      await owner.fill('input[name="approved_number"]', "1");
      await press(owner, NEXT);
      assert.match(await owner.locator("main").innerText(), /토요 드로잉 교실/);
      await expectNoAxeViolationsAt(browser, owner, "share wizard, step 3 (en)");
      await press(owner, NEXT);
      assert.match(await owner.locator("main").innerText(), /Publish it to take applications/);
      const [share] = await db.select().from(shares).where(eq(shares.talentEn, "Saturday drawing class"));
      assert.deepEqual([share.type, share.status, share.approvedNumber], ["donate", "inactive", 1]);
      // The completion links to the share; its owner publishes it.
      await press(owner, `a[href="/en/share/donate/${share.id}"]`);
      await press(owner, 'button[name="action"][value="open"]');
      assert.match(await owner.locator("main").innerText(), /The status has changed/);

      // ----- Korean, no JavaScript: tester applies -----
      const applicant = await noScript(browser, "ko-KR");
      await signIn(applicant, server.origin, "tester", `/share/donate/${share.id}`);
      await type(applicant, 'textarea[name="message"]', "아이들과 그림을 그리고 싶습니다.");
      await type(applicant, 'input[name="contact"]', "010-0000-0000");
      await press(applicant, 'form:has(input[name="_action"][value="apply"]) button[type="submit"]');
      assert.match(await applicant.locator("main").innerText(), /신청했습니다/);
      await expectNoAxeViolationsAt(browser, applicant, "share after applying (ko)");

      // ----- English: the owner accepts the application -----
      await owner.goto(`${server.origin}/en/share/donate/${share.id}`);
      const row = owner.locator("tr", { hasText: "아이들과 그림을" });
      assert.equal(await row.count(), 1);
      await expectNoAxeViolationsAt(browser, owner, "share with its application (en)");
      await press(owner, 'button[name="_action"][value="accept"]');
      assert.match(await owner.locator("main").innerText(), /The applicant has been told/);
      const [accepted] = await db.select().from(shareApplications).where(eq(shareApplications.shareId, share.id));
      assert.equal(accepted.status, "accepted");
      const [after] = await db.select().from(shares).where(eq(shares.id, share.id));
      assert.equal(after.acceptedCount, 1);

      // ----- The owner shows only their donations on the public designer profile -----
      await owner.goto(`${server.origin}/en/profile#designer-profile`);
      for (const part of ["prizes", "products", "resume"]) {
        const box = `#designer-profile-${part}`;
        if (await owner.isChecked(box)) {
          await owner.focus(box);
          await owner.keyboard.press("Space");
        }
      }
      await press(owner, '#designer-profile button[type="submit"]');
      await press(owner, '#designer-profile a[href^="/en/designer/"]');
      const profile = await owner.locator("main").innerText();
      assert.match(profile, /Talent donations/);
      assert.match(profile, /Saturday drawing class/);
      assert.doesNotMatch(profile, /Design market products/);
      await expectNoAxeViolationsAt(browser, owner, "designer profile (en)");
      const anonymous = await noScript(browser, "ko-KR");
      await anonymous.goto(owner.url().replace("/en/", "/"));
      assert.match(await anonymous.locator("main").innerText(), /재능 기부/);
      await expectNoAxeViolationsAt(browser, anonymous, "designer profile (ko)");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);

appTest(
  "job: with JavaScript the employer wizard checks a step in the browser and swaps the next one in place (en)",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ locale: "en-US" })).newPage();
      await signIn(page, server.origin, "company", "/en/job/recruit/register");
      await page.waitForSelector('[data-island="JobWizard"]', { state: "attached" });
      let posts = 0;
      page.on("request", (r) => r.method() === "POST" && posts++);
      // Nothing typed: the browser names the fields without a request.
      await page.click(NEXT);
      await page.waitForSelector(".field-error[data-client]");
      assert.equal(posts, 0);
      await page.fill('input[name="company"]', "Island Design");
      await page.selectOption('select[name="company_type"]', "startup");
      await page.selectOption('select[name="worker_num"]', "1");
      await page.click(NEXT);
      await page.waitForSelector('input[name="title"]');
      assert.equal(new URL(page.url()).pathname, "/en/job/recruit/register", "swapped in place");
      assert.match(await page.locator(".wizard-saved").innerText(), /Draft saved/);
      // Step 2 with nothing chosen: named in the browser again.
      const before = posts;
      await page.click(NEXT);
      await page.waitForSelector(".field-error[data-client]");
      assert.equal(posts, before);
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
