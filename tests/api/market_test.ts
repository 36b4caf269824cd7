// The design market over HTTP (issue 18): the public lists and product pages with their filters, the 3-step
// registration wizard through plain forms (files through the files pipeline), approval and ban, purchase
// requests (taking one forward cancels the others; finishing sells the product), the IP file's readers, my
// page and its call, management, auto-registration when an award's results are published — and the issue's
// bad input and attacks: requesting one's own or a sold product, two take-forwards at the same moment, a buyer
// reading the IP file too early, another member editing or finishing, a PDF that is not one, a price of −1 or
// 10^15, a rights number of the wrong shape, a keyword of one character.
import assert from "node:assert/strict";
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { entries } from "../../db/schema/award.ts";
import { awardResults } from "../../db/schema/judging.ts";
import { marketProducts, marketRequests } from "../../db/schema/market.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { publishResults } from "../../domain/judging/manage.ts";
import { JUDGING_STATUSES } from "../../domain/judging/decisions.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { PDF, photo, upload } from "../support/images.ts";
import { signIn } from "../support/session.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const company = await signIn(t, "company");
const admin = await signIn(t, "admin");
const idOf = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const [memberId, testerId, companyId, adminId] = await Promise.all(
  ["member", "tester", "company", "admin"].map(idOf),
);

const get = (path: string, cookie?: string) =>
  t.request(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
const getJson = async (path: string, cookie?: string) => {
  const res = await t.request(path, { headers: { accept: "application/json", ...(cookie ? { cookie } : {}) } });
  return { status: res.status, body: await res.json() };
};
function post(
  path: string,
  cookie: string | null,
  fields: Record<string, string | string[]>,
  files: [string, File][] = [],
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [name, file] of files) body.append(name, file);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ accept: "text/html", ...(cookie ? { cookie } : {}) }),
    body,
  });
}
const statusOf = async (res: Response) => {
  await res.body?.cancel();
  return res.status;
};
const productByTitle = async (titleEn: string) =>
  (await db.select().from(marketProducts).where(eq(marketProducts.titleEn, titleEn)))[0];
const requestsOf = (productId: number) =>
  db.select().from(marketRequests).where(eq(marketRequests.productId, productId));
/** The mails queued to a member whose subject contains `part`. */
const mailsTo = async (userId: number, part: string) => {
  const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return (await db.select().from(outbox).where(eq(outbox.to, email))).filter((m) => m.subject.includes(part)).length;
};

const PICTURE = await photo(800, 600);

/** Registers a product through the wizard's plain forms as `cookie`; answers its id. */
async function register(
  cookie: string,
  type: "design" | "intellect",
  details: Record<string, string>,
  files: [string, File][] = [["thumbnail_file", upload("thumb.jpg", PICTURE)]],
): Promise<number> {
  assert.equal(await statusOf(await post("/market/register", cookie, { _step: "1", type })), 303);
  const step2 = await post("/market/register", cookie, { _step: "2", ...details }, files);
  if (step2.status !== 303) assert.fail(`step 2: ${step2.status} ${(await step2.text()).slice(0, 300)}`);
  await step2.body?.cancel();
  const done = await post("/market/register", cookie, { _step: "3" });
  assert.equal(done.status, 303);
  const location = done.headers.get("location")!;
  return Number(new URL(location, "http://x").searchParams.get("done"));
}

const DESIGN = {
  category: "product",
  title: "시험 조명",
  title_en: "Test lamp",
  summary: "시험용 조명입니다.",
  price: "50,000",
};
const IP = {
  category: "design_right",
  title: "시험 디자인권",
  title_en: "Test design right",
  summary: "시험용 디자인권입니다.",
  price: "1000000",
  rights_number: "30-2024-0001234",
  application_date: "2024-02-01",
};
const ipFiles = (): [string, File][] => [
  ["thumbnail_file", upload("thumb.jpg", PICTURE)],
  ["ip_file", upload("right.pdf", PDF, "application/pdf")],
];

