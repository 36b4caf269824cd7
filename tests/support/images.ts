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
/** A real one-page PDF (catalog, pages, a cross-reference table with true offsets, %%EOF), in ASCII. */
export const PDF = minimalPdf();

function minimalPdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

export function upload(name: string, data: Uint8Array, type = "image/jpeg"): File {
  return new File([data as Uint8Array<ArrayBuffer>], name, { type });
}
