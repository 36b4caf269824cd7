// /management/award, /management/ibda and /management/statistics/{award,ibda} over HTTP, as the browser's
// plain forms post them (issue 5 part 7): create, edit and delete awards with the entries rule, who may
// use the screens, bad poster and thumbnail files, entry filters, the CSV export, display flags that
// open an entry's images to the public, ranks and nominees, refunds, and the SVG statistics.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { awardJudges, awardPools, awards, entries } from "../../db/schema/award.ts";
import { files } from "../../db/schema/file.ts";
import { users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { awardFormValues } from "../../domain/award/manage-awards.ts";
import { csvCell } from "../../domain/common/csv.ts";
import type { DesignCategory, EntryStatus, ExhibitorType } from "../../domain/award/options.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

type Fields = Record<string, string | string[]>;

function post(path: string, session: string, fields: Fields, uploads: Record<string, [string, Uint8Array]> = {}) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  }
  for (const [field, [name, bytes]] of Object.entries(uploads)) {
    body.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name));
  }
  const headers = csrfHeaders({ cookie: session });
  delete headers["x-xsrf-token"]; // the form field carries the token, as a browser form does
  return t.request(path, { method: "POST", headers, body, redirect: "manual" });
}

const get = (path: string, session?: string) =>
  t.request(path, { headers: session ? { cookie: session } : {}, redirect: "manual" });

const memberId = (await db.select({ id: users.id }).from(users).where(eq(users.username, "member")))[0].id;

const AWARD_FORM: Fields = {
  year: "2090",
  title: "2090 시험 어워드",
  title_en: "Test Award 2090",
  host: "한빛지역디자인센터",
  submit_from: "2090-03-01T09:00",
  submit_to: "2090-04-30 18:00",
  audit_at: "2090-05-10T10:00",
  pre_at: "2090-06-01T10:00",
  result_at: "2090-07-01T14:00",
  pool_first_start: "2090-05-10T10:00",
  pool_first_finish: "2090-06-01T10:00",
  categories: ["10", "20"],
  auditable: "on",
};

async function newAward(year: number, family: "award" | "ibda" = "award") {
  const [row] = await db.insert(awards).values({
    family,
    year,
    title: `${year} 관리 시험`,
    titleEn: `Management test ${year}`,
    categories: [10, 20, 30],
    // the display period runs now, results are out
    submitFrom: new Date(Date.now() - 200 * 86400_000),
    submitTo: new Date(Date.now() - 150 * 86400_000),
    preAt: new Date(Date.now() - 100 * 86400_000),
    resultAt: new Date(Date.now() - 50 * 86400_000),
    displayFrom: new Date(Date.now() - 10 * 86400_000),
    displayTo: new Date(Date.now() + 30 * 86400_000),
  }).returning();
  return row;
}

async function addEntry(
  awardId: number,
  title: string,
  extra: Partial<{
    category: DesignCategory;
    status: EntryStatus;
    exhibitorType: ExhibitorType;
    fee: number;
    thumbnailId: number;
    designerName: string;
  }> = {},
) {
  const [row] = await db.insert(entries).values({
    awardId,
    userId: memberId,
    status: extra.status ?? "submitted",
    exhibitorType: extra.exhibitorType ?? "general",
    designerName: extra.designerName ?? "홍길동",
    category: extra.category ?? 10,
    title,
    workType: "image",
    fee: extra.fee ?? 0,
    thumbnailId: extra.thumbnailId ?? null,
    submittedAt: new Date(),
  }).returning();
  return row;
}

// ---------- Who may use the screens ----------

appTest("award management: a member and staff without the grant get 403; the grant opens its own family", async () => {
  await grantStaff(db, []);
  for (const path of ["/management/award", "/management/ibda", "/management/statistics/award"]) {
    assert.equal((await get(path, member)).status, 403, path);
    assert.equal((await get(path, staff)).status, 403, path);
  }
  assert.equal((await post("/management/award/new", staff, AWARD_FORM)).status, 403);
  assert.equal((await post("/management/award/new", member, AWARD_FORM)).status, 403);
  assert.equal((await get("/management/award")).status, 303, "anonymous: sign in first");
  assert.equal((await db.select().from(awards).where(eq(awards.year, 2090))).length, 0);

  await grantStaff(db, ["award"]);
  const list = await get("/management/award", staff);
  assert.equal(list.status, 200);
  const html = await list.text();
  assert.match(html, /href="\/management\/award\/new"/);
  assert.doesNotMatch(html, /href="\/management\/ibda"/, "the menu shows only granted sections");
  assert.equal((await get("/management/ibda", staff)).status, 403);
  assert.equal((await get("/management/statistics/award", staff)).status, 403);
  await grantStaff(db, []);
});

