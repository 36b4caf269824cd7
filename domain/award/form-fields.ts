// Flat form names to the nested shape the entry schemas read: `designer.name` → designer.name,
// `sub_designers.1.name` → sub_designers[1].name, `detail_ids` repeated → an array. Browser-safe: the
// plain form's body (server) and the island's FormData (browser) go through the same function.

const ARRAY_FIELDS = new Set(["detail_ids", "attachment_ids"]);
const SAFE_KEY = /^[a-z_]{1,40}$|^\d{1,2}$/;

export function nestFields(flat: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of flat) {
    const path = name.replace(/\[\]$/, "").split(".");
    // Only plain names and small indexes: no __proto__, no huge sparse arrays.
    if (!path.every((p) => SAFE_KEY.test(p))) continue;
    if (path.length === 1) {
      const key = path[0];
      if (ARRAY_FIELDS.has(key)) out[key] = [...[out[key] ?? []].flat(), ...[value].flat()];
      else out[key] = value;
      continue;
    }
    let node = out as Record<string, unknown>;
    for (const [i, key] of path.slice(0, -1).entries()) {
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
  }
  return out;
}
