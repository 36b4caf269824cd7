// /management/contest (issue 12 §7): the council approves or rejects (with a reason) a paid contest, the host
// is told by mail; the statement and the settlement — refund through the provider exactly once, payouts
// less 4.4 % — and the results published to every entrant.
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { contestEntries, contestPayouts, contestRefunds, contests } from "../../db/schema/contest.ts";
import { outbox } from "../../db/schema/member.ts";
import { payments } from "../../db/schema/pay.ts";
import { cardFee } from "../../domain/contest/rules.ts";
import { REGISTRATION_FEE } from "../../domain/contest/options.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const company = await signIn(t, "company");

const byTitle = async (titleEn: string) => (await db.select().from(contests).where(eq(contests.titleEn, titleEn)))[0];

function post(path: string, cookie: string, fields: Record<string, string>) {
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
    body: new URLSearchParams(fields).toString(),
  });
}

const mailsTo = async (address: string) =>
  await db.select().from(outbox).where(eq(outbox.to, address)).orderBy(desc(outbox.id));

appTest("the list filters by approval; the screen shows the contest; unknown id 404, bad id 400", async () => {
  const all = await t.request("/management/contest", { headers: { cookie: admin } });
  const html = await all.text();
  assert.equal(all.status, 200);
  assert.ok(html.includes("Regional festival") || html.includes("지역 축제 포스터 디자인 공모"));
  const pending = await (await t.request("/management/contest?approval=pending", { headers: { cookie: admin } }))
    .text();
  assert.ok(pending.includes("지역 축제 포스터 디자인 공모"));
  assert.ok(!pending.includes("한빛 굿즈 디자인 공모"));
  assert.equal((await t.request("/management/contest?approval=x", { headers: { cookie: admin } })).status, 400);
  const found = await (await t.request("/management/contest?q=%EA%B5%BF%EC%A6%88", { headers: { cookie: admin } }))
    .text();
  assert.ok(found.includes("한빛 굿즈 디자인 공모") && !found.includes("지역 축제 포스터"), "search by title (굿즈)");
  const short = await t.request("/management/contest?q=a", { headers: { cookie: admin } });
  assert.equal(short.status, 400, "a keyword of one character");
  await short.body?.cancel();
  assert.equal((await t.request("/management/contest/999999", { headers: { cookie: admin } })).status, 404);
  assert.equal((await t.request("/management/contest/abc", { headers: { cookie: admin } })).status, 400);
  const forbidden = await t.request("/management/contest", { headers: { cookie: company } });
  assert.equal(forbidden.status, 403);
  await forbidden.body?.cancel();
});

appTest("approve a pending contest: the host gets a mail; a second decision is refused", async () => {
  const contest = await byTitle("Regional festival poster design contest");
  assert.equal(contest.approval, "pending");
  const noReason = await post(`/management/contest/${contest.id}`, admin, { _action: "reject", reason: "" });
  assert.equal(noReason.status, 422);
  assert.ok((await noReason.text()).includes("반려 사유를 입력해 주십시오."));
  const res = await post(`/management/contest/${contest.id}`, admin, { _action: "approve" });
  assert.equal(res.status, 303);
  assert.equal((await byTitle("Regional festival poster design contest")).approval, "approved");
  const [mail] = await mailsTo("company@design-center.example");
  assert.match(mail.subject, /승인/);
  assert.ok(mail.body.includes(`/contest/${contest.id}`));
  const again = await post(`/management/contest/${contest.id}`, admin, { _action: "reject", reason: "늦었습니다" });
  assert.equal(again.status, 409);
  await again.body?.cancel();
  const unpaid = await byTitle("Hanbit Works new packaging design contest");
  const early = await post(`/management/contest/${unpaid.id}`, admin, { _action: "approve" });
  assert.equal(early.status, 409, "an unpaid contest cannot be approved");
  await early.body?.cancel();
});

appTest("reject with a reason: stored, mailed, shown", async () => {
  // A second pending contest, paid.
  const base = await byTitle("Hanbit City tourist signage design contest");
  const { id: _id, ...rest } = base;
  const [pending] = await db.insert(contests).values({ ...rest, approval: "pending", title: "반려할 공모전" })
    .returning();
  const res = await post(`/management/contest/${pending.id}`, admin, {
    _action: "reject",
    reason: "요강이 불분명합니다.",
  });
  assert.equal(res.status, 303);
  const [row] = await db.select().from(contests).where(eq(contests.id, pending.id));
  assert.equal(row.approval, "rejected");
  assert.equal(row.rejectReason, "요강이 불분명합니다.");
  const [mail] = await mailsTo("company@design-center.example");
  assert.ok(mail.body.includes("요강이 불분명합니다."));
  const page = await (await t.request(`/management/contest/${pending.id}`, { headers: { cookie: admin } })).text();
  assert.ok(page.includes("요강이 불분명합니다."));
  const hidden = await t.request(`/api/contest/${pending.id}`);
  assert.equal(hidden.status, 404, "a rejected contest is not public");
  await hidden.body?.cancel();
});

