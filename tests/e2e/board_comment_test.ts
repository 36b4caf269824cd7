// Anonymous comments in a real browser without JavaScript, by keyboard (SPEC §5, §7, §8): on the open
// forum a visitor comments with a name and a password, opens the comment's edit form from its summary,
// Tabs through it, is refused with a wrong password (shown at the comment, the text kept), edits with the
// right one, and deletes it with the password. axe runs on the post page (scripts on, as axe needs), with
// every comment form opened too.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations, expectNoAxeViolationsAt } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { randomAddress, signIn } from "../support/session.ts";

/** Focus a control and type into it, as a keyboard user would after tabbing there. */
async function type(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.keyboard.type(text);
}

async function press(page: Page, selector: string, key = "Enter") {
  await page.focus(selector);
  await Promise.all([page.waitForNavigation(), page.keyboard.press(key)]);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

appTest("anonymous comment without JavaScript, by keyboard: write with a password, edit, delete", async () => {
  const t = await openTestApp();
  // A member's post on the open forum, whose comment right names anonymous.
  const made = await t.request("/api/bbs/free", {
    method: "POST",
    headers: csrfHeaders({
      accept: "application/json",
      "content-type": "application/json",
      cookie: await signIn(t, "member"),
      "x-forwarded-for": randomAddress(),
    }),
    body: JSON.stringify({ title: "댓글을 기다리는 글", content: "의견을 남겨 주세요." }),
  });
  assert.equal(made.status, 201);
  const postPath = `/board/free/${(await made.json()).id}`;
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    visitor.setDefaultTimeout(20_000);
    const page = await visitor.newPage();
    await page.goto(`${server.origin}${postPath}`);

    // ----- Write: name, password, text -----
    await type(page, "#comment-new-name", "지나가던 손님");
    await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), "comment-new-password", "the password follows the name");
    await page.keyboard.type("guest-4321");
    await type(page, "#comment-new-content", "키보드로 남긴 익명 댓글");
    await press(page, '.comment-form button[type="submit"]');
    assert.ok(page.url().endsWith(`${postPath}#comments`));
    const item = page.locator("li.comment", { hasText: "키보드로 남긴 익명 댓글" });
    assert.equal(await item.count(), 1);
    const id = (await item.getAttribute("id"))!.replace("comment-", "");
    assert.match(await item.locator(".comment-meta").innerText(), /지나가던 손님/);

    // axe on the page as the visitor sees it, then with every comment form opened.
    await expectNoAxeViolationsAt(browser, page, "post page with an anonymous comment");
    const scripted = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const open = await scripted.newPage();
      await open.goto(`${server.origin}${postPath}`);
      await open.evaluate(() => document.querySelectorAll("details").forEach((d) => d.open = true));
      await expectNoAxeViolations(open, "post page, comment forms open (1280)");
    } finally {
      await scripted.close();
    }

    // ----- Edit: open the form from its summary by keyboard, Tab through it -----
    await page.locator(`#comment-${id} summary`, { hasText: "수정" }).focus();
    await page.keyboard.press("Enter");
    assert.ok(await page.isVisible(`#edit-${id}`), "Enter on the summary opens the edit form");
    await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), `edit-${id}`);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("틀린 비밀번호로 고친 댓글");
    await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), `edit-${id}-password`);
    await page.keyboard.type("not-my-pass");
    await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
    // Refused at the comment: its form open, the text kept, the error tied to the password field.
    assert.match(await page.locator(`#edit-${id}-password-error`).innerText(), /비밀번호가 맞지 않습니다/);
    assert.equal(await page.getAttribute(`#edit-${id}-password`, "aria-invalid"), "true");
    assert.equal(await page.inputValue(`#edit-${id}`), "틀린 비밀번호로 고친 댓글");
    assert.match(await item.locator(".comment-text").innerText(), /키보드로 남긴 익명 댓글/);
    await page.focus(`#edit-${id}`);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("비밀번호로 고친 댓글");
    await type(page, `#edit-${id}-password`, "guest-4321");
    await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
    assert.match(await page.locator(`#comment-${id} .comment-text`).innerText(), /비밀번호로 고친 댓글/);
    assert.match(await page.locator(`#comment-${id} .comment-meta`).innerText(), /수정됨/);

    // ----- Delete: its own disclosure asks for the password -----
    await page.locator(`#comment-${id} summary`, { hasText: "삭제" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), `delete-${id}-password`);
    await page.keyboard.type("guest-4321");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent ?? ""), "댓글 삭제");
    await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
    assert.match(await page.locator(`#comment-${id}`).innerText(), /삭제된 댓글입니다/);
    assert.equal(await page.locator(`#comment-${id} form`).count(), 0, "no forms on a deleted comment");
    await visitor.close();
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
