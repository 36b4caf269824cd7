// Issue 23 §3, §5, §7 in a real browser: forms that edit data warn before the page is left with unsaved
// changes (a plain form without islands gets the boot for it; sending the form does not warn; the wizard
// shell's steps and the board's post form too); the
// navigation bar shows only when a page takes longer than 200 ms; on pages that run the boot, lazy images
// start loading 500 px before they reach the viewport; a public content page still sends no script.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

async function signIn(page: Page, origin: string, target: string) {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', "member");
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForURL((url) => url.pathname === target);
}

appTest(
  "page behaviours: unsaved-changes warning, a navigation bar after 200 ms, lazy images 500 px ahead",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(15_000);

      // A content page has no script at all.
      await page.goto(`${server.origin}/about/greeting`);
      assert.equal(await page.locator("script[src]").count(), 0, "public content pages send no script");

      // The profile form has no island, but warns: the boot is there for it.
      await signIn(page, server.origin, "/profile");
      assert.equal(await page.locator('form[data-warn-unsaved] input[name="name_en"]').count(), 1);
      await page.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null);
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.type());
        void dialog.dismiss();
      });
      // Leaving untouched: no question.
      await page.click("header a[href='/']");
      await page.waitForURL((url) => url.pathname === "/");
      assert.deepEqual(dialogs, []);

      await page.goto(`${server.origin}/profile`);
      await page.click('input[name="name_en"]');
      await page.keyboard.type(" Jr");
      await page.click("header a[href='/']");
      await page.waitForTimeout(300);
      assert.deepEqual(dialogs, ["beforeunload"], "leaving with typed changes asks first");
      assert.equal(new URL(page.url()).pathname, "/profile", "dismissing the question stays on the page");

      // Sending the form is not leaving it unsaved.
      await page.click('form[data-warn-unsaved] button[type="submit"]');
      await page.waitForLoadState("load");
      assert.deepEqual(dialogs, ["beforeunload"], "sending the form does not ask");

      // The wizard shell's forms warn too (market registration, enhanced by its island, on a page of its own):
      // a step swapped in with typed changes asks, also after the browser's own check refused to send it.
      const wizard = await page.context().newPage();
      wizard.setDefaultTimeout(15_000);
      const wizardAsked: string[] = [];
      wizard.on("dialog", (dialog) => {
        wizardAsked.push(dialog.type());
        void dialog.dismiss();
      });
      await wizard.goto(`${server.origin}/market/register`);
      await wizard.waitForSelector('[data-island="MarketWizard"]', { state: "attached" });
      await wizard.waitForFunction(() => document.querySelector("#market-register-form")?.hasAttribute("novalidate"));
      assert.equal(await wizard.locator("#market-register-form[data-warn-unsaved]").count(), 1);
      await wizard.check('input[name="type"][value="design"]');
      // A step that takes long to send shows the shell's loading indicator, and it goes once the step is in.
      const slow = async (route: import("playwright-core").Route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1_200));
        await route.continue();
      };
      await wizard.route("**/market/register", slow);
      await wizard.click('#market-register-form button[value="next"]');
      await wizard.locator(".wizard-busy.is-shown", { hasText: "처리하는 중" }).waitFor();
      await wizard.waitForSelector('#market-register-form input[name="title"]');
      await wizard.locator(".wizard-busy.is-shown").waitFor({ state: "detached" });
      await wizard.unroute("**/market/register", slow);
      await wizard.fill('#market-register-form input[name="title"]', "저장 안 한 제목");
      await wizard.click('#market-register-form button[value="next"]');
      await wizard.waitForSelector(".field-error[data-client]");
      assert.deepEqual(wizardAsked, [], "nothing asked while staying");
      await wizard.click("header a[href='/']");
      await wizard.waitForTimeout(300);
      assert.deepEqual(wizardAsked, ["beforeunload"], "a step refused in the browser is still unsaved");
      assert.equal(new URL(wizard.url()).pathname, "/market/register");
      await wizard.close({ runBeforeUnload: false });

      // Writing a post (the same form edits one): untouched it lets go, typed in it asks.
      const writer = await page.context().newPage();
      writer.setDefaultTimeout(15_000);
      const asked: string[] = [];
      writer.on("dialog", (dialog) => {
        asked.push(dialog.type());
        void dialog.dismiss();
      });
      await writer.goto(`${server.origin}/board/write?bbs=free`);
      assert.equal(await writer.locator("form.post-form[data-warn-unsaved]").count(), 1);
      await writer.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null);
      await writer.click("header a[href='/']");
      await writer.waitForURL((url) => url.pathname === "/");
      assert.deepEqual(asked, [], "an untouched post form lets go");
      await writer.goto(`${server.origin}/board/write?bbs=free`);
      await writer.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null);
      await writer.fill("#field-title", "쓰다 만 글");
      await writer.click("header a[href='/']");
      await writer.waitForTimeout(300);
      assert.deepEqual(asked, ["beforeunload"], "a post being written asks");
      assert.equal(new URL(writer.url()).pathname, "/board/write");
      await writer.close({ runBeforeUnload: false });

      // The navigation bar: nothing for the first 200 ms of a slow page, then the bar.
      await page.goto(`${server.origin}/profile`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => release = resolve);
      await page.route("**/mypage", async (route) => {
        await held;
        await route.continue();
      });
      // A plain same-site link in the page's content, which reports (on the console: the page is busy
      // navigating and answers no evaluation) when the bar appears after a click.
      const reports: string[] = [];
      page.on("console", (message) => reports.push(message.text()));
      await page.evaluate(() => {
        const link = Object.assign(document.createElement("a"), { id: "to-mypage", href: "/mypage" });
        link.textContent = "my page";
        document.querySelector("main")!.prepend(link);
        link.addEventListener("click", () => {
          const clickedAt = performance.now();
          new MutationObserver((_, observer) => {
            if (!document.querySelector(".nav-progress.is-active")) return;
            const busy = document.documentElement.getAttribute("aria-busy");
            console.log(`bar after ${Math.round(performance.now() - clickedAt)} busy ${busy}`);
            observer.disconnect();
          }).observe(document.body, { subtree: true, childList: true, attributes: true });
        });
      });
      await page.click("#to-mypage", { noWaitAfter: true });
      await page.waitForTimeout(600);
      const report = reports.find((r) => r.startsWith("bar after"));
      const [, after, busy] = report?.match(/^bar after (\d+) busy (\w+)$/) ?? [];
      assert.ok(Number(after) >= 195, `the bar showed ${after} ms after the click: ${report}`);
      assert.equal(busy, "true", "the page is marked busy for assistive technology");
      release();
      await page.waitForURL((url) => url.pathname === "/mypage");
      await page.unroute("**/mypage");

      // Lazy images on a page with the boot: eager once within 500 px of the viewport, not before.
      const fresh = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await fresh.goto(`${server.origin}/register`);
      await fresh.waitForSelector(".reg[data-enhanced]");
      await fresh.evaluate(() => {
        const spacer = document.createElement("div");
        spacer.style.height = "3000px";
        const img = document.createElement("img");
        img.id = "far-image";
        img.alt = "";
        img.width = 10;
        img.height = 10;
        img.loading = "lazy";
        img.src = "/favicon.svg";
        document.body.append(spacer, img);
      });
      const loadingOf = () => fresh.evaluate(() => (document.getElementById("far-image") as HTMLImageElement).loading);
      await fresh.waitForTimeout(200);
      assert.equal(await loadingOf(), "lazy", "far below the viewport it waits");
      const top = await fresh.evaluate(() => document.getElementById("far-image")!.getBoundingClientRect().top);
      // Read at the top of the page: scroll so the image is 400 px below the viewport's bottom edge.
      await fresh.evaluate((y) => scrollTo(0, y), top - 800 - 400);
      await fresh.waitForFunction(() => (document.getElementById("far-image") as HTMLImageElement).loading === "eager");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
