// The whole app on a test database (a copy of the seeded template, or PGlite in memory), driven
// in-process through app.fetch.
import { type App, createApp } from "../../app.ts";
import { type Config, loadConfig } from "../../fresh.config.ts";
import { openTestDatabase } from "./db.ts";

/** A CSRF token and the headers a same-site browser page would send with it. */
export const TEST_CSRF = "test-csrf-token-0123456789";

export function csrfHeaders(extra: Record<string, string> = {}, origin = "http://localhost"): Record<string, string> {
  const cookie = [`XSRF-TOKEN=${TEST_CSRF}`, extra.cookie].filter(Boolean).join("; ");
  return { ...extra, cookie, "x-xsrf-token": TEST_CSRF, origin };
}

export interface TestApp {
  app: App;
  config: Config;
  /** `path` on http://localhost (the www site) unless a full URL is given. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function openTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // Behind a "proxy" so tests can give each client its own address (X-Forwarded-For) for rate limits.
  // Uploaded files go to a directory of their own, removed on close.
  const dataDir = await Deno.makeTempDir({ prefix: "files-test-" });
  const config = loadConfig({ PAGE_CACHE_SECONDS: "300", TRUST_PROXY: "1", DATA_DIR: dataDir, ...env });
  const app = await createApp({ config, database });
  return {
    app,
    config,
    request: (path, init) => app.fetch(new Request(path.startsWith("http") ? path : `http://localhost${path}`, init)),
    async close() {
      await app.files.idle();
      await database.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * Deno.test for a file that shares one app across its tests: the app's database connection and
 * notification listener outlive a single test, so the per-test sanitizers are off.
 */
export function appTest(name: string, fn: () => Promise<void> | void) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false, fn });
}
