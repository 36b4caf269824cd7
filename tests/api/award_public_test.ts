// The award family's public calls (SPEC §7) and pages for both families, on the seeded demo
// (db/seed/awards.ts: award open for entries this year, results and exhibition last year, terminated
// the year before; IBDA being judged this year, results and exhibition last year).
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { AWARD_RANKS } from "../../domain/award/options.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();

async function json(path: string, status = 200, cookie?: string) {
  const res = await t.request(path, cookie ? { headers: { cookie } } : undefined);
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

function assertPaginated(body: Record<string, unknown>, perPage: number) {
  for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) {
    assert.ok(key in body, `missing ${key}`);
  }
  assert.equal(body.per_page, perPage);
  assert.ok(Array.isArray(body.data) && Array.isArray(body.links));
}

const THIS_YEAR = (await json("/api/award/latest")).latest.year as number;
const LAST_YEAR = THIS_YEAR - 1;
const FAMILIES = ["award", "ibda"] as const;

appTest("GET /api/{family}: the awards newest first, paginated, filtered by status, perpage up to 1000", async () => {
  for (const family of FAMILIES) {
    const all = await json(`/api/${family}`);
    assertPaginated(all, 8);
    assert.ok(all.total >= 2);
    assert.ok(all.data.every((a: { family: string }) => a.family === family));
    const years = all.data.map((a: { year: number }) => a.year);
    assert.deepEqual(years, [...years].sort((a, b) => b - a));
    const one = await json(`/api/${family}?perpage=1&page=2`);
    assert.equal(one.data.length, 1);
    assert.equal(one.current_page, 2);
    assert.equal(one.last_page, all.total);
    assert.equal(one.data[0].id, all.data[1].id);
    assert.equal((await json(`/api/${family}?perpage=1000`)).per_page, 1000);
    const ongoing = await json(`/api/${family}?status=ongoing`);
    assert.ok(ongoing.data.every((a: { status: string }) => a.status === "ongoing"));
    assert.ok(ongoing.total >= 1);
  }
  const terminated = await json("/api/award?status=terminated");
  assert.deepEqual(terminated.data.map((a: { year: number }) => a.year), [THIS_YEAR - 2]);
  const fresh = await t.request("/api/award?force=1");
  assert.equal(fresh.headers.get("cache-control"), "no-store");
  assert.equal((await json("/api/award?status=&page=")).current_page, 1, "blank values mean not given");
});

appTest("GET /api/{family}: a bad query is a 400 with field errors", async () => {
  for (const family of FAMILIES) {
    for (const q of ["page=0", "page=abc", "perpage=1001", "perpage=-1", "status=open", "lang=fr", "force=maybe"]) {
      const body = await json(`/api/${family}?${q}`, 400);
      assert.equal(body.status, 400);
      assert.ok(body.errors, q);
    }
  }
});

appTest("GET /api/{family}/latest and /{id}: phase, status, dates, pools, categories; unknown id 404", async () => {
  const award = await json("/api/award/latest");
  assert.equal(award.latest.phase, "submit");
  assert.equal(award.latest.status, "ongoing");
  assert.equal(award.latest.pools.length, 2);
  assert.ok(award.latest.submit_from && award.latest.close_at);
  assert.ok(award.list.length >= 3);
  const ibda = await json("/api/ibda/latest?lang=en");
  assert.equal(ibda.latest.phase, "judge");
  assert.equal(ibda.latest.auditable, true);
  assert.match(ibda.latest.name, /IBDA International/);
  const byId = await json(`/api/ibda/${ibda.latest.id}`);
  assert.equal(byId.id, ibda.latest.id);
  assert.deepEqual(byId.categories, [10, 20, 40, 110]);
  // An id of the other family is no award of this one.
  assert.equal((await json(`/api/award/${ibda.latest.id}`, 404)).key, "award.not_found");
  await json("/api/award/999999", 404);
  await json("/api/ibda/abc", 400);
});

