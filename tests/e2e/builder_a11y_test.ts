// axe finds nothing on issue 15's pages at 1280 and 390 px, in Korean and English: the builder page with
// every component, the IBDA news page, the style guides, the redirect interstitial, and the site
// administration screens as the administrator (with a form refused, so its error messages are checked too).
import assert, { AssertionError } from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { appTest, openTestApp } from "../support/app.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signIn } from "../support/session.ts";

const PUBLIC = ["/showcase", "/style", "/style/adp-default", "/redirect?url=https%3A%2F%2Fevil.example%2F"];
const ADMIN = [
  "/builder",
  "/builder?page=1",
  "/builder/preview?page=1",
  "/management/site",
  "/management/site/create",
  "/management/site/1",
  "/management/site/1/menu",
  "/management/domain",
  "/management/menu",
  "/management/page",
  "/management/page?site=1&edit=2",
  "/management/content",
  "/management/content?site=1&edit=1",
  "/management/layout",
  "/management/ip",
];

appTest("axe: no violation on the builder's and site administration's pages at 1280 and 390 px", async () => {
  const t = await openTestApp();
  const server = await serve(t.app.fetch);
  const browser = await launchBrowser();
  const admin = (await signIn(t, "admin")).split("=");
  const failures: string[] = [];
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
  const as = async (context: BrowserContext, signedIn: boolean) => {
    await context.clearCookies();
    if (signedIn) await context.addCookies([{ name: admin[0], value: admin.slice(1).join("="), url: server.origin }]);
  };
  try {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const prefix of ["", "/en"]) {
        await as(context, false);
        for (const path of PUBLIC) await check(page, prefix + path, `${prefix}${path} at ${width} px`);
        await as(context, true);
        for (const path of ADMIN) await check(page, prefix + path, `${prefix}${path} at ${width} px`);
        // A refused form: a page at an application route, its error message beside the field.
        await page.goto(`${server.origin}${prefix}/management/page?site=1`);
        await page.fill("#page-new-path", "/login");
        await page.fill("#page-new-title", "x");
        await Promise.all([
          page.waitForNavigation(),
          page.click('section[aria-labelledby="page-create-heading"] button[type="submit"]'),
        ]);
        try {
          await expectNoAxeViolations(page, `${prefix}/management/page refused at ${width} px`);
        } catch (error) {
          if (!(error instanceof AssertionError)) throw error;
          failures.push(error.message);
        }
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
