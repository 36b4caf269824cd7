// Issue 11 in a real browser: a judge scores five works on /audit by keyboard alone; the browser goes
// offline (Playwright setOffline) for two of them — they wait in the browser, closing the tab would warn —
// and back online, and all five are on the server exactly once; a second device's change to a score is shown
// as a conflict and the judge chooses which to keep. A session that ends (the judge's 15-minute idle expiry)
// keeps the scores on the device until the judge signs in again, then sends them once; another judge signing
// in on the same browser meanwhile never sends the first judge's scores.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { awardPools, awards } from "../../db/schema/award.ts";
import { panelJudges, scoreReceipts, scores } from "../../db/schema/judging.ts";
import { sessions, users } from "../../db/schema/member.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

async function scoreByKeyboard(page: Page, values: string[]) {
  // The board focuses the first criterion of the current work; Tab moves on, Enter saves and goes next.
  await page.waitForFunction(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.id?.startsWith("board-c") && el.value === "";
  });
  for (const [i, v] of values.entries()) {
    await page.keyboard.type(v);
    if (i < values.length - 1) await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
}

const statusOf = (page: Page, id: number) => page.locator(`[data-board-entry="${id}"]`).getAttribute("data-status");

appTest("scoring: five works by keyboard, two of them offline, all on the server exactly once", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  try {
    const db = t.app.database.db;
    const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
    const [pool] = await db.select().from(awardPools)
      .where(and(eq(awardPools.awardId, judged.id), eq(awardPools.kind, "first")));
    const [me] = await db.select().from(users).where(eq(users.username, "judge-ibda"));
    const [panel] = await db.select().from(panelJudges)
      .where(and(eq(panelJudges.awardId, judged.id), eq(panelJudges.userId, me.id)));

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.origin}/login?redirect=${encodeURIComponent("/audit")}`);
    await page.fill('input[name="username"]', "judge-ibda");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('form.auth-form button[type="submit"]');
    await page.waitForURL((url) => url.pathname === "/audit");
    await page.waitForSelector("island-root[data-island=ScoringBoard] .board-form");
    const ids = await page.locator("[data-board-entry]").evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute("data-board-entry")))
    );
    assert.ok(ids.length >= 5, `at least five works to score (${ids.length})`);

    // Alt+→ and Alt+← move between works (the first criterion keeps the focus).
    await page.locator(".board-form input").first().press("Alt+ArrowRight");
    await page.locator(".board-form input").first().press("Alt+ArrowLeft");

    // Two works online.
    await scoreByKeyboard(page, ["7", "8", "6"]);
    await scoreByKeyboard(page, ["5", "5", "9"]);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "saved",
      ids[1],
    );
    assert.equal(await statusOf(page, ids[0]), "saved");

    // Two works offline: kept in the browser, marked as waiting; leaving now would warn.
    await context.setOffline(true);
    await scoreByKeyboard(page, ["9", "9", "9"]);
    await scoreByKeyboard(page, ["3", "4", "2"]);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "pending",
      ids[3],
    );
    assert.equal(await statusOf(page, ids[2]), "pending");
    const queued = await page.evaluate(
      ([u, p]) => JSON.parse(localStorage.getItem(`scoring-queue:${u}:${p}`) ?? "[]").length,
      [me.id, pool.id],
    );
    assert.equal(queued, 2);
    const warns = await page.evaluate(() => {
      const e = new Event("beforeunload", { cancelable: true });
      dispatchEvent(e);
      return e.defaultPrevented;
    });
    assert.equal(warns, true, "closing the tab with unsent scores warns");
    assert.equal((await db.select().from(scores).where(eq(scores.judgeId, panel.id))).length, 2);

    // Back online: the waiting scores are sent by themselves.
    await context.setOffline(false);
    await page.waitForFunction(
      ([a, b]) =>
        [a, b].every((id) =>
          document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "saved"
        ),
      [ids[2], ids[3]],
      { timeout: 15_000 },
    );
    // The fifth online.
    await scoreByKeyboard(page, ["6", "7", "8"]);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "saved",
      ids[4],
    );

    // A second device (the same judge on a tablet) changes the first work; this device, which still holds
    // version 1, is told of the conflict and chooses which score to keep — nothing is overwritten silently.
    const tablet = await (await browser.newContext()).newPage();
    await tablet.context().addCookies(await context.cookies());
    await tablet.goto(`${server.origin}/audit`);
    const changed = await tablet.evaluate(async ([p, e]) => {
      const token = document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="))!.slice(11);
      const res = await fetch("/api/audit/scores", {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": token },
        body: JSON.stringify({
          pool: p,
          entry: e,
          values: {},
          abstain: true,
          reason: "tablet",
          key: crypto.randomUUID(),
          version: 1,
        }),
      });
      return res.status;
    }, [pool.id, ids[0]]);
    assert.equal(changed, 201);
    await page.click(`[data-board-entry="${ids[0]}"]`);
    await page.locator(".board-form input").first().fill("1");
    await page.locator(".board-form input").first().press("Enter");
    await page.waitForFunction(
      (id) => document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "conflict",
      ids[0],
    );
    // Saving moved on to the next work; back on the first, the conflict is shown with the other device's score.
    await page.click(`[data-board-entry="${ids[0]}"]`);
    assert.ok(await page.locator(".scoring-board [role=alert]").isVisible(), "the conflict is shown");
    await page.click(".scoring-board [role=alert] .button-primary");
    await page.waitForFunction(
      (id) => document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "saved",
      ids[0],
    );
    const [kept] = await db.select().from(scores).where(and(eq(scores.judgeId, panel.id), eq(scores.entryId, ids[0])));
    assert.equal(kept.version, 3, "the tablet's change, then this device's chosen one");
    assert.equal(kept.abstained, false);

    const rows = await db.select().from(scores).where(and(eq(scores.judgeId, panel.id), eq(scores.poolId, pool.id)));
    assert.deepEqual(rows.map((r) => r.entryId).sort((a, b) => a - b), ids.slice(0, 5).sort((a, b) => a - b));
    assert.ok(rows.every((r) => r.version === (r.entryId === ids[0] ? 3 : 1)), "each saved once");
    const third = rows.find((r) => r.entryId === ids[2])!;
    assert.equal(third.total, 9000, "the offline score arrived as typed");
    assert.equal((await db.select().from(scoreReceipts).where(eq(scoreReceipts.judgeId, panel.id))).length, 7);
    assert.equal(
      await page.evaluate(([u, p]) => localStorage.getItem(`scoring-queue:${u}:${p}`), [me.id, pool.id]),
      "[]",
    );
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});

async function signInHere(page: Page, origin: string, username: string, pool: number) {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(`/audit?pool=${pool}`)}`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/audit");
  await page.waitForSelector("island-root[data-island=ScoringBoard] .board-form");
}

