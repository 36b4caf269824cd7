// framework/errors.ts statusOf: a database that cannot be reached is a 503 (issue 16 §4, the
// PostgreSQL restart of `deno task faults postgres`), anything else unexpected stays a 500.
import assert from "node:assert/strict";
import { HttpError, isUnavailable, statusOf } from "../../framework/errors.ts";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As Drizzle wraps the driver's error: the driver's is the cause. */
const wrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });

Deno.test("connection errors, also wrapped by Drizzle, are 503", () => {
  for (const code of ["ECONNREFUSED", "ECONNRESET", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECT_TIMEOUT"]) {
    assert.equal(statusOf(withCode(code)), 503, code);
    assert.equal(statusOf(wrapped(withCode(code))), 503, `${code} wrapped`);
  }
  // SQLSTATE: administrator shutdown, crash shutdown, cannot connect now (starting up), class 08.
  for (const code of ["57P01", "57P02", "57P03", "08006", "08001"]) {
    assert.equal(statusOf(wrapped(withCode(code))), 503, code);
  }
});

Deno.test("other errors keep their status: 500 for bugs and constraint violations, HttpError's own", () => {
  assert.equal(statusOf(new Error("boom")), 500);
  assert.equal(statusOf(wrapped(withCode("23505"))), 500);
  assert.equal(statusOf(wrapped(withCode("57014"))), 500); // query_canceled: a statement, not the server
  assert.equal(statusOf(new HttpError(409, "x")), 409);
  assert.equal(statusOf(null), 500);
  assert.equal(isUnavailable({ code: 42 }), false);
});