// ---------- Create, edit, delete ----------

appTest("award management: an administrator creates, edits and deletes an award (UTC+9 dates, pools)", async () => {
  const created = await post("/management/award/new", admin, AWARD_FORM);
  assert.equal(created.status, 303, await created.clone().text());
  const [award] = await db.select().from(awards).where(and(eq(awards.family, "award"), eq(awards.year, 2090)));
  assert.equal(created.headers.get("location"), `/management/award/${award.id}`);
  assert.equal(award.title, "2090 시험 어워드");
  assert.equal(award.submitFrom?.toISOString(), "2090-03-01T00:00:00.000Z", "09:00 in Korea");
  assert.equal(award.submitTo?.toISOString(), "2090-04-30T09:00:00.000Z");
  assert.equal(award.offTo, null, "an empty date is not set");
  assert.deepEqual(award.categories, [10, 20]);
  assert.equal(award.auditable, true);
  const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, award.id));
  const first = pools.find((p) => p.kind === "first");
  assert.equal(first?.startAt?.toISOString(), "2090-05-10T01:00:00.000Z");
  assert.equal(pools.length, 2);

  const page = await (await get(`/management/award/${award.id}`, admin)).text();
  assert.ok(page.includes('value="2090-03-01T09:00"'), "the form shows the Korean wall-clock time");
  assert.ok(page.includes("2090 시험 어워드"));

  // the same year twice is refused
  const twice = await post("/management/award/new", admin, AWARD_FORM);
  assert.equal(twice.status, 409);
  assert.ok((await twice.text()).includes("같은 연도의 어워드가 이미 있습니다."));
  // a schedule running backwards is refused with its field's message
  const backwards = await post(`/management/award/${award.id}`, admin, {
    ...AWARD_FORM,
    submit_to: "2090-02-01T00:00",
  });
  assert.equal(backwards.status, 422);
  assert.ok((await backwards.text()).includes("앞선 일정보다 이른 날짜입니다."));

  // without entries, every field may change, the year and categories too
  const edited = await post(`/management/award/${award.id}`, admin, {
    ...AWARD_FORM,
    action: "save",
    year: "2089",
    title: "바뀐 제목",
    categories: ["30"],
    auditable: "",
  });
  assert.equal(edited.status, 303);
  const [after] = await db.select().from(awards).where(eq(awards.id, award.id));
  assert.deepEqual([after.year, after.title, after.categories, after.auditable], [2089, "바뀐 제목", [30], false]);

  // judges of the public judges page
  assert.equal(
    (await post(`/management/award/${award.id}`, admin, {
      action: "judge_add",
      name: "김심사",
      affiliation: "한빛대학교",
      category: "30",
      sort: "5",
    })).status,
    303,
  );
  const [judge] = await db.select().from(awardJudges).where(eq(awardJudges.awardId, award.id));
  assert.deepEqual([judge.name, judge.category, judge.sort], ["김심사", 30, 5]);
  const emptyJudge = await post(`/management/award/${award.id}`, admin, { action: "judge_add", name: " " });
  assert.equal(emptyJudge.status, 422);
  assert.equal(
    (await post(`/management/award/${award.id}`, admin, { action: "judge_delete", judge: String(judge.id) })).status,
    303,
  );
  assert.equal((await db.select().from(awardJudges).where(eq(awardJudges.awardId, award.id))).length, 0);

  // the IBDA screens do not reach the award family's awards
  assert.equal((await get(`/management/ibda/${award.id}`, admin)).status, 404);

  const deleted = await post(`/management/award/${award.id}`, admin, { action: "delete", confirm: "on" });
  assert.equal(deleted.status, 303);
  assert.equal(deleted.headers.get("location"), "/management/award");
  assert.equal((await db.select().from(awards).where(eq(awards.id, award.id))).length, 0);
  assert.equal((await get(`/management/award/${award.id}`, admin)).status, 404);
});

