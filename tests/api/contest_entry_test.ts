// The contest entry (issue 12 §4) over the plain multipart form: a member enters with the contest file rules
// (300 dpi images, 640×640 JPG thumbnail, reference ≤ 3 MB, ≤ 5 attachments), edits and withdraws until
// close; a closed contest, one restricted to another member type, the host's own contest, another member's
// files and bad files are refused.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { contestEntries, contests } from "../../db/schema/contest.ts";
import { files as fileRows } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { cmykJpeg, jpegWithDensity, PDF, photo, upload } from "../support/images.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const company = await signIn(t, "company");
const [{ id: memberId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "member"));

const byTitle = async (titleEn: string) => (await db.select().from(contests).where(eq(contests.titleEn, titleEn)))[0];
const ongoing = await byTitle("Hanbit Works brand logo design contest");
const memberOnly = await byTitle("Local produce shop web design contest");
const judging = await byTitle("Hanbit goods design contest");

// A fresh ongoing contest nobody has entered yet (the seed's has member's entry already).
const { id: _id, ...rest } = ongoing;
const [fresh] = await db.insert(contests).values({ ...rest, title: "새 응모 공모전", titleEn: "Fresh contest" })
  .returning();
const companyOnly = (await db.insert(contests).values({ ...rest, title: "기업만", entryRestriction: "company" })
  .returning())[0];

const IMAGE = await jpegWithDensity(800, 600, 300);
const THUMB = await photo(640, 640);

function send(path: string, cookie: string, fields: Record<string, string | string[]>, files: [string, File][] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [name, file] of files) body.append(name, file);
  return t.request(path, { method: "POST", headers: csrfHeaders({ cookie, accept: "text/html" }), body });
}

/** Moves a contest's entry deadline (to judge its entries now, or to reopen entries). */
async function setClose(contestId: number, closeAt: Date) {
  await db.update(contests).set({ closeAt }).where(eq(contests.id, contestId));
}

const entryOf = async (contestId: number, userId: number) =>
  (await db.select().from(contestEntries).where(
    and(
      eq(contestEntries.contestId, contestId),
      eq(contestEntries.userId, userId),
      eq(contestEntries.status, "submitted"),
    ),
  ))[0];

