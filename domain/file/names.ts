// File names that come from clients: cleaned before they are stored, shown or sent back, so a name can
// never carry a path, a control character or a header break. Browser-safe.
import { extensionOf, EXTENSIONS_BY_KIND, type FileKind } from "./rules.ts";

/**
 * What never stays in a name: control characters (C0, DEL, C1), the bidirectional controls that make
 * "gpj.exe" read as "exe.jpg" (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F
 * marks, U+061C), the other invisible format characters (U+200B–U+200D, U+2060–U+206F, U+FEFF), line and
 * paragraph separators, halves of surrogate pairs, and the characters Windows refuses in a file name.
 */
const UNSAFE_IN_NAMES = /[\p{Cc}\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\p{Cs}"<>|:*?]/gu;

/**
 * The last path segment without the characters above; with `kind`, the name ends in an extension of
 * that kind (added when missing or different). Used when a name is stored and again whenever one is
 * sent back, so names stored before a rule existed are cleaned on their way out too.
 */
export function cleanFilename(name: string, kind?: FileKind): string {
  let base = name.split(/[\\/]/).pop()!.replace(UNSAFE_IN_NAMES, "").trim();
  // By code points, so the cut never leaves half a surrogate pair (which encodeURIComponent refuses).
  base = Array.from(base.replace(/^\.+/, "")).slice(-120).join("") || "file";
  if (!kind) return base;
  const extensions = EXTENSIONS_BY_KIND[kind];
  return extensions.includes(extensionOf(base)) ? base : `${base}.${extensions[0]}`;
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name (RFC 8187) for Korean file names. */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const clean = cleanFilename(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"%;]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Names made unique inside one zip: "a.jpg", "a (2).jpg", … */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
