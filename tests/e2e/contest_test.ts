// Issue 12 in a real browser: in Korean, without JavaScript and by keyboard, a company hosts a contest
// through the 4 steps and pays the prize money on the test card screen; an administrator approves it; in
// English a designer enters with the upload form; after the entries close the host picks the winner; after
// the result date the council publishes and settles, and the host's statement shows the payout less 4.4 %.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { contests } from "../../db/schema/contest.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve, signInAt as signIn } from "../support/browser.ts";
import { jpegWithDensity, photo } from "../support/images.ts";

/** Submits the wizard's form with the keyboard: focus "next" and press Enter. */
async function next(page: Page) {
  await page.focus('#contest-host-form button[value="next"]');
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
}

const seoulDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);

appTest(
  "contests: host and pay (ko, no JavaScript, keyboard), enter (en), pick the winner, statement less 4.4 %",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // ----- Korean, without JavaScript: the company hosts and pays -----
      const host = await (await browser.newContext({ javaScriptEnabled: false, locale: "ko-KR" })).newPage();
      await signIn(host, server.origin, "company", "/contest/host");
      assert.equal(await host.locator('[aria-current="step"]').count(), 1);
      await host.focus('input[name="field"][value="brand"]');
      await host.keyboard.press("Space");
      await host.selectOption('select[name="sub_field"]', "logo");
      await host.fill('textarea[name="detail_items"]', "로고 1종");
      await next(host);
      await host.fill('input[name="title"]', "브라우저 로고 공모");
      await host.fill('input[name="title_en"]', "Browser logo contest");
      await host.fill('input[name="company"]', "(주)한빛제작소");
      await host.fill('input[name="contact_email"]', "host@example.com");
      await host.fill('textarea[name="summary"]', "새 로고를 찾습니다.");
      await host.fill('textarea[name="summary_en"]', "We are looking for a new logo.");
      await host.fill('textarea[name="request"]', "단순하게");
      await host.fill('textarea[name="reference_urls"]', "http://10.0.0.1/");
      await host.focus("#field-languages");
      await host.keyboard.press("Space");
      await next(host);
      // The private address is refused, with the message next to the field.
      assert.match(await host.locator(".field-error").first().innerText(), /내부망/);
      await host.fill('textarea[name="reference_urls"]', "https://example.com/");
      await host.check("#field-languages-1");
      await next(host);
      await host.fill('input[name="open_at"]', seoulDay(0));
      await host.fill('input[name="close_at"]', seoulDay(20));
      await host.fill('input[name="result_at"]', seoulDay(30));
      await host.fill('input[name="prize1"]', "1000000");
      await host.fill('input[name="prize2"]', "500000");
      await next(host);
      assert.match(await host.locator("main").innerText(), /₩1,500,000/);
      await next(host);
      assert.match(await host.locator("body").innerText(), /공모전을 신청했습니다/);
      await host.focus("text=상금 ₩1,500,000 카드 결제");
      await Promise.all([host.waitForNavigation(), host.keyboard.press("Enter")]);
      await host.focus('button:has-text("결제 승인")');
      await Promise.all([host.waitForNavigation(), host.keyboard.press("Enter")]);
      assert.match(await host.locator("body").innerText(), /결제가 완료/);
      const [contest] = await db.select().from(contests).where(eq(contests.titleEn, "Browser logo contest"));
      assert.equal(contest.approval, "pending");

      // ----- The administrator approves it on its management screen -----
      const admin = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await signIn(admin, server.origin, "admin", `/management/contest/${contest.id}`);
      await Promise.all([admin.waitForNavigation(), admin.click('button:has-text("승인")')]);
      assert.match(await admin.locator("body").innerText(), /공모전을 승인했습니다/);

      // ----- English: a designer enters -----
      const designer = await (await browser.newContext({ locale: "en-US" })).newPage();
      await signIn(designer, server.origin, "member", `/en/contest/${contest.id}`);
      assert.match(await designer.locator("main").innerText(), /Browser logo contest/);
      await Promise.all([
        designer.waitForNavigation(),
        designer.getByRole("link", { name: "Enter", exact: true }).click(),
      ]);
      await designer.fill('input[name="title"]', "Round mark");
      await designer.locator("#field-image_ids").setInputFiles({
        name: "mark.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(await jpegWithDensity(1200, 900, 300)),
      });
      await designer.locator("#field-thumbnail_id").setInputFiles({
        name: "thumb.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(await photo(640, 640)),
      });
      await Promise.all([designer.waitForNavigation(), designer.click('button[value="next"]')]);
      assert.match(await designer.locator("body").innerText(), /Your entry has been received/);

      // ----- Entries close: the host picks the winner (keyboard, no JavaScript) -----
      await db.update(contests).set({ closeAt: new Date(Date.now() - 60_000) }).where(eq(contests.id, contest.id));
      await host.goto(`${server.origin}/contest/${contest.id}/judge`);
      const rank = host.locator("select[name=rank]").first();
      await rank.focus();
      await rank.selectOption("grand");
      await host.locator("select[name=place]").first().selectOption("1");
      await host.focus('button:has-text("수상 지정")');
      await Promise.all([host.waitForNavigation(), host.keyboard.press("Enter")]);
      assert.match(await host.locator("body").innerText(), /수상을 지정했습니다/);

      // ----- After the result date: published and settled; the statement shows the payout less 4.4 % -----
      await db.update(contests).set({ resultAt: new Date(Date.now() - 1000) }).where(eq(contests.id, contest.id));
      await admin.goto(`${server.origin}/management/contest/${contest.id}`);
      await Promise.all([admin.waitForNavigation(), admin.click('button:has-text("결과 발표")')]);
      await Promise.all([admin.waitForNavigation(), admin.click('button:has-text("정산 확정")')]);
      assert.match(await admin.locator("body").innerText(), /정산을 확정했습니다/);
      await host.goto(`${server.origin}/contest/${contest.id}/judge`);
      const statement = await host.locator("#contest-admin-statement ~ *").allInnerTexts();
      const text = statement.join("\n") + await host.locator("main").innerText();
      assert.match(text, /₩44,000/);
      assert.match(text, /₩956,000/);
      await designer.goto(`${server.origin}/en/mypage/contests?type=entry`);
      assert.match(await designer.locator("main").innerText(), /Grand prize/);
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);

