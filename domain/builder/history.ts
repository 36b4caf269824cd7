// The page builder's editing history (SPEC §4 'page builder history keeps at most 10 snapshots with undo
// and redo; saving discards redo entries', §9 'page-builder history 10'). Pure and immutable: the island
// keeps one History in a signal and replaces it on every edit; tests drive it without a browser.

export const HISTORY_LIMIT = 10;

export interface History<T> {
  /** Earlier snapshots, oldest first; at most HISTORY_LIMIT − 1 so that with `present` there are 10. */
  past: readonly T[];
  present: T;
  /** Undone snapshots, the next to redo first. */
  future: readonly T[];
}

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new snapshot: it becomes the present, the oldest falls off past the limit, redo is gone. */
export function record<T>(h: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, h.present)) return h;
  const past = [...h.past, h.present];
  return { past: past.slice(Math.max(0, past.length - (limit - 1))), present: next, future: [] };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

/** Saving keeps what can be undone and discards what could be redone (SPEC §4). */
export function saved<T>(h: History<T>): History<T> {
  return h.future.length ? { ...h, future: [] } : h;
}

/** How many snapshots the history holds (past, present and future). */
export function snapshotCount<T>(h: History<T>): number {
  return h.past.length + 1 + h.future.length;
}
