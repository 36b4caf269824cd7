// SPEC §4 and §9: the page builder's history keeps at most 10 snapshots, undoes and redoes, and saving
// discards the redo entries.
import assert from "node:assert/strict";
import {
  canRedo,
  canUndo,
  HISTORY_LIMIT,
  record,
  redo,
  saved,
  snapshotCount,
  startHistory,
  undo,
} from "../../domain/builder/history.ts";

Deno.test("at most 10 snapshots: the oldest falls off", () => {
  assert.equal(HISTORY_LIMIT, 10);
  let h = startHistory(0);
  for (let i = 1; i <= 25; i++) h = record(h, i);
  assert.equal(snapshotCount(h), 10);
  assert.deepEqual(h.past, [16, 17, 18, 19, 20, 21, 22, 23, 24]);
  for (let i = 0; i < 20; i++) h = undo(h);
  assert.equal(h.present, 16, "undo stops at the oldest kept snapshot");
  assert.equal(canUndo(h), false);
  assert.equal(snapshotCount(h), 10);
});

Deno.test("undo twice, redo once", () => {
  let h = startHistory("a");
  h = record(h, "b");
  h = record(h, "c");
  h = record(h, "d");
  h = undo(undo(h));
  assert.equal(h.present, "b");
  h = redo(h);
  assert.equal(h.present, "c");
  assert.deepEqual(h.future, ["d"]);
  assert.equal(canRedo(h), true);
});

Deno.test("a new edit after undo discards redo; so does saving", () => {
  let h = record(record(startHistory(1), 2), 3);
  h = undo(h);
  assert.equal(record(h, 9).future.length, 0);
  const s = saved(h);
  assert.equal(s.present, 2);
  assert.deepEqual(s.future, []);
  assert.deepEqual(s.past, [1], "saving keeps what can be undone");
  assert.equal(redo(s), s);
});

Deno.test("recording the same snapshot is no step; undo and redo at the ends change nothing", () => {
  const h = startHistory({ x: 1 });
  assert.equal(record(h, h.present), h);
  assert.equal(undo(h), h);
  assert.equal(redo(h), h);
});