appTest(
  "contests: the hosting wizard's island in English checks each step in the browser and keeps the draft",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const errors: string[] = [];
      const page = await (await browser.newContext({ locale: "en-US" })).newPage();
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await signIn(page, server.origin, "company", "/en/contest/host");
      await page.waitForSelector("island-root[data-island=ContestHostWizard]");
      // Nothing chosen: the browser names the field, nothing is sent.
      await page.click('#contest-host-form button[value="next"]');
      assert.match(await page.locator(".field-error").first().innerText(), /Choose a design field/);
      await page.check('input[name="field"][value="web"]');
      await page.click('#contest-host-form button[value="next"]');
      await page.waitForSelector('input[name="title"]');
      assert.match(await page.locator(".wizard-saved").innerText(), /draft has been saved/);
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), "H2", "focus on the new step");
      await page.fill('input[name="title"]', "Island contest");
      await page.fill('input[name="company"]', "Hanbit Works");
      await page.fill('input[name="contact_email"]', "host@example.com");
      await page.fill('textarea[name="summary"]', "Summary");
      await page.fill('textarea[name="request"]', "Request");
      await page.click('#contest-host-form button[value="next"]');
      assert.match(await page.locator(".field-error").first().innerText(), /at least one exposure language/);
      await page.check("#field-languages-1");
      await page.click('#contest-host-form button[value="next"]');
      await page.waitForSelector('input[name="open_at"]');
      // A reload keeps what was sent: the draft is on the server.
      await page.reload();
      await page.waitForSelector('input[name="open_at"]');
      await page.fill('input[name="open_at"]', seoulDay(1));
      await page.fill('input[name="close_at"]', seoulDay(10));
      await page.fill('input[name="result_at"]', seoulDay(20));
      await page.fill('input[name="prize1"]', "900000");
      await page.click('#contest-host-form button[value="next"]');
      assert.match(await page.locator(".field-error").first().innerText(), /prize total is below the minimum/);
      await page.fill('input[name="prize1"]', "1200000");
      await page.click('#contest-host-form button[value="next"]');
      await page.waitForSelector("text=Apply and pay");
      assert.match(await page.locator("main").innerText(), /Island contest/);
      await Promise.all([page.waitForURL(/done=/), page.click("text=Apply and pay")]);
      assert.match(await page.locator("body").innerText(), /Your contest has been submitted/);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);

appTest(
  "contests: load more appends the next page (JavaScript) or shows pages 1–2 (without), by keyboard",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const [template] = await db.select().from(contests).where(
      eq(contests.titleEn, "Hanbit Works brand logo design contest"),
    );
    const { id: _id, ...rest } = template;
    for (let i = 0; i < 12; i++) {
      await db.insert(contests).values({ ...rest, title: `추가 공모 ${i}`, titleEn: `Extra contest ${i}` });
    }
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      for (const javaScriptEnabled of [true, false]) {
        const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
        await page.goto(`${server.origin}/en/contest`);
        const cards = page.locator("#contest-all-list > li");
        assert.equal(await cards.count(), 8);
        if (javaScriptEnabled) {
          // The next page cannot be fetched: the cards stay, a quiet "try again" replaces the button.
          await page.route(/page=2/, (route) => route.abort());
          await page.focus("a[data-load-more]");
          await page.keyboard.press("Enter");
          await page.waitForSelector(".list-unavailable");
          assert.match(await page.locator(".list-unavailable").innerText(), /could not be loaded|Try again/i);
          assert.equal(await cards.count(), 8);
          assert.doesNotMatch(page.url(), /page=2/);
          await page.unroute(/page=2/);
          await page.focus(".list-unavailable button");
          await Promise.all([page.waitForURL(/page=2/), page.keyboard.press("Enter")]);
        } else {
          await page.focus("a[data-load-more]");
          await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
        }
        await page.waitForFunction(() => document.querySelectorAll("#contest-all-list > li").length === 16);
        assert.match(page.url(), /page=2/);
        if (javaScriptEnabled) {
          assert.equal(
            await page.evaluate(() =>
              document.activeElement === document.querySelectorAll("#contest-all-list > li a")[8]
            ),
            true,
            "focus on the first new card",
          );
        }
        await page.context().close();
      }
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
