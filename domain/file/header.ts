// What a file is, from its bytes alone: the type by its magic numbers, and for images the pixel size,
// colour model, density and whether the file reaches its end marker. Read from headers only, never
// by decoding, so a file claiming 30000×30000 pixels is refused before anything allocates them.
// Browser-safe and total: any bytes give an answer (null for "not this"), never an exception.
import type { FileKind } from "./rules.ts";

export type ColorModel = "rgb" | "gray" | "cmyk" | "ycck" | "palette";

export interface ImageHeader {
  kind: "jpeg" | "png" | "gif" | "webp";
  width: number;
  height: number;
  color: ColorModel;
  /** Pixels per inch when the header says (JFIF, pHYs); null otherwise. */
  density: number | null;
  /** The file reaches its end marker (a truncated upload does not). */
  complete: boolean;
}

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The kind the bytes start with; `text` for valid UTF-8 that is not markup; null for anything else. */
export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  return isPlainText(bytes) ? "text" : null;
}

/**
 * Plain text: UTF-8, no control characters but tab and line breaks, and not markup (HTML or SVG must
 * never be taken for text that a browser might render).
 */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  return !/^\s*</.test(text.replace(/^\uFEFF/, ""));
}

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  switch (sniffKind(bytes)) {
    case "jpeg":
      return readJpeg(bytes);
    case "png":
      return readPng(bytes);
    case "gif":
      return readGif(bytes);
    case "webp":
      return readWebp(bytes);
    default:
      return null;
  }
}

function readJpeg(b: Uint8Array): ImageHeader | null {
  let density: number | null = null;
  let adobeTransform: number | null = null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = u16be(b, i + 2);
    const start = i + 4;
    const end = i + 2 + length;
    if (length < 2 || end > b.length) return null;
    if (marker === 0xe0 && startsWith(b, ascii("JFIF\0"), start) && end - start >= 12) {
      const units = b[start + 7];
      const x = u16be(b, start + 8);
      if (units === 1 && x > 0) density = x;
      if (units === 2 && x > 0) density = Math.round(x * 2.54);
    }
    if (marker === 0xee && startsWith(b, ascii("Adobe"), start) && end - start >= 12) adobeTransform = b[start + 11];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (end - start < 6) return null;
      const height = u16be(b, start + 1);
      const width = u16be(b, start + 3);
      const components = b[start + 5];
      if (width === 0 || height === 0) return null;
      const color: ColorModel | null = components === 1
        ? "gray"
        : components === 3
        ? "rgb"
        : components === 4
        ? (adobeTransform === 2 ? "ycck" : "cmyk")
        : null;
      if (!color) return null;
      return { kind: "jpeg", width, height, color, density, complete: jpegComplete(b) };
    }
    i = end;
  }
  return null;
}

/** The last marker is EOI (FF D9), ignoring the zero padding some writers add. */
function jpegComplete(b: Uint8Array): boolean {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return end >= 4 && b[end - 2] === 0xff && b[end - 1] === 0xd9;
}

function readPng(b: Uint8Array): ImageHeader | null {
  if (b.length < 33 || !startsWith(b, ascii("IHDR"), 12)) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const colorType = b[25];
  const color: ColorModel | null = colorType === 0 || colorType === 4
    ? "gray"
    : colorType === 2 || colorType === 6
    ? "rgb"
    : colorType === 3
    ? "palette"
    : null;
  if (!color || width === 0 || height === 0) return null;
  let density: number | null = null;
  let complete = false;
  // Walk the chunks for pHYs and IEND; stop at anything that runs past the end.
  for (let i = 8; i + 12 <= b.length;) {
    const length = u32be(b, i);
    if (i + 12 + length > b.length) break;
    const type = String.fromCharCode(b[i + 4], b[i + 5], b[i + 6], b[i + 7]);
    if (type === "pHYs" && length >= 9 && b[i + 16] === 1) density = Math.round(u32be(b, i + 8) * 0.0254);
    if (type === "IEND") {
      complete = true;
      break;
    }
    i += 12 + length;
  }
  return { kind: "png", width, height, color, density: density || null, complete };
}

function readGif(b: Uint8Array): ImageHeader | null {
  if (b.length < 10) return null;
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  if (width === 0 || height === 0) return null;
  return { kind: "gif", width, height, color: "palette", density: null, complete: b[b.length - 1] === 0x3b };
}

function readWebp(b: Uint8Array): ImageHeader | null {
  if (b.length < 30) return null;
  const complete = u32be(b.slice(4, 8).reverse(), 0) + 8 <= b.length;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  let width = 0;
  let height = 0;
  if (chunk === "VP8X") {
    width = u24le(b, 24) + 1;
    height = u24le(b, 27) + 1;
  } else if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === "VP8 " && startsWith(b, [0x9d, 0x01, 0x2a], 23)) {
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  }
  if (width === 0 || height === 0) return null;
  return { kind: "webp", width, height, color: "rgb", density: null, complete };
}