appTest("settlement with nobody entering: refund less the registration and card fees, exactly once", async () => {
  const contest = await byTitle("2025 Hanbit calligraphy logo contest");
  const paid = 1_800_000;
  const statement = await (await t.request(`/management/contest/${contest.id}`, { headers: { cookie: admin } })).text();
  assert.ok(statement.includes("응모작이 없어 수수료를 빼고 환불합니다."));
  const res = await post(`/management/contest/${contest.id}`, admin, { _action: "settle" });
  assert.equal(res.status, 303, await res.clone().text());
  const [refund] = await db.select().from(contestRefunds).where(eq(contestRefunds.contestId, contest.id));
  assert.equal(refund.amount, paid - REGISTRATION_FEE - cardFee(paid));
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  assert.equal(payment.status, "paid", "a partial cancel keeps the payment");
  assert.equal((payment.raw as { refund: { partial: number } }).refund.partial, refund.amount);
  const twice = await post(`/management/contest/${contest.id}`, admin, { _action: "settle" });
  assert.equal(twice.status, 409);
  assert.ok((await twice.text()).includes("이미 정산한 공모전입니다."));
  assert.equal((await db.select().from(contestRefunds).where(eq(contestRefunds.contestId, contest.id))).length, 1);
});

appTest("settlement before the result date or while winners are due is refused", async () => {
  const judging = await byTitle("Hanbit goods design contest");
  const res = await post(`/management/contest/${judging.id}`, admin, { _action: "settle" });
  assert.equal(res.status, 409);
  assert.ok((await res.text()).includes("아직 정산할 수 없습니다"));
});

appTest("publishing the results mails every entrant; the statement shows payouts less 4.4 %", async () => {
  const judging = await byTitle("Hanbit goods design contest");
  const before = (await db.select().from(outbox)).length;
  const res = await post(`/management/contest/${judging.id}`, admin, { _action: "publish" });
  assert.equal(res.status, 303);
  const mails = (await db.select().from(outbox)).slice(before);
  assert.equal(mails.length, 2, "both entrants");
  assert.ok(mails.every((m) => m.subject.includes("결과")));
  const again = await post(`/management/contest/${judging.id}`, admin, { _action: "publish" });
  assert.equal(again.status, 409);
  await again.body?.cancel();
  const done = await byTitle("2025 Hanbit Works leaflet design contest");
  const page = await (await t.request(`/management/contest/${done.id}`, { headers: { cookie: admin } })).text();
  assert.ok(page.includes("₩44,000") && page.includes("₩956,000"), "1st: 1,000,000 less 44,000");
  assert.ok(page.includes("₩22,000") && page.includes("₩478,000"), "2nd: 500,000 less 22,000");
  const payouts = await db.select().from(contestPayouts).where(eq(contestPayouts.contestId, done.id));
  assert.deepEqual(payouts.map((p) => p.net).sort(), [478_000, 956_000]);
});

appTest("statistics: SVG charts with their data tables, in both languages", async () => {
  for (const path of ["/management/statistics/contest", "/en/management/statistics/contest"]) {
    const res = await t.request(path, { headers: { cookie: admin } });
    const html = await res.text();
    assert.equal(res.status, 200, path);
    assert.equal((html.match(/<svg/g) ?? []).length, 4, "four charts");
    assert.equal((html.match(/<table/g) ?? []).length, 4, "each with its table");
    assert.ok(!html.includes("<script"));
  }
  const ko = await (await t.request("/management/statistics/contest", { headers: { cookie: admin } })).text();
  assert.ok(ko.includes("진행 중") && ko.includes("원천징수"));
});

appTest("edit: texts, languages, entry restriction and the public flag; a bad edit is refused", async () => {
  const contest = await byTitle("Hanbit City tourist signage design contest");
  const fields = {
    _action: "edit",
    title: "고친 제목",
    title_en: "Edited title",
    company: "(주)한빛제작소",
    summary: "고친 요약",
    request: "고친 요청",
    languages: "en",
    entry_restriction: "member",
  };
  const res = await post(`/management/contest/${contest.id}`, admin, fields);
  assert.equal(res.status, 303);
  const [row] = await db.select().from(contests).where(eq(contests.id, contest.id));
  assert.deepEqual([row.title, row.languages, row.entryRestriction, row.public], [
    "고친 제목",
    ["en"],
    "member",
    false,
  ]);
  assert.equal(row.prize1, contest.prize1, "prizes stay");
  const bad = await post(`/management/contest/${contest.id}`, admin, { ...fields, languages: "" });
  assert.equal(bad.status, 422);
  assert.ok((await bad.text()).includes("노출 언어를 하나 이상 고르십시오."));
});

