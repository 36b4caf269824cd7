// SPEC §9 "minimum display delay of a fetch 200 ms" (issue 23 §3): the loading indicator's timing rule of
// components/ui/useDelayedFlag.ts, used by Busy in every island that fetches.
import assert from "node:assert/strict";
import { delayedFlagStep, MIN_VISIBLE_MS, SHOW_AFTER_MS } from "../../components/ui/useDelayedFlag.ts";

Deno.test("work that starts shows its indicator only after 200 ms", () => {
  assert.equal(SHOW_AFTER_MS, 200);
  assert.deepEqual(delayedFlagStep(true, false, 0), { to: true, wait: 200 });
});

Deno.test("work that ends before 200 ms never showed: nothing to hide", () => {
  assert.deepEqual(delayedFlagStep(false, false, 0), { to: false, wait: null });
});

Deno.test("a shown indicator stays its minimum time, then hides at once", () => {
  assert.deepEqual(delayedFlagStep(false, true, 100), { to: false, wait: MIN_VISIBLE_MS - 100 });
  assert.deepEqual(delayedFlagStep(false, true, MIN_VISIBLE_MS + 50), { to: false, wait: 0 });
});

Deno.test("nothing changes while the state matches the work", () => {
  assert.deepEqual(delayedFlagStep(true, true, 10), { to: true, wait: null });
});
