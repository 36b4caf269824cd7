// The contests' public calls (SPEC §7 /api/contest, /api/contest/{id}, /api/contest/awards) and pages on the
// seeded demo (db/seed/contest.ts: contests in every approval and status, one terminated with winners).
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";

const t = await openTestApp();

async function json(path: string, status = 200) {
  const res = await t.request(path);
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

function assertPaginated(body: Record<string, unknown>, perPage: number) {
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) {
    assert.ok(key in body, `missing ${key}`);
  }
  assert.equal(body.per_page, perPage);
}

interface Summary {
  id: number;
  title: string;
  status: string;
  prize_total: { krw: number; usd: number };
}

appTest("GET /api/contest: approved contests only, newest first, latest 4 with limit, paginated by 8", async () => {
  const all = await json("/api/contest?perpage=100");
  assertPaginated(all, 100);
  // The seed approves 6 of its 9 contests (unpaid, pending and rejected are not public).
  assert.equal(all.total, 6);
  const ids = all.data.map((c: Summary) => c.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
  const latest = await json("/api/contest?limit=4&orderby=id&ordertype=desc&lang=ko");
  assertPaginated(latest, 4);
  assert.deepEqual(latest.data.map((c: Summary) => c.id), ids.slice(0, 4));
  const first = await json("/api/contest");
  assertPaginated(first, 8);
  assert.equal(first.last_page, 1);
  const second = await json("/api/contest?perpage=4&page=2");
  assert.deepEqual(second.data.map((c: Summary) => c.id), ids.slice(4, 8));
  assert.ok(all.data.every((c: Summary) => c.prize_total.krw === 1_800_000 && c.prize_total.usd > 0));
  const asc = await json("/api/contest?orderby=close_at&ordertype=asc");
  const closes = asc.data.map((c: { close_at: string }) => c.close_at);
  assert.deepEqual(closes, [...closes].sort());
});

appTest("GET /api/contest: the status filter reads the dates; lang picks the language", async () => {
  for (const status of ["preparing", "ongoing", "judging", "terminated"]) {
    const list = await json(`/api/contest?status=${status}`);
    assert.ok(list.total >= 1, status);
    assert.ok(list.data.every((c: Summary) => c.status === status), status);
  }
  const en = await json("/api/contest?lang=en&limit=1");
  assert.match(en.data[0].title, /[A-Za-z]/);
  assert.doesNotMatch(en.data[0].title, /[가-힣]/);
});

appTest("GET /api/contest: a bad query is a 400, never a 500", async () => {
  for (const q of ["page=0", "perpage=101", "limit=0", "orderby=title", "ordertype=up", "lang=fr", "status=open"]) {
    const body = await json(`/api/contest?${q}`, 400);
    assert.equal(body.status, 400, q);
  }
  assert.equal((await json("/api/contest?page=&lang=")).current_page, 1, "blank values mean not given");
});

appTest("GET /api/contest/{id}: brief, prizes in KRW and USD, results state; unknown or unapproved 404", async () => {
  const terminated = (await json("/api/contest?status=terminated&perpage=100")).data as Summary[];
  const withWinners = [];
  for (const c of terminated) {
    const detail = await json(`/api/contest/${c.id}`);
    if (detail.results === "published") withWinners.push(detail);
    else assert.equal(detail.results, "no_results");
  }
  assert.equal(withWinners.length, 1);
  const won = withWinners[0];
  assert.equal(won.winners.length, 3);
  assert.deepEqual(won.winners.slice(0, 2).map((w: { place: number }) => w.place), [1, 2]);
  assert.equal(won.winners[0].prize.krw, 1_000_000);
  assert.deepEqual(won.prizes.map((p: { place: number }) => p.place), [1, 2, 3]);
  const ongoing = (await json("/api/contest?status=ongoing")).data[0] as Summary;
  const open = await json(`/api/contest/${ongoing.id}`);
  assert.equal(open.results, "not_ended");
  assert.deepEqual(open.winners, []);
  assert.ok(open.request && open.reference_urls.length === 1);
  await json("/api/contest/999999", 404);
  await json("/api/contest/abc", 400);
  // The unpaid, pending and rejected contests have ids below the first approved one's neighbours: find one.
  const approved = new Set<number>((await json("/api/contest?perpage=100")).data.map((c: Summary) => c.id));
  const maxId = Math.max(...approved);
  let hidden = 0;
  for (let id = maxId; id > 0 && hidden < 3; id--) {
    if (approved.has(id)) continue;
    const res = await t.request(`/api/contest/${id}`);
    await res.body?.cancel();
    if (res.status === 404) hidden++;
  }
  assert.equal(hidden, 3, "unpaid, pending and rejected contests answer 404");
});

appTest("GET /api/contest/awards: the winners of published contests", async () => {
  const list = await json("/api/contest/awards");
  assertPaginated(list, 8);
  assert.equal(list.total, 3);
  assert.equal(list.data[0].place, 1);
  assert.ok(list.data[0].contest_title);
  await json("/api/contest/awards?page=0", 400);
});

appTest("pages: /contest lists the latest 4 and all contests, in Korean and English, with no script", async () => {
  for (const [path, word] of [["/contest", "최신 공모전"], ["/en/contest", "Latest contests"]]) {
    const res = await t.request(path);
    const html = await res.text();
    assert.equal(res.status, 200, path);
    assert.ok(html.includes(word), path);
    assert.ok(!html.includes("<script"), `${path} sends no script`);
  }
  const en = await (await t.request("/en/contest")).text();
  assert.ok(en.includes("Hanbit Works brand logo design contest"));
  const ko = await (await t.request("/contest?page=2")).text();
  assert.ok(ko.includes("한빛제작소 브랜드 로고 디자인 공모"));
  assert.equal((await t.request("/contest?page=x")).status, 400);
});

appTest("pages: the contest page shows the brief, KRW and USD, and winners or why not", async () => {
  const [won] = (await json("/api/contest/awards")).data;
  const page = await (await t.request(`/en/contest/${won.contest_id}`)).text();
  assert.ok(page.includes("₩1,000,000"), "KRW");
  assert.ok(page.includes("US$") || page.includes("$"), "USD");
  assert.ok(page.includes("Grand prize"));
  const ongoing = (await json("/api/contest?status=ongoing")).data[0] as Summary;
  const open = await (await t.request(`/contest/${ongoing.id}`)).text();
  assert.ok(open.includes("아직 결과 발표 전입니다."));
  assert.ok(open.includes(`/contest/${ongoing.id}/enter`));
  assert.equal((await t.request("/contest/999999")).status, 404);
  const awards = await t.request("/en/contest/awards");
  assert.equal(awards.status, 200);
  assert.ok((await awards.text()).includes("Past winners"));
});

appTest("pages: /contest/closed lists the contests whose entries have closed, latest closing first", async () => {
  const res = await t.request("/en/contest/closed");
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.ok(html.includes("Hanbit goods design contest") && html.includes("2025 Hanbit Works leaflet design contest"));
  assert.ok(!html.includes("Hanbit Works brand logo design contest"), "an ongoing contest is not past");
  assert.ok(html.indexOf("Hanbit goods design contest") < html.indexOf("2025 Hanbit Works leaflet"));
  assert.equal((await t.request("/contest/closed?page=0")).status, 400);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
