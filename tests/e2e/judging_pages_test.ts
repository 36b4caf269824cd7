// Issue 11 and DESIGN §6: axe-core finds nothing on the judging area's pages — the judge's list (with the
// scoring island) and score form, my page's judge, prizes and certificates sections, a certificate's print
// and verification pages, and the management screens of pools, rankings and panels — at 1280 and 390 px,
// in Korean and English; and the Nu HTML Checker finds no error in them.
import assert, { AssertionError } from "node:assert/strict";
import { join } from "node:path";
import vnuJar from "vnu-jar";
import { and, eq } from "drizzle-orm";
import { appTest, openTestApp } from "../support/app.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, serve } from "../support/browser.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards } from "../../db/schema/award.ts";

const t = await openTestApp();
const server = await serve(t.app.fetch);
const browser = await launchBrowser();
const db = t.app.database.db;

const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, judged.id));
const first = pools.find((p) => p.kind === "first")!;
const final = pools.find((p) => p.kind === "final")!;
const sessions = { judge: await signIn(t, "judge-ibda"), admin: await signIn(t, "admin") };

async function text(path: string, cookie?: string) {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  const body = await res.text();
  assert.equal(res.status, 200, `${path} answers ${res.status}`);
  return body;
}
const audit = await text("/audit", sessions.judge);
const entryPath = /href="(\/audit\/\d+\/\d+)"/.exec(audit)![1];
const certificates = await text("/mypage/certificates", sessions.judge);
const printPath = /href="(\/print\?certificate=\d+)"/.exec(certificates)![1];
const verifyPath = /href="(\/certificate\/[^"]+)"/.exec(certificates)![1];

const PAGES: [keyof typeof sessions | null, string][] = [
  ["judge", "/audit"],
  ["judge", entryPath],
  ["judge", "/mypage/judge"],
  ["judge", "/mypage/prizes"],
  ["judge", "/mypage/certificates"],
  ["judge", printPath],
  [null, verifyPath],
  ["admin", "/management/pool"],
  ["admin", `/management/pool/${first.id}`],
  ["admin", `/management/pool/${first.id}/ranking`],
  ["admin", `/management/pool/${final.id}/ranking`],
  ["admin", "/management/judge/ibda"],
];
const both = PAGES.flatMap(([who, path]) => [[who, path], [who, `/en${path}`]] as const);

appTest("axe finds no violation on the judging pages at 1280 and 390 px, in both languages", async () => {
  const failures: string[] = [];
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const [who, path] of both) {
      await context.clearCookies();
      if (who) {
        const [name, value] = sessions[who].split("=");
        await context.addCookies([{ name, value, url: server.origin }]);
      }
      const res = await page.goto(`${server.origin}${path}`);
      assert.equal(res?.status(), 200, `${path} answers ${res?.status()}`);
      if (path.endsWith("/audit")) await page.waitForSelector(".board-form");
      try {
        await expectNoAxeViolations(page, `${path} at ${width} px`);
      } catch (error) {
        if (!(error instanceof AssertionError)) throw error;
        failures.push(error.message);
      }
    }
    await context.close();
  }
  assert.equal(failures.length, 0, failures.join("\n\n"));
});

appTest("the Nu HTML Checker finds no error on the judging pages", async () => {
  const dir = await Deno.makeTempDir({ prefix: "vnu-judging-" });
  try {
    const files = new Map<string, string>();
    for (const [i, [who, path]] of both.entries()) {
      const file = join(dir, `${String(i).padStart(3, "0")}.html`);
      await Deno.writeTextFile(file, await text(path, who ? sessions[who] : undefined));
      files.set(file, path);
    }
    const out = await new Deno.Command("java", {
      args: ["-Xss2m", "-jar", String(vnuJar), "--format", "json", "--exit-zero-always", ...files.keys()],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const messages = (JSON.parse(new TextDecoder().decode(out.stderr)) as {
      messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[];
    }).messages.filter((m) => m.type !== "info");
    const report = messages.map((m) =>
      `${files.get(m.url ? decodeURIComponent(new URL(m.url).pathname) : "") ?? "?"}:${m.lastLine} ${m.message} ${
        (m.extract ?? "").replace(/\n/g, " ")
      }`
    );
    assert.equal(messages.length, 0, report.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

appTest("close", async () => {
  await browser.close();
  await server.close();
  await t.close();
});
