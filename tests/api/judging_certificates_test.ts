// Issue 11 part 7 over HTTP: my page's judge, prizes and certificates sections; the A4 print page and the
// PDF (Korean subset embedded, ≤ 300 KB) for the holder only; the public verification page, which shows a
// tampered signature, a forged serial or altered facts as not valid and a withdrawn rank as revoked. The
// award's seal image: uploaded by an administrator with the award's form, drawn on the sheet and in the PDF.
import assert from "node:assert/strict";
import { and, eq, isNotNull } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { photo } from "../support/images.ts";
import { signIn } from "../support/session.ts";
import { awardPools, awards, entries } from "../../db/schema/award.ts";
import { files } from "../../db/schema/file.ts";
import { awardFormValues } from "../../domain/award/manage-awards.ts";
import { certificates } from "../../db/schema/judging.ts";
import { users } from "../../db/schema/member.ts";
import { certificateCode } from "../../domain/judging/certificates.ts";
import { certificateSecret, sessionSecret } from "../../domain/member/secret.ts";

const t = await openTestApp();
const db = t.app.database.db;

const [judged] = await db.select().from(awards).where(and(eq(awards.family, "ibda"), eq(awards.auditable, true)));
// A prize of last year's IBDA, whose results are published (db/seed/judging.ts).
const [lastIbda] = await db.select().from(awards).where(
  and(eq(awards.family, "ibda"), eq(awards.year, judged.year - 1)),
);
const [ranked] = await db.select().from(entries).where(and(isNotNull(entries.rank), eq(entries.awardId, lastIbda.id)))
  .limit(1);
const [demo] = await db.select().from(users).where(eq(users.username, "member"));
const [owner] = await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, ranked.userId))
  .returning();
const holder = await signIn(t, owner.username);
const member = await signIn(t, "member");
const admin = await signIn(t, "admin");
const judge = await signIn(t, "judge-ibda");
const [cert] = await db.select().from(certificates).where(eq(certificates.entryId, ranked.id));

async function page(path: string, cookie?: string) {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  return { status: res.status, html: await res.text(), res };
}

appTest("my page: prizes, certificates and judge sections, with counts on the my-page home", async () => {
  const prizes = await page("/mypage/prizes", holder);
  assert.equal(prizes.status, 200);
  assert.ok(prizes.html.includes(ranked.title));
  assert.ok(prizes.html.includes(`/print?certificate=${cert.id}`));
  const mine = await page("/mypage/certificates", holder);
  assert.equal(mine.status, 200);
  assert.ok(mine.html.includes(cert.serial));
  assert.match(mine.html, /href="\/certificate\/[A-Z0-9-]+\.[\w-]{16}"/);
  const judging = await page("/mypage/judge", judge);
  assert.equal(judging.status, 200);
  assert.ok(judging.html.includes(`/audit?pool=`));
  const en = await page("/en/mypage/certificates", judge);
  assert.equal(en.status, 200);
  assert.match(en.html, /Letter of Appointment/);
  const home = await page("/mypage", holder);
  assert.match(home.html, /href="\/mypage\/prizes"/);
  assert.equal((await page("/mypage/prizes")).status, 303, "anonymous visitors sign in first");
  // A judge entered nothing: nothing to show.
  assert.match((await page("/mypage/prizes", judge)).html, /발표된 수상 내역이 없습니다/);
});

