// Edits of a component tree, pure and immutable (the builder island applies them; tests drive them): a node
// is named by its path of child indices from the root list. Every move a mouse makes by dragging has a
// keyboard equivalent here (WCAG 2.2 'dragging movements'): up, down, into the sibling above, out of the parent.
import { columnCount, componentDef, defaultProps } from "./catalogue.ts";
import type { BuilderNode } from "./tree.ts";

export type NodePath = readonly number[];

export function nodeAt(tree: readonly BuilderNode[], path: NodePath): BuilderNode | undefined {
  let list: readonly BuilderNode[] | undefined = tree;
  let node: BuilderNode | undefined;
  for (const i of path) {
    node = list?.[i];
    list = node?.children;
  }
  return node;
}

/** Whether a node of `child` type may sit directly in `parent` (null: the page itself). */
export function canContain(parent: string | null, child: string): boolean {
  const def = componentDef(child);
  if (!def) return false;
  if (parent === null) return !def.partOf;
  const rule = componentDef(parent)?.children ?? "none";
  if (rule === "none") return false;
  if (rule === "any") return !def.partOf;
  return rule === child;
}

/** The list at `parentPath` replaced by `change(list)`, copying only the nodes on the way. */
function withList(
  tree: readonly BuilderNode[],
  parentPath: NodePath,
  change: (list: BuilderNode[]) => BuilderNode[],
): BuilderNode[] {
  if (parentPath.length === 0) return change([...tree]);
  const [head, ...rest] = parentPath;
  return tree.map((node, i) => i === head ? { ...node, children: withList(node.children ?? [], rest, change) } : node);
}

export function insertNode(tree: readonly BuilderNode[], parentPath: NodePath, index: number, node: BuilderNode) {
  return withList(tree, parentPath, (list) => {
    list.splice(Math.max(0, Math.min(index, list.length)), 0, node);
    return list;
  });
}

export function removeNode(tree: readonly BuilderNode[], path: NodePath): BuilderNode[] {
  return withList(tree, path.slice(0, -1), (list) => {
    list.splice(path[path.length - 1], 1);
    return list;
  });
}

export function updateProps(tree: readonly BuilderNode[], path: NodePath, props: Record<string, unknown>) {
  return withList(tree, path.slice(0, -1), (list) => {
    const i = path[path.length - 1];
    list[i] = { ...list[i], props: { ...list[i].props, ...props } };
    return list;
  });
}

function parentType(tree: readonly BuilderNode[], parentPath: NodePath): string | null {
  return parentPath.length ? nodeAt(tree, parentPath)?.type ?? null : null;
}

/**
 * Moves the node at `from` to `index` of the list at `toParent` (positions counted before the move).
 * Returns null when the move is not allowed (into itself, or where its type may not go).
 */
export function moveNode(
  tree: readonly BuilderNode[],
  from: NodePath,
  toParent: NodePath,
  index: number,
): { tree: BuilderNode[]; path: number[] } | null {
  const node = nodeAt(tree, from);
  if (!node) return null;
  const inside = toParent.length >= from.length && from.every((v, i) => toParent[i] === v);
  if (inside || !canContain(parentType(tree, toParent), node.type)) return null;
  const fromParent = from.slice(0, -1);
  const fromIndex = from[from.length - 1];
  // Removing the node shifts what follows it in its own list, and the path of a later sibling's subtree.
  const target = [...toParent];
  if (target.length > fromParent.length && fromParent.every((v, i) => target[i] === v)) {
    const at = fromParent.length;
    if (target[at] > fromIndex) target[at]--;
  }
  let to = index;
  if (target.length === fromParent.length && target.every((v, i) => v === fromParent[i]) && to > fromIndex) to--;
  const removed = removeNode(tree, from);
  return { tree: insertNode(removed, target, to, node), path: [...target, to] };
}

export type KeyMove = "up" | "down" | "in" | "out";

/** The keyboard moves: one place up or down among its siblings, into the end of the sibling above, out after the parent. */
export function keyMove(tree: readonly BuilderNode[], path: NodePath, move: KeyMove) {
  const parent = path.slice(0, -1);
  const i = path[path.length - 1];
  switch (move) {
    case "up":
      return i > 0 ? moveNode(tree, path, parent, i - 1) : null;
    case "down": {
      const siblings = parent.length ? nodeAt(tree, parent)?.children ?? [] : tree;
      return i < siblings.length - 1 ? moveNode(tree, path, parent, i + 2) : null;
    }
    case "in": {
      if (i === 0) return null;
      const above = [...parent, i - 1];
      return moveNode(tree, path, above, nodeAt(tree, above)?.children?.length ?? 0);
    }
    case "out":
      return parent.length ? moveNode(tree, path, parent.slice(0, -1), parent[parent.length - 1] + 1) : null;
  }
}

let counter = 0;
/** A node id unique enough within a page (time, a counter and chance). */
export function newId(): string {
  counter = (counter + 1) % 1296;
  return `n${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new node of a type with its default properties (columns get their columns, tabs a first tab). */
export function newNode(type: string, id: () => string = newId): BuilderNode {
  const node: BuilderNode = { id: id(), type, props: defaultProps(type) };
  const def = componentDef(type);
  if (def?.children === "any") node.children = [];
  if (type === "columns") {
    node.children = Array.from({ length: columnCount(node.props.ratio) }, () => newNode("column", id));
  }
  if (type === "tabs") node.children = [{ ...newNode("tab", id), props: { label: "Tab" } }];
  return node;
}

/** A copy of a subtree with fresh ids (a section inserted twice, a duplicated node). */
export function cloneWithNewIds(node: BuilderNode, id: () => string = newId): BuilderNode {
  return {
    ...node,
    id: id(),
    props: structuredClone(node.props),
    children: node.children?.map((c) => cloneWithNewIds(c, id)),
  };
}
