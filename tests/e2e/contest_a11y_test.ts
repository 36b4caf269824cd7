// axe-core finds nothing on the contest area's pages at 1280 and 390 px, in Korean and English: the public
// list, a contest page, past winners; the hosting wizard, the entry form, the host's judging screen and my
// page contests; the management list, screen and statistics.
import { AssertionError } from "node:assert/strict";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { contests } from "../../db/schema/contest.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { signIn } from "../support/session.ts";

appTest("axe: no violation on the contest pages at 1280 and 390 px, in both languages", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  const db = t.app.database.db;
  const id = async (titleEn: string) => (await db.select().from(contests).where(eq(contests.titleEn, titleEn)))[0].id;
  const ongoing = await id("Hanbit Works brand logo design contest");
  const judging = await id("Hanbit goods design contest");
  const done = await id("2025 Hanbit Works leaflet design contest");
  const who = {
    member: await signIn(t, "member"),
    company: await signIn(t, "company"),
    admin: await signIn(t, "admin"),
  };
  const pages: [keyof typeof who | null, string][] = [
    [null, "/contest"],
    [null, `/contest/${done}`],
    [null, `/contest/${ongoing}`],
    [null, "/contest/awards"],
    [null, "/contest/closed"],
    ["member", `/contest/${ongoing}/enter`],
    ["member", "/mypage/contests?type=entry"],
    ["company", "/contest/host"],
    ["company", `/contest/${judging}/judge`],
    ["company", `/contest/${ongoing}/judge`],
    ["company", "/mypage/contests"],
    ["admin", "/management/contest"],
    ["admin", `/management/contest/${done}`],
    ["admin", "/management/statistics/contest"],
  ];
  const failures: string[] = [];
  async function as(context: BrowserContext, role: keyof typeof who | null) {
    await context.clearCookies();
    if (!role) return;
    const [name, value] = who[role].split("=");
    await context.addCookies([{ name, value, url: server.origin }]);
  }
  async function check(page: Page, path: string, label: string) {
    const res = await page.goto(`${server.origin}${path}`);
    assert.equal(res?.status(), 200, `${path} answers ${res?.status()}`);
    try {
      await expectNoAxeViolations(page, label);
    } catch (error) {
      if (!(error instanceof AssertionError)) throw error;
      failures.push(error.message);
    }
  }
  try {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const [role, path] of pages) {
        await as(context, role);
        for (const prefix of ["", "/en"]) await check(page, prefix + path, `${prefix}${path} at ${width} px`);
      }
      await context.close();
    }
    assert.equal(failures.length, 0, failures.join("\n\n"));
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