appTest("a member enters with the contest file rules, edits, then withdraws", async () => {
  const path = `/contest/${fresh.id}/enter`;
  const form = await t.request(path, { headers: { cookie: member } });
  const html = await form.text();
  assert.equal(form.status, 200);
  assert.ok(html.includes('enctype="multipart/form-data"') && html.includes('aria-current="step"'));
  assert.ok(html.includes('data-island="FileInput"'), "files checked early in the browser; the form posts without it");

  // A 72 dpi image for a print field, a thumbnail of the wrong size, a CMYK reference: each refused (422).
  let res = await send(path, member, { title: "시안 A" }, [
    ["image_file", upload("low.jpg", await jpegWithDensity(800, 600, 72))],
    ["thumbnail_file", upload("t.jpg", THUMB)],
  ]);
  assert.equal(res.status, 422);
  assert.ok((await res.text()).includes("field-invalid"));
  res = await send(path, member, { title: "시안 A" }, [
    ["image_file", upload("a.jpg", IMAGE)],
    ["thumbnail_file", upload("t.jpg", await photo(600, 600))],
  ]);
  assert.equal(res.status, 422);
  await res.body?.cancel();
  res = await send(path, member, { title: "시안 A" }, [
    ["image_file", upload("a.jpg", IMAGE)],
    ["thumbnail_file", upload("t.jpg", THUMB)],
    ["reference_file", upload("r.jpg", await cmykJpeg())],
  ]);
  assert.equal(res.status, 422);
  await res.body?.cancel();
  // Six attachments are one too many.
  res = await send(
    path,
    member,
    { title: "시안 A" },
    Array.from(
      { length: 6 },
      (_, i): [string, File] => ["attachment_file", upload(`a${i}.pdf`, PDF, "application/pdf")],
    ),
  );
  assert.equal(res.status, 422);
  await res.body?.cancel();

  // No image at all: refused, but the thumbnail sent with it is kept in the draft.
  res = await send(path, member, { title: "시안 A" }, [["thumbnail_file", upload("t.jpg", THUMB)]]);
  assert.equal(res.status, 422);
  const again = await res.text();
  assert.ok(again.includes("t.jpg"), "the kept thumbnail is listed");
  res = await send(path, member, { title: "시안 A", description: "설명" }, [["image_file", upload("a.jpg", IMAGE)]]);
  assert.equal(res.status, 303, await res.clone().text());
  assert.equal(res.headers.get("location"), `${path}?done=1`);
  const entry = await entryOf(fresh.id, memberId);
  assert.equal(entry.title, "시안 A");
  assert.equal(entry.imageIds.length, 1);
  assert.ok(entry.thumbnailId);
  const [thumb] = await db.select().from(fileRows).where(eq(fileRows.id, entry.thumbnailId!));
  assert.ok(thumb.attachedAt, "attached when the entry is stored");
  const done = await (await t.request(`${path}?done=1`, { headers: { cookie: member } })).text();
  assert.ok(done.includes("응모를 마쳤습니다."));

  // Edit: the same form, the entry's files kept.
  res = await send(path, member, {
    title: "시안 A 수정",
    image_ids: entry.imageIds.map(String),
    thumbnail_id: String(entry.thumbnailId),
  });
  assert.equal(res.status, 303);
  assert.equal((await entryOf(fresh.id, memberId)).title, "시안 A 수정");
  assert.equal(
    (await db.select().from(contestEntries).where(eq(contestEntries.contestId, fresh.id))).length,
    1,
    "still one entry",
  );

  // Another member cannot borrow these files.
  res = await send(path, tester, {
    title: "남의 파일",
    image_ids: entry.imageIds.map(String),
    thumbnail_id: String(entry.thumbnailId),
  });
  assert.equal(res.status, 422);
  await res.body?.cancel();
  assert.equal(
    await entryOf(fresh.id, (await db.select().from(users).where(eq(users.username, "tester")))[0].id),
    undefined,
  );

  // While entries are open the host may not look at the works (409 contest.not_closed, in both languages).
  const image = entry.imageIds[0];
  const early = await t.request(`/contest/${fresh.id}/judge/files/${image}`, { headers: { cookie: company } });
  assert.equal(early.status, 409);
  assert.ok((await early.text()).includes("응모 마감 후에 심사할 수 있습니다."));
  const earlyEn = await t.request(`/en/contest/${fresh.id}/judge/files/${image}`, { headers: { cookie: company } });
  assert.equal(earlyEn.status, 409);
  assert.ok((await earlyEn.text()).includes("Judging starts when entries close."));

  // Once entries close the host opens the entry's files for judging; nobody else does through this route.
  await setClose(fresh.id, new Date(Date.now() - 60_000));
  const hostFile = await t.request(`/contest/${fresh.id}/judge/files/${image}`, { headers: { cookie: company } });
  assert.equal(hostFile.status, 200);
  assert.equal(hostFile.headers.get("content-type"), "image/jpeg");
  await hostFile.body?.cancel();
  for (const cookie of [member, tester]) {
    const other = await t.request(`/contest/${fresh.id}/judge/files/${image}`, { headers: { cookie } });
    assert.equal(other.status, 404);
    await other.body?.cancel();
  }
  const foreign = await t.request(`/contest/${judging.id}/judge/files/${image}`, { headers: { cookie: company } });
  assert.equal(foreign.status, 404, "a file of another contest's entry");
  await foreign.body?.cancel();

  await setClose(fresh.id, fresh.closeAt);
  res = await send(path, member, { _action: "withdraw" });
  assert.equal(res.status, 303);
  assert.equal(await entryOf(fresh.id, memberId), undefined);
  await setClose(fresh.id, new Date(Date.now() - 60_000));
  const gone = await t.request(`/contest/${fresh.id}/judge/files/${image}`, { headers: { cookie: company } });
  assert.equal(gone.status, 404, "a withdrawn entry's files are no longer the host's to read");
  await gone.body?.cancel();
  await setClose(fresh.id, fresh.closeAt);
});

