// The list kit's pure parts (issue 22): the pagination shape and its links, the bounded count's answer,
// EXPLAIN's row estimate as either driver returns it, keyset batches, and the search keyword rules.
import assert from "node:assert/strict";
import { boundedTotal, clampPage, loadMore, paginated, planRows } from "../../domain/common/list.ts";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  likePattern,
  sampleOf,
  searchCondition,
  SearchKeyword,
  selectivePieces,
  trigramsOf,
} from "../../domain/common/search.ts";

const url = (p: number) => `/x?page=${p}`;

Deno.test("paginated: SPEC §7 shape, ten page numbers around the current one, previous and next", () => {
  const list = paginated(["a", "b"], 1000, 40, 20, url);
  assert.equal(list.current_page, 40);
  assert.equal(list.last_page, 50);
  assert.equal(list.total, 1000);
  assert.equal(list.per_page, 20);
  assert.deepEqual(list.data, ["a", "b"]);
  assert.equal(list.estimated, undefined);
  const labels = list.links.map((l) => l.label);
  assert.deepEqual(labels, ["previous", ...Array.from({ length: 10 }, (_, i) => String(36 + i)), "next"]);
  assert.deepEqual(list.links.find((l) => l.active), { url: url(40), label: "40", active: true });
  assert.equal(list.links[0].url, url(39));
  assert.equal(list.links.at(-1)!.url, url(41));
});

Deno.test("paginated: first and last pages have no previous or next, an empty list has one page", () => {
  const first = paginated([], 0, 1, 8, url);
  assert.equal(first.last_page, 1);
  assert.equal(first.links[0].url, null);
  assert.equal(first.links.at(-1)!.url, null);
  const last = paginated([], 95, 12, 8, url);
  assert.equal(last.last_page, 12);
  assert.equal(last.links.at(-1)!.url, null);
  assert.deepEqual(last.links.slice(1, -1).map((l) => l.label).slice(0, 2), ["3", "4"]);
  assert.equal(paginated([], 10_000_000, 1, 20, url, true).estimated, true);
});

Deno.test("boundedTotal: exact up to the limit, the estimate above it but never below what was counted", () => {
  assert.deepEqual(boundedTotal(0, 5000, null), { total: 0, estimated: false });
  assert.deepEqual(boundedTotal(5000, 5000, 1), { total: 5000, estimated: false });
  assert.deepEqual(boundedTotal(5001, 5000, 987_654.4), { total: 987_654, estimated: true });
  assert.deepEqual(boundedTotal(5001, 5000, 12), { total: 5001, estimated: true });
  assert.deepEqual(boundedTotal(5001, 5000, null), { total: 5001, estimated: true });
});

Deno.test("planRows: EXPLAIN (FORMAT JSON) as postgres.js (parsed) and PGlite (text) answer it", () => {
  const plan = [{ Plan: { "Node Type": "Seq Scan", "Plan Rows": 1234 } }];
  assert.equal(planRows([{ "QUERY PLAN": plan }]), 1234);
  assert.equal(planRows([{ "QUERY PLAN": JSON.stringify(plan) }]), 1234);
  assert.equal(planRows([]), null);
  assert.equal(planRows([{ "QUERY PLAN": [{}] }]), null);
});

Deno.test("clampPage: a page past the end reads the last one", () => {
  assert.equal(clampPage(40, 1000, 20), 40);
  assert.equal(clampPage(99, 1000, 20), 50);
  assert.equal(clampPage(3, 0, 20), 1);
});

Deno.test("loadMore: the cursor is the last id shown when the extra row says there is more", () => {
  const rows = [{ id: 9 }, { id: 7 }, { id: 4 }];
  assert.deepEqual(loadMore(rows, 2, (r) => r.id), { data: [{ id: 9 }, { id: 7 }], next: 7 });
  assert.deepEqual(loadMore(rows, 3, (r) => r.id), { data: rows, next: null });
  assert.deepEqual(loadMore([], 3, (r: { id: number }) => r.id), { data: [], next: null });
});

Deno.test("search: keywords of fewer than 2 characters are refused before any query", () => {
  assert.equal(SearchKeyword.parse(""), undefined);
  assert.equal(SearchKeyword.parse("  김민 "), "김민");
  const short = SearchKeyword.safeParse(" a ");
  assert.equal(short.success, false);
  assert.equal(short.error!.issues[0].message, "manage.search_short");
  assert.equal(SearchKeyword.safeParse("x".repeat(101)).success, false);
  assert.throws(() => searchCondition("users", "a"), RangeError);
});

Deno.test("search: % and _ of a keyword are literal", () => {
  assert.equal(likePattern("50%_off\\"), "%50\\%\\_off\\\\%");
});

Deno.test("search: a keyword's pieces leave out trigrams most rows hold, and are trimmed to whole words", () => {
  const sample = sampleOf([
    ...Array.from({ length: 200 }, (_, i) => `scale${i} Bag no. ${i} scale${i}@example.com`),
    "scale777 Bag no. 777 scale777@example.com",
    "Lamp no. 7",
  ]);
  assert.deepEqual(trigramsOf("AbC된다"), ["abc", "bc된", "c된다"]);
  // "sca", "cal", "ale", "no." are in nearly every row; "777" in one of 202.
  assert.deepEqual(selectivePieces("scale777@", sample), ["le777"]);
  // " no" and "no." are common; the short edge word "n" is dropped with them ("  n" would be common too).
  assert.deepEqual(selectivePieces("Bag no. 777", sample), ["777"]);
  // "amp" is in every e-mail ("example").
  assert.deepEqual(selectivePieces("Lamp", sample), ["Lam"]);
  // Nothing common: the whole keyword. Nothing rare left: the whole keyword too.
  assert.equal(selectivePieces("Lam7", sample), null);
  assert.equal(selectivePieces("scale1", sample), null);
  assert.equal(selectivePieces("Bag", sample), null);
  assert.equal(selectivePieces("anything", { rows: 0, counts: new Map() }), null);
  // The condition then asks the index for the pieces and tests the whole keyword on what it finds.
  const dialect = new PgDialect();
  const { sql: text, params } = dialect.sqlToQuery(searchCondition("users", "scale777@", sample));
  assert.match(
    text,
    /"users"\."search_text" like lower\(\$1\) and \("users"\."search_text" \|\| ''\) like lower\(\$2\)/,
  );
  assert.deepEqual(params, ["%le777%", "%scale777@%"]);
  // Other tables search their joined columns with ILIKE; without pieces, the whole keyword alone.
  assert.deepEqual(dialect.sqlToQuery(searchCondition("posts", "Lam7", sample)).params, ["%Lam7%"]);
  assert.match(dialect.sqlToQuery(searchCondition("posts", "Lamp", sample)).sql, /ilike \$1 and .* ilike \$2/);
});
