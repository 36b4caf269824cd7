// SPEC §5 registration rules, without HTTP: password, username, agreements, company and judge rules, roles
// only from the member type, form-name parsing, and document type by magic bytes.
import assert from "node:assert/strict";
import { RegisterInput } from "../../domain/member/register.ts";
import {
  formEntries,
  issuesToFields,
  RegisterFormInput,
  rolesFor,
  unflatten,
} from "../../domain/member/register-schema.ts";
import { checkDocumentFile, readDocuments, sniffDocumentType } from "../../domain/member/documents.ts";
import { cleanFilename } from "../../domain/file/names.ts";

const base = {
  type: "individual",
  username: "kim.minji_01",
  password: "Saebom#2027",
  password_confirmation: "Saebom#2027",
  name: "김민지",
  email: "minji@example.org",
  phone: "010-1234-5678",
  agree_terms: "on",
  agree_privacy: "on",
};

/** Field → message keys of a payload (none when valid). */
function errors(input: Record<string, unknown>): Record<string, string[]> {
  const result = RegisterInput.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
}

const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

Deno.test("a complete individual registration is valid", () => {
  assert.deepEqual(errors(base), {});
  const data = RegisterInput.parse(base);
  assert.equal(data.agree_terms, true);
  assert.equal(data.marketing_email, false);
  assert.deepEqual(data.careers, []);
  // judge-only fields of another type are ignored, not validated
  assert.deepEqual(errors({ ...base, careers: "junk", judge_fields: ["admin"], career_years: "x" }), {});
});

Deno.test("password: 8–15 characters with a letter, a digit and a special character, not a common one", () => {
  const cases: [string, string | null][] = [
    ["Saebom#2027", null],
    ["a1!aaaa", "password.too_short"],
    ["Abcdefgh12345#xy", "password.too_long"],
    ["12345678!", "password.needs_letter"],
    ["Saebom#abc", "password.needs_digit"],
    ["Saebom2027", "password.needs_special"],
    ["Password1!", "password.too_common"],
    ["qwerty123!", "password.too_common"],
    ["P@ssw0rd", "password.too_common"],
    ["1q2w3e4r!", "password.too_common"],
  ];
  for (const [password, key] of cases) {
    const found = errors({ ...base, password, password_confirmation: password }).password ?? [];
    if (key === null) assert.deepEqual(found, [], password);
    else assert.ok(found.includes(key), `${password}: ${found.join(", ")}`);
  }
  assert.deepEqual(errors({ ...base, password: "", password_confirmation: "" }).password, [
    "register.password_required",
  ]);
});

Deno.test("the confirmation must equal the password", () => {
  assert.deepEqual(errors({ ...base, password_confirmation: "Saebom#2028" }).password_confirmation, [
    "register.password_mismatch",
  ]);
});

Deno.test("username: 3–20 lowercase letters, digits, '.', '_' and '-' only", () => {
  for (const ok of ["abc", "kim.minji", "kim_minji-2", "a1b2c3d4e5f6g7h8i9j0"]) {
    assert.deepEqual(errors({ ...base, username: ok }).username, undefined, ok);
  }
  const bad: [string, string][] = [
    ["", "register.username_required"],
    ["ab", "register.username_length"],
    ["a".repeat(21), "register.username_length"],
    ["Kim", "register.username_format"],
    ["kim minji", "register.username_format"],
    ["김민지", "register.username_format"],
    ["kim@mail", "register.username_format"],
    ["kim+1", "register.username_format"],
  ];
  for (const [username, key] of bad) assert.deepEqual(errors({ ...base, username }).username, [key], username);
});

Deno.test("email, name and phone are checked", () => {
  assert.deepEqual(errors({ ...base, email: "not-an-email" }).email, ["register.email_invalid"]);
  assert.deepEqual(errors({ ...base, email: "" }).email, ["register.email_required"]);
  assert.deepEqual(errors({ ...base, name: "  " }).name, ["register.name_required"]);
  assert.deepEqual(errors({ ...base, phone: "call me" }).phone, ["register.phone_invalid"]);
  assert.deepEqual(errors({ ...base, phone: undefined }).phone, ["register.phone_required"]);
});

