// The hosting wizard over plain forms (issue 12 §3) and the prize payment through the payment module: a
// company goes through the 4 steps with a server draft, every bad input the issue names is refused with its
// key, the contest is stored unpaid, paid by card with the test provider (unpaid → pending), and a forged
// amount or a replayed return changes nothing.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contests } from "../../db/schema/contest.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { users } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { MIN_PRIZE_TOTAL } from "../../domain/contest/options.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const [{ id: companyId }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "company"));

function post(path: string, cookie: string, fields: Record<string, string | string[]>, accept = "text/html") {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept }),
    body: body.toString(),
  });
}

async function page(path: string, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

const FIELD = { _step: "1", field: "brand", sub_field: "logo", detail_items: "로고 1종" };
const CONTENT = {
  _step: "2",
  title: "테스트 로고 공모",
  title_en: "Test logo contest",
  company: "(주)한빛제작소",
  contact_email: "host@example.com",
  summary: "요약입니다.",
  request: "요청입니다.",
  languages: ["ko", "en"],
  reference_urls: "https://example.com/brand",
  entry_restriction: "any",
};
const day = (n: number) => new Date(Date.now() + n * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
const SCHEDULE = {
  _step: "3",
  open_at: day(1),
  close_at: day(30),
  result_at: day(45),
  prize1: "1000000",
  prize2: "500000",
  prize3: "",
  public: "on",
};

async function refused(fields: Record<string, string | string[]>, key: string) {
  const res = await post("/contest/host", company, fields);
  const html = await res.text();
  assert.equal(res.status, 422, `${key}: ${html.slice(0, 300)}`);
  const ko = (await import("../../i18n/ko/contest.ts")).contest as unknown as Record<string, string>;
  assert.ok(html.includes(ko[key.replace("contest.", "")]), `shows ${key}`);
  return html;
}

appTest("only signed-in company members host: anonymous to sign-in, an individual member 403", async () => {
  const anonymous = await page("/contest/host");
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.location ?? "", /^\/login\?redirect=/);
  const individual = await page("/contest/host", member);
  assert.equal(individual.status, 403);
  assert.ok(individual.html.includes("기업 회원만 공모전을 개최할 수 있습니다."));
  const post403 = await post("/contest/host", member, FIELD);
  assert.equal(post403.status, 403);
  await post403.body?.cancel();
});

appTest("a company hosts through 4 steps with a server draft, then pays the prize money by card", async () => {
  const first = await page("/contest/host", company);
  assert.equal(first.status, 200);
  assert.ok(first.html.includes('aria-current="step"'));
  assert.ok(first.html.includes('<form id="contest-host-form" class="wizard-form" method="post"'), "a plain form");
  assert.ok(first.html.includes('data-island="ContestHostWizard"'), "the island enhances it");

  let res = await post("/contest/host", company, FIELD);
  assert.equal(res.status, 303);
  const [draft] = await db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, companyId));
  assert.equal(draft.kind, "contest_host");
  assert.equal(draft.step, 2);
  assert.equal(draft.data.field, "brand");
  assert.ok((await page("/contest/host", company)).html.includes('name="title"'), "step 2 comes next");

  // Bad input of step 2: no exposure language, reference URLs on loopback and private addresses.
  await refused({ ...CONTENT, languages: [] }, "contest.no_language");
  await refused({ ...CONTENT, reference_urls: "http://127.0.0.1/admin" }, "contest.url_private");
  await refused({ ...CONTENT, reference_urls: "https://example.com\nhttp://10.0.0.1/" }, "contest.url_private");
  res = await post("/contest/host", company, CONTENT);
  assert.equal(res.status, 303);

  // Bad input of step 3: prize total under the minimum, no first prize, close before open.
  const html = await refused(
    { ...SCHEDULE, prize1: String(MIN_PRIZE_TOTAL - 600_000), prize2: "" },
    "contest.prize_below_minimum",
  );
  assert.ok(html.includes('value="' + day(1) + '"'), "what was typed is shown again");
  await refused({ ...SCHEDULE, prize1: "", prize2: "1500000" }, "contest.first_prize_required");
  await refused({ ...SCHEDULE, close_at: day(0) }, "contest.close_before_open");
  await refused({ ...SCHEDULE, result_at: day(29) }, "contest.result_before_close");

  // Back keeps what is typed without checking it.
  res = await post("/contest/host", company, { ...SCHEDULE, prize1: "12", _action: "back" });
  assert.equal(res.status, 303);
  const back = await page("/contest/host", company);
  assert.ok(back.html.includes('name="title"') && back.html.includes("테스트 로고 공모"), "step 2 with the draft");
  res = await post("/contest/host", company, CONTENT);
  res = await post("/contest/host", company, SCHEDULE);
  assert.equal(res.status, 303);
  const confirm = await page("/contest/host", company);
  assert.ok(confirm.html.includes("₩1,500,000"), "step 4 shows the prize total");

  res = await post("/contest/host", company, { _step: "4" });
  assert.equal(res.status, 303);
  const done = res.headers.get("location")!;
  const id = Number(new URL(done, "http://x").searchParams.get("done"));
  const [stored] = await db.select().from(contests).where(eq(contests.id, id));
  assert.equal(stored.approval, "unpaid");
  assert.equal(stored.hostId, companyId);
  assert.deepEqual(stored.languages, ["ko", "en"]);
  assert.equal(stored.prize1 + stored.prize2 + stored.prize3, 1_500_000);
  assert.equal(stored.openAt.toISOString(), new Date(`${day(1)}T00:00:00+09:00`).toISOString());
  assert.equal((await db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, companyId))).length, 0);
  const completion = await page(done, company);
  assert.ok(completion.html.includes(`/pay/test/popup?type=contest&amp;id=${id}`));

  // Payment: a forged price is refused; another member's contest is no contest; then the card approves.
  const forged = await t.request(`/api/pay/request?type=contest&id=${id}&price=1000&domain=localhost`, {
    headers: { cookie: company },
  });
  assert.equal(forged.status, 400);
  assert.equal((await forged.json()).key, "pay.amount_mismatch");
  const other = await t.request(`/api/pay/request?type=contest&id=${id}&price=1500000&domain=localhost`, {
    headers: { cookie: member },
  });
  assert.equal(other.status, 404);
  await other.body?.cancel();
  const asked = await t.request(`/api/pay/request?type=contest&id=${id}&price=1500000&domain=localhost`, {
    headers: { cookie: company },
  });
  const order = await asked.json();
  assert.equal(asked.status, 200, JSON.stringify(order));
  assert.match(order.order, /^CP\d+-/);
  const card = await t.request(`${order.action}?${new URLSearchParams(order.fields)}`, {
    headers: { cookie: company },
  });
  const cardHtml = await card.text();
  const form = cardHtml.match(/<form method="post" action="([^"]+)" class="pay-approve">(.*?)<\/form>/s)!;
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) fields[m[1]] = m[2];
  const action = form[1].replace(/&amp;/g, "&");

  // A forged amount in the return: the signature no longer matches, nothing changes.
  const tampered = await t.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ ...fields, amount: "1000" }).toString(),
  });
  assert.equal(tampered.status, 400);
  await tampered.body?.cancel();
  assert.equal((await db.select().from(contests).where(eq(contests.id, id)))[0].approval, "unpaid");

  const paid = await t.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(fields).toString(),
  });
  assert.equal(paid.status, 200, await paid.clone().text());
  await paid.body?.cancel();
  assert.equal((await db.select().from(contests).where(eq(contests.id, id)))[0].approval, "pending");
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.order));
  assert.equal(payment.status, "paid");
  assert.equal(payment.targetType, "contest_prize");
  assert.equal(payment.amount, 1_500_000);
  const replay = await t.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(fields).toString(),
  });
  assert.equal(replay.status, 409);
  await replay.body?.cancel();
  // Paid: no second order.
  const again = await t.request(`/api/pay/request?type=contest&id=${id}&price=1500000&domain=localhost`, {
    headers: { cookie: company },
  });
  assert.equal(again.status, 409);
  assert.equal((await again.json()).key, "contest.not_payable");
});

appTest("step 4 without a finished draft checks everything again", async () => {
  await post("/contest/host", company, FIELD);
  const res = await post("/contest/host", company, { _step: "4" });
  assert.equal(res.status, 422);
  const html = await res.text();
  assert.ok(html.includes('name="title"'), "the first step in error is shown");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
