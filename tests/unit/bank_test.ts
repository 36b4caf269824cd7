// SPEC §3 Bank without HTTP: the typed list of Korean banks, account numbers checked by digits per bank,
// masking, and the input schema.
import assert from "node:assert/strict";
import {
  accountNumberProblem,
  BANK_CODES,
  BankInput,
  bankName,
  bankOf,
  BANKS,
  maskAccountNumber,
} from "../../domain/member/bank.ts";

Deno.test("banks: 22 banks, unique 3-digit codes, Korean and English names", () => {
  assert.equal(BANKS.length, 22);
  assert.equal(new Set(BANK_CODES).size, BANKS.length);
  for (const b of BANKS) {
    assert.match(b.code, /^\d{3}$/, b.ko);
    assert.ok(b.ko && b.en && b.digits[0] <= b.digits[1], b.code);
  }
  assert.equal(bankName("004", "ko"), "KB국민은행");
  assert.equal(bankName("090", "en"), "KakaoBank");
  assert.equal(bankOf("999"), undefined);
});

Deno.test("account numbers: digits and dashes only, no empty groups", () => {
  assert.equal(accountNumberProblem("004", ""), "bank.account_required");
  for (const bad of ["1234 5678 9012", "123-456-78901a", "-123456789012", "123--456789012", "123456789012-"]) {
    assert.equal(accountNumberProblem("004", bad), "bank.account_format", bad);
  }
});

Deno.test("account numbers: the digits counted per bank, dashes left out", () => {
  // 카카오뱅크: 13 digits
  assert.equal(accountNumberProblem("090", "3333-12-1234567"), null);
  assert.equal(accountNumberProblem("090", "3333-12-123456"), "bank.account_length");
  // 토스뱅크 and 케이뱅크: 12
  assert.equal(accountNumberProblem("092", "1000-1234-5678"), null);
  assert.equal(accountNumberProblem("089", "100-123-4567890"), "bank.account_length");
  // KB국민은행: 12 to 14
  assert.equal(accountNumberProblem("004", "123456-12-123456"), null);
  assert.equal(accountNumberProblem("004", "123-12-1234-123"), null);
  assert.equal(accountNumberProblem("004", "123-12-12345"), "bank.account_length");
  // SC제일은행: 11; 우체국: 14
  assert.equal(accountNumberProblem("023", "123-45-678901"), null);
  assert.equal(accountNumberProblem("071", "123456-01-123456"), null);
  assert.equal(accountNumberProblem("071", "123456-01-12345"), "bank.account_length");
  // a bank whose lengths vary (새마을금고): 10 to 14
  assert.equal(accountNumberProblem("045", "1234567890"), null);
  assert.equal(accountNumberProblem("045", "12345678901234"), null);
  assert.equal(accountNumberProblem("045", "123456789"), "bank.account_length");
  assert.equal(accountNumberProblem("045", "123456789012345"), "bank.account_length");
});

Deno.test("masking: every digit but the last four hidden, dashes kept", () => {
  assert.equal(maskAccountNumber("123-45-671234"), "***-**-**1234");
  assert.equal(maskAccountNumber("3333121234567"), "*********4567");
  assert.equal(maskAccountNumber("12-34"), "12-34");
  assert.equal(maskAccountNumber("1000-1234-5678"), "****-****-5678");
});

Deno.test("BankInput: bank, number and holder checked, with field keys", () => {
  const ok = BankInput.safeParse({ bank: "090", account_number: " 3333-12-1234567 ", holder: " 김민지 " });
  assert.ok(ok.success);
  assert.deepEqual([ok.data.account_number, ok.data.holder], ["3333-12-1234567", "김민지"]);
  const bad = BankInput.safeParse({ bank: "999", account_number: "x", holder: "" });
  assert.ok(!bad.success);
  const keys = Object.fromEntries(bad.error.issues.map((i) => [i.path.join("."), i.message]));
  assert.deepEqual(keys, { bank: "bank.bank_required", holder: "bank.holder_required" });
  const short = BankInput.safeParse({ bank: "090", account_number: "3333-12", holder: "김민지" });
  assert.deepEqual(short.error?.issues.map((i) => [i.path.join("."), i.message]), [
    ["account_number", "bank.account_length"],
  ]);
});
