// The judge's scoring board on /audit and /audit-award (issue 11 part 3): one work at a time, by mouse or
// keyboard alone — number keys fill the criteria, Enter saves and moves on, J/K or Alt+→/← change work,
// Z zooms the picture, ? opens the shortcut sheet. Each score is saved at once; when the network fails it
// waits in localStorage with its idempotency key and is sent when the connection returns (counted once on the
// server), and another device's change comes back as a conflict that is shown, never overwritten silently.
// The queue is the signed-in judge's own (keyed by their user id and the pool, each score carrying the id), so
// on a shared tablet one judge's waiting scores never go out under another's session. A session that ended
// (401) or another judge signed in keeps the queue and asks to sign in again, then sends it; a score the
// server refuses (403, 422…) stays on the device, marked as an error, until the judge saves it again.
// Closing the tab with unsent scores warns. Without JavaScript the list's plain forms do all of this.
import { useEffect, useRef, useState } from "preact/hooks";
import { interpolate } from "../i18n/interpolate.ts";

export interface BoardCriterion {
  id: number;
  name: string;
  scale: number;
  weight: number;
  verdict: boolean;
}

export interface BoardScore {
  values: Record<string, number>;
  total: number | null;
  comment: string;
  abstained: boolean;
  reason: string;
  version: number;
}

export interface BoardEntry {
  id: number;
  title: string;
  category: string;
  description: string;
  images: string[];
  score: BoardScore | null;
}

export interface ScoringBoardProps {
  pool: number;
  /** The signed-in judge's user id: the queue and every score in it are theirs. */
  judge: number;
  /** The sign-in page that comes back here, for a session that ended with scores waiting. */
  login: string;
  entries: BoardEntry[];
  criteria: BoardCriterion[];
  /** Translated texts (components/judging/audit.tsx scoringLabels). */
  labels: Record<string, string>;
  verdicts: string[];
}

type Status = "todo" | "saved" | "pending" | "conflict" | "error";
interface Draft {
  values: Record<string, string>;
  comment: string;
  abstain: boolean;
  reason: string;
}
interface Queued {
  key: string;
  body: Record<string, unknown> & { judge: number; entry: number };
  /** The server's refusal (403, 422…): kept and shown, not sent again until the judge saves it again. */
  refused?: string;
}

const queueKey = (judge: number, pool: number) => `scoring-queue:${judge}:${pool}`;
/** The judge's queue of the pool; an item naming another judge is never theirs to send. */
const readQueue = (judge: number, pool: number): Queued[] => {
  try {
    const q = JSON.parse(localStorage.getItem(queueKey(judge, pool)) ?? "[]");
    return Array.isArray(q) ? q.filter((i: Queued) => i?.body?.judge === judge && i.body.pool === pool) : [];
  } catch {
    return [];
  }
};
const writeQueue = (judge: number, pool: number, q: Queued[]) =>
  localStorage.setItem(queueKey(judge, pool), JSON.stringify(q));
const waiting = (q: Queued[]) => q.filter((i) => !i.refused).length;
const cookie = (name: string) =>
  document.cookie.split("; ").find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1) ?? "";

function draftOf(e: BoardEntry): Draft {
  const s = e.score;
  return {
    values: s && !s.abstained ? Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, String(v)])) : {},
    comment: s?.comment ?? "",
    abstain: s?.abstained ?? false,
    reason: s?.reason ?? "",
  };
}

