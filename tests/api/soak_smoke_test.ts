// A five-second twin of `deno task soak` (issue 16 §3): ten virtual users of the soak's mix (visitors in
// both languages, members registering, drafting, uploading, submitting and paying, an administrator
// listing and exporting) against the app served in-process; no answer ≥ 500, every acknowledged write
// found in the database afterwards.
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { Metrics } from "../../scripts/soak/metrics.ts";
import { findTarget, Ledger, runUsers } from "../../scripts/soak/users.ts";

const t = await openTestApp({ TRUST_PROXY: "1" });

appTest("soak smoke: 10 users for 5 s, no 5xx, no acknowledged write lost", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req, info) => t.app.fetch(req, info),
  );
  try {
    const target = await findTarget(t.app.database.db, `http://localhost:${server.addr.port}`);
    const metrics = new Metrics();
    const ledger = new Ledger();
    const stop = new AbortController();
    const users = runUsers({
      target,
      mix: { visitors: 6, members: 3, admins: 1 },
      metrics,
      ledger,
      signal: stop.signal,
      think: 0.2,
      timeoutMs: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    stop.abort();
    await users;
    const kinds = metrics.summary();
    const failed = kinds.flatMap((k) =>
      Object.entries(k.statuses).filter(([s]) => !/^[1-4]\d\d$/.test(s)).map(([s, n]) => `${k.kind} ${s}×${n}`)
    );
    assert.deepEqual(failed, [], "no answer ≥ 500, none missing");
    assert.ok(kinds.some((k) => k.kind.startsWith("page:")), "pages were read");
    assert.ok(ledger.registrations.length > 0 && ledger.uploads.length > 0, "writes were acknowledged");
    const checks = await ledger.verify(t.app.database.db);
    assert.deepEqual(checks.filter((c) => c.lost), [], "every acknowledged write is in the database");
  } finally {
    await server.shutdown();
    await t.close();
  }
});
