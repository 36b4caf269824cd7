// The upload check in a real browser: an administrator picks an SVG in /management/asset and is told
// at once (before anything is sent), picks a good image instead, uploads it and sees its thumbnail.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { photo, SVG_AS_IMAGE } from "../support/images.ts";

appTest("assets: a bad file is named at once in the browser; a good one is uploaded and shown", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    let uploads = 0;
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/management/asset") && uploads++);

    await page.goto(`${server.origin}/login?redirect=/management/asset`);
    await page.fill('input[name="username"]', "admin");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('form.auth-form button[type="submit"]');
    await page.waitForURL(`${server.origin}/management/asset`);

    const input = page.locator("#asset-file");
    await input.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG_AS_IMAGE) });
    const message = page.locator(".asset-upload .field-error[role=alert]");
    await message.waitFor();
    assert.match(await message.innerText(), /허용되지 않는 파일 형식입니다/);
    await page.click('.asset-upload button[type="submit"]');
    assert.equal(uploads, 0, "the browser does not send a file it already knows is refused");

    await input.setInputFiles({
      name: "포스터.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await photo(900, 600)),
    });
    await message.waitFor({ state: "detached" });
    await page.click('.asset-upload button[type="submit"]');
    await page.waitForLoadState();
    assert.match(await page.locator(".flash .alert").innerText(), /자료를 올렸습니다/);
    const thumb = page.locator("img.asset-thumb").first();
    await thumb.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("img.asset-thumb");
      return img?.complete && img.naturalWidth > 0;
    });
    assert.match(await page.locator("tbody").innerText(), /포스터\.jpg/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