Deno.test("agreement to the terms AND the privacy policy is required; marketing consent is optional", () => {
  const e = errors({ ...base, agree_terms: undefined, agree_privacy: "" });
  assert.deepEqual(e.agree_terms, ["register.agree_terms_required"]);
  assert.deepEqual(e.agree_privacy, ["register.agree_privacy_required"]);
  assert.deepEqual(errors({ ...base, agree_terms: true, agree_privacy: "1" }), {});
  const data = RegisterInput.parse({ ...base, marketing_email: "on" });
  assert.equal(data.marketing_email, true);
  assert.equal(data.marketing_sms, false);
});

Deno.test("the member type is one of four; companies need a 10-digit business number", () => {
  assert.deepEqual(errors({ ...base, type: "administrator" }).type, ["register.type_required"]);
  assert.deepEqual(errors({ ...base, type: undefined }).type, ["register.type_required"]);
  assert.deepEqual(errors({ ...base, type: "company" }).business_no, ["register.business_no_required"]);
  assert.deepEqual(errors({ ...base, type: "design", business_no: "123-45-678" }).business_no, [
    "register.business_no_invalid",
  ]);
  assert.deepEqual(errors({ ...base, type: "company", business_no: "123-45-67890" }), {});
});

const judge = {
  ...base,
  type: "judge",
  judge_fields: ["ibda", "dcb"],
  specialty: "제품디자인",
  careers: [
    { organization: "한빛대학교", position: "교수", from: "2012-03", to: "", role: "ibda" },
    { organization: "디자인랩", position: "대표", from: "2008-01", to: "2012-02", role: "dcb" },
  ],
  educations: [{ school: "한빛대학교", major: "산업디자인", degree: "doctor" }],
};

Deno.test("judge: a complete application is valid", () => {
  assert.deepEqual(errors(judge), {});
});

Deno.test("judge: at least one judging field, career and education entry", () => {
  const e = errors({ ...judge, judge_fields: [], careers: [], educations: [] });
  assert.deepEqual(e.judge_fields, ["register.judge_field_required"]);
  assert.deepEqual(e.careers, ["register.career_required"]);
  assert.deepEqual(e.educations, ["register.education_required"]);
  // the years of career are computed from the careers (judge_qualification_test.ts), never typed in
  assert.deepEqual(
    errors({ ...judge, careers: [{ ...judge.careers[1], role: "ibda" }, { ...judge.careers[1], role: "dcb" }] })
      .academic_position,
    ["judge.not_qualified"],
  );
  assert.deepEqual(errors({ ...judge, specialty: "" }).specialty, ["register.specialty_required"]);
});

Deno.test("judge: EACH selected judge role needs a career entry supporting it", () => {
  const onlyIbda = [judge.careers[0]];
  assert.deepEqual(errors({ ...judge, careers: onlyIbda }).careers, ["register.career_for_dcb"]);
  const e = errors({ ...judge, judge_fields: ["ibda", "dcb", "shoes"], careers: onlyIbda });
  assert.deepEqual(e.careers, ["register.career_for_dcb", "register.career_for_shoes"]);
  assert.deepEqual(errors({ ...judge, judge_fields: ["ibda"], careers: onlyIbda }), {});
});

Deno.test("judge: career rows need an organisation, a role and ordered dates; spare empty rows are dropped", () => {
  const e = errors({
    ...judge,
    careers: [...judge.careers, { organization: "", role: "shoes" }, {
      organization: "X",
      from: "2020-05",
      to: "2019-01",
      role: "dcb",
    }],
  });
  assert.deepEqual(e["careers.2.organization"], ["register.career_organization_required"]);
  assert.deepEqual(e["careers.3.to"], ["register.career_dates"]);
  assert.deepEqual(
    errors({ ...judge, careers: [{ ...judge.careers[0], role: "gnk" }, judge.careers[1]] })["careers.0.role"],
    [
      "register.career_role_required",
    ],
  );
  assert.deepEqual(
    errors({ ...judge, careers: [{ ...judge.careers[0], from: "2012/03" }, judge.careers[1]] })["careers.0.from"],
    [
      "register.month_invalid",
    ],
  );
  const spare = { organization: "", position: "", from: "", to: "", role: "" };
  const data = RegisterInput.parse({ ...judge, careers: [spare, ...judge.careers, spare] });
  assert.equal(data.careers.length, 2);
});

Deno.test("roles come only from the member type: approval for everything but the individual member", () => {
  assert.deepEqual(rolesFor("individual"), [{ code: "member", approved: true }]);
  assert.deepEqual(rolesFor("design"), [{ code: "design", approved: false }]);
  assert.deepEqual(rolesFor("company"), [{ code: "company", approved: false }]);
  assert.deepEqual(rolesFor("judge", ["shoes", "ibda"]), [
    { code: "member", approved: true },
    { code: "judge", approved: false },
    { code: "ibda", approved: false },
    { code: "shoes", approved: false },
  ]);
  const data = RegisterInput.parse({ ...base, roles: ["administrator"], approved: true, role: "administrator" });
  assert.ok(!("roles" in data) && !("approved" in data) && !("role" in data));
});

