import assert from "node:assert/strict";
import { createTranslator, dictionaries, flatten, formatDate, formatMoney } from "../../i18n/mod.ts";
import { interpolate } from "../../i18n/interpolate.ts";

Deno.test("en defines exactly the keys ko defines, none empty", () => {
  const ko = Object.keys(flatten(dictionaries.ko)).sort();
  const en = Object.keys(flatten(dictionaries.en)).sort();
  assert.deepEqual(en, ko);
  for (const [locale, messages] of Object.entries(dictionaries)) {
    for (const [key, value] of Object.entries(flatten(messages))) assert.ok(value.trim(), `${locale} ${key} is empty`);
  }
});

Deno.test("t() interpolates, prefers overrides, and shows the key of an unknown message", () => {
  const t = createTranslator("en", { "site.home": "Start" });
  assert.equal(t("site.home"), "Start");
  assert.equal(t("site.copyright", { year: 2026, name: "HRDC" }), "© 2026 HRDC. All rights reserved.");
  assert.equal(createTranslator("ko")("error.404.text"), "요청하신 페이지를 찾을 수 없습니다.");
  assert.equal(createTranslator("en")("error.404.text"), "This page could not be found.");
  assert.equal(t("no.such.key" as never), "no.such.key");
});

Deno.test("t() picks the English word for a count: 1 member, 0 and 1,000 members", () => {
  const t = createTranslator("en");
  assert.equal(t("manage.total", { total: "1" }), "1 member");
  assert.equal(t("manage.total", { total: 0 }), "0 members");
  assert.equal(t("manage.total", { total: "1,000" }), "1,000 members");
  assert.equal(t("awardAdmin.entries.exportRows", { total: 1 }), "1 row");
  assert.equal(createTranslator("ko")("manage.total", { total: "1" }), "모두 1명");
});

Deno.test("islands fill a message as t() does: the scoring board's 1 score, 2 scores", () => {
  const pending = flatten(dictionaries.en)["judging.board.pending"];
  assert.equal(interpolate(pending, { count: 1 }), "1 score not sent yet");
  assert.equal(interpolate(pending, { count: 2 }), "2 scores not sent yet");
  assert.equal(interpolate("{name}: {missing}", { name: "A" }), "A: {missing}");
});

Deno.test("dates are shown in Asia/Seoul", () => {
  // 2026-11-21 15:30 UTC is 2026-11-22 00:30 in Seoul.
  const instant = new Date("2026-11-21T15:30:00Z");
  assert.equal(formatDate(instant, "ko"), "2026. 11. 22.");
  assert.equal(formatDate(instant, "en"), "22/11/2026");
  assert.match(formatDate(instant, "ko", "datetime"), /00:30/);
});

Deno.test("money is integer won shown as KRW or USD", () => {
  assert.equal(formatMoney(100000, "ko"), "₩100,000");
  assert.equal(formatMoney(100000, "en"), "₩100,000");
  assert.equal(formatMoney(140000, "en", "USD", 1400), "$100.00");
});
