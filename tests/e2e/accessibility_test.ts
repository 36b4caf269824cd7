// Issue 10 §3: axe-core (WCAG 2.2 A/AA and best practice, every impact) finds nothing on the public pages
// in both languages, the member's screens and every management screen the administrator reaches from the
// management menu and its links, on a desktop (1280 px) and a phone (390 px). Issue 10 §6: the buttons of
// a button group never touch.
import assert, { AssertionError } from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/member.ts";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { signIn } from "../support/session.ts";
import { isDownload, routeShape } from "../support/routes.ts";

const WIDTHS = [1280, 390];

/** Public pages, each in Korean and under /en (the 404 screen is an unknown path). */
const PUBLIC_PAGES = [
  "/",
  "/about/history",
  "/award",
  "/award/years/2025",
  "/award/years/2026/judges",
  "/award/years/2025/winners",
  "/award/years/2025/nominees",
  "/ibda",
  "/ibda/years/2025",
  "/ibda/years/2026/judges",
  "/login",
  "/register",
  "/find",
  "/password/forgot",
  "/schedule",
  "/winners",
  "/privacy",
  "/contest",
  "/contest/8",
  "/contest/awards",
  "/support",
  "/support/3",
  "/program",
  "/program/8",
  "/education",
  "/education/9",
  // Issue 13: boards (list, read with comments, the password prompt of a secret post, write), galleries,
  // events and the site search.
  "/board/notice",
  "/board/notice/315",
  "/board/free/10",
  "/board/free/8", // a visitor's comment: its edit and delete forms ask for the password
  "/board/write?bbs=free",
  "/gallery/designer",
  "/gallery/designer/1",
  "/gallery/photo/1",
  "/gallery/video",
  "/gallery/video/1",
  "/notice/events",
  "/search?q=%EB%94%94%EC%9E%90%EC%9D%B8",
  // Issue 18: the two markets and a product of each (the seed's lamp and design right).
  "/market/design",
  "/market/intellect?order=price_asc",
  "/market/design/1",
  "/market/intellect/7",
  // Issue 19: the job and share lists (one with filters), a posting, a share of each type (the seed's first
  // rows); the designer profile is added below (its address is the member's number).
  "/job/recruit",
  "/job/recruit?region=29&career=E",
  "/job/recruit/1",
  "/job/search",
  "/share/donate",
  "/share/request?status=open",
  "/share/donate/1",
  // Issue 15: a builder page with every component, the style guides, the redirect interstitial.
  "/showcase",
  "/style",
  "/style/adp-default",
  "/redirect?url=https%3A%2F%2Fevil.example%2F",
  "/no/such/page",
];

/** The member's own screens (my page sections, profile, conversion, the entry wizard's first step, withdrawal). */
const MEMBER_PAGES = [
  "/mypage",
  "/mypage/awards",
  "/mypage/ibda",
  "/mypage/changes",
  "/profile",
  "/profile/bank",
  "/change",
  "/entry",
  "/mypage/contests",
  "/contest/5/enter",
  "/withdraw",
  "/mypage/supports",
  "/mypage/supports/13",
  "/education/10",
  // Issue 11: my page's judging sections (the judge's own screens: tests/e2e/judging_pages_test.ts).
  "/mypage/judge",
  "/mypage/prizes",
  "/mypage/certificates",
  // Issue 13: writing a Q&A question as a member.
  "/board/write?bbs=qna",
  // Issue 18: my page market (products and requests) and the registration wizard's first step.
  "/mypage/market",
  "/mypage/market?type=request",
  "/market/register",
  // Issue 19: my page job and share, the member's own resume, the job seeker and share wizards' first steps.
  "/mypage/job",
  "/mypage/job?type=apply",
  "/mypage/share",
  "/mypage/share?type=applied",
  "/job/search/1",
  "/job/search/register",
  "/share/register",
];

/** One management screen per route: `/management/user/7` stands for every member's detail. */

const t = await openTestApp();
// Issue 19: the seeded member's public designer profile.
const [designer] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.username, "member"));
PUBLIC_PAGES.push(`/designer/${designer.id}`);
const server = await serve(t.app.fetch);
const browser = await launchBrowser();

