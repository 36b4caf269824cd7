// The upload rules on real files made here: types by their bytes, image headers, RGB, pixel limits,
// sizes, density, truncation; names and download links. The header reader never throws (fast-check).
import assert from "node:assert/strict";
import fc from "fast-check";
import { checkFile } from "../../domain/file/check.ts";
import { readImageHeader, sniffKind } from "../../domain/file/header.ts";
import { checkUpload } from "../../domain/file/upload.ts";
import { cleanFilename, contentDisposition, uniqueNames } from "../../domain/file/names.ts";
import { signDownload, verifyDownload } from "../../domain/file/links.ts";
import { UPLOAD_RULES, uploadRule } from "../../domain/file/rules.ts";
import { HttpError } from "../../framework/errors.ts";
import {
  cmykJpeg,
  HTML_AS_IMAGE,
  jpegClaiming,
  jpegWithDensity,
  PDF,
  photo,
  SVG_AS_IMAGE,
  truncatedJpeg,
  upload,
} from "../support/images.ts";

const problem = (purpose: keyof typeof UPLOAD_RULES, name: string, bytes: Uint8Array, web = false) => {
  const result = checkFile(uploadRule(purpose), name, bytes, { forWeb: web });
  return result.ok ? null : result.problem;
};

Deno.test("header: a JPEG's size, colour model and completeness come from its header", async () => {
  const header = readImageHeader(await photo(440, 330));
  assert.deepEqual({ ...header, density: undefined }, {
    kind: "jpeg",
    width: 440,
    height: 330,
    color: "rgb",
    density: undefined,
    complete: true,
  });
  assert.equal(readImageHeader(await cmykJpeg())?.color, "cmyk");
  assert.equal(readImageHeader(await truncatedJpeg())?.complete, false);
  const png = readImageHeader(await photo(20, 10, "png"));
  assert.equal(png?.kind, "png");
  assert.deepEqual([png?.width, png?.height, png?.complete], [20, 10, true]);
});

Deno.test("header: types are decided by magic bytes; markup is never an image or plain text", () => {
  assert.equal(sniffKind(PDF), "pdf");
  assert.equal(sniffKind(HTML_AS_IMAGE), null);
  assert.equal(sniffKind(SVG_AS_IMAGE), null);
  assert.equal(sniffKind(new TextEncoder().encode("name,score\nkim,10\n")), "text");
  assert.equal(sniffKind(new Uint8Array([0, 1, 2, 3])), null);
});