appTest(
  "lists: the pagination shape, on-sale products only, filters, order; bad filters 400, unknown market 404",
  async () => {
    const { status, body } = await getJson("/api/market/design");
    assert.equal(status, 200);
    for (const k of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(k in body, k);
    assert.equal(body.per_page, 8);
    assert.ok(body.data.length > 0);
    assert.ok(
      body.data.every((p: { sell_status: string; type: string }) =>
        p.sell_status === "approved" && p.type === "design"
      ),
    );
    const titles = body.data.map((p: { title: string }) => p.title);
    assert.ok(!titles.includes("모듈형 공원 벤치"), "a waiting product is not listed");
    assert.ok(!titles.includes("유명 캐릭터 복제 인형"), "a banned product is not listed");
    const first = body.data[0];
    assert.ok(first.price.krw >= 0 && typeof first.price.usd === "number" && typeof first.alt === "string");

    const sold = await getJson("/api/market/design?status=sold");
    assert.ok(
      sold.body.data.length > 0 && sold.body.data.every((p: { sell_status: string }) => p.sell_status === "finished"),
    );
    const asc = await getJson("/api/market/intellect?order=price_asc");
    const prices = asc.body.data.map((p: { price: { krw: number } }) => p.price.krw);
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
    const ranged = await getJson("/api/market/design?price_min=40000&price_max=100000");
    assert.ok(ranged.body.data.every((p: { price: { krw: number } }) => p.price.krw >= 40000 && p.price.krw <= 100000));
    const keyword = await getJson("/api/market/design?q=" + encodeURIComponent("무드등"));
    assert.deepEqual(keyword.body.data.map((p: { title: string }) => p.title), ["한지 무드등"]);
    const english = await getJson("/api/market/design?lang=en&q=lamp");
    assert.equal(english.body.data[0].title, "Hanji mood lamp");
    const category = await getJson("/api/market/design?category=craft&status=sold");
    assert.ok(category.body.data.every((p: { category: string }) => p.category === "craft"));

    // A keyword of one character, an unknown category, a price of −1 or 10^15, a bad order: 400 naming the field.
    for (const q of ["q=a", "category=patent", "price_min=-1", "price_max=1000000000000000", "order=cheap", "page=0"]) {
      const bad = await getJson(`/api/market/design?${q}`);
      assert.equal(bad.status, 400, q);
    }
    assert.equal((await getJson("/api/market/design?q=a")).body.errors.q[0], "manage.search_short");
    assert.equal((await getJson("/api/market/furniture")).status, 404);

    // The page: the grid with alt text, the filter bar as a GET form; a one-character keyword is shown (400).
    const page = await get("/market/design");
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.ok(html.includes('alt="한지 무드등"') && html.includes('method="get"'));
    assert.ok(!html.includes("<script"), "the list sends no script when it has no more pages to load");
    const en = await (await get("/en/market/design")).text();
    assert.ok(en.includes('alt="Hanji mood lamp"') && en.includes("Design goods"));
    const short = await get("/market/design?q=a");
    assert.equal(short.status, 400);
    assert.ok((await short.text()).includes("두 글자 이상"));
  },
);

appTest("load more: without JavaScript page 2 shows pages 1 and 2; the link keeps the filters", async () => {
  // Enough approved products for three pages.
  const base = await productByTitle("Hanji mood lamp");
  const { id: _id, ...rest } = base;
  await db.insert(marketProducts).values(
    Array.from({ length: 20 }, (_, i) => ({ ...rest, title: `더보기 ${i}`, titleEn: `More ${i}`, entryId: null })),
  );
  // Signed in: never a cached page (the anonymous list was cached by the first test).
  const one = await (await get("/market/design", member)).text();
  const cards = (s: string) => s.match(/class="market-card"/g)?.length ?? 0;
  assert.equal(cards(one), 8);
  assert.ok(one.includes('href="/market/design?page=2"') && one.includes('data-island="LoadMore"'));
  const two = await (await get("/market/design?page=2&order=price_desc", member)).text();
  assert.equal(cards(two), 16);
  assert.ok(two.includes("order=price_desc&amp;page=3"));
});

appTest(
  "product page: gallery, KRW and USD, seller; waiting or banned is 404 but to its seller and administrators",
  async () => {
    const lamp = await productByTitle("Hanji mood lamp");
    const res = await get(`/market/design/${lamp.id}`);
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.ok(html.includes("₩89,000") && html.includes("US$") && html.includes("한빛") || html.includes("₩89,000"));
    assert.ok(html.includes("로그인하기"), "a visitor is asked to sign in to request");
    const api = await getJson(`/api/market/design/${lamp.id}`);
    assert.equal(api.body.seller.id, companyId);
    assert.equal(api.body.images.length, 2);
    assert.equal((await getJson(`/api/market/intellect/${lamp.id}`)).status, 404, "the wrong market");

    const waiting = await productByTitle("Modular park bench");
    assert.equal(await statusOf(await get(`/market/design/${waiting.id}`)), 404);
    assert.equal(await statusOf(await get(`/market/design/${waiting.id}`, member)), 404);
    assert.equal((await getJson(`/api/market/design/${waiting.id}`, tester)).status, 404);
    assert.equal(await statusOf(await get(`/market/design/${waiting.id}`, company)), 200);
    assert.equal(await statusOf(await get(`/market/design/${waiting.id}`, admin)), 200);
    assert.equal((await getJson("/api/market/design/999999")).status, 404);
    assert.equal((await getJson("/api/market/design/abc")).status, 400);
  },
);

appTest(
  "wizard: bad input is refused field by field (rights number, price −1 and 10^15, a PDF that is not one)",
  async () => {
    const bad = async (fields: Record<string, string>, files = ipFiles()) => {
      assert.equal(await statusOf(await post("/market/register", tester, { _step: "1", type: "intellect" })), 303);
      return await post("/market/register", tester, { _step: "2", ...IP, ...fields }, files);
    };
    let res = await bad({ rights_number: "10-2024-0001234" });
    assert.equal(res.status, 422);
    let html = await res.text();
    assert.ok(html.includes("권리 종류에 맞는 출원번호"), "a patent number for a design right");
    res = await bad({ rights_number: "30-24-1234" });
    assert.equal(res.status, 422);
    await res.body?.cancel();
    for (const price of ["-1", "1000000000000000", "12.5", "abc"]) {
      res = await bad({ price });
      assert.equal(res.status, 422, price);
      html = await res.text();
      assert.ok(html.includes("희망 가격은"), price);
    }
    const fake = new TextEncoder().encode("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF");
    res = await bad({}, [["thumbnail_file", upload("t.jpg", PICTURE)], [
      "ip_file",
      upload("right.pdf", fake, "application/pdf"),
    ]]);
    assert.equal(res.status, 422);
    await res.body?.cancel();
    res = await bad({}, [["thumbnail_file", upload("t.jpg", PICTURE)], [
      "ip_file",
      upload("right.pdf", PICTURE, "application/pdf"),
    ]]);
    assert.equal(res.status, 422, "a picture named .pdf");
    // The refusal names the rule (PDF), beside the field and in the summary, never a raw '{types}'.
    html = await res.text();
    assert.ok(!/\{(max|types)\}/.test(html), "upload messages are given their figures");
    const fieldError = html.match(/id="field-ip_file_id-error">([^<]*)</)?.[1] ?? "";
    assert.match(fieldError, /PDF/i, fieldError);
    // Nothing was stored; the draft keeps what was typed.
    assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.sellerId, testerId))).length, 0);
    const [draft] = await db.select().from(wizardDrafts).where(
      and(eq(wizardDrafts.userId, testerId), eq(wizardDrafts.kind, "market_product")),
    );
    assert.equal(draft.data.title, IP.title);
    // Step 3 of a draft that is not complete names the step in error.
    await db.update(wizardDrafts).set({ data: { type: "intellect", title: "x" }, step: 3 }).where(
      eq(wizardDrafts.id, draft.id),
    );
    res = await post("/market/register", tester, { _step: "3" });
    assert.equal(res.status, 422);
    await res.body?.cancel();
    await db.delete(wizardDrafts).where(eq(wizardDrafts.id, draft.id));
    // Nobody signed in: 401.
    assert.equal(await statusOf(await post("/market/register", null, { _step: "1", type: "design" })), 401);
  },
);

