// Image derivatives (SPEC §7 image URLs), made with sharp (libvips: decoding and encoding run on its
// own threads, off the JavaScript thread) once per upload, in the background, and kept in the store.
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "./rules.ts";
import { VARIANT_NAMES, type VariantName, VARIANTS } from "./variants.ts";

export { VARIANT_NAMES, type VariantName, VARIANTS };

export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  /** libvips's interpretation: srgb, b-w, cmyk, … */
  space: string;
  density: number | null;
}

const inputOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;

/** What libvips reads from the header (no decoding); null when it cannot read the image at all. */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts | null> {
  try {
    const meta = await sharp(bytes, inputOptions).metadata();
    if (!meta.format || !meta.width || !meta.height) return null;
    return {
      format: meta.format,
      width: meta.width,
      height: meta.height,
      space: String(meta.space ?? ""),
      density: meta.density ? Math.round(meta.density) : null,
    };
  } catch {
    return null;
  }
}

/**
 * The four derivatives of an image. The original is decoded once (JPEG shrink-on-load), turned upright
 * from its EXIF orientation, flattened on white, converted to sRGB and cut to the largest size; the
 * smaller ones are made from those pixels. Metadata (EXIF, GPS) is not copied into them.
 */
export async function makeDerivatives(bytes: Uint8Array): Promise<Record<VariantName, Uint8Array>> {
  const largest = VARIANTS.audit_image;
  const { data, info } = await sharp(bytes, inputOptions)
    .rotate()
    .resize({ width: largest.width, height: largest.height, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const made = await Promise.all(VARIANT_NAMES.map(async (name) => {
    const size = VARIANTS[name];
    const out = await sharp(data, raw)
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .jpeg({ quality: size.quality })
      .toBuffer();
    return [name, new Uint8Array(out.buffer, out.byteOffset, out.byteLength)] as const;
  }));
  return Object.fromEntries(made) as Record<VariantName, Uint8Array>;
}
