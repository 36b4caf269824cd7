// SPEC §2.4, §8 (issue 23 §1): when an island's chunk cannot be loaded (a deploy replaced it since the page
// was served), the page reloads once to get the new one, and no more than once a minute, so a chunk that
// stays missing cannot make the page loop.
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

appTest("a missing island chunk reloads the page once, and never in a loop", async () => {
  const t = await openTestApp();
  const server = await serve((req) => t.app.fetch(req));
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    let chunkAsks = 0;
    await page.route("**/_islands/RegisterWizard-*.js", (route) => {
      chunkAsks++;
      return route.fulfill({ status: 404, body: "gone" });
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(`${server.origin}/register`);
    // The first load, its one reload, then quiet: wait well past the time a loop would need.
    await page.waitForTimeout(3000);
    assert.equal(loads, 2, `${loads} page loads`);
    assert.ok(chunkAsks > 0, "the chunk was asked for (and refused)");
    // The page still works without its island: the plain form is there.
    assert.ok(await page.locator('form[method="post"]').count() > 0);

    // With the chunk back, the island hydrates without a reload.
    await page.unroute("**/_islands/RegisterWizard-*.js");
    await page.reload();
    await page.waitForSelector(".reg[data-enhanced]");
    assert.equal(loads, 3);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
