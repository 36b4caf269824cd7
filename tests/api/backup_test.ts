// Issue 16 §6: `deno task backup` and `deno task restore` (domain/ops/backup.ts). A backup of a database
// with members, entries, payments and an uploaded photo restores into an empty database and an empty file
// store with every row count and object checksum equal; a damaged object is reported, never written.
// PostgreSQL only (pg_dump): under PGlite the test cannot run and says so.
import assert from "node:assert/strict";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { entries } from "../../db/schema/award.ts";
import { payments } from "../../db/schema/pay.ts";
import { createBackup, restoreBackup } from "../../domain/ops/backup.ts";
import { LocalFileStore, openFileStore, readAll } from "../../domain/file/storage.ts";
import { originalKey } from "../../domain/file/files.ts";
import { findPostgresBin } from "../../scripts/pg.ts";
import { csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { adminQuery, dropDatabase, quoteIdent, withDatabase } from "../support/db.ts";

const server = Deno.env.get("TEST_DATABASE_URL");

Deno.test({
  name: "a backup restores into an empty database and store with every count and checksum; damage is caught",
  ignore: !server,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const t = await openTestApp();
    const work = await Deno.makeTempDir({ prefix: "backup-test-" });
    const restored: string[] = [];
    try {
      const cookie = await signIn(t, "member");
      const upload = await t.request("/api/file?purpose=portrait&name=me.jpg", {
        method: "POST",
        headers: csrfHeaders({ cookie, "content-type": "application/octet-stream" }),
        body: (await photo(640, 480)) as Uint8Array<ArrayBuffer>,
      });
      assert.equal(upload.status, 201);
      const { data: [file] } = await upload.json();
      await t.app.files.idle();
      // A paid entry fee, as the payment return writes it.
      const db = t.app.database.db;
      const [entry] = await db.select({ id: entries.id, userId: entries.userId }).from(entries).limit(1);
      await db.insert(payments).values({
        orderId: `T-backup-${entry.id}`,
        provider: "test",
        targetType: "award_entry",
        targetId: entry.id,
        userId: entry.userId,
        amount: 100_000,
        status: "paid",
        providerTid: "tid-backup-1",
        approvedAt: new Date(),
      });
      // On PostgreSQL (this test's only database) execute() answers the rows as an array.
      const [{ name }] = (await t.app.database.db.execute(sql`select current_database() as name`)) as unknown as {
        name: string;
      }[];
      const sourceUrl = withDatabase(server!, name);
      const tools = { bin: findPostgresBin() ?? "" };

      const manifest = await createBackup(sourceUrl, openFileStore(t.config), join(work, "b1"), tools);
      for (const table of ["users", "entries", "payments", "files"]) {
        assert.ok(manifest.counts[table] > 0, `${table}: ${manifest.counts[table]} rows backed up`);
      }

      const restore = async (name: string, storeDir: string) => {
        restored.push(name);
        await adminQuery(server!, `create database ${quoteIdent(name)}`);
        const store = new LocalFileStore(join(work, storeDir));
        return { store, report: await restoreBackup(join(work, "b1"), withDatabase(server!, name), store, tools) };
      };
      const stamp = crypto.randomUUID().replaceAll("-", "").slice(0, 12);
      const { store, report } = await restore(`r_${stamp}`, "store1");
      assert.equal(report.ok, true, JSON.stringify(report));
      assert.deepEqual(report.objects.corrupt, []);
      assert.equal(report.objects.restored, manifest.objects.length);
      for (const [table, { expected, found }] of Object.entries(report.counts)) assert.equal(found, expected, table);
      const [row] = await t.app.database.db.select({ savename: files.savename }).from(files)
        .where(eq(files.id, file.id));
      const original = await store.get(originalKey(row));
      assert.ok(original, "the photo is in the restored store");
      const source = await openFileStore(t.config).get(originalKey(row));
      assert.deepEqual(await readAll(original), await readAll(source!));

      // A damaged object is reported and not written; the restore is not ok.
      const damaged = manifest.objects[0];
      await Deno.writeFile(join(work, "b1", "objects", damaged.key), new Uint8Array([1, 2, 3]));
      const second = await restore(`r2_${stamp}`, "store2");
      assert.equal(second.report.ok, false);
      assert.deepEqual(second.report.objects.corrupt, [damaged.key]);
      assert.equal(await second.store.has(damaged.key), false);
    } finally {
      for (const name of restored) await dropDatabase(server!, name).catch(() => {});
      await Deno.remove(work, { recursive: true }).catch(() => {});
      await t.close();
    }
  },
});
