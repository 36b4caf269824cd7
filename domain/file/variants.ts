// The image derivatives of SPEC §7 and their sizes. Browser-safe (pages and islands build their
// srcset from it); derivatives.ts makes them.
export const VARIANT_NAMES = ["external_image", "external_thumbnail", "preview_image", "audit_image"] as const;
export type VariantName = typeof VARIANT_NAMES[number];

interface VariantSize {
  width: number;
  height: number;
  /** `cover` crops to the box (gallery grid); `inside` keeps the whole picture. */
  fit: "cover" | "inside";
  quality: number;
}

/** Sizes for: web display, the gallery grid (4:3), previews and lists, judging (near the original). */
export const VARIANTS: Record<VariantName, VariantSize> = {
  external_image: { width: 1280, height: 1280, fit: "inside", quality: 80 },
  external_thumbnail: { width: 360, height: 270, fit: "cover", quality: 68 },
  preview_image: { width: 720, height: 720, fit: "inside", quality: 78 },
  audit_image: { width: 2000, height: 2000, fit: "inside", quality: 86 },
};

/** Widths of the variants that keep the picture whole, for `srcset`. */
export const SRCSET_VARIANTS: VariantName[] = ["preview_image", "external_image", "audit_image"];

/** The pixel size a variant of a `width`×`height` image comes out at (for width/height attributes). */
export function variantSize(name: VariantName, width: number, height: number): { width: number; height: number } {
  const box = VARIANTS[name];
  if (box.fit === "cover") return { width: Math.min(box.width, width), height: Math.min(box.height, height) };
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
