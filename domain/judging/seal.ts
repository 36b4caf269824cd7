// The award's seal on its certificates (issue 11 part 7): an administrator uploads a PNG or JPEG with the
// award's form (purpose `award_seal`, raster only so no SVG reaches the certificate). It is kept small —
// at most 512 px a side, a palette PNG when it has transparency, a JPEG otherwise — because the PDF
// embeds it as it is and a certificate PDF stays within 300 KB. Without one the drawn seal is used.
import sharp from "sharp";
import type { FileRow } from "../../db/schema/file.ts";
import type { FileService } from "../file/files.ts";
import { originalKey } from "../file/files.ts";
import { readAll } from "../file/storage.ts";
import { MAX_IMAGE_PIXELS, uploadRule } from "../file/rules.ts";
import { type CheckedUpload, uploadRefusal } from "../file/upload.ts";

/** The longest side of a stored seal (28 mm on the sheet: about 460 px at 420 dpi). */
export const SEAL_SIDE = 512;
/** The most a stored seal may weigh, so the PDF (font subset and QR code about 30 KB) stays within 300 KB. */
export const SEAL_MAX_BYTES = 200 * 1024;

const bytesOf = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * A checked `award_seal` upload made into the seal that is stored: upright, sRGB, at most SEAL_SIDE a
 * side; transparency kept as a palette PNG, an opaque seal as a JPEG. A seal that still weighs more than
 * SEAL_MAX_BYTES (a photograph full of noise, not a seal) is refused as too large.
 */
export async function normaliseSeal(upload: CheckedUpload, field = "seal"): Promise<CheckedUpload> {
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  const meta = await sharp(upload.bytes, input).metadata();
  const base = () =>
    sharp(upload.bytes, input).rotate().resize({
      width: SEAL_SIDE,
      height: SEAL_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    }).toColourspace("srgb");
  const transparent = meta.hasAlpha === true;
  const attempts = transparent
    ? [() => base().png({ palette: true, compressionLevel: 9 }), () => base().png({ palette: true, colours: 64 })]
    : [() => base().jpeg({ quality: 85 }), () => base().jpeg({ quality: 65 })];
  for (const make of attempts) {
    const { data, info } = await make().toBuffer({ resolveWithObject: true });
    if (data.length > SEAL_MAX_BYTES) continue;
    const kind = transparent ? "png" as const : "jpeg" as const;
    const stem = upload.name.replace(/\.[^.]*$/, "") || "seal";
    return {
      name: `${stem}.${transparent ? "png" : "jpg"}`,
      kind,
      mimetype: transparent ? "image/png" : "image/jpeg",
      bytes: bytesOf(data),
      width: info.width,
      height: info.height,
      colorSpace: "srgb",
      density: upload.density,
    };
  }
  throw uploadRefusal(uploadRule("award_seal"), field, "too_large", upload.name);
}

/** The seal a certificate shows: the award's uploaded image (PNG or JPEG bytes), or null for the drawn one. */
export interface SealImage {
  fileId: number;
  mimetype: "image/png" | "image/jpeg";
  bytes: Uint8Array;
}

/** Reads the award's seal for the PDF; a missing or unexpected file falls back to the drawn seal (null). */
export async function sealImage(service: FileService, sealId: number | null): Promise<SealImage | null> {
  if (!sealId) return null;
  const file: FileRow | null = await service.find(sealId);
  if (!file || (file.mimetype !== "image/png" && file.mimetype !== "image/jpeg")) return null;
  const object = await service.store.get(originalKey(file));
  if (!object) return null;
  const bytes = await readAll(object);
  // Only a seal stored through the award's form is small enough; anything else would swell the PDF.
  if (bytes.length > SEAL_MAX_BYTES) return null;
  return { fileId: file.id, mimetype: file.mimetype, bytes };
}
