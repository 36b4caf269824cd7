// scratch: screenshots of each wizard step (ko, en), with the proposed CSS injected
import { Buffer } from "node:buffer";
import { openTestApp } from "./tests/support/app.ts";
import { launchBrowser, serve } from "./tests/support/browser.ts";
const css = Deno.args.includes("--nocss") ? null : await Deno.readTextFile("/tmp/reg/register.css");
const t = await openTestApp();
const server = await serve(t.app.fetch);
const browser = await launchBrowser();
const width = Number(Deno.env.get("W") ?? 1280);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
try {
  for (const lang of ["ko", "en"]) {
    const base = lang === "en" ? "/en" : "";
    const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
    const shot = async (name: string) => {
      if (css) await page.addStyleTag({ content: css });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `/tmp/reg/shots/${lang}-${width}-${name}.png`, fullPage: true });
      const box = (await page.locator(".auth-card").boundingBox())!;
      for (let y = 0, i = 0; y < box.height; y += 1000, i++) {
        await page.screenshot({
          path: `/tmp/reg/shots/${lang}-${width}-${name}-part${i}.png`,
          fullPage: true,
          clip: { x: box.x, y: box.y + y, width: box.width, height: Math.min(1000, box.height - y) },
        });
      }
    };
    page.on("pageerror", (e) => console.error("pageerror", e.message));
    await page.goto(`${server.origin}${base}/register?type=individual`);
    await page.waitForSelector(".reg[data-enhanced]");
    await shot("1-type");
    await page.click(".reg-form button[type=submit]");
    await page.waitForSelector("input[name=username]");
    await page.fill("input[name=username]", "Bad Name");
    await page.fill("input[name=email]", "member@design-center.example");
    await page.locator("input[name=email]").blur();
    await page.locator("input[name=username]").blur();
    await page.waitForTimeout(900);
    await shot("2-individual");
    // judge
    await page.goto(`${server.origin}${base}/register?type=judge`);
    await page.waitForSelector(".reg[data-enhanced]");
    await page.click(".reg-form button[type=submit]");
    await page.waitForSelector("input[name=username]");
    await page.check("input[value=ibda]");
    await page.check("input[value=dcb]");
    await page.fill("input[name='careers[0][organization]']", "Hanbit University");
    await page.click(".reg-form button[type=submit]:last-child");
    await page.waitForTimeout(300);
    await shot("2-judge-errors");
    // company, complete
    await page.goto(`${server.origin}${base}/register?type=design`);
    await page.waitForSelector(".reg[data-enhanced]");
    await page.click(".reg-form button[type=submit]");
    await page.waitForSelector("input[name=username]");
    const u = `shot${lang}${Date.now() % 100000}`;
    await page.fill("input[name=username]", u);
    await page.fill("input[name=password]", "Saebom#2027");
    await page.fill("input[name=password_confirmation]", "Saebom#2027");
    await page.fill("input[name=name]", lang === "ko" ? "디자인스튜디오 봄" : "Studio Bom");
    await page.fill("input[name=email]", `${u}@example.org`);
    await page.fill("input[name=phone]", "010-1234-5678");
    await page.fill("input[name=business_no]", "1234567890");
    await page.setInputFiles("input[name=business_cert]", { name: "cert.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
    await page.check("#reg-agree-all");
    await page.waitForTimeout(800);
    await shot("2-design");
    await page.click(".reg-form button[type=submit]:last-child");
    await page.waitForSelector(".reg-done");
    await shot("3-done");
    await page.close();
  }
  // no-JS step 2 with server errors
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, bypassCSP: true });
  const p = await ctx.newPage();
  await p.goto(`${server.origin}/register?type=individual`);
  await Promise.all([p.waitForNavigation(), p.click(".reg-form button[type=submit]")]);
  await Promise.all([p.waitForNavigation(), p.click(".reg-form button[value=submit]")]);
  if (css) await p.addStyleTag({ content: css }).catch((e) => console.error("no css in no-JS", e.message));
  await p.screenshot({ path: `/tmp/reg/shots/nojs-${width}-errors.png`, fullPage: true });
} finally {
  await browser.close();
  await server.close();
  await t.close();
}