appTest("/print: the holder's A4 certificate with serial and QR code; another member's is refused", async () => {
  const both = await page(`/print?certificate=${cert.id}`, holder);
  assert.equal(both.status, 200);
  assert.ok(both.html.includes(cert.serial));
  assert.match(both.html, /<svg class="cert-qr"[^>]*>.*<path d="M\d/, "the QR code, drawn as SVG");
  assert.match(both.html, /lang="ko"[\s\S]*lang="en"/, "Korean and English");
  assert.doesNotMatch(both.html, /class="gnb"/, "no site menu on the print page");
  const en = await page(`/print?certificate=${cert.id}&lang=en`, holder);
  assert.match(en.html, /Certificate of Award/);
  assert.equal((await page(`/print?certificate=${cert.id}`, member)).status, 403);
  assert.equal((await page(`/print?certificate=${cert.id}`, admin)).status, 200);
  assert.equal((await page(`/print?certificate=${cert.id}`)).status, 303);
  assert.equal((await page("/print?certificate=999999", holder)).status, 404);
  assert.equal((await page("/print?certificate=abc", holder)).status, 400);
  assert.equal((await page(`/print?certificate=${cert.id}&lang=fr`, holder)).status, 400);
});

appTest("/print.pdf: a server-made PDF with the Korean font embedded as a subset, at most 300 KB", async () => {
  const res = await t.request(`/print.pdf?certificate=${cert.id}`, { headers: { cookie: holder } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.ok(bytes.length <= 300 * 1024, `${bytes.length} bytes`);
  const doc = await PDFDocument.load(bytes);
  assert.equal(doc.getPageCount(), 2, "Korean and English pages");
  const text = new TextDecoder("latin1").decode(bytes);
  assert.match(text, /\/BaseFont \/NanumGothic/, "NanumGothic is the font");
  assert.match(text, /\/FontFile2/, "embedded");
  const font = await Deno.stat("/usr/share/fonts/truetype/nanum/NanumGothic.ttf");
  assert.ok(bytes.length * 10 < font.size, "a subset: a small part of the font file");
  const ko = await t.request(`/print.pdf?certificate=${cert.id}&lang=ko`, { headers: { cookie: holder } });
  assert.equal((await PDFDocument.load(new Uint8Array(await ko.arrayBuffer()))).getPageCount(), 1);
  assert.equal((await t.request(`/print.pdf?certificate=${cert.id}`, { headers: { cookie: member } })).status, 403);
});

appTest("/certificate/{code}: valid, tampered, forged, altered and revoked", async () => {
  const mine = await page("/mypage/certificates", holder);
  const code = new RegExp(`href="/certificate/(${cert.serial}\\.[\\w-]{16})"`).exec(mine.html)![1];
  const valid = await page(`/certificate/${code}`);
  assert.equal(valid.status, 200);
  assert.match(valid.html, /data-verify="valid"/);
  // Signed with the certificates' own key, not the session key: rotating SESSION_SECRET keeps printed codes valid.
  assert.equal(code, await certificateCode(await certificateSecret(db, t.config.certificateSecret), cert));
  assert.notEqual(code, await certificateCode(await sessionSecret(db, t.config.sessionSecret), cert));
  assert.ok(valid.html.includes(ranked.designerName) && valid.html.includes(ranked.title));
  assert.ok(
    valid.html.includes(lastIbda.title) && valid.html.includes(lastIbda.titleEn),
    "the award in both languages",
  );
  const [serial, sig] = code.split(".");
  const flipped = sig[0] === "A" ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
  const tampered = await page(`/certificate/${serial}.${flipped}`);
  assert.equal(tampered.status, 404);
  assert.match(tampered.html, /data-verify="invalid"/);
  const forged = await page(`/certificate/${serial.slice(0, -1)}${serial.endsWith("A") ? "B" : "A"}.${sig}`);
  assert.match(forged.html, /data-verify="invalid"/);
  assert.equal((await page("/certificate/nonsense")).status, 404);
  // The facts altered in the database: the signature no longer matches them.
  await db.update(certificates).set({ rank: cert.rank === "gold" ? "silver" : "gold" }).where(
    eq(certificates.id, cert.id),
  );
  assert.match((await page(`/certificate/${code}`)).html, /data-verify="invalid"/);
  await db.update(certificates).set({ rank: cert.rank }).where(eq(certificates.id, cert.id));
  // Revoked (a withdrawn rank): still genuine, shown as revoked.
  await db.update(certificates).set({ revokedAt: new Date() }).where(eq(certificates.id, cert.id));
  const revoked = await page(`/certificate/${code}`);
  assert.equal(revoked.status, 200);
  assert.match(revoked.html, /data-verify="revoked"/);
  await db.update(certificates).set({ revokedAt: null }).where(eq(certificates.id, cert.id));
});

appTest("winner labels: SVG and PNG of a ranked entry whose results are out; anything else 404", async () => {
  const svg = await t.request(`/print/label.svg?entry=${ranked.id}&lang=en`);
  assert.equal(svg.status, 200);
  assert.match(svg.headers.get("content-type") ?? "", /image\/svg\+xml/);
  const text = await svg.text();
  assert.ok(text.includes(String(lastIbda.year)) && text.includes("IBDA"));
  const png = await t.request(`/print/label.png?entry=${ranked.id}`);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get("content-type"), "image/png");
  assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  const [unranked] = await db.select().from(entries).where(eq(entries.awardId, judged.id)).limit(1);
  assert.equal((await t.request(`/print/label.svg?entry=${unranked.id}`)).status, 404);
  assert.equal((await t.request("/print/label.svg?entry=x")).status, 400);
  assert.match((await page("/mypage/prizes", holder)).html, /\/print\/label\.png\?entry=/);
});

// ---------- The award's seal image (issue 11 part 7) ----------

/** The award's management form as an administrator's browser posts it, with files. */
async function postAwardForm(cookie: string, uploads: Record<string, [string, Uint8Array]>) {
  const [award] = await db.select().from(awards).where(eq(awards.id, lastIbda.id));
  const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, award.id));
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  body.set("action", "save");
  for (const [k, v] of Object.entries(awardFormValues(award, pools))) {
    for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  }
  for (const [field, [name, bytes]] of Object.entries(uploads)) {
    body.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name));
  }
  const headers = csrfHeaders({ cookie });
  delete headers["x-xsrf-token"]; // the form field carries the token, as a browser form does
  return await t.request(`/management/ibda/${award.id}`, { method: "POST", headers, body, redirect: "manual" });
}

/** A red round seal on a transparent ground, as a seal is usually drawn (PNG with alpha). */
async function sealPng(side = 800): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.45}" fill="none" stroke="#b3261e" stroke-width="${
      side / 16
    }"/><text x="50%" y="55%" font-size="${side / 6}" text-anchor="middle" fill="#b3261e">IBDA</text></svg>`;
  return new Uint8Array(await sharp(new TextEncoder().encode(svg)).png().toBuffer());
}