appTest(
  "the whole flow: register, approve, request, take forward (others cancelled), the IP file, finish",
  async () => {
    // member registers intellectual property in three steps, in Korean, without JavaScript.
    const form = await get("/market/register", member);
    const html = await form.text();
    assert.equal(form.status, 200);
    assert.ok(html.includes('aria-current="step"') && html.includes('name="type"'));
    const id = await register(member, "intellect", IP, ipFiles());
    const [product] = await db.select().from(marketProducts).where(eq(marketProducts.id, id));
    assert.equal(product.status, "waiting");
    assert.equal(product.rightsNumber, "30-2024-0001234");
    assert.equal(product.price, 1_000_000);
    assert.ok(product.ipFileId && product.thumbnailId);
    assert.equal(
      (await db.select().from(wizardDrafts).where(
        and(eq(wizardDrafts.userId, memberId), eq(wizardDrafts.kind, "market_product")),
      )).length,
      0,
    );
    const done = await get(`/market/register?done=${id}`, member);
    assert.ok((await done.text()).includes("승인 대기"));

    // Another member may not edit it; its seller may while it waits.
    assert.equal(await statusOf(await get(`/market/register?product=${id}`, tester)), 403);
    assert.equal(
      await statusOf(await post(`/market/register?product=${id}`, tester, { _step: "1", type: "intellect" })),
      403,
    );
    assert.equal(
      await statusOf(await post(`/market/register?product=${id}`, member, { _step: "1", type: "intellect" })),
      303,
    );
    assert.equal(
      await statusOf(
        await post(`/market/register?product=${id}`, member, {
          _step: "2",
          ...IP,
          thumbnail_id: String(product.thumbnailId),
          ip_file_id: String(product.ipFileId),
          price: "1200000",
        }),
      ),
      303,
    );
    assert.equal(await statusOf(await post(`/market/register?product=${id}`, member, { _step: "3" })), 303);
    assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.id, id)))[0].price, 1_200_000);

    // Before approval nobody may request it.
    assert.equal(
      await statusOf(
        await post(`/market/intellect/${id}`, tester, { _action: "request", message: "사고 싶습니다", contact: "010" }),
      ),
      404,
    );

    // The council approves; the seller is told; editing is over.
    assert.equal(await statusOf(await post(`/management/market/intellect/${id}`, member, { _action: "approve" })), 403);
    assert.equal(await statusOf(await post(`/management/market/intellect/${id}`, admin, { _action: "approve" })), 303);
    assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.id, id)))[0].status, "approved");
    assert.equal(await mailsTo(memberId, "승인되었습니다"), 1, "the seller is told of the approval");
    assert.equal(await statusOf(await get(`/market/register?product=${id}`, member)), 409);

    // Requests: not one's own; nobody signed in is asked to sign in; two buyers ask; asking twice is refused.
    const req = (cookie: string | null) =>
      post(`/market/intellect/${id}`, cookie, {
        _action: "request",
        message: "구매하고 싶습니다.",
        contact: "buyer@example.test",
      });
    const own = await req(member);
    assert.equal(own.status, 403);
    assert.ok((await own.text()).includes("직접 등록한 상품"));
    assert.equal(await statusOf(await req(null)), 401);
    assert.equal(await statusOf(await req(tester)), 303);
    assert.equal(await statusOf(await req(company)), 303);
    assert.equal(await statusOf(await req(tester)), 409);
    const empty = await post(`/market/intellect/${id}`, tester, { _action: "request", message: "", contact: "" });
    assert.equal(empty.status, 422, "an empty message and contact are refused field by field");
    await empty.body?.cancel();
    assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.id, id)))[0].requestCount, 2);
    const [testerRequest, companyRequest] = (await requestsOf(id)).sort((a, b) => a.id - b.id);

    // The IP file: the seller and administrators; a buyer not before the seller takes the request forward.
    const ip = `/api/file/download/${product.ipFileId}`;
    assert.equal(await statusOf(await get(ip, member)), 200);
    assert.equal(await statusOf(await get(ip, admin)), 200);
    assert.equal(await statusOf(await get(ip, tester)), 403);
    assert.equal(await statusOf(await get(ip)), 403);

    // Another member cannot take it forward or finish it.
    assert.equal(
      await statusOf(await post("/mypage/market", company, { _action: "forward", request: String(testerRequest.id) })),
      403,
    );
    assert.equal(
      await statusOf(await post("/mypage/market", tester, { _action: "finish", request: String(testerRequest.id) })),
      403,
    );
    // Finishing before taking forward is refused.
    assert.equal(
      await statusOf(await post("/mypage/market", member, { _action: "finish", request: String(testerRequest.id) })),
      409,
    );

    // The seller takes tester's forward: company's is cancelled in the same step; both buyers are mailed.
    assert.equal(await mailsTo(memberId, "구매 요청이 왔습니다"), 2, "the seller is told of each request");
    assert.equal(
      await statusOf(await post("/mypage/market", member, { _action: "forward", request: String(testerRequest.id) })),
      303,
    );
    const after = await requestsOf(id);
    assert.equal(after.find((r) => r.id === testerRequest.id)!.status, "on_going");
    assert.equal(after.find((r) => r.id === companyRequest.id)!.status, "canceled");
    assert.equal(await mailsTo(testerId, "받아들여졌습니다"), 1);
    assert.equal(await mailsTo(companyId, "취소되었습니다"), 1);
    assert.equal(await statusOf(await get(ip, tester)), 200, "the buyer reads the IP file once on_going");
    assert.equal(await statusOf(await get(ip, company)), 403, "the cancelled buyer does not");
    const mine = await getJson("/api/user/market/request", tester);
    assert.ok(
      mine.body.data.some((r: { id: number; ip_file: string | null }) => r.id === testerRequest.id && r.ip_file === ip),
    );

    // The seller finishes it: the product is sold; no more requests.
    assert.equal(
      await statusOf(await post("/mypage/market", member, { _action: "finish", request: String(testerRequest.id) })),
      303,
    );
    const [sold] = await db.select().from(marketProducts).where(eq(marketProducts.id, id));
    assert.equal(sold.status, "finished");
    assert.ok(sold.soldAt);
    const late = await req(company);
    assert.equal(late.status, 409, "a sold product takes no request");
    await late.body?.cancel();
    assert.equal(await statusOf(await get(`/market/intellect/${id}`)), 200, "a sold product is still shown");
  },
);

