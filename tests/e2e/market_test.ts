// Issue 18 in a real browser, without JavaScript and by keyboard: in Korean a member registers intellectual
// property through the 3 steps (the pictures and the PDF through the plain multipart form) and an
// administrator approves it; in English a buyer sends a purchase request; in Korean the seller takes it
// forward and marks the purchase finished, and the buyer then finds the IP file on my page. With JavaScript
// the wizard's island checks a step in the browser and swaps the next step in place, whose FileInput island
// starts too (a CMYK picture named before sending). axe at 1280 and 390 px on the pages each step reaches.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolationsAt } from "../support/axe.ts";
import { launchBrowser, pressEnterOn as press, serve, signInAt as signIn } from "../support/browser.ts";
import { cmykJpeg, PDF, photo } from "../support/images.ts";

appTest(
  "market: register (ko, no JavaScript, keyboard), approve, request (en), take forward and finish (ko), the IP file",
  async () => {
    const t = await openTestApp();
    const db = t.app.database.db;
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const picture = Buffer.from(await photo(800, 600));
      // ----- Korean, without JavaScript: member registers a design right -----
      const seller = await (await browser.newContext({ javaScriptEnabled: false, locale: "ko-KR" })).newPage();
      await signIn(seller, server.origin, "member", "/market/register");
      assert.equal(await seller.locator('[aria-current="step"]').count(), 1);
      await seller.focus('input[name="type"][value="intellect"]');
      await seller.keyboard.press("Space");
      await press(seller, '#market-register-form button[value="next"]');
      assert.match(await seller.locator("h2").first().innerText(), /상품 정보/);
      await seller.selectOption('select[name="category"]', "design_right");
      await seller.fill('input[name="title"]', "브라우저 의자 디자인권");
      await seller.fill('input[name="title_en"]', "Browser chair design right");
      await seller.fill('input[name="summary"]', "브라우저로 등록한 디자인권입니다.");
      await seller.fill('input[name="summary_en"]', "A design right registered in a browser.");
      await seller.fill('input[name="price"]', "2,500,000");
      await seller.fill('input[name="rights_number"]', "10-2024-0001234");
      await seller.fill('input[name="application_date"]', "2024-03-02");
      await seller.locator("#field-thumbnail_id").setInputFiles({
        name: "chair.jpg",
        mimeType: "image/jpeg",
        buffer: picture,
      });
      await seller.locator("#field-ip_file_id").setInputFiles({
        name: "right.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(PDF),
      });
      await press(seller, '#market-register-form button[value="next"]');
      // A patent's number for a design right is refused next to its field; the files already sent are kept.
      assert.match(await seller.locator(".field-error").first().innerText(), /권리 종류에 맞는/);
      assert.equal(await seller.locator('input[type="hidden"][name="thumbnail_id"]').count(), 1);
      await expectNoAxeViolationsAt(browser, seller, "registration, step 2 with an error");
      await seller.fill('input[name="rights_number"]', "30-2024-0001234");
      await press(seller, '#market-register-form button[value="next"]');
      assert.match(await seller.locator("main").innerText(), /₩2,500,000/);
      await expectNoAxeViolationsAt(browser, seller, "registration, step 3");
      await press(seller, '#market-register-form button[value="next"]');
      assert.match(await seller.locator("main").innerText(), /상품을 등록했습니다/);
      await expectNoAxeViolationsAt(browser, seller, "registration done");
      const [product] = await db.select().from(marketProducts)
        .where(eq(marketProducts.titleEn, "Browser chair design right"));
      assert.deepEqual([product.status, product.price, product.rightsNumber], [
        "waiting",
        2_500_000,
        "30-2024-0001234",
      ]);

      // ----- The administrator approves it on its management screen (keyboard, no JavaScript) -----
      const admin = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await signIn(admin, server.origin, "admin", `/management/market/intellect/${product.id}`);
      await press(admin, 'button[value="approve"]');
      assert.match(await admin.locator("body").innerText(), /승인했습니다/);

      // ----- English, without JavaScript: tester sends a purchase request by keyboard -----
      const buyer = await (await browser.newContext({ javaScriptEnabled: false, locale: "en-US" })).newPage();
      await signIn(buyer, server.origin, "tester", `/en/market/intellect/${product.id}`);
      assert.match(await buyer.locator("main").innerText(), /Browser chair design right/);
      assert.match(await buyer.locator("main").innerText(), /once the seller accepts/);
      await buyer.focus('textarea[name="message"]');
      await buyer.keyboard.type("I would like to license this design.");
      await buyer.keyboard.press("Tab");
      await buyer.keyboard.type("tester@example.test");
      await press(buyer, 'button:has-text("Send purchase request")');
      assert.match(await buyer.locator("body").innerText(), /Your purchase request was sent/);
      await expectNoAxeViolationsAt(browser, buyer, "product page after the request (en)");

      // ----- Korean: the seller takes it forward, then marks the purchase finished -----
      await seller.goto(`${server.origin}/mypage/market`);
      const mine = 'section:has(h2:has-text("브라우저 의자 디자인권"))';
      await press(seller, `${mine} button[value="forward"]`);
      assert.match(await seller.locator("body").innerText(), /다른 요청은 모두 취소/);
      await expectNoAxeViolationsAt(browser, seller, "my page market after taking forward");
      const [request] = await db.select().from(marketRequests).where(eq(marketRequests.productId, product.id));
      assert.equal(request.status, "on_going");

      // The buyer now finds the IP file on my page.
      await buyer.goto(`${server.origin}/en/mypage/market?type=request`);
      const link = buyer.locator("tr", { hasText: "Browser chair design right" }).getByRole("link", {
        name: "Download",
      });
      assert.equal(await link.count(), 1);
      const download = await buyer.request.get(`${server.origin}${await link.getAttribute("href")}`);
      assert.equal(download.status(), 200);
      assert.equal(download.headers()["content-type"], "application/pdf");

      await press(seller, `${mine} button[value="finish"]`);
      assert.match(await seller.locator("body").innerText(), /거래를 완료했습니다/);
      const [sold] = await db.select().from(marketProducts).where(eq(marketProducts.id, product.id));
      assert.equal(sold.status, "finished");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);

appTest(
  "market: with JavaScript the wizard checks a step in the browser and swaps the next one in place (en)",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ locale: "en-US" })).newPage();
      await signIn(page, server.origin, "company", "/en/market/register");
      await page.waitForSelector('[data-island="MarketWizard"]', { state: "attached" });
      // Nothing chosen: the browser names the field without a request.
      let posts = 0;
      page.on("request", (r) => r.method() === "POST" && posts++);
      await page.click('#market-register-form button[value="next"]');
      await page.waitForSelector(".field-error[data-client]");
      assert.equal(posts, 0);
      await page.check('input[name="type"][value="design"]');
      await page.click('#market-register-form button[value="next"]');
      await page.waitForSelector('select[name="category"]');
      assert.equal(new URL(page.url()).pathname, "/en/market/register", "swapped in place");
      assert.match(await page.locator(".wizard-saved").innerText(), /saved as a draft/);
      // Step 2 without a title or a main image: named in the browser.
      const before = posts;
      await page.click('#market-register-form button[value="next"]');
      await page.waitForSelector(".field-error[data-client]");
      assert.equal(posts, before);
      // The swapped-in step's FileInput island is hydrated: a CMYK picture is named at once, before sending.
      await page.waitForSelector('island-root[data-island="FileInput"]', { state: "attached" });
      await page.locator("#field-thumbnail_id").setInputFiles({
        name: "cmyk.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(await cmykJpeg()),
      });
      const check = page.locator('#field-thumbnail_id-check[role="alert"]');
      await check.waitFor({ timeout: 5_000 });
      assert.match(await check.innerText(), /Only RGB images are accepted/);
      assert.equal(await page.locator("#field-thumbnail_id").getAttribute("aria-invalid"), "true");
      assert.equal(posts, before, "checked in the browser, nothing sent");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