const sealOf = async () => (await db.select().from(awards).where(eq(awards.id, lastIbda.id)))[0].sealId;
const pdfText = async (cookie: string) => {
  const res = await t.request(`/print.pdf?certificate=${cert.id}`, { headers: { cookie } });
  assert.equal(res.status, 200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { bytes, text: new TextDecoder("latin1").decode(bytes) };
};

appTest("the award's seal: refused for a non-administrator and for a text file named .png", async () => {
  assert.equal(await sealOf(), null, "the demo award has no uploaded seal");
  // Without one the sheet draws the seal and the PDF holds no image.
  assert.match((await page(`/print?certificate=${cert.id}`, holder)).html, /<svg class="cert-seal"/);
  assert.doesNotMatch((await pdfText(holder)).text, /\/Subtype \/Image/);

  const png = await sealPng();
  const byMember = await postAwardForm(member, { seal: ["seal.png", png] });
  assert.equal(byMember.status, 403, "the management form is the administrators'");
  const send = (cookie: string, name: string, bytes: Uint8Array) => {
    const body = new FormData();
    body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
    return t.request("/api/file?purpose=award_seal", {
      method: "POST",
      headers: csrfHeaders({ accept: "application/json", cookie }),
      body,
    });
  };
  assert.equal((await send(member, "seal.png", png)).status, 403, "a member may not upload an award's seal");
  assert.equal((await send(holder, "seal.png", png)).status, 403);

  const text = new TextEncoder().encode("not an image at all, only a name ending in .png\n");
  const fake = await postAwardForm(admin, { seal: ["seal.png", text] });
  assert.equal(fake.status, 422);
  assert.match(await fake.text(), /JPG|PNG/);
  assert.equal((await send(admin, "seal.png", text)).status, 422, "the files call refuses it too");
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>');
  assert.equal((await postAwardForm(admin, { seal: ["seal.svg", svg] })).status, 422, "raster only");
  assert.equal(await sealOf(), null, "nothing stored on a refusal");
});

appTest("the award's seal: uploaded by an administrator, on the print page and in the PDF (≤ 300 KB)", async () => {
  const saved = await postAwardForm(admin, { seal: ["seal.png", await sealPng()] });
  assert.equal(saved.status, 303, await saved.clone().text());
  const sealId = await sealOf();
  assert.ok(sealId, "the award holds the seal");
  const [file] = await db.select().from(files).where(eq(files.id, sealId));
  assert.deepEqual([file.purpose, file.access, file.mimetype, file.width], ["award_seal", "public", "image/png", 512]);

  const sheet = await page(`/print?certificate=${cert.id}&lang=both`, holder);
  assert.equal(sheet.status, 200);
  assert.match(sheet.html, new RegExp(`<img class="cert-seal" src="/api/file/image/${sealId}"`));
  assert.doesNotMatch(sheet.html, /<svg class="cert-seal"/, "the drawn seal gives way");
  const image = await t.request(`/api/file/image/${sealId}`, { headers: { cookie: holder } });
  assert.equal(image.status, 200, "the holder's browser loads it");
  assert.equal(image.headers.get("content-type"), "image/png");
  await image.body?.cancel();

  const withPng = await pdfText(holder);
  assert.match(withPng.text, /\/Subtype \/Image/, "an image XObject");
  assert.match(withPng.text, /\/SMask/, "its transparency kept");
  assert.equal((await PDFDocument.load(withPng.bytes)).getPageCount(), 2);
  assert.ok(withPng.bytes.length <= 300 * 1024, `${withPng.bytes.length} bytes`);

  // A big, busy photograph as the seal: kept at 512 px, replacing the first, and the PDF still ≤ 300 KB.
  const big = await photo(1800, 1800);
  assert.ok(big.length > 300 * 1024, `the upload itself is larger than a PDF may be (${big.length})`);
  assert.equal((await postAwardForm(admin, { seal: ["big.jpg", big] })).status, 303);
  const bigId = await sealOf();
  assert.notEqual(bigId, sealId);
  assert.equal((await db.select().from(files).where(eq(files.id, sealId))).length, 0, "the old seal removed");
  const [bigFile] = await db.select().from(files).where(eq(files.id, bigId!));
  assert.deepEqual([bigFile.mimetype, bigFile.width, bigFile.height], ["image/jpeg", 512, 512]);
  const withJpeg = await pdfText(holder);
  assert.match(
    withJpeg.text,
    /\/Subtype \/Image[\s\S]*\/Filter \/DCTDecode|\/Filter \/DCTDecode[\s\S]*\/Subtype \/Image/,
  );
  assert.ok(withJpeg.bytes.length <= 300 * 1024, `${withJpeg.bytes.length} bytes`);
  console.log(`[seal] PDF with a PNG seal ${withPng.bytes.length} B, with a JPEG seal ${withJpeg.bytes.length} B`);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
