// Real files made by the tests (sharp), good and bad, for the upload rules.
import sharp from "sharp";

const bytes = (b: Uint8Array | ArrayBuffer) => new Uint8Array(b instanceof Uint8Array ? b : new Uint8Array(b));

/** A picture with shapes and a little noise, so sizes and timings resemble a photograph's. */
export async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg"): Promise<Uint8Array> {
  const circles = Array.from(
    { length: 24 },
    (_, i) =>
      `<circle cx="${(i * 677) % width}" cy="${(i * 419) % height}" r="${
        Math.max(4, (width / 12) * (1 + (i % 3)))
      }" fill="hsl(${(i * 47) % 360},60%,50%)" opacity="0.6"/>`,
  ).join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3a6ea5"/>${circles}</svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .png().toBuffer();
  const image = sharp(new TextEncoder().encode(svg)).composite([{ input: noise, blend: "overlay" }]);
  return bytes(format === "png" ? await image.png().toBuffer() : await image.jpeg({ quality: 88 }).toBuffer());
}

export async function cmykJpeg(width = 64, height = 48): Promise<Uint8Array> {
  return bytes(await sharp(await photo(width, height)).toColourspace("cmyk").jpeg().toBuffer());
}

export async function jpegWithDensity(width: number, height: number, density: number): Promise<Uint8Array> {
  return bytes(await sharp(await photo(width, height)).withMetadata({ density }).jpeg().toBuffer());
}

/** The first half of a JPEG: the header is whole, the picture is not. */
export async function truncatedJpeg(): Promise<Uint8Array> {
  const whole = await photo(200, 150);
  return whole.slice(0, Math.floor(whole.length / 2));
}

/** A small JPEG whose frame header claims `width`×`height` (a decompression bomb's header). */
export async function jpegClaiming(width: number, height: number): Promise<Uint8Array> {
  const out = (await photo(32, 32)).slice();
  for (let i = 2; i < out.length - 9;) {
    const marker = out[i + 1];
    const length = (out[i + 2] << 8) | out[i + 3];
    if (marker >= 0xc0 && marker <= 0xc2) {
      out[i + 5] = height >> 8;
      out[i + 6] = height & 0xff;
      out[i + 7] = width >> 8;
      out[i + 8] = width & 0xff;
      return out;
    }
    i += 2 + length;
  }
  throw new Error("no frame header");
}

export const HTML_AS_IMAGE = new TextEncoder().encode("<html><script>alert(1)</script></html>");
export const SVG_AS_IMAGE = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export function upload(name: string, data: Uint8Array, type = "image/jpeg"): File {
  return new File([data as Uint8Array<ArrayBuffer>], name, { type });
}