appTest(
  "GET /api/{family}/awards/{year}: winners in rank order, by category and keyword; empty otherwise",
  async () => {
    for (const family of FAMILIES) {
      const winners = await json(`/api/${family}/awards/${LAST_YEAR}`);
      assertPaginated(winners, 8);
      assert.ok(winners.total >= 8);
      const order = winners.data.map((e: { rank: string }) => AWARD_RANKS.indexOf(e.rank as never));
      assert.deepEqual(order, [...order].sort((a, b) => a - b));
      assert.ok(winners.data.every((e: { rank: string | null }) => e.rank && e.rank !== "nominee"));
      // No private contact data in public answers.
      const text = JSON.stringify(winners);
      assert.doesNotMatch(text, /designer_email|designer_phone|user_id|@design-center/);
      assert.ok(winners.data[0].thumbnail?.thumbnail.startsWith("/api/file/"));

      const page2 = await json(`/api/${family}/awards/${LAST_YEAR}?perpage=3&page=2`);
      assert.equal(page2.data.length, 3);
      assert.equal(page2.data[0].id, winners.data[3].id);
      const cat = winners.data[0].category;
      const inCategory = await json(`/api/${family}/awards/${LAST_YEAR}?category=${cat}`);
      assert.ok(inCategory.total >= 1 && inCategory.data.every((e: { category: number }) => e.category === cat));
      const word = winners.data[0].title_en.slice(0, 5);
      const found = await json(`/api/${family}/awards/${LAST_YEAR}?keyword=${encodeURIComponent(word)}`);
      assert.ok(found.data.some((e: { id: number }) => e.id === winners.data[0].id));
      assert.equal((await json(`/api/${family}/awards/${LAST_YEAR}?keyword=zzzzqqq`)).total, 0);

      // This year's results are not out; an unknown year has no award: both empty lists (SPEC §7).
      const pending = await json(`/api/${family}/awards/${THIS_YEAR}`);
      assert.deepEqual([pending.total, pending.data], [0, []]);
      assert.equal((await json(`/api/${family}/awards/1999`)).total, 0);
      for (const q of ["category=7", "keyword=a", "page=0", "perpage=5000"]) {
        await json(`/api/${family}/awards/${LAST_YEAR}?${q}`, 400);
      }
      await json(`/api/${family}/awards/abcd`, 400);
    }
  },
);

appTest("GET /api/{family}/awards and /nominee with id and keyword", async () => {
  for (const family of FAMILIES) {
    const list = await json(`/api/${family}?perpage=1000`);
    const last = list.data.find((a: { year: number }) => a.year === LAST_YEAR);
    const winners = await json(`/api/${family}/awards?id=${last.id}`);
    assert.ok(winners.total >= 8);
    const nominees = await json(`/api/${family}/nominee?id=${last.id}`);
    assertPaginated(nominees, 8);
    assert.ok(nominees.total >= 1);
    assert.ok(nominees.data.every((e: { nominee: boolean }) => e.nominee));
    // The current award (default) has no announced nominees or winners yet.
    assert.equal((await json(`/api/${family}/nominee`)).total, 0);
    assert.equal((await json(`/api/${family}/awards`)).total, 0);
    assert.equal((await json(`/api/${family}/nominee?id=999999`)).total, 0);
    await json(`/api/${family}/nominee?id=abc`, 400);
  }
});

appTest("GET /api/{family}/judges/{year}: judges in order, by category; empty for an unknown year", async () => {
  for (const family of FAMILIES) {
    const judges = await json(`/api/${family}/judges/${LAST_YEAR}?perpage=100`);
    assertPaginated(judges, 100);
    assert.equal(judges.total, 6);
    const sorts = judges.data.map((j: { sort: number }) => j.sort);
    assert.deepEqual(sorts, [...sorts].sort((a, b) => a - b));
    const cat = judges.data.find((j: { category: number | null }) => j.category).category;
    const some = await json(`/api/${family}/judges/${LAST_YEAR}?category=${cat}&perpage=100`);
    assert.ok(some.total < judges.total);
    assert.ok(some.data.every((j: { category: number | null }) => j.category === cat || j.category === null));
    assert.equal((await json(`/api/${family}/judges/1999`)).total, 0);
    await json(`/api/${family}/judges/${LAST_YEAR}?category=99`, 400);
  }
});

