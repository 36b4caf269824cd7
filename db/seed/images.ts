// Pictures made by the demo seed with sharp: shapes from an SVG with a little noise, so derivatives,
// sizes and timings resemble a photograph's. A handful is made once and shared by many file rows.
import sharp from "sharp";
import type { CheckedUpload } from "../../domain/file/upload.ts";
import { FileService } from "../../domain/file/files.ts";
import type { FileStore, StoredObject } from "../../domain/file/storage.ts";

/** The seed's files: derivatives are made on demand by the file route, not in the seeding transaction. */
export class SeedFiles extends FileService {
  override schedule(): void {}
}

/** Where seeded bytes go when the caller names no store (test templates): nowhere; rows only. */
export const NO_STORE: FileStore = {
  kind: "local",
  put: () => Promise.resolve(),
  get: (): Promise<StoredObject | null> => Promise.resolve(null),
  has: () => Promise.resolve(false),
  delete: () => Promise.resolve(),
};

/** A JPEG of `width`×`height` in the colours of `hue` (0–360); `seed` varies the shapes. */
export async function seedPicture(width: number, height: number, hue: number, seed: number): Promise<Uint8Array> {
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 677 + seed * 131) % width, y = (i * 419 + seed * 197) % height;
    const r = Math.max(8, (width / 14) * (1 + ((i + seed) % 3)));
    const fill = `hsl(${(hue + i * 23) % 360},${50 + (i % 3) * 12}%,${40 + (i % 4) * 9}%)`;
    return i % 2
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="0.7"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="${
        r / 6
      }" fill="${fill}" opacity="0.6"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue},35%,88%)"/>${shapes}</svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 10 } },
  }).png().toBuffer();
  const out = await sharp(new TextEncoder().encode(svg)).composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 82 }).toBuffer();
  return new Uint8Array(out);
}

/** A seeded picture as the files domain stores a checked upload. */
export function seedUpload(name: string, bytes: Uint8Array, width: number, height: number): CheckedUpload {
  return { name, kind: "jpeg", mimetype: "image/jpeg", bytes, width, height, colorSpace: "srgb", density: 72 };
}