Deno.test("header: random bytes are answered or refused, never an exception", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
      const header = readImageHeader(bytes);
      assert.ok(header === null || (header.width > 0 && header.height > 0));
      sniffKind(bytes);
    }),
    { numRuns: 3000 },
  );
  // Random tails behind real signatures reach the parsers' inner paths.
  const signatures = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [
    0x47,
    0x49,
    0x46,
    0x38,
    0x39,
    0x61,
  ], [
    0x52,
    0x49,
    0x46,
    0x46,
    1,
    0,
    0,
    0,
    0x57,
    0x45,
    0x42,
    0x50,
  ]];
  fc.assert(
    fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 256 }), (sig, tail) => {
      const header = readImageHeader(new Uint8Array([...sig, ...tail]));
      assert.ok(header === null || (Number.isInteger(header.width) && Number.isInteger(header.height)));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("rules: award thumbnail must be a 440×330 RGB JPG", async () => {
  assert.equal(problem("award_thumbnail", "poster.jpg", await photo(440, 330)), null);
  assert.equal(problem("award_thumbnail", "poster.jpg", await photo(441, 330)), "size_range");
  assert.equal(problem("award_thumbnail", "poster.png", await photo(440, 330, "png")), "not_jpg");
  assert.equal(problem("award_thumbnail", "poster.jpg", await cmykJpeg(440, 330)), "not_rgb");
});

Deno.test("rules: bad files are refused with SPEC §8's reasons", async () => {
  assert.equal(problem("entry_image", "work.jpg", await photo(2001, 100)), "too_wide");
  assert.equal(problem("entry_image", "work.jpg", await photo(2000, 100)), null);
  assert.equal(problem("entry_image", "work.jpg", await truncatedJpeg()), "corrupt");
  assert.equal(problem("entry_image", "work.jpg", await jpegClaiming(30000, 30000)), "max_pixel");
  assert.equal(problem("entry_image", "work.jpg", HTML_AS_IMAGE), "wrong_type");
  assert.equal(problem("board_photo", "cat.svg", SVG_AS_IMAGE), "wrong_type");
  assert.equal(problem("board_photo", "cat.jpg", await photo(30, 30, "png")), "bad_extension");
  assert.equal(problem("entry_reference", "ref.jpg", new Uint8Array(3 * 1024 * 1024 + 1).fill(0xff)), "too_large");
  assert.equal(problem("market_ip", "ip.pdf", PDF), null);
  assert.equal(problem("market_ip", "ip.pdf", await photo(10, 10)), "wrong_type");
  assert.equal(problem("entry_image", "empty.jpg", new Uint8Array()), "none");
});

Deno.test("rules: contest images need 300 dpi, or 72 dpi for web and app work (EXIF read by the server)", async () => {
  const rule = uploadRule("contest_image");
  const print = upload("print.jpg", await jpegWithDensity(100, 100, 300));
  const screen = upload("screen.jpg", await jpegWithDensity(100, 100, 72));
  assert.equal((await checkUpload(rule, "file", print)).density, 300);
  await assert.rejects(() => checkUpload(rule, "file", screen), { key: "file.low_density" });
  assert.equal((await checkUpload(rule, "file", screen, { forWeb: true })).density, 72);
  // Without any stated density the conventional 72 dpi applies.
  const plain = upload("plain.png", await photo(50, 50, "png"));
  await assert.rejects(() => checkUpload(rule, "file", plain), {
    key: "file.low_density",
  });
});

Deno.test("server check: libvips agrees, and refusals carry the key, field, code and limits", async () => {
  const rule = uploadRule("entry_image");
  const ok = await checkUpload(rule, "file", upload("작품.jpg", await photo(800, 600)));
  assert.deepEqual([ok.kind, ok.width, ok.height, ok.colorSpace, ok.name], ["jpeg", 800, 600, "srgb", "작품.jpg"]);
  await assert.rejects(() => checkUpload(rule, "file", upload("c.jpg", new Uint8Array())), (err) => {
    assert.ok(err instanceof HttpError);
    assert.equal(err.key, "file.none");
    assert.equal(err.details?.code, 4);
    return true;
  });
  await assert.rejects(
    () => checkUpload(uploadRule("entry_reference"), "ref", upload("r.jpg", new Uint8Array(4 << 20).fill(1))),
    (err) => {
      assert.ok(err instanceof HttpError);
      assert.deepEqual([err.status, err.key, err.details?.code, (err.details?.params as { max: number }).max], [
        413,
        "file.too_large",
        2,
        3,
      ]);
      assert.deepEqual(err.details?.fields, { ref: ["file.too_large"] });
      return true;
    },
  );
});

Deno.test("names: no path, no control characters, the true extension; safe Content-Disposition", () => {
  assert.equal(cleanFilename("../../etc/passwd"), "passwd");
  assert.equal(cleanFilename("..\\..\\boot.ini"), "boot.ini");
  assert.equal(cleanFilename("a\r\nSet-Cookie: x.jpg"), "aSet-Cookie x.jpg");
  assert.equal(cleanFilename("..", "zip"), "file.zip");
  assert.equal(cleanFilename("report.exe", "pdf"), "report.exe.pdf");
  assert.equal(cleanFilename("사진.JPG", "jpeg"), "사진.JPG");
  const header = contentDisposition("attachment", '결과 "최종";.pdf');
  assert.match(header, /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
  assert.ok(!header.includes("\n"));
  assert.ok(header.includes(encodeURIComponent("결과")));
  assert.deepEqual(uniqueNames(["a.jpg", "A.jpg", "a.jpg", "b"]), ["a.jpg", "A (2).jpg", "a (3).jpg", "b"]);
});

Deno.test("download links: signed for one file, member and session, and they expire", async () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const link = { viewerId: 42, sessionId: "0b7f8a52-2c55-4c1c-9d5e-6a3e3c1f0d11" };
  const token = await signDownload(secret, 7, link, 1_000);
  assert.deepEqual(await verifyDownload(secret, 7, token, 2_000), link);
  assert.equal(await verifyDownload(secret, 8, token, 2_000), null);
  assert.equal(await verifyDownload(secret, 7, token, 1_000 + 5 * 60_000 + 1), null);
  assert.equal(await verifyDownload(secret, 7, token.replace(/^42/, "43"), 2_000), null);
  const otherSession = token.replace(link.sessionId, "1b7f8a52-2c55-4c1c-9d5e-6a3e3c1f0d11");
  assert.equal(await verifyDownload(secret, 7, otherSession, 2_000), null);
  assert.equal(await verifyDownload(crypto.getRandomValues(new Uint8Array(32)), 7, token, 2_000), null);
  assert.equal(await verifyDownload(secret, 7, "garbage", 2_000), null);
  // The old shape (member, expiry, signature) names no session: refused.
  assert.equal(await verifyDownload(secret, 7, `42.${Date.now() + 60_000}.abc`, 2_000), null);
});
