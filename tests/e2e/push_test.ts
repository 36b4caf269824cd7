// Issue 23 §10 in a real browser: the profile offers push notifications from a visible button only (no
// permission asked on load); a refusal is remembered and the button comes back no sooner than a day later.
import assert from "node:assert/strict";
import webpush from "web-push";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";

appTest("push: asked only from the button; a refusal keeps the button away for a day", async () => {
  const vapid = webpush.generateVAPIDKeys();
  const t = await openTestApp({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // Count permission prompts: the page's own requestPermission calls.
    await page.addInitScript(() => {
      const w = window as unknown as { asked: number };
      w.asked = 0;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        w.asked++;
        return original();
      };
    });
    await page.goto(`${server.origin}/login?redirect=/profile`);
    await page.fill('input[name="username"]', "member");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('form.auth-form button[type="submit"]');
    await page.waitForURL((url) => url.pathname === "/profile");

    const button = page.locator(".push-subscribe button");
    await button.waitFor();
    const asked = () => page.evaluate(() => (window as unknown as { asked: number }).asked);
    assert.equal(await asked(), 0, "nothing asked on load");
    await expectNoAxeViolations(page, "/profile with notifications");

    // Headless Chromium answers the prompt with a refusal.
    await button.focus();
    await page.keyboard.press("Enter");
    await page.locator(".push-status", { hasText: /하루|tomorrow/ }).waitFor();
    assert.equal(await asked(), 1);

    await page.reload();
    await page.locator(".push-status", { hasText: /하루|tomorrow/ }).waitFor();
    assert.equal(await button.count(), 0, "not offered again within a day");

    // A day and a little later the button is back. (The browser itself now holds the permission as denied,
    // which no page can ask again: the visitor changed it in the browser's settings meanwhile.)
    await context.grantPermissions(["notifications"], { origin: server.origin });
    await page.evaluate(() => localStorage.setItem("push:declined-at", String(Date.now() - 25 * 3600 * 1000)));
    await page.reload();
    await button.waitFor();
    assert.equal(await asked(), 0, "still nothing asked on load");
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
