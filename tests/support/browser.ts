// Browser tests: Debian's Chromium driven by playwright-core, and a throwaway HTTP server for the app.
// A missing browser is an error, never a skipped test.
import { type Browser, chromium, type Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";

export type { Browser };

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

export function chromiumPath(): string {
  return Deno.env.get("CHROMIUM_PATH") || "/usr/bin/chromium";
}

/** Headless Chromium; close it with `await browser.close()`. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  try {
    const info = await Deno.stat(executablePath);
    if (!info.isFile) throw new Error("not a file");
  } catch {
    throw new Error(
      `Chromium not found at ${executablePath}: install Debian's package (apt-get install -y chromium) ` +
        `or set CHROMIUM_PATH to a Chromium binary`,
    );
  }
  return await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

/** Serves `fetch` on a free port of 127.0.0.1. */
export function serve(fetch: (req: Request) => Promise<Response> | Response): Promise<TestServer> {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, fetch);
  const { port } = server.addr;
  let closed: Promise<void> | undefined;
  return Promise.resolve({
    origin: `http://127.0.0.1:${port}`,
    close() {
      closed ??= server.shutdown();
      return closed;
    },
  });
}

/** Signs in as a demo account through the login form (Enter in the password field) and waits for `target`. */
export async function signInAt(page: Page, origin: string, username: string, target: string): Promise<void> {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await page.press('input[name="password"]', "Enter");
  await page.waitForURL((url) => url.pathname.endsWith(target.split("?")[0]));
}

/** Focuses a control and presses Enter, waiting for the page it leads to. */
export async function pressEnterOn(page: Page, selector: string): Promise<void> {
  await page.focus(selector);
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
}
