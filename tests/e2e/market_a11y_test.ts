// axe-core finds nothing on the market's pages at 1280 and 390 px, in Korean and English: both lists (a
// filtered one and one with a refused filter), a product on sale with the request form and one sold, the
// registration wizard's three steps and its completion, my page market (products and requests), and the
// management list, a product's screen and the statistics.
import { AssertionError } from "node:assert/strict";
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { marketProducts } from "../../db/schema/market.ts";
import { users } from "../../db/schema/member.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { signIn } from "../support/session.ts";

appTest("axe: no violation on the market pages at 1280 and 390 px, in both languages", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  const db = t.app.database.db;
  const id = async (titleEn: string) =>
    (await db.select().from(marketProducts).where(eq(marketProducts.titleEn, titleEn)))[0].id;
  const lamp = await id("Hanji mood lamp");
  const bowl = await id("Lacquered wooden bowl");
  const chair = await id("Folding chair design right");
  const bench = await id("Modular park bench");
  const [{ id: testerId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "tester"));
  const who = {
    member: await signIn(t, "member"),
    tester: await signIn(t, "tester"),
    company: await signIn(t, "company"),
    admin: await signIn(t, "admin"),
  };
  // tester's registration draft on each step in turn (step 2 of intellectual property: every field).
  const draft = async (step: number) => {
    await db.delete(wizardDrafts).where(
      and(eq(wizardDrafts.userId, testerId), eq(wizardDrafts.kind, "market_product")),
    );
    await db.insert(wizardDrafts).values({
      userId: testerId,
      kind: "market_product",
      ref: 0,
      step,
      data: { type: "intellect", category: "patent", title: "시험", summary: "요약", price: "1000" },
    });
  };
  const pages: [keyof typeof who | null, string, number?][] = [
    [null, "/market/design"],
    [null, "/market/intellect?category=patent&order=price_desc"],
    [null, `/market/design/${lamp}`],
    [null, `/market/design/${bowl}`],
    ["tester", `/market/intellect/${chair}`],
    ["company", `/market/design/${bench}`],
    ["tester", "/market/register", 1],
    ["tester", "/market/register", 2],
    ["tester", "/market/register", 3],
    ["company", "/mypage/market"],
    ["member", "/mypage/market?type=request"],
    ["admin", "/management/market/design"],
    ["admin", "/management/market/intellect?status=waiting"],
    ["admin", `/management/market/design/${lamp}`],
    ["admin", "/management/statistics/market"],
  ];
  const failures: string[] = [];
  async function as(context: BrowserContext, role: keyof typeof who | null) {
    await context.clearCookies();
    if (!role) return;
    const [name, value] = who[role].split("=");
    await context.addCookies([{ name, value, url: server.origin }]);
  }
  async function check(page: Page, path: string, label: string, status = 200) {
    const res = await page.goto(`${server.origin}${path}`);
    assert.equal(res?.status(), status, `${path} answers ${res?.status()}`);
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
      for (const [role, path, step] of pages) {
        await as(context, role);
        for (const prefix of ["", "/en"]) {
          if (step) await draft(step);
          await check(page, prefix + path, `${prefix}${path}${step ? ` step ${step}` : ""} at ${width} px`);
        }
      }
      // A refused filter (one character) is shown on the page, and is axe-clean too.
      await as(context, null);
      await check(page, "/market/design?q=a", `/market/design?q=a at ${width} px`, 400);
      await context.close();
    }
    assert.equal(failures.length, 0, failures.join("\n\n"));
  } finally {
    await browser.close();
    await server.close();
    await t.close();
  }
});