appTest("award management: an award with entries keeps its rules and cannot be deleted (409)", async () => {
  const award = await newAward(2080);
  await addEntry(award.id, "잠긴 작품");
  const pools = await db.select().from(awardPools).where(eq(awardPools.awardId, award.id));
  const form = { ...awardFormValues(award, pools), action: "save" } as Fields;

  const year = await post(`/management/award/${award.id}`, admin, { ...form, year: "2081" });
  assert.equal(year.status, 409);
  assert.ok((await year.text()).includes("출품작이 있는 어워드는 규정을 바꾸거나 삭제할 수 없습니다."));
  const categories = await post(`/management/award/${award.id}`, admin, { ...form, categories: ["10"] });
  assert.equal(categories.status, 409);

  // texts and the schedule still change
  const texts = await post(`/management/award/${award.id}`, admin, {
    ...form,
    title: "새 제목",
    close_at: "2099-01-01",
  });
  assert.equal(texts.status, 303, await texts.clone().text());
  const [after] = await db.select().from(awards).where(eq(awards.id, award.id));
  assert.deepEqual([after.title, after.year, after.categories], ["새 제목", 2080, [10, 20, 30]]);

  const removal = await post(`/management/award/${award.id}`, admin, { action: "delete", confirm: "on" });
  assert.equal(removal.status, 409);
  assert.ok((await removal.text()).includes("출품작이 있는 어워드는"));
  assert.equal((await db.select().from(awards).where(eq(awards.id, award.id))).length, 1);

  const en = await post(`/en/management/award/${award.id}`, admin, { action: "delete" });
  assert.equal(en.status, 409);
});

// ---------- Poster and thumbnail ----------

appTest(
  "award management: bad poster and thumbnail files are refused with their message; good ones stored",
  async () => {
    const award = await newAward(2079);
    const form = { ...awardFormValues(award), action: "save" } as Fields;
    const path = `/management/award/${award.id}`;

    const png = await post(path, admin, form, { thumbnail: ["thumb.png", await photo(440, 330, "png")] });
    assert.equal(png.status, 422);
    assert.ok((await png.text()).includes("JPG 이미지만 올릴 수 있습니다."));

    const size = await post(path, admin, form, { thumbnail: ["thumb.jpg", await photo(400, 300)] });
    assert.equal(size.status, 422);
    assert.ok((await size.text()).includes("이미지 크기가 맞지 않습니다. 440×330 픽셀이어야 합니다."));

    const html = await post(path, admin, form, { poster: ["poster.jpg", new TextEncoder().encode("<html></html>")] });
    assert.equal(html.status, 422);
    const enSize = await post(`/en${path}`, admin, form, { thumbnail: ["thumb.jpg", await photo(400, 300)] });
    assert.match(await enSize.text(), /440×330/);
    const [untouched] = await db.select().from(awards).where(eq(awards.id, award.id));
    assert.deepEqual([untouched.posterId, untouched.thumbnailId], [null, null], "nothing stored on a refusal");

    const good = await post(path, admin, form, {
      thumbnail: ["thumb.jpg", await photo(440, 330)],
      poster: ["poster.png", await photo(300, 420, "png")],
    });
    assert.equal(good.status, 303, await good.clone().text());
    const [stored] = await db.select().from(awards).where(eq(awards.id, award.id));
    const [thumb] = await db.select().from(files).where(eq(files.id, stored.thumbnailId!));
    assert.deepEqual([thumb.purpose, thumb.access, thumb.width, thumb.awardId], [
      "award_thumbnail",
      "public",
      440,
      award.id,
    ]);
    const [poster] = await db.select().from(files).where(eq(files.id, stored.posterId!));
    assert.equal(poster.purpose, "award_poster");

    // a new thumbnail replaces the old file
    assert.equal((await post(path, admin, form, { thumbnail: ["t2.jpg", await photo(440, 330)] })).status, 303);
    const [replaced] = await db.select().from(awards).where(eq(awards.id, award.id));
    assert.notEqual(replaced.thumbnailId, thumb.id);
    assert.equal((await db.select().from(files).where(eq(files.id, thumb.id))).length, 0);
  },
);