appTest("GET /api/{family}/pool/{id}/categories: the award and its category labels; unknown pool 404", async () => {
  const latest = (await json("/api/ibda/latest")).latest;
  const body = await json(`/api/ibda/pool/${latest.pools[0].id}/categories?lang=en`);
  assert.equal(body.award.id, latest.id);
  assert.deepEqual(body.categories.map((c: { value: number }) => c.value), [10, 20, 40, 110]);
  assert.equal(body.categories[0].label, "Product design");
  await json(`/api/award/pool/${latest.pools[0].id}/categories`, 404);
  await json("/api/ibda/pool/999999/categories", 404);
});

appTest("GET /api/{family}/{id}/entries is for judges: anonymous 401 whatever the id, unknown award 404", async () => {
  const latest = (await json("/api/ibda/latest")).latest;
  assert.equal((await json(`/api/ibda/${latest.id}/entries`, 401)).status, 401);
  await json("/api/ibda/999999/entries", 401);
  await json(`/api/ibda/${latest.id}/entries?sort=random`, 401);
  const admin = await signIn(t, "admin");
  await json("/api/ibda/999999/entries", 404, admin);
  await json(`/api/ibda/${latest.id}/entries?sort=random`, 400, admin);
});

// ---------- Pages ----------

async function html(path: string, status = 200) {
  const res = await t.request(path);
  const body = await res.text();
  assert.equal(res.status, status, `${path}: ${body.slice(0, 200)}`);
  return body;
}

appTest("the award home in Korean and English: current award, phase, schedule, years", async () => {
  const ko = await html("/award");
  assert.match(ko, /출품 접수/);
  assert.match(ko, /출품 마감/);
  assert.match(ko, /href="\/entry\?award=\d+"/);
  const en = await html("/en/ibda");
  assert.match(en, /Judging/);
  assert.match(en, /Entry deadline/);
  assert.match(en, new RegExp(`href="/en/ibda/years/${LAST_YEAR}"`));
  assert.doesNotMatch(en, /href="\/entry/, "no entry button while judging");
});

appTest("a year's exhibition: category tabs, 8 per page, load more without JavaScript", async () => {
  const first = await html(`/award/years/${LAST_YEAR}`);
  const cards = (s: string) => (s.match(/class="entry-card"/g) ?? []).length;
  assert.equal(cards(first), 8);
  assert.match(first, new RegExp(`href="/award/years/${LAST_YEAR}\\?page=2#entry-more-2"`));
  const second = await html(`/award/years/${LAST_YEAR}?page=2`);
  assert.ok(cards(second) > 8);
  assert.match(second, /id="entry-more-2"/);
  assert.match(await html(`/award/years/${LAST_YEAR}?category=10`), /aria-current="page">제품디자인/);
  await html(`/award/years/${LAST_YEAR}?category=110`, 400); // not offered that year
  assert.match(await html(`/en/award/years/${THIS_YEAR}`), /The exhibition is not open now/);
  await html("/award/years/1999", 404);
  await html("/award/years/abc", 404);
});

appTest("winners, nominees and judges pages; entry detail only while public", async () => {
  const winners = await html(`/en/ibda/years/${LAST_YEAR}/winners`);
  assert.match(winners, /Grand prize/);
  assert.match(await html(`/award/years/${LAST_YEAR}/nominees`), /entry-card/);
  assert.match(await html(`/ibda/years/${THIS_YEAR}/nominees`), /후보작은 .* 발표됩니다/);
  assert.match(await html(`/en/award/years/${LAST_YEAR}/judges`), /Chair of the jury/);

  const id = (await json(`/api/award/awards/${LAST_YEAR}`)).data[0].id;
  const detail = await html(`/award/entries/${id}`);
  assert.match(detail, /대상/);
  assert.match(await html(`/en/award/entries/${id}`), /Grand prize/);
  // An entry of the other family's path, an unknown one, an unpublished one: 404.
  await html(`/ibda/entries/${id}`, 404);
  await html("/award/entries/999999", 404);
});

appTest("award pages are cached for anonymous visitors", async () => {
  await t.request("/award/years/" + LAST_YEAR + "/judges");
  const again = await t.request("/award/years/" + LAST_YEAR + "/judges");
  await again.text();
  assert.equal(again.headers.get("x-cache"), "hit");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
