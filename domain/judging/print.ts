// A certificate's QR code (SVG, by the `qrcode` package) and its PDF (pdf-lib with the Korean font embedded
// as a subset through @pdf-lib/fontkit) (issue 11 part 7).
import QRCode from "qrcode";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import fontkit from "@pdf-lib/fontkit";
import { HttpError } from "../../framework/errors.ts";
import type { Locale } from "../../i18n/mod.ts";
import type { CertificateView } from "./certificates.ts";
import { certificateLines } from "./lines.ts";
import type { SealImage } from "./seal.ts";

/** The verification address of a certificate's public code, and its QR code as one SVG path of its modules. */
export function certificateQr(publicUrl: string, code: string): { url: string; size: number; path: string } {
  const url = `${publicUrl.replace(/\/+$/, "")}/certificate/${encodeURIComponent(code)}`;
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let path = "";
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) path += `M${c} ${r}h1v1h-1z`;
  }
  return { url, size: modules.size, path };
}

// ---------- PDF ----------

/** The Korean font of certificate PDFs: Debian's fonts-nanum (CI installs it). */
export const CERTIFICATE_FONT = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
const A4: [number, number] = [595.28, 841.89];

let fontBytes: Uint8Array | null = null;
async function koreanFont(): Promise<Uint8Array> {
  if (fontBytes) return fontBytes;
  try {
    fontBytes = await Deno.readFile(CERTIFICATE_FONT);
    return fontBytes;
  } catch {
    // Fail clearly: a certificate without its Korean glyphs would be unreadable.
    throw new HttpError(503, "judging.certificate.fontMissing");
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const ch of [...text]) {
    if (font.widthOfTextAtSize(line + ch, size) > width && line) {
      const cut = line.lastIndexOf(" ");
      if (cut > 0 && ch !== " ") {
        lines.push(line.slice(0, cut));
        line = line.slice(cut + 1) + ch;
        continue;
      }
      lines.push(line);
      line = ch === " " ? "" : ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The certificate as an A4 PDF with the Korean font embedded as a subset (only the glyphs used), one page
 * per language, each with the seal, the facts, the serial and the QR code of the verification page.
 */
export async function certificatePdf(
  view: CertificateView,
  languages: Locale[],
  verifyUrl: string,
  seal: SealImage | null = null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(await koreanFont(), { subset: true });
  pdf.setTitle(`${view.serial}`);
  pdf.setProducer("Hanbit Regional Design Center");
  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: "M" });
  const ink = rgb(0.1, 0.1, 0.1);
  const red = rgb(0.7, 0.15, 0.12);
  // The award's seal image, embedded once and drawn on every page (an image XObject).
  const sealImage = seal
    ? await (seal.mimetype === "image/png" ? pdf.embedPng(seal.bytes) : pdf.embedJpg(seal.bytes))
    : null;
  for (const locale of languages) {
    const l = certificateLines(view, locale);
    const page = pdf.addPage(A4);
    const [w, h] = A4;
    page.drawRectangle({
      x: 24,
      y: 24,
      width: w - 48,
      height: h - 48,
      borderColor: rgb(0.54, 0.43, 0.11),
      borderWidth: 3,
    });
    if (sealImage) {
      // Fitted into the drawn seal's 80 pt square, centred on the same point.
      const { width, height } = sealImage.scaleToFit(80, 80);
      page.drawImage(sealImage, { x: w - 100 - width / 2, y: h - 100 - height / 2, width, height });
    } else {
      page.drawCircle({ x: w - 100, y: h - 100, size: 38, borderColor: red, borderWidth: 2 });
      const mark = `${view.award.family.toUpperCase()} ${view.award.year}`;
      page.drawText(mark, {
        x: w - 100 - font.widthOfTextAtSize(mark, 11) / 2,
        y: h - 104,
        size: 11,
        font,
        color: red,
      });
    }
    const heading = l.heading;
    page.drawText(heading, {
      x: (w - font.widthOfTextAtSize(heading, 28)) / 2,
      y: h - 190,
      size: 28,
      font,
      color: ink,
    });
    let y = h - 270;
    const facts: [string, string][] = [[l.labels.holder, l.holder], [l.labels.work, l.work], [l.labels.rank, l.rank], [
      l.labels.award,
      l.award,
    ]];
    for (const [label, value] of facts.filter(([, v]) => v)) {
      page.drawText(label, { x: 80, y, size: 12, font, color: rgb(0.35, 0.35, 0.35) });
      for (const [i, line] of wrap(value, font, 14, w - 260).entries()) {
        page.drawText(line, { x: 180, y: y - i * 20, size: 14, font, color: ink });
        if (i) y -= 20;
      }
      y -= 32;
    }
    y -= 20;
    for (const line of wrap(l.body, font, 14, w - 160)) {
      page.drawText(line, { x: 80, y, size: 14, font, color: ink });
      y -= 26;
    }
    page.drawText(l.date, { x: (w - font.widthOfTextAtSize(l.date, 14)) / 2, y: 230, size: 14, font, color: ink });
    // The QR code, module by module, and the serial beside it.
    const cell = 90 / qr.modules.size;
    for (let r = 0; r < qr.modules.size; r++) {
      for (let c = 0; c < qr.modules.size; c++) {
        if (qr.modules.get(r, c)) {
          page.drawRectangle({ x: 70 + c * cell, y: 150 - r * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
        }
      }
    }
    page.drawText(`${l.labels.serial}: ${view.serial}`, { x: 180, y: 130, size: 10, font, color: ink });
    for (const [i, line] of wrap(verifyUrl, font, 8, w - 260).entries()) {
      page.drawText(line, { x: 180, y: 112 - i * 11, size: 8, font, color: rgb(0.3, 0.3, 0.3) });
    }
  }
  // Without object streams the font dictionaries stay readable to any PDF reader (and to tests).
  return await pdf.save({ useObjectStreams: false });
}