export default function ScoringBoard(props: ScoringBoardProps) {
  const { pool, judge, entries, criteria, labels: L } = props;
  const [mounted, setMounted] = useState(false);
  const [index, setIndex] = useState(() => Math.max(0, entries.findIndex((e) => !e.score)));
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(entries.map((e) => [e.id, draftOf(e)]))
  );
  const latest = useRef(drafts);
  const versions = useRef<Record<number, number>>(
    Object.fromEntries(entries.map((e) => [e.id, e.score?.version ?? 0])),
  );
  const [status, setStatus] = useState<Record<number, Status>>(() =>
    Object.fromEntries(entries.map((e) => [e.id, e.score ? "saved" : "todo"]))
  );
  const [message, setMessage] = useState("");
  const [conflicts, setConflicts] = useState<Record<number, BoardScore>>({});
  const [zoom, setZoom] = useState(false);
  const [help, setHelp] = useState(false);
  const [pending, setPending] = useState(0);
  // The session ended (or another judge signed in): the queue waits for this judge to sign in again.
  const [signedOut, setSignedOut] = useState(false);
  const stopped = useRef(false);
  const [show, setShow] = useState<"all" | Status>("all");
  const flushing = useRef(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const entry = entries[index];

  const mark = (id: number, s: Status) => setStatus((prev) => ({ ...prev, [id]: s }));

  const store = (queue: Queued[]) => {
    writeQueue(judge, pool, queue);
    setPending(waiting(queue));
  };

  async function flush() {
    if (flushing.current || stopped.current) return;
    flushing.current = true;
    try {
      for (;;) {
        const item = readQueue(judge, pool).find((q) => !q.refused);
        if (!item) break;
        const id = item.body.entry;
        let res: Response;
        try {
          res = await fetch("/api/audit/scores", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json",
              "x-xsrf-token": cookie("XSRF-TOKEN"),
            },
            body: JSON.stringify(item.body),
          });
        } catch {
          break; // Offline: the queue waits for the connection.
        }
        const answer = await res.json().catch(() => ({}));
        if (res.status === 401 || answer.key === "judging.error.other_judge") {
          // Signed out (idle expiry) or another judge's session: nothing is lost, sent after signing in.
          stopped.current = true;
          setSignedOut(true);
          break;
        }
        if (res.status >= 500 || res.status === 429) break; // The server is struggling: try again later.
        const rest = readQueue(judge, pool).filter((q) => q.key !== item.key);
        if (res.ok) {
          versions.current[id] = answer.data.version;
          mark(id, "saved");
          setMessage(L.saved);
          store(rest);
        } else if (res.status === 409 && answer.current) {
          versions.current[id] = answer.current.version;
          setConflicts((prev) => ({ ...prev, [id]: answer.current }));
          mark(id, "conflict");
          setMessage(L.conflict);
          store(rest);
        } else {
          // Refused: shown as an error and kept on this device (saving the work again replaces it).
          const refused = answer.message ?? L.error;
          mark(id, "error");
          setMessage(refused);
          store([...rest, { ...item, refused }]);
        }
      }
    } finally {
      flushing.current = false;
    }
  }

  useEffect(() => {
    setMounted(true);
    const queued = readQueue(judge, pool);
    setPending(waiting(queued));
    // What waits on this device is shown as typed, not the server's older score.
    const restored = { ...latest.current };
    for (const q of queued) {
      const id = q.body.entry;
      if (!restored[id]) continue;
      mark(id, q.refused ? "error" : "pending");
      const values = q.body.values as Record<string, number>;
      restored[id] = {
        values: Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)])),
        comment: String(q.body.comment ?? ""),
        abstain: !!q.body.abstain,
        reason: String(q.body.reason ?? ""),
      };
    }
    latest.current = restored;
    setDrafts(restored);
    flush();
    const online = () => flush();
    const warn = (e: BeforeUnloadEvent) => {
      if (waiting(readQueue(judge, pool))) {
        e.preventDefault();
        e.returnValue = "";
      }
    };
    const timer = setInterval(() => waiting(readQueue(judge, pool)) && flush(), 5000);
    addEventListener("online", online);
    addEventListener("beforeunload", warn);
    return () => {
      clearInterval(timer);
      removeEventListener("online", online);
      removeEventListener("beforeunload", warn);
    };
  }, []);

  useEffect(() => {
    if (mounted) firstInput.current?.focus();
  }, [index, mounted]);

  if (!mounted || !entry) return <div class="scoring-board" />;
  const draft = drafts[entry.id];
  // The latest typing, whatever render a key handler was bound in (a fast Enter never saves stale values).
  const setDraft = (patch: Partial<Draft>) => {
    latest.current = { ...latest.current, [entry.id]: { ...latest.current[entry.id], ...patch } };
    setDrafts(latest.current);
  };
  const go = (to: number) => {
    setIndex(Math.min(entries.length - 1, Math.max(0, to)));
    setZoom(false);
  };

  function save() {
    const draft = latest.current[entry.id];
    const values: Record<string, number> = {};
    for (const c of criteria) {
      const v = draft.values[String(c.id)];
      if (!draft.abstain && (v === undefined || v === "" || !(Number(v) >= 0 && Number(v) <= c.scale))) {
        setMessage(`${c.name}: ${L.outOfScale}`);
        return;
      }
      if (!draft.abstain) values[String(c.id)] = Number(v);
    }
    if (draft.abstain && !draft.reason.trim()) {
      setMessage(L.reasonRequired);
      return;
    }
    const key = crypto.randomUUID();
    const body = {
      pool,
      judge,
      entry: entry.id,
      values,
      comment: draft.comment,
      abstain: draft.abstain,
      reason: draft.reason,
      key,
      version: versions.current[entry.id] ?? 0,
    };
    // A newer change of the same work replaces one still waiting.
    store([...readQueue(judge, pool).filter((q) => q.body.entry !== entry.id), { key, body }]);
    mark(entry.id, "pending");
    setConflicts(({ [entry.id]: _, ...rest }) => rest);
    setMessage(stopped.current ? "" : navigator.onLine ? L.saving : L.offline);
    flush();
    if (index < entries.length - 1) go(index + 1);
  }

  function keepServer(id: number) {
    const current = conflicts[id];
    latest.current = { ...latest.current, [id]: draftOf({ ...entry, score: current }) };
    setDrafts(latest.current);
    setConflicts(({ [id]: _, ...rest }) => rest);
    mark(id, "saved");
  }

  function onKey(e: KeyboardEvent) {
    const target = e.target as HTMLElement;
    const typing = target.tagName === "TEXTAREA" ||
      (target.tagName === "INPUT" && (target as HTMLInputElement).type === "text");
    if (e.altKey && e.key === "ArrowRight") return (e.preventDefault(), go(index + 1));
    if (e.altKey && e.key === "ArrowLeft") return (e.preventDefault(), go(index - 1));
    if (e.key === "Enter" && target.tagName === "INPUT") return (e.preventDefault(), save());
    if (typing || target.tagName === "INPUT") return;
    if (e.key === "j") go(index + 1);
    else if (e.key === "k") go(index - 1);
    else if (e.key === "z") setZoom(!zoom);
    else if (e.key === "?") setHelp(!help);
    else if (e.key === "Escape") setHelp(false);
  }

  const state = status[entry.id];
  const conflict = conflicts[entry.id];
  return (
    <section class="scoring-board" aria-labelledby="board-title" onKeyDown={onKey}>
      <h2 id="board-title" class="section-title">{L.board}</h2>
      <p class="board-status" role="status" aria-live="polite">
        {message} {pending && !signedOut ? interpolate(L.pending, { count: pending }) : ""}
      </p>
      {signedOut && pending > 0 && (
        <div class="alert alert-warning" role="alert" data-board-signin>
          <p>
            {interpolate(L.signedOut, { count: pending })} <a href={props.login}>{L.signIn}</a>
          </p>
        </div>
      )}
      <p class="board-filter">
        <label for="board-filter">{L.filter}</label>{" "}
        <select
          id="board-filter"
          class="select"
          value={show}
          onChange={(e) => setShow((e.currentTarget as HTMLSelectElement).value as Status)}
        >
          <option value="all">{L.all}</option>
          {(["todo", "saved", "pending", "conflict", "error"] as const).map((k) => (
            <option key={k} value={k}>{L[`status_${k}`]}</option>
          ))}
        </select>
      </p>
      <ol class="board-entries" aria-label={L.works}>
        {entries.map((e, i) =>
          (show !== "all" && status[e.id] !== show) ? null : (
            <li key={e.id}>
              <button
                type="button"
                class={i === index ? "board-entry is-current" : "board-entry"}
                aria-current={i === index ? "true" : undefined}
                data-board-entry={e.id}
                data-status={status[e.id]}
                onClick={() => go(i)}
              >
                {i + 1}. {e.title} · {L[`status_${status[e.id]}`]}
              </button>
            </li>
          )
        )}
      </ol>
      <div class="board-work">
        <h3 class="board-title">
          {L.position.replace("{index}", String(index + 1)).replace("{total}", String(entries.length))} — {entry.title}
          {" "}
          <span class={`badge badge-${state}`} data-current-status={state}>{L[`status_${state}`]}</span>
        </h3>
        <p>{entry.category}</p>
        {entry.images[0] && (
          <button
            type="button"
            class={zoom ? "board-image is-zoomed" : "board-image"}
            onClick={() => setZoom(!zoom)}
            aria-pressed={zoom}
          >
            <img src={entry.images[0]} alt={`${entry.title} (${L.zoom})`} />
          </button>
        )}
        {entry.description && <p class="score-description">{entry.description}</p>}
      </div>
      {conflict && (
        <div class="alert alert-error" role="alert">
          <p>{L.conflictDetail.replace("{total}", conflict.total === null ? "–" : String(conflict.total))}</p>
          <button type="button" class="button button-secondary button-sm" onClick={() => keepServer(entry.id)}>
            {L.keepServer}
          </button>
          <button type="button" class="button button-primary button-sm" onClick={save}>{L.keepMine}</button>
        </div>
      )}
      <form
        class="form board-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {criteria.map((c, i) => (
          <div class="field" key={c.id}>
            <label class="field-label" for={`board-c${c.id}`}>
              {c.name} ({c.verdict ? props.verdicts.map((v, k) => `${k} ${v}`).join(", ") : `0–${c.scale}`})
            </label>
            <input
              ref={i === 0 ? firstInput : undefined}
              id={`board-c${c.id}`}
              class="input"
              type="number"
              inputMode="numeric"
              min={0}
              max={c.scale}
              step={1}
              disabled={draft.abstain}
              value={draft.values[String(c.id)] ?? ""}
              onInput={(e) =>
                setDraft({ values: { ...draft.values, [String(c.id)]: (e.currentTarget as HTMLInputElement).value } })}
            />
          </div>
        ))}
        <div class="field">
          <label class="field-label" for="board-comment">{L.comment}</label>
          <textarea
            id="board-comment"
            class="textarea"
            rows={2}
            value={draft.comment}
            onInput={(e) => setDraft({ comment: (e.currentTarget as HTMLTextAreaElement).value })}
          />
        </div>
        <div class="check">
          <input
            id="board-abstain"
            class="check-input"
            type="checkbox"
            checked={draft.abstain}
            onChange={(e) => setDraft({ abstain: (e.currentTarget as HTMLInputElement).checked })}
          />
          <label class="check-label" for="board-abstain">{L.abstain}</label>
        </div>
        {draft.abstain && (
          <div class="field">
            <label class="field-label" for="board-reason">{L.reason}</label>
            <input
              id="board-reason"
              class="input"
              type="text"
              value={draft.reason}
              onInput={(e) => setDraft({ reason: (e.currentTarget as HTMLInputElement).value })}
            />
          </div>
        )}
        <div class="form-actions">
          <button type="button" class="button button-ghost" onClick={() => go(index - 1)} disabled={index === 0}>
            {L.previous}
          </button>
          <button type="submit" class="button button-primary" data-board-save>{L.save}</button>
          <button
            type="button"
            class="button button-ghost"
            onClick={() => go(index + 1)}
            disabled={index === entries.length - 1}
          >
            {L.next}
          </button>
          <button type="button" class="button button-ghost" aria-expanded={help} onClick={() => setHelp(!help)}>
            {L.shortcuts}
          </button>
        </div>
      </form>
      {help && (
        <div class="board-help" role="dialog" aria-label={L.shortcuts}>
          <p>{L.shortcutsText}</p>
        </div>
      )}
    </section>
  );
}
