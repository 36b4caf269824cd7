// The market's pure rules (issue 18): both status machines (SPEC §4), the rights-number shape of each kind
// of intellectual property, the price range and the categories per type.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import {
  isCategoryOf,
  isValidPrice,
  normalRightsNumber,
  PRICE_MAX,
  rightsNumberShape,
} from "../../domain/market/options.ts";
import { productMachine, requestMachine } from "../../domain/market/status.ts";

Deno.test("product: waiting → approved (on sale) → finished (sold); banned from waiting or on sale", () => {
  assert.equal(productMachine.next("approve", "waiting"), "approved");
  assert.equal(productMachine.next("ban", "waiting"), "rejected");
  assert.equal(productMachine.next("ban", "approved"), "rejected");
  assert.equal(productMachine.next("sell", "approved"), "finished");
  assert.deepEqual(productMachine.actionsFrom("waiting"), ["edit", "approve", "ban"]);
  assert.deepEqual(productMachine.actionsFrom("finished"), []);
  assert.deepEqual(productMachine.actionsFrom("rejected"), []);
});

Deno.test("product: edit only while waiting; nothing leaves sold or banned; refusal is 409 market.wrong_status", () => {
  assert.equal(productMachine.can("edit", "waiting"), true);
  for (const s of ["approved", "rejected", "finished"] as const) assert.equal(productMachine.can("edit", s), false);
  assert.equal(productMachine.can("sell", "waiting"), false);
  assert.equal(productMachine.can("approve", "rejected"), false);
  assert.throws(
    () => productMachine.next("sell", "finished"),
    (e) => e instanceof HttpError && e.status === 409 && e.key === "market.wrong_status",
  );
  assert.equal(productMachine.isStatus("draft"), false);
});

Deno.test("request: requested → on_going → finished; cancel while open; displaced only while requested", () => {
  assert.equal(requestMachine.next("forward", "requested"), "on_going");
  assert.equal(requestMachine.next("finish", "on_going"), "finished");
  assert.equal(requestMachine.next("cancel", "requested"), "canceled");
  assert.equal(requestMachine.next("cancel", "on_going"), "canceled");
  assert.equal(requestMachine.next("displace", "requested"), "canceled");
  assert.equal(requestMachine.can("displace", "on_going"), false);
  assert.equal(requestMachine.can("finish", "requested"), false);
  assert.equal(requestMachine.can("forward", "canceled"), false);
  assert.deepEqual(requestMachine.actionsFrom("finished"), []);
  assert.throws(
    () => requestMachine.next("forward", "finished"),
    (e) => e instanceof HttpError && e.status === 409 && e.key === "market.no_request",
  );
});

Deno.test("rights number: application CC-YYYY-NNNNNNN or registration CC-NNNNNNN[-0000] of the kind's code", () => {
  assert.equal(rightsNumberShape("patent", "10-2020-0012345"), "application");
  assert.equal(rightsNumberShape("patent", "10-1234567-0000"), "registration");
  assert.equal(rightsNumberShape("design_right", "30-1234567"), "registration");
  assert.equal(rightsNumberShape("design_right", "30 - 2024 - 0001234"), "application");
  assert.equal(rightsNumberShape("utility", "20-2019-0000001"), "application");
  assert.equal(rightsNumberShape("trademark", "40-1234567-0000"), "registration");
  // The wrong kind's code, the wrong lengths, letters, an impossible year, all zeros.
  assert.equal(rightsNumberShape("patent", "30-2020-0012345"), null);
  assert.equal(rightsNumberShape("design_right", "10-1234567-0000"), null);
  assert.equal(rightsNumberShape("patent", "10-2020-012345"), null);
  assert.equal(rightsNumberShape("patent", "10-20200-0012345"), null);
  assert.equal(rightsNumberShape("patent", "10-123456"), null);
  assert.equal(rightsNumberShape("patent", "1O-2020-0012345"), null);
  assert.equal(rightsNumberShape("patent", "10-1800-0012345"), null);
  assert.equal(rightsNumberShape("patent", "10-0000000"), null);
  assert.equal(rightsNumberShape("patent", ""), null);
  assert.equal(rightsNumberShape("patent", "10-1234567-0001"), null);
  assert.equal(normalRightsNumber(" 30 - 2024 - 0001234 "), "30-2024-0001234");
});

Deno.test("price: integer KRW from 0 to one trillion; −1, 10^15, fractions refused", () => {
  assert.equal(isValidPrice(0), true);
  assert.equal(isValidPrice(150_000), true);
  assert.equal(isValidPrice(PRICE_MAX), true);
  assert.equal(isValidPrice(-1), false);
  assert.equal(isValidPrice(10 ** 15), false);
  assert.equal(isValidPrice(1.5), false);
  assert.equal(isValidPrice(Number.NaN), false);
});

Deno.test("categories belong to their type", () => {
  assert.equal(isCategoryOf("design", "product"), true);
  assert.equal(isCategoryOf("design", "patent"), false);
  assert.equal(isCategoryOf("intellect", "patent"), true);
  assert.equal(isCategoryOf("intellect", "fashion"), false);
});