appTest("two take-forwards at the same moment on one product: exactly one wins, the rest are cancelled", async () => {
  const id = await register(company, "design", { ...DESIGN, title_en: "Race lamp" });
  await db.update(marketProducts).set({ status: "approved" }).where(eq(marketProducts.id, id));
  const buyers = [member, tester, admin];
  for (const b of buyers) {
    assert.equal(
      await statusOf(
        await post(`/market/design/${id}`, b, { _action: "request", message: "원합니다", contact: "x@example.test" }),
      ),
      303,
    );
  }
  const open = (await requestsOf(id)).map((r) => r.id);
  const answers = await Promise.all(
    open.slice(0, 2).map((r) =>
      post("/mypage/market", company, { _action: "forward", request: String(r) }).then(statusOf)
    ),
  );
  assert.deepEqual(answers.sort(), [303, 409]);
  const rows = await requestsOf(id);
  assert.equal(rows.filter((r) => r.status === "on_going").length, 1);
  assert.equal(rows.filter((r) => r.status === "canceled").length, 2);
});

appTest("ban with a reason cancels the open requests; my page lists only one's own; management screens", async () => {
  const lamp = await productByTitle("Hanji mood lamp");
  const refused = await post(`/management/market/design/${lamp.id}`, admin, { _action: "ban", reason: "" });
  assert.equal(refused.status, 422);
  await refused.body?.cancel();
  assert.equal(
    await statusOf(await post(`/management/market/design/${lamp.id}`, admin, { _action: "ban", reason: "허위 매물" })),
    303,
  );
  const [banned] = await db.select().from(marketProducts).where(eq(marketProducts.id, lamp.id));
  assert.deepEqual([banned.status, banned.rejectReason], ["rejected", "허위 매물"]);
  assert.ok((await requestsOf(lamp.id)).every((r) => r.status !== "requested" && r.status !== "on_going"));
  // The page cached for visitors is dropped at the commit (NOTIFY site_cache reaches every instance).
  let visitor = 0;
  for (let i = 0; i < 50 && visitor !== 404; i++) {
    visitor = await statusOf(await get(`/market/design/${lamp.id}`));
    if (visitor !== 404) await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(visitor, 404, "a banned product is no longer served to visitors");
  assert.equal(await statusOf(await post(`/management/market/design/${lamp.id}`, admin, { _action: "approve" })), 409);

  const products = await getJson("/api/user/market", company);
  assert.equal(products.status, 200);
  assert.ok(products.body.data.length > 0);
  const all = await db.select({ id: marketProducts.id }).from(marketProducts).where(
    eq(marketProducts.sellerId, companyId),
  );
  assert.ok(products.body.data.every((p: { id: number }) => all.some((a) => a.id === p.id)));
  assert.equal((await getJson("/api/user/market/product", company)).body.total, products.body.total);
  assert.equal((await getJson("/api/user/market/other", company)).status, 404);
  assert.equal((await getJson("/api/user/market")).status, 401);
  const requests = await getJson("/api/user/market/request", member);
  assert.ok(requests.body.data.length > 0);
  const mineIds =
    (await db.select({ id: marketRequests.id }).from(marketRequests).where(eq(marketRequests.buyerId, memberId))).map((
      r,
    ) => r.id);
  assert.ok(requests.body.data.every((r: { id: number }) => mineIds.includes(r.id)));
  const page = await get("/mypage/market", company);
  assert.equal(page.status, 200);
  assert.ok((await page.text()).includes("거래 완료 처리"), "the poster's request in progress can be finished");
  assert.equal(await statusOf(await get("/mypage/market?type=request", member)), 200);

  for (
    const path of [
      "/management/market/design",
      "/management/market/intellect?status=waiting",
      "/management/statistics/market",
    ]
  ) {
    assert.equal(await statusOf(await get(path, admin)), 200, path);
    assert.equal(await statusOf(await get(path, member)), 403, path);
  }
  const csv = await t.request("/management/market/design/products.csv", { headers: { cookie: admin } });
  assert.equal(csv.status, 200);
  const bytes = new Uint8Array(await csv.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a BOM so Excel reads Korean");
  assert.ok(new TextDecoder().decode(bytes).includes("한지 무드등"));
  // Bulk approval of the checked waiting products, all or nothing.
  const bench = await productByTitle("Modular park bench");
  const bulk = await post("/management/market/design", admin, {
    _action: "approve",
    ids: [String(bench.id), String(lamp.id)],
  });
  assert.equal(bulk.status, 409, "one banned product refuses the whole selection");
  await bulk.body?.cancel();
  assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.id, bench.id)))[0].status, "waiting");
  assert.equal(
    await statusOf(await post("/management/market/design", admin, { _action: "approve", ids: String(bench.id) })),
    303,
  );
  assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.id, bench.id)))[0].status, "approved");
  assert.equal(await statusOf(await post("/management/market/design", admin, { _action: "approve" })), 422);
});

