// File names that come from clients: cleaned before they are stored, shown or sent back, so a name can
// never carry a path, a control character or a header break. Browser-safe.
import { extensionOf, EXTENSIONS_BY_KIND, type FileKind } from "./rules.ts";

/**
 * The last path segment without control characters or characters that Windows refuses; with `kind`,
 * the name ends in an extension of that kind (added when missing or different).
 */
export function cleanFilename(name: string, kind?: FileKind): string {
  // deno-lint-ignore no-control-regex
  let base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").trim();
  base = base.replace(/^\.+/, "").slice(-120) || "file";
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