appTest(
  "scoring: an expired session keeps the scores, sent once after signing in; another judge never sends them",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const db = t.app.database.db;
      const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
      const [pool] = await db.select().from(awardPools)
        .where(and(eq(awardPools.awardId, judged.id), eq(awardPools.kind, "first")));
      const [me] = await db.select().from(users).where(eq(users.username, "judge-ibda"));
      const [other] = await db.select().from(users).where(eq(users.username, "judge-harsh"));
      const [panel] = await db.select().from(panelJudges)
        .where(and(eq(panelJudges.awardId, judged.id), eq(panelJudges.userId, me.id)));
      const [otherPanel] = await db.select().from(panelJudges)
        .where(and(eq(panelJudges.awardId, judged.id), eq(panelJudges.userId, other.id)));
      const otherBefore = await db.select().from(scores).where(eq(scores.judgeId, otherPanel.id));
      const queueOf = (page: Page, user: number) =>
        page.evaluate(([u, p]) => JSON.parse(localStorage.getItem(`scoring-queue:${u}:${p}`) ?? "[]"), [user, pool.id]);

      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await signInHere(page, server.origin, "judge-ibda", pool.id);
      const ids = await page.locator("[data-board-entry]").evaluateAll((els) =>
        els.map((e) => Number(e.getAttribute("data-board-entry")))
      );

      // The judge leaves the tablet for 20 minutes: the session has ended (15 minutes idle for judges).
      await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) }).where(
        eq(sessions.userId, me.id),
      );
      await scoreByKeyboard(page, ["7", "8", "6"]);
      await scoreByKeyboard(page, ["5", "5", "9"]);
      const prompt = page.locator("[data-board-signin]");
      await prompt.waitFor();
      assert.match(await prompt.innerText(), /2/, "the prompt counts the scores kept");
      assert.equal(await statusOf(page, ids[0]), "pending");
      assert.equal(await statusOf(page, ids[1]), "pending");
      const kept = await queueOf(page, me.id);
      assert.equal(kept.length, 2, "both scores kept on the device");
      assert.ok(kept.every((q: { body: { judge: number } }) => q.body.judge === me.id), "each carries its judge");
      assert.equal((await db.select().from(scores).where(eq(scores.judgeId, panel.id))).length, 0);
      const link = await prompt.locator("a").getAttribute("href");
      assert.equal(link, `/login?redirect=${encodeURIComponent(`/audit?pool=${pool.id}`)}`);

      // Meanwhile another judge signs in on the same browser (a second tab) and opens the board: the first
      // judge's waiting scores stay where they are and are not sent under this session.
      const second = await context.newPage();
      second.on("pageerror", (e) => errors.push(String(e)));
      await signInHere(second, server.origin, "judge-harsh", pool.id);
      assert.equal(await second.locator("[data-board-signin]").count(), 0);
      assert.equal(await second.locator('[data-board-entry][data-status="pending"]').count(), 0);
      await second.waitForTimeout(6_000); // past the board's 5-second retry
      assert.equal((await db.select().from(scores).where(eq(scores.judgeId, panel.id))).length, 0);
      assert.deepEqual(
        (await db.select().from(scores).where(eq(scores.judgeId, otherPanel.id))).map((r) => [r.entryId, r.version]),
        otherBefore.map((r) => [r.entryId, r.version]),
        "nothing sent as the second judge",
      );
      assert.equal((await queueOf(page, me.id)).length, 2);
      assert.deepEqual(await queueOf(second, other.id), []);
      await second.goto(`${server.origin}/logout`);
      await second.close();

      // The first judge signs in again from the prompt and comes back to the pool: the scores go out once.
      await prompt.locator("a").click();
      await page.waitForURL((url) => url.pathname === "/login");
      await page.fill('input[name="username"]', "judge-ibda");
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await page.click('form.auth-form button[type="submit"]');
      await page.waitForURL((url) => url.pathname === "/audit" && url.searchParams.get("pool") === String(pool.id));
      await page.waitForFunction(
        ([a, b]) =>
          [a, b].every((id) =>
            document.querySelector(`[data-board-entry="${id}"]`)?.getAttribute("data-status") === "saved"
          ),
        [ids[0], ids[1]],
        { timeout: 15_000 },
      );
      await page.reload();
      await page.waitForSelector("island-root[data-island=ScoringBoard] .board-form");
      await page.waitForTimeout(1_000);
      const rows = await db.select().from(scores).where(and(eq(scores.judgeId, panel.id), eq(scores.poolId, pool.id)));
      assert.deepEqual(rows.map((r) => r.entryId).sort((a, b) => a - b), [ids[0], ids[1]].sort((a, b) => a - b));
      assert.ok(rows.every((r) => r.version === 1), "each sent exactly once");
      assert.equal((await db.select().from(scoreReceipts).where(eq(scoreReceipts.judgeId, panel.id))).length, 2);
      assert.deepEqual(await queueOf(page, me.id), []);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
