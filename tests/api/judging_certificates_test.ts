// Issue 11 part 7 over HTTP: my page's judge, prizes and certificates sections; the A4 print page and the
// PDF (Korean subset embedded, ≤ 300 KB) for the holder only; the public verification page, which shows a
// tampered signature, a forged serial or altered facts as not valid and a withdrawn rank as revoked.
import assert from "node:assert/strict";
import { and, eq, isNotNull } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { certificates } from "../../db/schema/judging.ts";
import { users } from "../../db/schema/member.ts";
import { certificateCode } from "../../domain/judging/certificates.ts";
import { certificateSecret, sessionSecret } from "../../domain/member/secret.ts";

const t = await openTestApp();
globalThis.addEventListener("unload", () => t.close());
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
