// The rich-text editor island with JavaScript (issue 13 §3): a member on /board/write for the open forum
// types Korean (also through an input method's composition), makes a heading, bold text and a bulleted
// list with the toolbar's buttons operated by keyboard, inserts a link, puts a photo in through the
// editor's upload, and sends; the post shows the formatting and the photo loads. The write page with the
// editor and the post pass axe at 1280 and 390 px.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { photo } from "../support/images.ts";
import { signIn } from "../support/session.ts";

/** A toolbar button, focused and pressed from the keyboard (Enter or Space), as a keyboard user does. */
async function press(page: Page, label: string, key: "Enter" | "Space" = "Enter") {
  const button = page.locator(`.editor-toolbar button[title="${label}"]`);
  await button.focus();
  assert.equal(await button.evaluate((b) => b === document.activeElement), true, `${label} takes the focus`);
  await page.keyboard.press(key);
}

async function axeAt(page: Page, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${label} (${width})`);
  }
}

appTest("the editor by keyboard: Korean text, heading, bold, list, link and a photo, shown on the post", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    const [name, value] = (await signIn(t, "member")).split("=");
    await context.addCookies([{ name, value, url: server.origin }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto(`${server.origin}/board/write?bbs=free`);
    // Hydrated: the toolbar and the editable area replace the plain textarea.
    const area = page.locator("#field-content-area");
    await area.waitFor();
    assert.equal(await page.locator("textarea#field-content").count(), 0);
    await axeAt(page, "/board/write?bbs=free with the editor");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.focus("#field-title");
    await page.keyboard.type("편집기로 쓴 글");

    // A heading: the line typed, then the heading button.
    await area.focus();
    await page.keyboard.type("센터 소식");
    await press(page, "제목");
    assert.equal(await area.locator("h2").innerText(), "센터 소식");

    // Bold: a new line typed, selected by keyboard, then the bold button (Space this time).
    await area.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("굵은 글씨로 강조합니다");
    await page.keyboard.press("Shift+Home");
    await press(page, "굵게", "Space");
    assert.equal(await area.locator("b, strong").first().innerText(), "굵은 글씨로 강조합니다");

    // A bulleted list of two items, left by Enter on an empty item.
    await area.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await press(page, "글머리 기호 목록");
    await page.keyboard.type("첫째 항목");
    await page.keyboard.press("Enter");
    await page.keyboard.type("둘째 항목");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    assert.equal(await area.locator("ul li").count(), 2);

    // Korean through an input method: composed jamo by jamo, then committed; the area is not re-rendered
    // under the composition, so the syllables land as typed.
    const cdp = await context.newCDPSession(page);
    for (const text of ["ㅎ", "하", "한"]) {
      await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
    }
    await cdp.send("Input.insertText", { text: "한" });
    for (const text of ["ㄱ", "그", "글"]) {
      await cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
    }
    await cdp.send("Input.insertText", { text: "글" });
    assert.match(await area.innerText(), /한글$/m, "the composed syllables are in the text");

    // A link on the next line's text, its address given in the prompt.
    await page.keyboard.press("Enter");
    await page.keyboard.type("센터 누리집");
    await page.keyboard.press("Shift+Home");
    page.once("dialog", (dialog) => dialog.accept("https://example.com/center"));
    await press(page, "링크");
    assert.equal(await area.locator('a[href="https://example.com/center"]').innerText(), "센터 누리집");

    // A photo through the editor: uploaded (POST /api/file) and put in at the caret.
    await area.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.locator("#field-content-image").setInputFiles({
      name: "현장.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await photo(640, 480)),
    });
    await area.locator('img[src^="/api/file/image/"]').waitFor();
    assert.equal(await page.locator('input[name="photo_ids[]"]').count(), 1);
    await axeAt(page, "/board/write?bbs=free with formatted content");
    await page.setViewportSize({ width: 1280, height: 900 });

    const submit = page.locator('form.post-form button[type="submit"]');
    await submit.focus();
    await Promise.all([page.waitForURL(/\/board\/free\/\d+$/), page.keyboard.press("Enter")]);

    // The post shows what was formatted, sanitised and stored.
    const body = page.locator(".post-body");
    assert.equal(await body.locator("h2").innerText(), "센터 소식");
    assert.equal(await body.locator("strong").first().innerText(), "굵은 글씨로 강조합니다");
    assert.deepEqual(await body.locator("ul li").allInnerTexts(), ["첫째 항목", "둘째 항목"]);
    assert.match(await body.innerText(), /한글/);
    const link = body.locator("a", { hasText: "센터 누리집" });
    assert.equal(await link.getAttribute("href"), "https://example.com/center");
    const image = body.locator("img");
    assert.equal(await image.count(), 1);
    await page.waitForFunction(() => {
      const img = document.querySelector(".post-body img") as HTMLImageElement | null;
      return img !== null && img.complete;
    });
    const width = await image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    assert.ok(width > 0, `the photo loads (naturalWidth ${width})`);
    await axeAt(page, new URL(page.url()).pathname);
    assert.deepEqual(errors, [], "no script errors on the pages");
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
