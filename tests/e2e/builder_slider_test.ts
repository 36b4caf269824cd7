// The builder's slider on a published page (issue 23 §6): without script a scroll-snap strip with numbered
// links; with its small script it advances every interval (5,000 ms by default, SPEC §9), pauses with its
// button, moves by the arrow keys, and never moves for a visitor who prefers reduced motion. And the
// builder warns before leaving with unsaved changes.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { pages } from "../../db/schema/site.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { signIn } from "../support/session.ts";

const slideAt = (page: Page) =>
  page.evaluate(() => {
    const track = document.querySelector(".pb-slider-track") as HTMLElement;
    return Math.round(track.scrollLeft / track.clientWidth);
  });

async function waitForSlide(page: Page, want: number, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await slideAt(page) === want) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

appTest(
  "slider: advances every 5 s, pauses, moves by keys, stays still for reduced motion; builder warns on leaving",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // Without script: the numbered links and no script element run.
      const noJs = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await noJs.goto(`${server.origin}/showcase`);
      assert.equal(await noJs.locator(".pb-slider-dots a").count(), 3);
      assert.equal(await noJs.locator(".pb-slider-controls").count(), 0);

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.origin}/showcase`);
      await page.waitForSelector(".pb-slider-controls button");
      assert.equal(await slideAt(page), 0);
      const started = Date.now();
      assert.ok(await waitForSlide(page, 1, 7000), "the second slide comes after the interval");
      assert.ok(Date.now() - started >= 4000, "not before the 5,000 ms interval");
      // Pause: nothing moves any more.
      await page.click(".pb-slider-controls button");
      assert.equal(await page.getAttribute(".pb-slider-controls button", "aria-pressed"), "true");
      await page.mouse.move(0, 0);
      await page.locator("h1").first().focus();
      const paused = await slideAt(page);
      await page.waitForTimeout(6000);
      assert.equal(await slideAt(page), paused, "paused");
      // Keyboard: the strip takes the arrow keys.
      await page.focus(".pb-slider-track");
      await page.keyboard.press("ArrowRight");
      assert.ok(await waitForSlide(page, (paused + 1) % 3, 2000), "ArrowRight shows the next slide");

      // Reduced motion: the slider stays on its first slide and offers to play.
      const still = await browser.newContext({ reducedMotion: "reduce" });
      const calm = await still.newPage();
      await calm.goto(`${server.origin}/showcase`);
      await calm.waitForSelector(".pb-slider-controls button");
      assert.equal(await calm.getAttribute(".pb-slider-controls button", "aria-pressed"), "true");
      await calm.waitForTimeout(6000);
      assert.equal(await slideAt(calm), 0, "still under prefers-reduced-motion");

      // The builder warns before leaving with unsaved changes.
      const [row] = await t.app.database.db.select({ id: pages.id }).from(pages).where(eq(pages.path, "/showcase"));
      const admin = (await signIn(t, "admin")).split("=");
      const editing = await browser.newContext();
      await editing.addCookies([{ name: admin[0], value: admin.slice(1).join("="), url: server.origin }]);
      const builder = await editing.newPage();
      await builder.goto(`${server.origin}/builder?page=${row.id}`);
      await builder.waitForSelector('.pbb[data-ready="true"]');
      await builder.click('.pbb-palette-item:text-is("구분선")');
      const dialog = new Promise<string>((resolve) =>
        builder.once("dialog", (d) => {
          resolve(d.type());
          d.dismiss();
        })
      );
      await builder.close({ runBeforeUnload: true });
      assert.equal(await dialog, "beforeunload");
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
