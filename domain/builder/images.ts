// A builder page's pictures (issue 15 §3): how an image property names a stored file, and the files a tree
// refers to. Browser-safe (no imports): the builder island stores what the picker chose in this form, the
// tree check (tree.ts) normalises to it, the publish check (page-files.ts) and the renderer read it back.

/** The purpose builder uploads take (domain/file/rules.ts): the `page` section's, as canUploadFor says. */
export const PAGE_IMAGE_PURPOSE = "page_image";

/** How a tree stores an uploaded image: SPEC §7's image URL of the file. */
export const imageSrcOf = (id: number) => `/api/file/image/${id}`;

const MAX_ID = 2_147_483_647;

/** Where a page's live data keeps a stored picture's pixel size (page-files.ts loadImageSizes). */
export const imageSizeKey = (id: number) => `file:${id}`;

/**
 * The file id of a stored-file image URL: `/api/file/image/{id}` as stored, and the other forms of the same
 * file SPEC §7 lists (`/api/file/{id}`, `/api/file/thumbnail/{id}`, `/api/file/binary/{id}`, a derivative
 * `/api/file/{id}/external_image.jpg`), so a pasted link comes to the same thing. Null for anything else.
 */
export function imageFileId(src: string): number | null {
  const m = src.match(
    /^\/api\/file\/(?:(?:image|thumbnail|binary)\/(\d{1,10})|(\d{1,10})(?:\/(?:external_image|external_thumbnail|preview_image|audit_image)\.jpg)?)$/,
  );
  const id = Number(m?.[1] ?? m?.[2] ?? NaN);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/** The static images a page may show as they are: the site's own images and public storage. */
export function isStaticImage(src: string): boolean {
  return /^\/(?:images|storage\/public)\/[A-Za-z0-9_\-./]+$/.test(src) && !src.includes("..");
}

interface NodeLike {
  type: string;
  props: Record<string, unknown>;
  children?: NodeLike[];
}

/** Every image source of a tree: image nodes' `src` and sliders' slides, with where each is. */
export function imageSources(nodes: readonly NodeLike[], at = "tree"): { src: string; path: string }[] {
  const out: { src: string; path: string }[] = [];
  const stack: [NodeLike, string][] = nodes.map((n, i) => [n, `${at}.${i}`] as [NodeLike, string]).reverse();
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (node.type === "image" && typeof node.props.src === "string") {
      out.push({ src: node.props.src, path: `${path}.props.src` });
    }
    if (node.type === "slider" && Array.isArray(node.props.slides)) {
      node.props.slides.forEach((s: { src?: unknown }, i: number) => {
        if (typeof s?.src === "string") out.push({ src: s.src, path: `${path}.props.slides.${i}.src` });
      });
    }
    const kids = node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], `${path}.children.${i}`]);
  }
  return out;
}

/** The stored files a tree shows, each with the first place it is used. */
export function treeFileRefs(nodes: readonly NodeLike[], at = "tree"): Map<number, string> {
  const refs = new Map<number, string>();
  for (const { src, path } of imageSources(nodes, at)) {
    const id = imageFileId(src);
    if (id !== null && !refs.has(id)) refs.set(id, path);
  }
  return refs;
}
