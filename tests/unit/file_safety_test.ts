// Issue 20 §4 and §9 on the files domain without HTTP: a PDF must parse (a real one made by pdf-lib
// passes, an HTML page beginning with %PDF- does not), purposes of areas not built are switched off, and
// names lose bidirectional and other invisible controls when stored and when sent.
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { hasPdfStructure, isReadablePdf } from "../../domain/file/pdf.ts";
import { checkUpload } from "../../domain/file/upload.ts";
import { cleanFilename, contentDisposition } from "../../domain/file/names.ts";
import { presentFile } from "../../domain/file/present.ts";
import { FILE_PURPOSES, purposeEnabled, uploadRule } from "../../domain/file/rules.ts";
import type { FileRow } from "../../db/schema/file.ts";
import { PDF, upload } from "../support/images.ts";

/** The probe's file: 53 bytes of HTML that begin like a PDF. */
const FAKE_PDF = new TextEncoder().encode("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF");

async function realPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText("Hanbit");
  return await doc.save();
}

Deno.test("pdf: a document pdf-lib made passes; HTML beginning with %PDF- and a cut PDF do not", async () => {
  assert.equal(FAKE_PDF.length, 53);
  const real = await realPdf();
  assert.ok(hasPdfStructure(real));
  assert.equal(await isReadablePdf(real), true);
  assert.equal(await isReadablePdf(PDF), true, "the hand-made test PDF is a real one too");
  assert.equal(await isReadablePdf(FAKE_PDF), false);
  assert.equal(await isReadablePdf(real.subarray(0, real.length - 20)), false, "truncated: no %%EOF");
  // A trailer that points nowhere and no cross-reference at all.
  const noXref = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\nstartxref\n3\n%%EOF\n");
  assert.equal(hasPdfStructure(noXref), false);
  // Structure alone is not enough: a catalog with pages must load.
  const hollow = new TextEncoder().encode(
    "%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer<<>>\nstartxref\n9\n%%EOF\n",
  );
  assert.equal(hasPdfStructure(hollow), true);
  assert.equal(await isReadablePdf(hollow), false);
});

Deno.test("pdf: the server check refuses the fake as corrupt and keeps the real one", async () => {
  const rule = uploadRule("entry_attachment");
  const saved = await checkUpload(rule, "file", upload("설명서.pdf", await realPdf(), "application/pdf"));
  assert.equal(saved.mimetype, "application/pdf");
  await assert.rejects(
    () => checkUpload(rule, "file", upload("fake.pdf", FAKE_PDF, "application/pdf")),
    { key: "file.corrupt" },
  );
});

Deno.test("rules: every built area's purposes are switched on, the market's too", () => {
  const off = FILE_PURPOSES.filter((p) => !purposeEnabled(p));
  const built = ["entry_image", "entry_attachment", "portrait", "signature", "award_poster", "asset"];
  for (const purpose of [...built, "board_attachment", "board_photo", "contest_reference", "programme_notice"]) {
    assert.ok(purposeEnabled(purpose as never), purpose);
  }
  for (const purpose of ["market_image", "market_ip"]) assert.ok(purposeEnabled(purpose as never), purpose);
  assert.deepEqual(off, []);
  // The IP file is a PDF only and stays its owner's; product pictures are public once attached.
  assert.deepEqual([...uploadRule("market_ip").kinds], ["pdf"]);
  assert.equal(uploadRule("market_ip").access, "owner");
  assert.equal(uploadRule("market_image").access, "public");
});

Deno.test("names: bidirectional controls and other invisible characters never stay in a name", () => {
  const rlo = "invoice\u202Egpj.exe";
  assert.equal(cleanFilename(rlo), "invoicegpj.exe");
  for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) {
    assert.equal(cleanFilename(`a${c}b.pdf`), "ab.pdf", `U+${c.charCodeAt(0).toString(16)}`);
  }
  for (const c of ["\u200E", "\u200F", "\u061C", "\u200B", "\uFEFF", "\u2028", "\u0085", "\u009b", "\u0007"]) {
    assert.equal(cleanFilename(`a${c}b.pdf`), "ab.pdf", `U+${c.charCodeAt(0).toString(16)}`);
  }
  assert.equal(cleanFilename("작품 사진.jpg"), "작품 사진.jpg", "Korean names stay as they are");
  // A lone surrogate (or a cut pair) would make encodeURIComponent throw: never left in.
  assert.equal(cleanFilename("a\uD800b.pdf"), "ab.pdf");
  assert.ok(!cleanFilename("😀".repeat(200)).includes("\uFFFD"));
  contentDisposition("attachment", "😀".repeat(200));
  // At delivery too, for names stored before this rule.
  const header = contentDisposition("attachment", rlo);
  assert.ok(!header.includes("%E2%80%AE") && !header.includes("\u202E"), header);
  const stored = { id: 1, originalName: rlo, mimetype: "application/pdf", createdAt: new Date() } as FileRow;
  assert.equal(presentFile(stored).name, "invoicegpj.exe");
});