appTest("axe finds no violation on public, member and management pages at 1280 and 390 px", async () => {
  const sessions = { member: await signIn(t, "member"), admin: await signIn(t, "admin") };
  const failures: string[] = [];

  async function check(page: Page, path: string, width: number) {
    const res = await page.goto(`${server.origin}${path}`);
    assert.ok(res, `no response for ${path}`);
    if (path !== "/no/such/page" && path !== "/en/no/such/page") {
      assert.equal(res.status(), 200, `${path} answers ${res.status()}`);
    }
    await axe(page, `${path} at ${width} px`);
  }

  /** Every page is checked before the test fails, so one run lists them all. */
  async function axe(page: Page, label: string) {
    try {
      await expectNoAxeViolations(page, label);
    } catch (error) {
      if (!(error instanceof AssertionError)) throw error;
      failures.push(error.message);
    }
  }

  async function signInAs(context: BrowserContext, who: keyof typeof sessions) {
    const [name, value] = sessions[who].split("=");
    await context.clearCookies();
    await context.addCookies([{ name, value, url: server.origin }]);
  }

  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();

      for (const path of PUBLIC_PAGES) {
        await check(page, path, width);
        await check(page, path === "/" ? "/en" : `/en${path}`, width);
      }
      if (width < 720) {
        // The phone's main menu, opened from its button.
        await page.goto(`${server.origin}/`);
        await page.click("label.mnav-toggle");
        assert.ok(await page.locator("nav.gnb").isVisible(), "the phone menu opens");
        await axe(page, "/ with the phone menu open");
      }

      await signInAs(context, "member");
      for (const path of MEMBER_PAGES) {
        await check(page, path, width);
        await check(page, `/en${path}`, width);
      }
      // The sign-out prompt that a link from another site leads to (it signs nobody out).
      for (const path of ["/logout", "/en/logout"]) {
        await page.goto(`data:text/html,<a href="${server.origin}${path}">out</a>`);
        await Promise.all([page.waitForURL(`${server.origin}${path}`), page.click("a")]);
        assert.ok(await page.locator("form.logout-form").isVisible(), `${path}: the sign-out prompt`);
        await axe(page, `${path} (from another site) at ${width} px`);
      }

      // Every management screen the administrator reaches: the menu, then the links of each screen, one
      // page per route shape; CSV downloads are not pages.
      await signInAs(context, "admin");
      const queue = ["/management"];
      const seen = new Set<string>();
      while (queue.length) {
        const path = queue.shift()!;
        if (seen.has(routeShape(path))) continue;
        seen.add(routeShape(path));
        await check(page, path, width);
        const links = await page.$$eval(
          "main a[href^='/management']",
          (anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
        );
        for (const link of links) {
          if (!isDownload(link) && !seen.has(routeShape(link))) queue.push(link);
        }
      }
      assert.ok(seen.size >= 15, `the crawl reached only ${[...seen].join(", ")}`);
      // Issue 13: each gallery item's screen (fields, a designer's works, an album's photos), from its list.
      for (const kind of ["designer", "photo", "video", "schedule"]) {
        assert.ok(seen.has(`/management/akfw/${kind}/:id`), `the crawl reached /management/akfw/${kind}/{id}`);
      }
      await context.close();
    }
    assert.equal(failures.length, 0, failures.join("\n\n"));
  } finally {
    await Promise.all(browser.contexts().map((c) => c.close()));
  }
});

appTest("the buttons under the award's description keep apart at 1280 and 390 px, in both languages", async () => {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      for (const path of ["/award", "/en/award"]) {
        await page.goto(`${server.origin}${path}`);
        const boxes = await page.locator(".award-intro .actions > .button").evaluateAll((buttons) =>
          buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect)
        );
        assert.equal(boxes.length, 3, `${path} at ${width} px: enter, exhibition and judges`);
        for (let i = 1; i < boxes.length; i++) {
          const [a, b] = [boxes[i - 1], boxes[i]];
          // Beside each other on one row, or the second wrapped onto the next row.
          const sameRow = Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
          const gap = sameRow ? b.left - a.right : b.top - a.bottom;
          assert.ok(
            gap > 0,
            `${path} at ${width} px: buttons ${i} and ${i + 1} ${
              sameRow ? "side by side" : "wrapped"
            } are ${gap} px apart`,
          );
        }
      }
    } finally {
      await context.close();
    }
  }
});

appTest("close", async () => {
  await browser.close();
  await server.close();
  await t.close();
});