// ---------- Entries: filters, CSV, flags ----------

appTest("entries: filtered by year, category, status and payment", async () => {
  const award = await newAward(2078);
  const other = await newAward(2077);
  await addEntry(award.id, "제품 무료 작품", { category: 10 });
  await addEntry(award.id, "소통 결제 작품", {
    category: 20,
    exhibitorType: "company",
    fee: 100_000,
    status: "pay_complete",
  });
  await addEntry(award.id, "소통 미결제 작품", {
    category: 20,
    exhibitorType: "company",
    fee: 100_000,
    status: "pay_incomplete",
  });
  await addEntry(other.id, "다른 해 작품", { category: 20 });

  const list = async (query: string) => {
    const res = await get(`/management/award/entries?${query}`, admin);
    assert.equal(res.status, 200, query);
    return await res.text();
  };
  const all = await list("year=2078");
  assert.ok(all.includes("제품 무료 작품") && all.includes("소통 결제 작품") && all.includes("소통 미결제 작품"));
  assert.ok(!all.includes("다른 해 작품"));
  const byCategory = await list("year=2078&category=20");
  assert.ok(!byCategory.includes("제품 무료 작품") && byCategory.includes("소통 결제 작품"));
  const byStatus = await list("year=2078&status=pay_incomplete");
  assert.ok(byStatus.includes("소통 미결제 작품") && !byStatus.includes("소통 결제 작품"));
  const paid = await list("year=2078&payment=paid");
  assert.ok(paid.includes("소통 결제 작품") && !paid.includes("소통 미결제 작품") && !paid.includes("제품 무료 작품"));
  const free = await list("year=2078&payment=free");
  assert.ok(free.includes("제품 무료 작품") && !free.includes("소통 결제 작품"));
  const search = await list("year=2078&q=%EB%AF%B8%EA%B2%B0%EC%A0%9C");
  assert.ok(search.includes("소통 미결제 작품") && !search.includes("소통 결제 작품"));
  const other2077 = await list("year=2077");
  assert.ok(other2077.includes("다른 해 작품"));

  const bad = await get("/management/award/entries?year=2078&status=nope", admin);
  assert.equal(bad.status, 400);
  assert.ok((await bad.text()).includes("검색 조건이 올바르지 않습니다."));
  assert.equal((await get("/management/award/entries?year=2078&payment=x", admin)).status, 400);
});

