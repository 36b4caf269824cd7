// Issue 16 §5: two instances of the app, each with its own connections, on one PostgreSQL database and one
// S3-compatible store (s3rver): a session made on one is valid on the other, signing out on one ends it on
// both, rate limits count across both, an edit on one renews the page caches of both within a second, and
// an upload on one is served by the other. PostgreSQL only: under PGlite the test cannot run and says so.
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { type App, createApp } from "../../app.ts";
import { openDatabase } from "../../db/client.ts";
import { pages } from "../../db/schema/site.ts";
import { loadConfig } from "../../fresh.config.ts";
import { csrfHeaders } from "../support/app.ts";
import { openTestDatabase, withDatabase } from "../support/db.ts";
import { photo } from "../support/images.ts";
import { cookieFrom, DEMO_PASSWORD } from "../support/session.ts";

const server = Deno.env.get("TEST_DATABASE_URL");

Deno.test({
  name: "two instances on one database and one store behave as one site",
  ignore: !server,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const directory = await Deno.makeTempDir({ prefix: "s3-two-" });
    const s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "f" }],
    });
    const { port } = await s3.run();
    const first = await openTestDatabase();
    const [{ name }] = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    const second = await openDatabase({ url: withDatabase(server!, name) });
    const config = loadConfig({
      TRUST_PROXY: "1",
      PAGE_CACHE_SECONDS: "300",
      DATA_DIR: directory,
      S3_BUCKET: "f",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    const a = await createApp({ config, database: first });
    const b = await createApp({ config, database: second });
    const ask = (app: App, path: string, init?: RequestInit) => app.fetch(new Request(`http://localhost${path}`, init));
    const who = async (app: App, cookie: string) =>
      (await (await ask(app, "/api/identify", { headers: { cookie } })).json()).user.id;
    try {
      // A session made on A is valid on B; signing out on B ends it on A.
      const login = await ask(a, "/api/login", {
        method: "POST",
        headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": "10.77.0.1" }),
        body: JSON.stringify({ username: "member", password: DEMO_PASSWORD }),
      });
      assert.equal(login.status, 200);
      const cookie = cookieFrom(login, "session")!;
      const memberId = await who(a, cookie);
      assert.ok(memberId > 0);
      assert.equal(await who(b, cookie), memberId, "B knows A's session");
      await (await ask(b, "/api/logout", { headers: { cookie } })).body?.cancel();
      assert.equal(await who(a, cookie), 0, "signed out on B, gone on A");

      // Rate limits count across both: 60 look-ups a minute from one address, half on each.
      const lookup = (app: App) =>
        ask(app, "/api/validation/unique?table=users&column=username&value=someone", {
          headers: { "x-forwarded-for": "10.77.0.2" },
        });
      for (let i = 0; i < 60; i++) {
        const res = await lookup(i % 2 ? b : a);
        assert.equal(res.status, 200, `look-up ${i + 1}`);
        await res.body?.cancel();
      }
      const over = await lookup(a);
      assert.equal(over.status, 429, "the 61st look-up, whichever instance answers it");
      await over.body?.cancel();

      // An edit on A renews the cached page on both within a second.
      for (const app of [a, b]) {
        for (let i = 0; i < 2; i++) await (await ask(app, "/about/history")).body?.cancel();
        const cached = await ask(app, "/about/history");
        assert.equal(cached.headers.get("x-cache"), "hit");
        await cached.body?.cancel();
      }
      await first.db.update(pages).set({ title: "연혁(두 인스턴스)" }).where(eq(pages.path, "/about/history"));
      const edited = Date.now();
      for (const app of [a, b]) {
        while (!(await (await ask(app, "/about/history")).text()).includes("연혁(두 인스턴스)")) {
          assert.ok(Date.now() - edited < 1000, "the edit reaches every instance within a second");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }

      // An upload on A is served by B, from the shared store.
      const member = cookieFrom(
        await ask(a, "/api/login", {
          method: "POST",
          headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": "10.77.0.3" }),
          body: JSON.stringify({ username: "member", password: DEMO_PASSWORD }),
        }),
        "session",
      )!;
      const bytes = await photo(320, 240);
      const upload = await ask(a, "/api/file?purpose=signature&name=sign.jpg", {
        method: "POST",
        headers: csrfHeaders({ cookie: member, "content-type": "application/octet-stream" }),
        body: bytes as Uint8Array<ArrayBuffer>,
      });
      assert.equal(upload.status, 201, await upload.clone().text());
      const { data: [file] } = await upload.json();
      const served = await ask(b, `/api/file/binary/${file.id}`, { headers: { cookie: member } });
      assert.equal(served.status, 200);
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), bytes);
    } finally {
      await a.files.idle();
      await b.files.idle();
      await second.close();
      await first.close();
      await s3.close();
      await Deno.remove(directory, { recursive: true }).catch(() => {});
    }
  },
});
