// Boards in a real browser without JavaScript, by keyboard, in Korean and English (issue 13 "Browser"): a
// visitor writes a secret post with a photo on the open forum, opens it with the password and comments;
// a member writes in English with an attachment; the administrator hides the visitor's post from
// /management/post and shows it again. The write and read pages pass axe at 1280 and 390 px.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolationsAt } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { photo } from "../support/images.ts";

/** Focus a control and type into it, as a keyboard user would after tabbing there. */
async function type(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.keyboard.type(text);
}

async function press(page: Page, selector: string, key = "Enter") {
  await page.focus(selector);
  await Promise.all([page.waitForNavigation(), page.keyboard.press(key)]);
}

async function signIn(page: Page, origin: string, username: string, target: string) {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
  await type(page, 'input[name="username"]', username);
  await type(page, 'input[name="password"]', DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith(target.split("?")[0])),
    page.keyboard.press("Enter"),
  ]);
}

appTest(
  "boards without JavaScript, by keyboard: secret post with a photo, password, comment; English; blind",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      // ----- Korean: a visitor's secret post with a photo -----
      const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
      visitor.setDefaultTimeout(20_000);
      const ko = await visitor.newPage();
      await ko.goto(`${server.origin}/board/free`);
      await press(ko, 'a[href="/board/write?bbs=free"]');
      assert.ok(ko.url().endsWith("/board/write?bbs=free"));
      await expectNoAxeViolationsAt(browser, ko, "/board/write?bbs=free");
      await type(ko, "#field-name", "방문객");
      await type(ko, "#field-password", "secret-123");
      await type(ko, "#field-title", "키보드로 쓴 비밀글");
      await type(ko, "#field-content", "첫 문단입니다.\n\n둘째 문단입니다.");
      await ko.focus("#field-secret");
      await ko.keyboard.press("Space");
      assert.equal(await ko.isChecked("#field-secret"), true);
      await ko.locator("#field-photos").setInputFiles({
        name: "photo.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(await photo(640, 480)),
      });
      await press(ko, 'form.post-form button[type="submit"]');
      // Written: the post is secret, so even its anonymous writer is asked for the password.
      assert.match(ko.url(), /\/board\/free\/\d+$/);
      const postPath = new URL(ko.url()).pathname;
      assert.ok(await ko.isVisible("#post-password"));
      await type(ko, "#post-password", "wrong-pass");
      await press(ko, "#post-password");
      assert.match(await ko.locator("#post-password-error").innerText(), /비밀번호가 맞지 않습니다/);
      await type(ko, "#post-password", "secret-123");
      await press(ko, "#post-password");
      assert.equal(await ko.locator("#post-title").innerText(), "비밀글키보드로 쓴 비밀글");
      assert.match(await ko.locator(".post-body").innerText(), /둘째 문단입니다/);
      assert.equal(await ko.locator(".post-photos img").count(), 1);
      await type(ko, "#comment-new-name", "방문객");
      await type(ko, "#comment-new-password", "comment-123");
      await type(ko, "#comment-new-content", "키보드로 남긴 댓글");
      await press(ko, '.comment-form button[type="submit"]');
      assert.match(await ko.locator("#comments").innerText(), /키보드로 남긴 댓글/);
      await expectNoAxeViolationsAt(browser, ko, postPath);

      // ----- English: a member's post with an attachment -----
      const memberContext = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      });
      memberContext.setDefaultTimeout(20_000);
      const en = await memberContext.newPage();
      await signIn(en, server.origin, "member", "/en/board/write?bbs=free");
      await expectNoAxeViolationsAt(browser, en, "/en/board/write?bbs=free");
      await type(en, "#field-title", "Written by keyboard");
      await type(en, "#field-content", "Hello from the English site.");
      await en.locator("#field-attachments").setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("meeting notes\n"),
      });
      await press(en, 'form.post-form button[type="submit"]');
      assert.match(en.url(), /\/en\/board\/free\/\d+$/);
      assert.match(await en.locator(".post-files").innerText(), /Download notes\.txt/);
      await type(en, "#comment-new-content", "A comment in English");
      await press(en, '.comment-form button[type="submit"]');
      assert.match(await en.locator("#comments").innerText(), /A comment in English/);
      await expectNoAxeViolationsAt(browser, en, "English post");

      // ----- The administrator hides the visitor's post, then shows it again -----
      const adminContext = await browser.newContext({ javaScriptEnabled: false });
      adminContext.setDefaultTimeout(20_000);
      const admin = await adminContext.newPage();
      const id = postPath.split("/").pop()!;
      const moderate = async (action: string) => {
        await admin.goto(`${server.origin}/management/post?bbs=&status=`);
        await admin.focus(`input[name="ids[]"][value="${id}"]`);
        await admin.keyboard.press("Space");
        await admin.focus("#moderate-action");
        await admin.selectOption("#moderate-action", action);
        await press(admin, ".manage-content form[method=post] button[type=submit]");
      };
      await signIn(admin, server.origin, "admin", "/management/post");
      await moderate("blind");
      const hidden = await t.request(postPath);
      assert.equal(hidden.status, 403);
      assert.match(await hidden.text(), /관리자가 숨긴 게시글입니다/);
      await moderate("unblind");
      const shown = await t.request(postPath);
      assert.equal(shown.status, 200, "shown again (the password prompt of a secret post)");
      await shown.body?.cancel();
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
