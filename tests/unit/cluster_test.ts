import assert from "node:assert/strict";
import { workerCount } from "../../scripts/cluster.ts";

Deno.test("the cluster runs one process per core unless WORKERS names a positive whole number", () => {
  assert.equal(workerCount({}, 2), 2);
  assert.equal(workerCount({ WORKERS: "3" }, 2), 3);
  for (const bad of ["0", "-1", "1.5", "two", ""]) assert.equal(workerCount({ WORKERS: bad }, 4), 4, bad);
  assert.equal(workerCount({}, 0), 1);
});