Deno.test("the browser and server schemas give the same field errors", () => {
  const input = { ...judge, username: "Bad Name", password_confirmation: "x", careers: [judge.careers[0]] };
  assert.deepEqual(
    issuesToFields(RegisterFormInput.safeParse(input).error!.issues),
    issuesToFields(RegisterInput.safeParse(input).error!.issues),
  );
});

Deno.test("form names become nested rows; prototype keys and absurd indexes are dropped", () => {
  const body = formEntries([
    ["careers[0][organization]", "A"],
    ["careers[0][role]", "ibda"],
    ["careers[2][organization]", "B"],
    ["judge_fields[]", "ibda"],
    ["judge_fields[]", "dcb"],
    ["name", "김"],
    ["__proto__[polluted]", "yes"],
    ["careers[999999][organization]", "C"],
    ["constructor[prototype][x]", "1"],
  ]);
  const nested = unflatten(body);
  assert.deepEqual(nested.careers, [{ organization: "A", role: "ibda" }, { organization: "B" }]);
  assert.deepEqual(nested.judge_fields, ["ibda", "dcb"]);
  assert.equal(nested.name, "김");
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.keys(nested).includes("__proto__"), false);
});

Deno.test("documents: the type comes from the magic bytes, never from the name or claimed type", async () => {
  assert.equal(sniffDocumentType(PDF), "application/pdf");
  assert.equal(sniffDocumentType(PNG), "image/png");
  assert.equal(sniffDocumentType(JPEG), "image/jpeg");
  assert.equal(sniffDocumentType(new TextEncoder().encode("GIF89a")), null);
  assert.equal(sniffDocumentType(new TextEncoder().encode("MZ\x90\x00")), null);
  assert.equal(sniffDocumentType(new Uint8Array()), null);

  const fake = new File(["<script>alert(1)</script>"], "cert.pdf", { type: "application/pdf" });
  assert.equal(await checkDocumentFile(fake), "register.bad_file");
  const pngNamedExe = new File([PNG], "cert.exe", { type: "application/x-msdownload" });
  assert.equal(await checkDocumentFile(pngNamedExe), null);
  const big = new File([PDF, new Uint8Array(5 * 1024 * 1024)], "big.pdf", { type: "application/pdf" });
  assert.equal(await checkDocumentFile(big), "register.file_too_large");
  assert.equal(cleanFilename("C:\\Users\\kim\\사업자등록증.pdf"), "사업자등록증.pdf");
  assert.equal(cleanFilename('../../etc/"passwd"\n'), "passwd");
});

Deno.test("documents: required, at most one per kind, at most three in all, only the kinds of the type", async () => {
  const file = (bytes: Uint8Array<ArrayBuffer>, name = "a.pdf") => new File([bytes], name);
  assert.deepEqual((await readDocuments("company", {})).errors, { business_cert: ["register.business_cert_required"] });
  const ok = await readDocuments("design", {
    business_cert: [file(PDF)],
    design_cert: [file(PNG, "d.png")],
    regional_proof: [file(JPEG, "r.jpg")],
  });
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(ok.documents.map((d) => [d.kind, d.mimetype]), [
    ["business_cert", "application/pdf"],
    ["design_cert", "image/png"],
    ["regional_proof", "image/jpeg"],
  ]);
  const four = await readDocuments("design", {
    business_cert: [file(PDF)],
    design_cert: [file(PNG)],
    regional_proof: [file(JPEG)],
    other: [file(PDF)],
  });
  assert.deepEqual(four.errors, { documents: ["register.too_many_files"] });
  const two = await readDocuments("company", { business_cert: [file(PDF), file(PDF)] });
  assert.deepEqual(two.errors, { business_cert: ["register.too_many_files"] });
  // a company has no design certificate: such a file is not stored
  const extra = await readDocuments("company", { business_cert: [file(PDF)], design_cert: [file(PNG)] });
  assert.deepEqual(extra.documents.map((d) => d.kind), ["business_cert"]);
  assert.deepEqual((await readDocuments("individual", { business_cert: [file(PDF)] })).documents, []);
});