appTest("settling twice at once refunds once; a payout is marked paid once", async () => {
  const base = await byTitle("2025 Hanbit calligraphy logo contest");
  const { id: _id, ...rest } = base;
  const [copy] = await db.insert(contests).values({ ...rest, title: "동시 정산", settledAt: null }).returning();
  await db.insert(payments).values({
    orderId: `CP${copy.id}-race`,
    provider: "test",
    targetType: "contest_prize",
    targetId: copy.id,
    amount: 1_800_000,
    status: "paid",
    providerTid: "TESTRACE",
  });
  const answers = await Promise.all(
    [1, 2].map(() => post(`/management/contest/${copy.id}`, admin, { _action: "settle" })),
  );
  for (const a of answers) await a.body?.cancel();
  assert.deepEqual(answers.map((a) => a.status).sort(), [303, 409]);
  assert.equal((await db.select().from(contestRefunds).where(eq(contestRefunds.contestId, copy.id))).length, 1);

  const done = await byTitle("2025 Hanbit Works leaflet design contest");
  const [payout] = await db.select().from(contestPayouts).where(eq(contestPayouts.contestId, done.id));
  await db.update(contestPayouts).set({ status: "pending", paidAt: null }).where(eq(contestPayouts.id, payout.id));
  const res = await post(`/management/contest/${done.id}`, admin, { _action: "payout", payout_id: String(payout.id) });
  assert.equal(res.status, 303);
  assert.equal((await db.select().from(contestPayouts).where(eq(contestPayouts.id, payout.id)))[0].status, "paid");
  const again = await post(`/management/contest/${done.id}`, admin, {
    _action: "payout",
    payout_id: String(payout.id),
  });
  assert.equal(again.status, 409);
  await again.body?.cancel();
  const other = await post(`/management/contest/${copy.id}`, admin, {
    _action: "payout",
    payout_id: String(payout.id),
  });
  assert.equal(other.status, 404, "a payout of another contest");
  await other.body?.cancel();
});

appTest("entries CSV: streamed with a BOM, headers in the administrator's language, formulas defused", async () => {
  const done = await byTitle("2025 Hanbit Works leaflet design contest");
  const [first] = await db.select().from(contestEntries).where(eq(contestEntries.contestId, done.id)).limit(1);
  await db.update(contestEntries).set({ hostComment: "=HYPERLINK(1)" }).where(eq(contestEntries.id, first.id));
  const res = await t.request(`/management/contest/${done.id}/entries.csv`, { headers: { cookie: admin } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a BOM");
  const text = new TextDecoder().decode(bytes);
  assert.ok(text.startsWith("번호,작품 제목"));
  assert.equal(text.trim().split("\r\n").length, 4, "header and 3 entries");
  assert.ok(text.includes("'=HYPERLINK(1)"));
  assert.equal((await t.request("/management/contest/999999/entries.csv", { headers: { cookie: admin } })).status, 404);
  const member = await t.request(`/management/contest/${done.id}/entries.csv`, { headers: { cookie: company } });
  assert.equal(member.status, 403);
  await member.body?.cancel();
});

appTest("bulk approval: all or nothing in one transaction; sort by closing date", async () => {
  const base = await byTitle("Hanbit City tourist signage design contest");
  const { id: _id, ...rest } = base;
  const made = await db.insert(contests).values(
    [1, 2].map((i) => ({ ...rest, approval: "pending" as const, title: `일괄 ${i}` })),
  )
    .returning();
  const approved = await byTitle("Hanbit Works brand logo design contest");
  // One of the three is not pending: nothing changes.
  const refused = await post("/management/contest", admin, { _action: "approve", ids: String(made[0].id) });
  await refused.body?.cancel();
  const mixed = await t.request("/management/contest", {
    method: "POST",
    headers: csrfHeaders({ cookie: admin, "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
    body: `_action=approve&ids=${made[1].id}&ids=${approved.id}`,
  });
  assert.equal(mixed.status, 409);
  await mixed.body?.cancel();
  assert.equal((await db.select().from(contests).where(eq(contests.id, made[1].id)))[0].approval, "pending");
  assert.equal(refused.status, 303);
  assert.equal((await db.select().from(contests).where(eq(contests.id, made[0].id)))[0].approval, "approved");
  const none = await post("/management/contest", admin, { _action: "approve" });
  assert.equal(none.status, 422);
  assert.ok((await none.text()).includes("공모전을 하나 이상 고르십시오."));
  const sorted = await (await t.request("/management/contest?sort=close_at", { headers: { cookie: admin } })).text();
  assert.ok(sorted.includes('<option value="close_at" selected'));
  assert.equal((await t.request("/management/contest?sort=title", { headers: { cookie: admin } })).status, 400);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