appTest("entering is refused: closed, restricted to another type, own contest, anonymous, unknown", async () => {
  const closed = await t.request(`/contest/${judging.id}/enter`, { headers: { cookie: member } });
  assert.equal(closed.status, 409);
  assert.ok((await closed.text()).includes("응모 또는 심사 기간이 아닙니다."));
  const closedPost = await send(`/contest/${judging.id}/enter`, member, { title: "늦은 응모" }, [
    ["image_file", upload("a.jpg", IMAGE)],
    ["thumbnail_file", upload("t.jpg", THUMB)],
  ]);
  assert.equal(closedPost.status, 409);
  await closedPost.body?.cancel();
  const restricted = await t.request(`/contest/${companyOnly.id}/enter`, { headers: { cookie: member } });
  assert.equal(restricted.status, 403);
  assert.ok((await restricted.text()).includes("다른 회원 유형만"));
  const memberTypeOnly = await t.request(`/contest/${memberOnly.id}/enter`, { headers: { cookie: company } });
  assert.equal(memberTypeOnly.status, 403);
  await memberTypeOnly.body?.cancel();
  const own = await t.request(`/contest/${fresh.id}/enter`, { headers: { cookie: company } });
  assert.equal(own.status, 403);
  assert.ok((await own.text()).includes("직접 개최한 공모전"));
  const anonymous = await t.request(`/contest/${fresh.id}/enter`);
  assert.equal(anonymous.status, 303);
  await anonymous.body?.cancel();
  assert.equal((await t.request("/contest/999999/enter", { headers: { cookie: member } })).status, 404);
});

appTest("an entrant uploads the thumbnail through POST /api/file, and the entry takes it", async () => {
  const api = (cookie: string | null, purpose: string, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return t.request(`/api/file?purpose=${purpose}`, {
      method: "POST",
      headers: csrfHeaders({ accept: "application/json", ...(cookie ? { cookie } : {}) }),
      body,
    });
  };
  const anonymous = await api(null, "contest_thumbnail", upload("t.jpg", THUMB));
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  const wrongSize = await api(tester, "contest_thumbnail", upload("t.jpg", await photo(600, 600)));
  assert.equal(wrongSize.status, 422, "the 640×640 rule holds for the API too");
  await wrongSize.body?.cancel();
  // The external contests' poster stays the management's.
  const poster = await api(tester, "contest_external_poster", upload("p.jpg", THUMB));
  assert.equal(poster.status, 403);
  await poster.body?.cancel();

  const res = await api(tester, "contest_thumbnail", upload("thumb.jpg", THUMB));
  assert.equal(res.status, 201, await res.clone().text());
  const [thumb] = (await res.json()).data as { id: number; access: string }[];
  assert.equal(thumb.access, "owner", "the entrant's alone until the entry takes it");

  // The entry form carries the uploaded thumbnail's id (as the form does for a kept file).
  const path = `/contest/${fresh.id}/enter`;
  const sent = await send(path, tester, { title: "썸네일 먼저", thumbnail_id: String(thumb.id) }, [
    ["image_file", upload("a.jpg", IMAGE)],
  ]);
  assert.equal(sent.status, 303, await sent.clone().text());
  const [{ id: testerId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "tester"));
  const entry = await entryOf(fresh.id, testerId);
  assert.equal(entry.thumbnailId, thumb.id);
  const [row] = await db.select().from(fileRows).where(eq(fileRows.id, thumb.id));
  assert.ok(row.attachedAt, "attached with the entry");
  assert.equal(row.access, "public");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
