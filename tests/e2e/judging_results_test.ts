// Issue 11 in a real browser: an administrator moves the best works to the final round, gives a prize and
// publishes the results; the entrant finds the prize in my page, opens the certificate's print page, and the
// certificate's verification address (its QR code) says it is valid.
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { users } from "../../db/schema/member.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";

async function signIn(page: Page, origin: string, username: string, target: string) {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
}

appTest(
  "results: an administrator ranks and publishes; the entrant prints the certificate and it verifies",
  async () => {
    const t = await openTestApp();
    const server = await serve(t.app.fetch);
    const browser = await launchBrowser();
    try {
      const db = t.app.database.db;
      const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
      // The result date has come (the demo's is a month away).
      await db.update(awards).set({ resultAt: new Date(Date.now() - 3_600_000) }).where(eq(awards.id, judged.id));
      const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, judged.id));
      const first = pools.find((p) => p.kind === "first")!;
      const final = pools.find((p) => p.kind === "final")!;
      const candidates = await db.select().from(entries)
        .where(and(eq(entries.awardId, judged.id), inArray(entries.status, ["submitted", "pay_complete"])))
        .orderBy(entries.id);
      const [winner, runnerUp] = candidates;

      const admin = await (await browser.newContext()).newPage();
      await signIn(admin, server.origin, "admin", `/management/pool/${first.id}/ranking`);
      await admin.check(`input[name="entries[]"][value="${winner.id}"]`);
      await admin.check(`input[name="entries[]"][value="${runnerUp.id}"]`);
      await Promise.all([admin.waitForURL(/ranking/), admin.click('button[name="decision"][value="final"]')]);
      assert.equal(await admin.locator(`[data-status="${winner.id}"]`).innerText(), "1차 선정");

      await admin.goto(`${server.origin}/management/pool/${final.id}/ranking`);
      await admin.selectOption(`select[name="rank_${winner.id}"]`, "gold");
      await admin.check(`input[name="nominee[]"][value="${runnerUp.id}"]`);
      await Promise.all([admin.waitForURL(/ranking/), admin.click('button[value="ranks"]')]);
      assert.equal(await admin.locator(`select[name="rank_${winner.id}"]`).inputValue(), "gold");
      await Promise.all([admin.waitForURL(/ranking/), admin.click('form input[value="publish"] ~ button')]);
      assert.match(await admin.locator("main").innerText(), /결과를 발표했습니다/);

      // The entrant (a seeded designer, given the demo password here).
      const [demo] = await db.select().from(users).where(eq(users.username, "member"));
      const [owner] = await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, winner.userId))
        .returning();
      const entrant = await (await browser.newContext()).newPage();
      await signIn(entrant, server.origin, owner.username, "/mypage/prizes");
      const row = entrant.locator("tr", { hasText: winner.title });
      assert.match(await row.innerText(), /금상/);
      await Promise.all([entrant.waitForURL(/\/print\?certificate=\d+/), row.locator('a[href^="/print?"]').click()]);
      assert.ok(await entrant.locator("svg.cert-qr").isVisible(), "the QR code is on the certificate");
      assert.ok((await entrant.locator(".cert-sheet").innerText()).includes(winner.title));
      const verifyUrl = await entrant.locator(".cert-url").innerText();
      const path = new URL(verifyUrl).pathname;

      // Anyone who scans it: no session needed.
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(`${server.origin}${path}`);
      assert.equal(await visitor.locator("[data-verify]").getAttribute("data-verify"), "valid");
      assert.ok((await visitor.locator("main").innerText()).includes(winner.title));
    } finally {
      await browser.close();
      await server.close();
      await t.close();
    }
  },
);
