// Issue 20 §1, §4 and §9 over HTTP: a `judges` file is read by its owner, the administrators and the
// judges of its IBDA award (the predicate of /api/ibda/{id}/entries; a design award's panel judges are in
// tests/api/judging_audit_test.ts) once a submitted, live entry holds it, on every file route; uploads start private, purposes of areas not built are refused, fake PDFs too,
// unattached uploads are swept after a day; download links die with their session; names lose bidi
// controls; a file made private leaves the public cache.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { awards, entries } from "../../db/schema/award.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { attachUploads } from "../../domain/file/attach.ts";
import { sweepUnattachedFiles } from "../../domain/file/sweep.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const company = await signIn(t, "company");
const admin = await signIn(t, "admin");
const judgeIbda = await signIn(t, "judge-ibda");
const judgeDcb = await signIn(t, "judge-dcb");
const judgeShoes = await signIn(t, "judge-shoes");

const DAY = 24 * 3600_000;
const awardValues = (year: number, auditable: boolean) => ({
  family: "ibda" as const,
  year,
  title: `${year} 어워드`,
  auditable,
  submitFrom: new Date(Date.now() - 10 * DAY),
  submitTo: new Date(Date.now() + 10 * DAY),
});
const [open] = await db.insert(awards).values(awardValues(2095, true)).returning();
const [quiet] = await db.insert(awards).values(awardValues(2096, false)).returning();

