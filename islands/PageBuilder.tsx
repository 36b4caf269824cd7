// The page builder (issue 15 §2): palette, canvas, outline and properties over a page's component trees in
// both languages. Every drag has a keyboard way (WCAG 2.2 'dragging movements'): the outline's Alt+arrow
// keys and the move buttons. History of at most 10 snapshots with Ctrl+Z / Ctrl+Shift+Z (SPEC §4, §9);
// saving discards the redo entries — every saving, the draft's autosave a few seconds after a change as much
// as "save draft" and publishing (SPEC §4 'saving discards redo entries' names no exception); leaving with
// unsaved changes is warned. Images are uploaded or chosen in the properties panel (ImagePicker). The server
// checks every tree again (domain/builder/tree.ts), so nothing here is trusted. Imports stay small (no zod):
// edit, history, catalogue data, the file rules for the picker's check.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { BuilderNode } from "../domain/builder/tree.ts";
import {
  canContain,
  cloneWithNewIds,
  insertNode,
  type KeyMove,
  keyMove,
  moveNode,
  newId,
  newNode,
  nodeAt,
  type NodePath,
  removeNode,
  updateProps,
} from "../domain/builder/edit.ts";
import { canRedo, canUndo, type History, record, redo, saved, startHistory, undo } from "../domain/builder/history.ts";
import type { FileProblem } from "../domain/file/rules.ts";
import { ImagePicker } from "../components/builder/ImagePicker.tsx";

export interface BuilderField {
  name: string;
  kind: string;
  label: string;
  required: boolean;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
}

export interface BuilderType {
  type: string;
  label: string;
  children: string;
  part_of: string | null;
  fields: BuilderField[];
}

interface Trees {
  ko: BuilderNode[];
  en: BuilderNode[] | null;
}

export interface PageBuilderProps {
  pageId: number;
  csrf: string;
  trees: Trees;
  groups: { group: string; label: string; types: BuilderType[] }[];
  sections: { id: string; title: string; nodes: BuilderNode[] }[];
  texts: Record<string, string>;
  previewHref: string;
  /** The image picker's upload check: translated problems and the accepted extensions (page_image). */
  upload: { messages: Partial<Record<FileProblem, string>>; accept: string };
}

type Lang = "ko" | "en";
type Width = "phone" | "tablet" | "desktop";
type Drag = { kind: "node"; path: number[] } | { kind: "new"; type: string } | null;

/** The draft is saved this long after the last change. */
const AUTOSAVE_MS = 4000;

function pathOf(tree: readonly BuilderNode[], id: string, base: number[] = []): number[] | null {
  for (let i = 0; i < tree.length; i++) {
    if (tree[i].id === id) return [...base, i];
    const below = pathOf(tree[i].children ?? [], id, [...base, i]);
    if (below) return below;
  }
  return null;
}

const strip = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable);

/** A field's value as the form shows it, and back. */
function toText(kind: string, value: unknown): string {
  if (kind === "items") return ((value as string[]) ?? []).join("\n");
  if (kind === "rows") return ((value as string[][]) ?? []).map((r) => r.join(" | ")).join("\n");
  if (kind === "slides") {
    return ((value as { src: string; alt: string; caption?: string }[]) ?? [])
      .map((s) => [s.src, s.alt, s.caption ?? ""].join(" | ")).join("\n");
  }
  return value === undefined || value === null ? "" : String(value);
}
function fromText(kind: string, text: string): unknown {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (kind === "items") return lines;
  if (kind === "rows") return lines.map((l) => l.split("|").map((c) => c.trim()));
  if (kind === "slides") {
    return lines.map((l) => {
      const [src = "", alt = "", caption = ""] = l.split("|").map((c) => c.trim());
      return { src, alt, caption };
    });
  }
  if (kind === "number") return text === "" ? 0 : Number(text);
  return text;
}