appTest("entries CSV: BOM, header row, only the filtered rows, formula injection defused", async () => {
  const award = await newAward(2076);
  await addEntry(award.id, '=HYPERLINK("http://evil.example","클릭")', { category: 10, designerName: "+김,철수" });
  await addEntry(award.id, "평범한 작품", { category: 10, designerName: "@mention" });
  await addEntry(award.id, "걸러질 작품", { category: 20 });

  const res = await get("/management/award/entries.csv?year=2076&category=10", admin);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.match(res.headers.get("content-disposition") ?? "", /attachment; filename="award-2076-entries\.csv"/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
  const text = new TextDecoder().decode(bytes.slice(3));
  const lines = text.trimEnd().split("\r\n");
  assert.ok(lines[0].startsWith("번호,연도,부문,작품명,영문 작품명,출품 구분,디자이너"), lines[0]);
  assert.equal(lines.length, 3, "header + the two product entries");
  assert.ok(text.includes(`"'=HYPERLINK(""http://evil.example"",""클릭"")"`), "formula quoted and prefixed");
  assert.ok(text.includes(`"'+김,철수"`));
  assert.ok(text.includes("'@mention"));
  assert.ok(!text.includes("걸러질 작품"));
  assert.ok(lines[1].includes(",2076,제품디자인,"));

  // Gzipped as it streams when the browser accepts it (never gathered whole first: issue 22 §4).
  const zipped = await t.request("/management/award/entries.csv?year=2076&category=10", {
    headers: { cookie: admin, "accept-encoding": "gzip" },
  });
  assert.equal(zipped.headers.get("content-encoding"), "gzip");
  assert.equal(zipped.headers.get("content-length"), null, "streamed, so no length known beforehand");
  const unzipped = zipped.body!.pipeThrough(new DecompressionStream("gzip"));
  assert.deepEqual(new Uint8Array(await new Response(unzipped).arrayBuffer()), bytes);

  const en = await (await get("/en/management/award/entries.csv?year=2076", admin)).text();
  assert.ok(en.replace(/^\uFEFF/, "").startsWith("No.,Year,Category,Title"));
  assert.equal((await get("/management/award/entries.csv?year=2076", member)).status, 403);
  assert.equal((await get("/management/award/entries.csv?year=1999", admin)).status, 404);

  assert.equal(csvCell("-1"), "'-1");
  assert.equal(csvCell("\t=cmd"), "'\t=cmd");
  assert.equal(csvCell('a"b'), '"a""b"');
  assert.equal(csvCell(42), "42");
});

appTest("entries: the display flag makes the entry's images public, hiding gives them back to the judges", async () => {
  const award = await newAward(2075);
  const picture = await t.app.files.save(
    {
      name: "work.jpg",
      kind: "jpeg",
      mimetype: "image/jpeg",
      bytes: await photo(640, 480),
      width: 640,
      height: 480,
      colorSpace: "srgb",
      density: 72,
    },
    { purpose: "entry_thumbnail", ownerId: memberId, access: "judges", awardId: award.id },
  );
  const entry = await addEntry(award.id, "전시 작품", { thumbnailId: picture.id });
  const image = `/api/file/${picture.id}/preview_image.jpg`;
  const anonymous = async () => {
    const res = await t.request(image);
    await res.body?.cancel();
    return res.status;
  };
  assert.equal(await anonymous(), 403);

  const shown = await post("/management/award/entries?year=2075", admin, { id: String(entry.id), display: "on" });
  assert.equal(shown.status, 303);
  assert.equal(shown.headers.get("location"), "/management/award/entries?year=2075");
  assert.equal(await anonymous(), 200);
  const [publicFile] = await db.select().from(files).where(eq(files.id, picture.id));
  assert.equal(publicFile.access, "public");

  const hidden = await post("/management/award/entries?year=2075", admin, { id: String(entry.id) });
  assert.equal(hidden.status, 303);
  assert.equal(await anonymous(), 403);
  const [judgesFile] = await db.select().from(files).where(eq(files.id, picture.id));
  assert.equal(judgesFile.access, "judges");

  // an entry of the other family is not found from here
  assert.equal((await post("/management/ibda/entries", admin, { id: String(entry.id), display: "on" })).status, 404);
});

appTest("entries: ranks and nominees are saved; an unknown rank is refused", async () => {
  const award = await newAward(2074);
  const entry = await addEntry(award.id, "수상 작품");
  const saved = await post("/management/award/entries", admin, { id: String(entry.id), rank: "gold", nominee: "on" });
  assert.equal(saved.status, 303);
  const [after] = await db.select().from(entries).where(eq(entries.id, entry.id));
  assert.deepEqual([after.rank, after.nominee, after.display], ["gold", true, false]);
  const page = await (await get("/management/award/entries?year=2074", admin)).text();
  assert.match(page, /<option value="gold" selected/);

  const cleared = await post("/management/award/entries", admin, { id: String(entry.id), rank: "" });
  assert.equal(cleared.status, 303);
  const [none] = await db.select().from(entries).where(eq(entries.id, entry.id));
  assert.deepEqual([none.rank, none.nominee], [null, false]);

  const bad = await post("/management/award/entries", admin, { id: String(entry.id), rank: "platinum" });
  assert.equal(bad.status, 422);
  assert.equal((await post("/management/award/entries", staff, { id: String(entry.id), rank: "gold" })).status, 403);
});

// ---------- Payments ----------

appTest("payments: listed per family; an administrator refunds through the payment domain", async () => {
  const award = await newAward(2073);
  const entry = await addEntry(award.id, "결제한 작품", {
    exhibitorType: "company",
    fee: 100_000,
    status: "pay_complete",
  });
  const [payment] = await db.insert(payments).values({
    orderId: `T-manage-${entry.id}`,
    provider: "test",
    targetType: "award_entry",
    targetId: entry.id,
    userId: memberId,
    amount: 100_000,
    status: "paid",
    providerTid: "tid-manage-1",
    approvedAt: new Date(),
  }).returning();

  const list = await (await get("/management/award/payments", admin)).text();
  assert.ok(list.includes(payment.orderId));
  assert.ok(!(await (await get("/management/ibda/payments", admin)).text()).includes(payment.orderId));

  const noReason = await post("/management/award/payments", admin, { payment: String(payment.id), reason: "" });
  assert.equal(noReason.status, 422);
  const refunded = await post("/management/award/payments", admin, {
    payment: String(payment.id),
    reason: "중복 결제",
  });
  assert.equal(refunded.status, 303);
  const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
  assert.equal(after.status, "cancelled");
  const [entryAfter] = await db.select().from(entries).where(eq(entries.id, entry.id));
  assert.equal(entryAfter.status, "pay_incomplete");
  const refundedList = await (await get("/management/award/entries?year=2073&payment=refunded", admin)).text();
  assert.ok(refundedList.includes("결제한 작품"));
  // The export reads the latest payment's status in its own statement: the refunded entry says so.
  const csv = await (await get("/management/award/entries.csv?year=2073", admin)).text();
  const line = csv.split("\r\n").find((l) => l.includes("결제한 작품")) ?? "";
  assert.ok(line.split(",").includes("환불"), line);

  const again = await post("/management/award/payments", admin, { payment: String(payment.id), reason: "다시" });
  assert.equal(again.status, 409);

  await grantStaff(db, ["award"]);
  const byStaff = await post("/management/award/payments", staff, { payment: String(payment.id), reason: "x" });
  assert.equal(byStaff.status, 403);
  await grantStaff(db, []);
});

// ---------- Statistics ----------

appTest("statistics: SVG charts with titles, descriptions and data tables give the right counts", async () => {
  const award = await newAward(2072, "ibda");
  await addEntry(award.id, "a", { category: 10, exhibitorType: "company", fee: 100_000, status: "pay_complete" });
  await addEntry(award.id, "b", { category: 10, exhibitorType: "student" });
  await addEntry(award.id, "c", { category: 20, exhibitorType: "company", fee: 100_000, status: "pay_incomplete" });
  await addEntry(award.id, "d", { category: 20, status: "cancel" });

  const res = await get("/management/statistics/ibda?year=2072", admin);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.equal((html.match(/<svg [^>]*role="img"/g) ?? []).length, 4);
  assert.match(html, /<title id="chart-category-title">부문별 출품작<\/title>/);
  const desc = (id: string) => html.match(new RegExp(`<desc id="${id}-desc">([^<]*)</desc>`))?.[1] ?? "";
  assert.match(desc("chart-category"), /제품디자인 2, 커뮤니케이션디자인 1, 공예디자인 0/);
  assert.match(desc("chart-exhibitor"), /기업 2, 일반 0, 학생 1/);
  assert.match(desc("chart-status"), /출품 취소 1/);
  assert.match(desc("chart-fees"), /2072 ₩100,000/);
  assert.match(html, /<th scope="row"[^>]*>제품디자인<\/th>\s*<td[^>]*>2<\/td>/);
  assert.ok(!html.includes("<script"), "no JavaScript");

  const en = await (await get("/en/management/statistics/ibda?year=2072", admin)).text();
  assert.match(en, /Entries by category/);
  assert.equal((await get("/management/statistics", admin)).headers.get("location"), "/management/statistics/award");
});

appTest("screens render for both families in Korean and English", async () => {
  for (const path of ["/management/award", "/management/ibda", "/management/award/new", "/management/ibda/entries"]) {
    for (const prefix of ["", "/en"]) {
      const res = await get(`${prefix}${path}`, admin);
      assert.equal(res.status, 200, `${prefix}${path}`);
      await res.body?.cancel();
    }
  }
});

appTest("close", () => t.close());