async function uploadAs(session: string, purpose: string, bytes: Uint8Array, name = "work.jpg") {
  return await t.request(`/api/file?purpose=${purpose}&name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: csrfHeaders({ cookie: session, accept: "application/json", "content-type": "application/octet-stream" }),
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

async function upload(session: string, purpose: string, bytes: Uint8Array, name = "work.jpg"): Promise<number> {
  const res = await uploadAs(session, purpose, bytes, name);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).data[0].id;
}

const json = (session: string, path: string, body: unknown) =>
  t.request(path, {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", cookie: session }),
    body: JSON.stringify(body),
  });

async function realPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText("Hanbit");
  return await doc.save();
}

/** Submits an entry through POST /api/entry; answers its id and its files' ids. */
async function submitted(awardId: number) {
  const thumbnail = await upload(member, "entry_thumbnail", await photo(400, 300));
  const detail = await upload(member, "entry_image", await photo(800, 600));
  const attachment = await upload(member, "entry_attachment", await realPdf(), "설명서.pdf");
  const data = {
    exhibitor_type: "general",
    designer: { name: "김디자", name_en: "Kim Design", email: "kim@example.org", phone: "010-1234-5678" },
    category: "10",
    title: "바람 의자",
    title_en: "Wind chair",
    description: "바람을 닮은 의자",
    work_type: "image",
    thumbnail_id: thumbnail,
    detail_ids: [detail],
    attachment_ids: [attachment],
    agree_rules: true,
    declare_not_prized: true,
  };
  const res = await json(member, "/api/entry", { award_id: awardId, data });
  assert.equal(res.status, 201, await res.clone().text());
  const { result } = await res.json();
  return { id: result.id as number, thumbnail, detail, attachment };
}

const statusOf = async (path: string, session?: string) => {
  const res = await t.request(path, { headers: session ? { cookie: session } : {} });
  await res.body?.cancel();
  return res.status;
};

/** Every single-file route and variant URL of one file. */
const routesOf = (id: number, image: boolean) => [
  `/api/file/binary/${id}`,
  `/api/file/download/${id}`,
  `/api/file/${id}/external_application.zip`,
  ...(image
    ? [
      `/api/file/image/${id}`,
      `/api/file/thumbnail/${id}`,
      ...["external_image", "external_thumbnail", "preview_image", "audit_image"].map((v) =>
        `/api/file/${id}/${v}.jpg`
      ),
    ]
    : []),
];

const zip = (session: string, ids: number[]) =>
  t.request("/api/file/download", {
    method: "POST",
    headers: csrfHeaders({ cookie: session, "content-type": "application/json" }),
    body: JSON.stringify({ ids }),
  });

const entry = await submitted(open.id);

appTest(
  "judges: the award's own judges read a submitted entry's files on every route; other families do not",
  async () => {
    await t.app.files.idle();
    for (const [id, image] of [[entry.thumbnail, true], [entry.detail, true], [entry.attachment, false]] as const) {
      for (const path of routesOf(id, image)) {
        assert.equal(await statusOf(path, member), 200, `owner ${path}`);
        assert.equal(await statusOf(path, admin), 200, `admin ${path}`);
        assert.equal(await statusOf(path, judgeIbda), 200, `same-family judge ${path}`);
        assert.equal(await statusOf(path, judgeDcb), 403, `DCB judge ${path}`);
        assert.equal(await statusOf(path, judgeShoes), 403, `shoes judge ${path}`);
        assert.equal(await statusOf(path, company), 403, `another member ${path}`);
        assert.equal(await statusOf(path), 403, `anonymous ${path}`);
      }
    }
    // The same judges the entries list refuses (issue 20 §1: they had 200 on the files, 403 on the list).
    assert.equal(await statusOf(`/api/ibda/${open.id}/entries`, judgeDcb), 403);
  },
);

appTest(
  "judges: a draft's upload, a file an edit no longer names, and a cancelled entry's files stay the owner's",
  async () => {
    const draft = await upload(member, "entry_image", await photo(640, 480));
    const saved = await json(member, "/api/entry/draft", {
      award_id: open.id,
      step: 2,
      data: {
        category: "10",
        title: "초안",
        title_en: "Draft",
        description: "초안",
        work_type: "image",
        thumbnail_id: await upload(member, "entry_thumbnail", await photo(400, 300)),
        detail_ids: [draft],
      },
    });
    assert.ok(saved.status < 300, await saved.clone().text());
    const [row] = await db.select().from(files).where(eq(files.id, draft));
    assert.deepEqual([row.access, row.awardId, row.attachedAt], ["owner", null, null]);
    for (const path of routesOf(draft, true)) {
      assert.equal(await statusOf(path, judgeIbda), 403, `draft ${path}`);
      assert.equal(await statusOf(path, member), 200, `owner ${path}`);
    }
    // A file that names the award but no submitted entry holds any more (an edit dropped it).
    const dropped = await upload(member, "entry_image", await photo(640, 480));
    await attachUploads(db, [dropped], { access: "judges", awardId: open.id });
    assert.equal(await statusOf(`/api/file/binary/${dropped}`, judgeIbda), 403);
    // A cancelled entry's files.
    const cancelled = await submitted(open.id);
    assert.equal(await statusOf(`/api/file/binary/${cancelled.detail}`, judgeIbda), 200);
    await db.update(entries).set({ status: "cancel", cancelledAt: new Date() }).where(eq(entries.id, cancelled.id));
    assert.equal(await statusOf(`/api/file/binary/${cancelled.detail}`, judgeIbda), 403);
    assert.equal(await statusOf(`/api/file/binary/${cancelled.detail}`, member), 200);
  },
);

appTest(
  "judges: the award's judges are those its entries list lets in (a non-auditable award: administrators only)",
  async () => {
    const other = await submitted(quiet.id);
    assert.equal(await statusOf(`/api/file/binary/${other.attachment}`, judgeIbda), 403);
    assert.equal(await statusOf(`/api/file/binary/${other.attachment}`, admin), 200);
    assert.equal(await statusOf(`/api/ibda/${quiet.id}/entries`, judgeIbda), 403);
  },
);

appTest("zip: readable ids make one archive; one unreadable or missing id refuses the whole request", async () => {
  const ok = await zip(judgeIbda, [entry.thumbnail, entry.attachment]);
  assert.equal(ok.status, 200);
  assert.equal(Object.keys(unzipSync(new Uint8Array(await ok.arrayBuffer()))).length, 2);
  const draft = await upload(member, "entry_reference", await photo(200, 150));
  const mixed = await zip(judgeIbda, [entry.thumbnail, draft, entry.attachment]);
  assert.equal(mixed.status, 403);
  assert.equal((await mixed.json()).key, "file.no_access");
  const other = await zip(judgeDcb, [entry.thumbnail]);
  assert.equal(other.status, 403);
  await other.body?.cancel();
  const missing = await zip(judgeIbda, [entry.thumbnail, 2_000_000_000]);
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
});

appTest(
  "uploads: the market's purposes take a picture and a PDF only; a fake PDF is refused, a real one kept",
  async () => {
    const picture = await uploadAs(member, "market_image", await photo(100, 100));
    assert.equal(picture.status, 201);
    assert.equal((await picture.json()).data[0].access, "owner", "the member's alone until a product takes it");
    const notPdf = await uploadAs(member, "market_ip", await photo(100, 100), "ip.pdf");
    assert.deepEqual([notPdf.status, (await notPdf.json()).key], [422, "file.wrong_type"]);
    const ip = await uploadAs(member, "market_ip", await realPdf(), "ip.pdf");
    assert.equal(ip.status, 201);
    const [ipFile] = (await ip.json()).data;
    assert.equal(await statusOf(`/api/file/download/${ipFile.id}`, judgeIbda), 403, "nobody else reads an IP file");
    const fake = new TextEncoder().encode("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF");
    assert.equal(fake.length, 53);
    const refused = await uploadAs(member, "entry_attachment", fake, "fake.pdf");
    assert.deepEqual([refused.status, (await refused.json()).key], [422, "file.corrupt"]);
    const kept = await uploadAs(member, "entry_attachment", await realPdf(), "real.pdf");
    assert.equal(kept.status, 201);
    const [saved] = (await kept.json()).data;
    assert.deepEqual([saved.mimetype, saved.access], ["application/pdf", "owner"]);
    assert.equal(await statusOf(`/api/file/binary/${saved.id}`), 403, "private until its record takes it");
  },
);

appTest("sweep: uploads attached to nothing for a day go from the database and the store; the rest stay", async () => {
  const old = new Date(Date.now() - DAY - 60_000);
  const orphan = await upload(member, "entry_image", await photo(300, 200));
  const young = await upload(member, "entry_image", await photo(300, 200));
  const inDraft = await upload(member, "entry_reference", await photo(300, 200));
  const [owner] = await db.select().from(users).where(eq(users.username, "member"));
  await db.insert(wizardDrafts).values({
    userId: owner.id,
    kind: "award_entry",
    ref: quiet.id,
    data: { reference_id: String(inDraft) },
  })
    .onConflictDoUpdate({
      target: [wizardDrafts.userId, wizardDrafts.kind, wizardDrafts.ref],
      set: { data: { reference_id: String(inDraft) } },
    });
  const many = await Promise.all(
    Array.from({ length: 6 }, () => photo(120, 90).then((b) => upload(company, "entry_image", b))),
  );
  const orphans = [orphan, ...many];
  for (const id of [...orphans, inDraft, entry.detail]) {
    await db.update(files).set({ createdAt: old }).where(eq(files.id, id));
  }
  await t.app.files.idle();
  const [orphanRow] = await db.select().from(files).where(eq(files.id, orphan));
  assert.ok(await t.app.files.original(orphanRow), "stored before the sweep");
  // Two instances sweeping at once split the rows: each goes exactly once.
  const counts = await Promise.all([sweepUnattachedFiles(db, t.app.files), sweepUnattachedFiles(db, t.app.files)]);
  assert.ok(counts[0] + counts[1] >= orphans.length, JSON.stringify(counts));
  const left = async (id: number) => (await db.select({ id: files.id }).from(files).where(eq(files.id, id))).length;
  for (const id of orphans) assert.equal(await left(id), 0, `orphan ${id} swept`);
  assert.equal(await t.app.files.original(orphanRow), null, "its object is gone from the store");
  assert.equal(await statusOf(`/api/file/binary/${orphan}`, member), 404);
  for (const id of [young, inDraft, entry.detail]) assert.equal(await left(id), 1, `file ${id} kept`);
  assert.equal(await sweepUnattachedFiles(db, t.app.files), 0, "nothing left to sweep");
});

appTest("links: a download link dies with the session that made it", async () => {
  const session = await signIn(t, "member");
  const made = await t.request(`/api/file/download/${entry.attachment}`, {
    method: "POST",
    headers: csrfHeaders({ cookie: session }),
  });
  assert.equal(made.status, 200);
  const link = await made.text();
  assert.equal(await statusOf(link), 200);
  const out = await t.request("/api/logout", { headers: { cookie: session, "sec-fetch-site": "same-origin" } });
  assert.equal(out.status, 200);
  await out.body?.cancel();
  assert.equal(await statusOf(link), 403, "signed out: the link is dead");
});

appTest("names: a right-to-left override never reaches a download's name, stored before or sent now", async () => {
  const id = await upload(member, "entry_attachment", await realPdf(), "invoice\u202Efdp.exe.pdf");
  const [row] = await db.select().from(files).where(eq(files.id, id));
  assert.equal(row.originalName, "invoicefdp.exe.pdf");
  // A name stored before the rule: cleaned on its way out.
  await db.update(files).set({ originalName: "old\u202Egpj.pdf\u2066" }).where(eq(files.id, id));
  const res = await t.request(`/api/file/download/${id}`, { headers: { cookie: member } });
  const disposition = res.headers.get("content-disposition") ?? "";
  await res.body?.cancel();
  assert.ok(!/%E2%80%AE|%E2%81%A6/i.test(disposition), disposition);
  assert.match(disposition, /filename\*=UTF-8''oldgpj\.pdf$/);
});

appTest("public cache: a public picture that turns private leaves the cache at once", async () => {
  const id = await upload(member, "portrait", await photo(200, 150));
  await attachUploads(db, [id], { access: "public" });
  await t.app.files.idle();
  const path = `/api/file/${id}/external_thumbnail.jpg`;
  assert.equal(await statusOf(path), 200);
  const hit = await t.request(path);
  assert.equal(hit.headers.get("x-cache"), "hit");
  await hit.body?.cancel();
  const file = (await t.app.files.find(id))!;
  await t.app.files.setAccess(file, "owner");
  const after = await t.request(path);
  assert.equal(after.status, 403);
  assert.equal(after.headers.get("x-cache"), null);
  await after.body?.cancel();
});

appTest("close", () => t.close());