/** Columns follow their ratio: new empty columns are added; the content of removed ones joins the last kept. */
function fitColumns(node: BuilderNode, ratio: string): BuilderNode[] {
  const want = ratio.split("-").length;
  const cols = [...(node.children ?? [])];
  while (cols.length < want) cols.push(newNode("column"));
  if (cols.length > want) {
    const extra = cols.splice(want).flatMap((c) => c.children ?? []);
    cols[want - 1] = { ...cols[want - 1], children: [...(cols[want - 1].children ?? []), ...extra] };
  }
  return cols;
}

export default function PageBuilder(props: PageBuilderProps) {
  const { texts: tx } = props;
  const types = useMemo(() => new Map(props.groups.flatMap((g) => g.types).map((t) => [t.type, t])), []);
  const [history, setHistory] = useState<History<Trees>>(() => startHistory(props.trees));
  const [lastSaved, setLastSaved] = useState<Trees>(props.trees);
  const [lang, setLang] = useState<Lang>("ko");
  const [selected, setSelected] = useState<string | null>(null);
  const [width, setWidth] = useState<Width>("desktop");
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const [announce, setAnnounce] = useState("");
  const drag = useRef<Drag>(null);
  const focusNext = useRef<string | null>(null);
  // Hydrated: browser tests and styles can tell the server's HTML from the live builder.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const present = history.present;
  const tree: BuilderNode[] | null = lang === "en" ? present.en : present.ko;
  const dirty = present !== lastSaved;
  const selPath = selected && tree ? pathOf(tree, selected) : null;
  const selNode = selPath && tree ? nodeAt(tree, selPath) : undefined;
  const label = (type: string) => types.get(type)?.label ?? type;

  const apply = (next: BuilderNode[]) => setHistory((h) => record(h, { ...h.present, [lang]: next }));

  // ----- Saving -----
  async function send(path: string, method: string, body: unknown): Promise<boolean> {
    setStatus(tx.saving);
    setError("");
    try {
      const res = await fetch(path, {
        method,
        headers: { "content-type": "application/json", accept: "application/json", "x-xsrf-token": props.csrf },
        body: JSON.stringify(body),
      });
      const answer = await res.json().catch(() => ({}));
      if (!res.ok) {
        setStatus("");
        setError([answer.message ?? tx.saveFailed, ...Object.keys(answer.errors ?? {}).slice(0, 3)].join(" "));
        return false;
      }
      setStatus(tx.savedAt.replace("{time}", new Date().toLocaleTimeString()));
      return true;
    } catch {
      setStatus("");
      setError(tx.saveFailed);
      return false;
    }
  }
  /** Autosave and "save draft" alike: SPEC §4, saving discards the redo entries. */
  async function save() {
    const trees = history.present;
    clearTimeout(timer.current);
    if (await send(`/api/builder/pages/${props.pageId}`, "PUT", { trees })) {
      setLastSaved(trees);
      // Only if nothing changed meanwhile: an undo made while this was saving keeps its redo until it is saved.
      setHistory((h) => (h.present === trees ? saved(h) : h));
    }
  }
  async function publish() {
    const trees = history.present;
    clearTimeout(timer.current);
    if (await send(`/api/builder/pages/${props.pageId}/publish`, "POST", { trees })) {
      setLastSaved(trees);
      setHistory((h) => saved(h));
      setStatus(tx.published);
    }
  }

  // Autosave a few seconds after the last change.
  useEffect(() => {
    if (!dirty) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(save, AUTOSAVE_MS);
    return () => clearTimeout(timer.current);
  }, [present]);

  // The warning before leaving with unsaved changes.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!dirty) return;
      e.preventDefault();
      e.returnValue = "";
    };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [dirty]);

  // After a keyboard move the moved item keeps the focus.
  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(`pbo-${focusNext.current}`)?.focus();
      focusNext.current = null;
    }
  });

  // ----- Edits -----
  function insert(nodes: BuilderNode[]) {
    if (!tree || nodes.length === 0) return;
    let next = tree;
    let parent: NodePath = [];
    let index = tree.length;
    const first = nodes[0].type;
    if (selNode && selPath && canContain(selNode.type, first)) {
      parent = selPath;
      index = selNode.children?.length ?? 0;
    } else if (selPath) {
      const up = selPath.slice(0, -1);
      const upType = up.length ? nodeAt(tree, up)?.type ?? null : null;
      if (canContain(upType, first)) {
        parent = up;
        index = selPath[selPath.length - 1] + 1;
      }
    }
    const parentType = parent.length ? nodeAt(tree, parent)?.type ?? null : null;
    if (!canContain(parentType, first)) return;
    nodes.forEach((n, i) => (next = insertNode(next, parent, index + i, n)));
    apply(next);
    setSelected(nodes[0].id);
    setAnnounce(label(first));
  }

  function move(path: number[], how: KeyMove) {
    if (!tree) return;
    const moved = keyMove(tree, path, how);
    if (!moved) return;
    const node = nodeAt(tree, path)!;
    apply(moved.tree);
    focusNext.current = node.id;
    setAnnounce(tx.moved.replace("{name}", label(node.type)));
  }

  function remove(path: number[]) {
    if (!tree) return;
    const node = nodeAt(tree, path);
    if (!node || types.get(node.type)?.part_of === "columns") return; // columns follow their ratio
    apply(removeNode(tree, path));
    setSelected(null);
  }

  function duplicate(path: number[]) {
    if (!tree) return;
    const node = nodeAt(tree, path);
    if (!node || types.get(node.type)?.part_of === "columns") return;
    const copy = cloneWithNewIds(node);
    apply(insertNode(tree, path.slice(0, -1), path[path.length - 1] + 1, copy));
    setSelected(copy.id);
  }

  function change(field: BuilderField, value: unknown) {
    if (!tree || !selPath || !selNode) return;
    let next = updateProps(tree, selPath, { [field.name]: value });
    if (selNode.type === "columns" && field.name === "ratio") {
      const node = nodeAt(next, selPath)!;
      const parent = selPath.slice(0, -1);
      const i = selPath[selPath.length - 1];
      next = insertNode(removeNode(next, selPath), parent, i, { ...node, children: fitColumns(node, String(value)) });
    }
    apply(next);
  }

  /**
   * One property of a node by its id, on the latest history: the picker answers after an upload, when the
   * tree (or the selection) may have changed since it started.
   */
  function setPropOf(which: Lang, nodeId: string, name: string, next: (old: unknown) => unknown) {
    setHistory((h) => {
      const t = which === "en" ? h.present.en : h.present.ko;
      const path = t ? pathOf(t, nodeId) : null;
      if (!t || !path) return h;
      const old = nodeAt(t, path)?.props[name];
      return record(h, { ...h.present, [which]: updateProps(t, path, { [name]: next(old) }) });
    });
  }

  function drop(parent: number[], index: number) {
    const d = drag.current;
    drag.current = null;
    if (!tree || !d) return;
    if (d.kind === "new") {
      const node = newNode(d.type);
      const parentType = parent.length ? nodeAt(tree, parent)?.type ?? null : null;
      if (!canContain(parentType, d.type)) return;
      apply(insertNode(tree, parent, index, node));
      setSelected(node.id);
    } else {
      const moved = moveNode(tree, d.path, parent, index);
      if (moved) apply(moved.tree);
    }
  }
  const dropProps = (parent: number[], index: number) => ({
    onDragOver: (e: DragEvent) => {
      if (drag.current) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      drop(parent, index);
    },
  });

  // Undo and redo keys work wherever the focus is (after an undo removes the focused item, it is on the body).
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = onKeyDown;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  function onKeyDown(e: KeyboardEvent) {
    const mod = e.ctrlKey || e.metaKey;
    if (!mod || isTyping(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) {
      e.preventDefault();
      setHistory(undo);
    } else if ((key === "z" && e.shiftKey) || key === "y") {
      e.preventDefault();
      setHistory(redo);
    } else if (key === "s") {
      e.preventDefault();
      save();
    }
  }

  function outlineKey(e: KeyboardEvent, path: number[]) {
    if (e.altKey) {
      const how = ({ ArrowUp: "up", ArrowDown: "down", ArrowRight: "in", ArrowLeft: "out" } as const)[
        e.key as "ArrowUp"
      ];
      if (how) {
        e.preventDefault();
        move(path, how);
      }
    } else if (e.key === "Delete") {
      e.preventDefault();
      remove(path);
    }
  }

  // ----- Views -----
  function summary(node: BuilderNode) {
    const p = node.props;
    switch (node.type) {
      case "heading":
        return <strong class="pbb-heading">{String(p.text ?? "")}</strong>;
      case "text":
        return <span>{strip(String(p.html ?? ""))}</span>;
      case "image":
        return p.src ? <img src={String(p.src)} alt={String(p.alt ?? "")} /> : null;
      case "button":
        return <span class="button button-primary button-sm">{String(p.label ?? "")}</span>;
      case "list":
        return <span>{((p.items as string[]) ?? []).join(" · ")}</span>;
      case "tab":
        return <strong>{String(p.label ?? "")}</strong>;
      default: {
        const text = ["caption", "title", "label", "board", "kind", "family"].map((k) => p[k]).find((v) => v);
        return text ? <span>{String(text)}</span> : null;
      }
    }
  }

  function block(node: BuilderNode, path: number[]) {
    const def = types.get(node.type);
    const container = def && def.children !== "none";
    return (
      <div
        key={node.id}
        class={`pbb-node pbb-${node.type}${node.id === selected ? " is-selected" : ""}`}
        draggable={def?.part_of !== "columns"}
        onDragStart={(e) => {
          e.stopPropagation();
          drag.current = { kind: "node", path };
          e.dataTransfer?.setData("text/plain", node.id);
        }}
        {...dropProps(path.slice(0, -1), path[path.length - 1])}
        onClick={(e) => {
          e.stopPropagation();
          setSelected(node.id);
        }}
      >
        <span class="pbb-type">{label(node.type)}</span>
        {summary(node)}
        {container && (
          <div class={`pbb-children pbb-children-${node.type}`}>
            {(node.children ?? []).map((c, i) => block(c, [...path, i]))}
            <div class="pbb-drop" {...dropProps(path, node.children?.length ?? 0)} aria-hidden="true" />
          </div>
        )}
      </div>
    );
  }

  function outline(nodes: BuilderNode[], base: number[]) {
    return (
      <ul class="pbb-outline-list">
        {nodes.map((n, i) => {
          const path = [...base, i];
          return (
            <li key={n.id}>
              <button
                type="button"
                id={`pbo-${n.id}`}
                class="pbb-outline-item"
                aria-pressed={n.id === selected}
                aria-describedby="pbb-keys"
                draggable={types.get(n.type)?.part_of !== "columns"}
                onDragStart={() => (drag.current = { kind: "node", path })}
                {...dropProps(base, i)}
                onClick={() => setSelected(n.id)}
                onKeyDown={(e) => outlineKey(e, path)}
              >
                {label(n.type)}
                {n.type === "heading" || n.type === "tab" ? `: ${String(n.props.text ?? n.props.label ?? "")}` : ""}
              </button>
              {n.children && n.children.length > 0 && outline(n.children, path)}
            </li>
          );
        })}
      </ul>
    );
  }

  function fieldOf(field: BuilderField, node: BuilderNode) {
    const id = `pbp-${field.name}`;
    const value = node.props[field.name];
    const common = { id, name: field.name, required: field.required };
    let control;
    if (field.kind === "boolean") {
      return (
        <div key={field.name} class="pbb-field pbb-check">
          <input
            type="checkbox"
            {...common}
            checked={!!value}
            onChange={(e) => change(field, (e.currentTarget as HTMLInputElement).checked)}
          />
          <label for={id}>{field.label}</label>
        </div>
      );
    } else if (field.kind === "select") {
      control = (
        <select
          class="select"
          {...common}
          value={String(value ?? "")}
          onChange={(e) => change(field, (e.currentTarget as HTMLSelectElement).value)}
        >
          {field.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      );
    } else if (["richtext", "textarea", "items", "rows", "slides"].includes(field.kind)) {
      control = (
        <textarea
          class="input"
          rows={field.kind === "richtext" ? 6 : 4}
          {...common}
          value={toText(field.kind, value)}
          onChange={(e) => change(field, fromText(field.kind, (e.currentTarget as HTMLTextAreaElement).value))}
        />
      );
    } else {
      control = (
        <input
          class="input"
          type={(field.kind === "number" ? "number" : "text") as "text"}
          min={field.min}
          max={field.kind === "number" ? field.max : undefined}
          maxLength={field.kind === "number" ? undefined : field.max}
          {...common}
          value={toText(field.kind, value)}
          onChange={(e) => change(field, fromText(field.kind, (e.currentTarget as HTMLInputElement).value))}
        />
      );
    }
    const picker = field.kind === "image" || field.kind === "slides";
    return (
      <div key={field.name} class="pbb-field">
        <label for={id}>{field.label}</label>
        {control}
        {picker && (
          <ImagePicker
            id={id}
            current={field.kind === "image" ? String(value ?? "") : undefined}
            csrf={props.csrf}
            texts={tx}
            messages={props.upload.messages}
            accept={props.upload.accept}
            onPick={(src) =>
              setPropOf(lang, node.id, field.name, (old) =>
                field.kind === "image" ? src : [...((old as { src: string; alt: string; caption?: string }[]) ?? []), {
                  src,
                  alt: "",
                  caption: "",
                }])}
          />
        )}
      </div>
    );
  }

  const partsAllowed = (t: BuilderType) => !t.part_of || (selNode?.type === t.part_of && t.part_of === "tabs");

  return (
    <div class="pbb" data-ready={String(ready)}>
      <div class="pbb-toolbar" role="toolbar" aria-label={tx.title}>
        <button
          type="button"
          class="button button-ghost button-sm"
          disabled={!canUndo(history)}
          onClick={() => setHistory(undo)}
        >
          {tx.undo}
        </button>
        <button
          type="button"
          class="button button-ghost button-sm"
          disabled={!canRedo(history)}
          onClick={() => setHistory(redo)}
        >
          {tx.redo}
        </button>
        <button type="button" class="button button-secondary button-sm" onClick={save}>{tx.save}</button>
        <button type="button" class="button button-primary button-sm" onClick={publish}>{tx.publish}</button>
        <a class="button button-ghost button-sm" href={props.previewHref} target="_blank" rel="noopener">
          {tx.preview}
        </a>
        <label class="pbb-inline">
          {tx.language}{" "}
          <select
            class="select"
            value={lang}
            onChange={(e) => {
              setLang((e.currentTarget as HTMLSelectElement).value as Lang);
              setSelected(null);
            }}
          >
            <option value="ko">{tx.korean}</option>
            <option value="en">{tx.english}</option>
          </select>
        </label>
        <label class="pbb-inline">
          {tx.width}{" "}
          <select
            class="select"
            value={width}
            onChange={(e) => setWidth((e.currentTarget as HTMLSelectElement).value as Width)}
          >
            <option value="phone">{tx.phone}</option>
            <option value="tablet">{tx.tablet}</option>
            <option value="desktop">{tx.desktop}</option>
          </select>
        </label>
        <span class="pbb-status" role="status">{error || status || (dirty ? tx.unsaved : "")}</span>
      </div>
      <p class="visually-hidden" aria-live="polite">{announce}</p>
      <p id="pbb-keys" class="pbb-help">{tx.keyboardHelp}</p>
      <div class="pbb-panes">
        <section class="pbb-palette" aria-labelledby="pbb-palette-title">
          <h2 id="pbb-palette-title">{tx.palette}</h2>
          {props.groups.map((g) => (
            <div key={g.group}>
              <h3>{g.label}</h3>
              <ul class="pbb-palette-list">
                {g.types.filter(partsAllowed).map((t) => (
                  <li key={t.type}>
                    <button
                      type="button"
                      class="pbb-palette-item"
                      draggable
                      disabled={!tree}
                      onDragStart={() => (drag.current = { kind: "new", type: t.type })}
                      onClick={() => insert([newNode(t.type)])}
                    >
                      {t.label}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <h3>{tx.sections}</h3>
          <ul class="pbb-palette-list">
            {props.sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  class="pbb-palette-item"
                  disabled={!tree}
                  onClick={() => insert(s.nodes.map((n) => cloneWithNewIds(n, newId)))}
                >
                  {s.title}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section class="pbb-canvas-pane" aria-labelledby="pbb-canvas-title">
          <h2 id="pbb-canvas-title">{tx.canvas}</h2>
          {lang === "en" && (
            <div class="pbb-en">
              <label class="pbb-check">
                <input
                  type="checkbox"
                  checked={present.en === null}
                  onChange={(e) =>
                    setHistory((h) =>
                      record(h, {
                        ...h.present,
                        en: (e.currentTarget as HTMLInputElement).checked ? null : [],
                      })
                    )}
                />
                {tx.englishSame}
              </label>
              {present.en === null && (
                <button
                  type="button"
                  class="button button-secondary button-sm"
                  onClick={() =>
                    setHistory((h) => record(h, { ...h.present, en: h.present.ko.map((n) => cloneWithNewIds(n)) }))}
                >
                  {tx.copyKorean}
                </button>
              )}
            </div>
          )}
          {tree && (
            <div class={`pbb-canvas pbb-width-${width}`} onClick={() => setSelected(null)}>
              {tree.length === 0 && <p class="pbb-empty">{tx.empty}</p>}
              {tree.map((n, i) => block(n, [i]))}
              <div class="pbb-drop pbb-drop-root" {...dropProps([], tree.length)} aria-hidden="true" />
            </div>
          )}
        </section>
        <aside class="pbb-side">
          <section aria-labelledby="pbb-outline-title">
            <h2 id="pbb-outline-title">{tx.outline}</h2>
            {tree && outline(tree, [])}
          </section>
          <section aria-labelledby="pbb-props-title">
            <h2 id="pbb-props-title">{tx.properties}</h2>
            {!selNode || !selPath ? <p class="pbb-empty">{tx.nothingSelected}</p> : (
              <div key={selNode.id}>
                <p class="pbb-selected">{label(selNode.type)}</p>
                <div class="pbb-moves">
                  <button type="button" class="button button-ghost button-sm" onClick={() => move(selPath, "up")}>
                    {tx.moveUp}
                  </button>
                  <button type="button" class="button button-ghost button-sm" onClick={() => move(selPath, "down")}>
                    {tx.moveDown}
                  </button>
                  <button type="button" class="button button-ghost button-sm" onClick={() => move(selPath, "in")}>
                    {tx.moveIn}
                  </button>
                  <button type="button" class="button button-ghost button-sm" onClick={() => move(selPath, "out")}>
                    {tx.moveOut}
                  </button>
                  <button type="button" class="button button-ghost button-sm" onClick={() => duplicate(selPath)}>
                    {tx.duplicate}
                  </button>
                  <button type="button" class="button button-ghost button-sm" onClick={() => remove(selPath)}>
                    {tx.remove}
                  </button>
                </div>
                {types.get(selNode.type)?.fields.map((f) => fieldOf(f, selNode))}
              </div>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
