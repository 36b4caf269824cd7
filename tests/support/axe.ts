// axe-core in a playwright page: WCAG 2.2 A/AA and best-practice rules, every impact counts.
// The site's CSP is `script-src 'self'`, so axe's source is evaluated through the DevTools protocol
// (page.evaluate), which the page's CSP does not govern, rather than added as a <script> element.
import assert from "node:assert/strict";
import axe from "axe-core";
import type { Browser, Page } from "playwright-core";

/** The rule tags we hold every page to (DESIGN §6: axe-core finds nothing on an area's pages). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

const AXE_SOURCE: string = (axe as unknown as { source: string }).source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Runs axe on the page as it is now and answers its violations (empty when there are none). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return await page.evaluate(async (tags) => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    // deno-lint-ignore no-explicit-any
    return results.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      nodes: v.nodes.map((n: any) => ({ target: n.target.map(String), summary: n.failureSummary ?? "" })),
    }));
  }, AXE_TAGS);
}

/** A readable list of violations: rule, impact, help and the first few nodes of each. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) =>
      `    ${n.target.join(" ")}\n      ${n.summary.replace(/\n/g, "\n      ")}`
    );
    const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
    return [`  ${v.id} (${v.impact}, ${v.nodes.length} node(s)): ${v.help}`, ...nodes, ...more].join("\n");
  }).join("\n");
}

/** Fails with every violation of the page (any impact), named by `label` (the page and the viewport). */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `axe on ${label} (${page.url()}):\n${formatViolations(violations)}`);
}

/**
 * axe on the page `source` shows, at each width, in a fresh context with scripts on (axe cannot run where
 * JavaScript is off) and the source's cookies, so no-JavaScript tests check the very page they reached.
 */
export async function expectNoAxeViolationsAt(
  browser: Browser,
  source: Page,
  label: string,
  widths: number[] = [1280, 390],
): Promise<void> {
  const storageState = await source.context().storageState();
  for (const width of widths) {
    const context = await browser.newContext({ storageState, viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(source.url());
      await expectNoAxeViolations(page, `${label} (${width})`);
    } finally {
      await context.close();
    }
  }
}