appTest(
  "auto-register: publishing an award's results lists its flagged entries as waiting products, linked both ways",
  async () => {
    // The seed registered the newest published award's flagged entries.
    const seeded = await db.select().from(marketProducts).where(eq(marketProducts.type, "design"));
    assert.ok(seeded.some((p) => p.entryId !== null && p.status === "waiting"));

    const published = (await db.select({ id: awardResults.awardId }).from(awardResults)).map((r) => r.id);
    // Judged entries (not drafts, not cancelled) of an award whose results are not published yet.
    const judged = and(inArray(entries.status, [...JUDGING_STATUSES]), isNull(entries.cancelledAt));
    const [candidate] = await db.select({ awardId: entries.awardId }).from(entries)
      .where(and(notInArray(entries.awardId, published.length ? published : [0]), judged))
      .limit(1);
    assert.ok(candidate, "an award without published results has judged entries");
    const flagged = await db.select().from(entries).where(and(eq(entries.awardId, candidate.awardId), judged))
      .orderBy(entries.id).limit(2);
    await db.update(entries).set({ marketAutoRegister: true, rank: "gold" }).where(eq(entries.id, flagged[0].id));
    await publishResults(db, t.config, candidate.awardId, adminId);
    const [product] = await db.select().from(marketProducts).where(eq(marketProducts.entryId, flagged[0].id));
    assert.ok(product, "the flagged entry is a product");
    assert.deepEqual([product.status, product.type, product.sellerId, product.awardFlag], [
      "waiting",
      "design",
      flagged[0].userId,
      true,
    ]);
    assert.equal(product.thumbnailId, flagged[0].thumbnailId);
    // An unflagged entry is not registered; publishing again registers nothing twice.
    if (flagged[1] && !flagged[1].marketAutoRegister) {
      assert.equal((await db.select().from(marketProducts).where(eq(marketProducts.entryId, flagged[1].id))).length, 0);
    }
    await assert.rejects(() => publishResults(db, t.config, candidate.awardId, adminId), { status: 409 });
  },
);

appTest(
  "staff granted the market section read the IP file the management screen links; other staff do not",
  async () => {
    const staff = await signIn(t, "staff");
    // A product waiting for approval, as staff review it.
    const id = await register(tester, "intellect", { ...IP, title_en: "Staff-reviewed right" }, ipFiles());
    const [product] = await db.select().from(marketProducts).where(eq(marketProducts.id, id));
    const ip = `/api/file/download/${product.ipFileId}`;
    try {
      // A grant of another section opens neither the screen nor the file.
      await grantStaff(db, ["contest"]);
      assert.equal(await statusOf(await get(ip, staff)), 403);
      await grantStaff(db, ["market"]);
      const screen = await get(`/management/market/${product.type}/${product.id}`, staff);
      assert.equal(screen.status, 200);
      assert.ok((await screen.text()).includes(`href="${ip}"`), "the screen links the file");
      const res = await get(ip, staff);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "application/pdf");
      await res.body?.cancel();
    } finally {
      await grantStaff(db, []);
    }
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
