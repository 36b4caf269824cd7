// SPEC §7 POST /api/register and GET /api/validation/unique, issue 3 §3: every member type and its roles,
// each bad input (422), documents by magic bytes, duplicates, role escalation, CSRF (403), rate limits
// (429), oversized bodies (413); and the /register screen's rules (SPEC §2.4).
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import {
  judgeCareers,
  judgeEducations,
  memberDocuments,
  membershipChanges,
  outbox,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { PDF } from "../support/images.ts";
import { judgeQualification } from "../../domain/member/judge-qualification.ts";
import { randomAddress, signIn } from "../support/session.ts";

const t = await openTestApp({ TRUST_PROXY: "1" });
const db = t.app.database.db;

const PASSWORD = "Saebom#2027";
/** A real one-page PDF; FAKE_PDF only begins like one (issue 20 §4). */
const FAKE_PDF = new TextEncoder().encode("%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

let serial = 0;
/** A fresh user ID and e-mail for each registration. */
function person(prefix: string) {
  const n = `${Date.now().toString(36).slice(-4)}${++serial}`;
  return { username: `${prefix}${n}`, email: `${prefix}${n}@example.org` };
}

function individual(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "individual",
    ...person("ind"),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    name: "홍길동",
    name_en: "Gildong Hong",
    phone: "010-1234-5678",
    zip: "61000",
    address1: "한빛광역시 누리구 디자인로 100",
    affiliation: "한빛디자인",
    agree_terms: "on",
    agree_privacy: "on",
    marketing_sms: "on",
    ...extra,
  };
}

/** A multipart body: strings (arrays as `name[]`) and files. */
function multipart(
  fields: Record<string, unknown>,
  files: Record<string, [Uint8Array<ArrayBuffer>, string, string?][]> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((v) => form.append(`${name}[]`, String(v)));
    else if (value !== undefined) form.append(name, String(value));
  }
  for (const [name, list] of Object.entries(files)) {
    for (const [bytes, filename, type] of list) form.append(name, new File([bytes], filename, { type: type ?? "" }));
  }
  return form;
}

function register(
  body: FormData | Record<string, unknown>,
  opts: { ip?: string; path?: string; headers?: Record<string, string> } = {},
) {
  const json = !(body instanceof FormData);
  const headers = csrfHeaders({
    accept: "application/json",
    "x-forwarded-for": opts.ip ?? randomAddress(),
    ...(json ? { "content-type": "application/json" } : {}),
    ...opts.headers,
  });
  return t.request(opts.path ?? "/api/register", { method: "POST", headers, body: json ? JSON.stringify(body) : body });
}

async function created(res: Response) {
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ["id", "status", "username"]);
  return body as { id: number; username: string; status: string };
}

async function refused(res: Response, status = 422) {
  const body = await res.json();
  assert.equal(res.status, status, JSON.stringify(body));
  return body as { status: number; key: string; message: string; errors?: Record<string, string[]> };
}

const rolesOf = async (userId: number) =>
  (await db.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.roleCode))
    .map((r) => [r.roleCode, r.approved]);

const login = (username: string, password = PASSWORD) =>
  t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
    body: JSON.stringify({ username, password }),
  });

// ---------- each member type ----------

appTest("an individual member registers (multipart), is active at once and can sign in", async () => {
  const fields = individual();
  const body = await created(await register(multipart(fields)));
  assert.equal(body.username, fields.username);
  assert.equal(body.status, "active");

  const [user] = await db.select().from(users).where(eq(users.id, body.id));
  assert.equal(user.email, fields.email);
  assert.equal(user.name, "홍길동");
  assert.equal(user.affiliation, "한빛디자인");
  assert.match(user.passwordHash, /^\$argon2id\$/);
  assert.equal(user.locale, "ko");
  assert.equal(user.country, "KR");
  assert.equal(user.marketingSms, true);
  assert.ok(user.marketingSmsAt);
  assert.equal(user.marketingEmail, false);
  assert.ok(user.termsAgreedAt && user.privacyAgreedAt);
  assert.deepEqual(await rolesOf(body.id), [["member", true]]);
  assert.equal((await db.select().from(membershipChanges).where(eq(membershipChanges.userId, body.id))).length, 0);

  const [mail] = await db.select().from(outbox).where(eq(outbox.to, user.email));
  assert.equal(mail.locale, "ko");
  assert.match(mail.subject, /환영/);
  assert.ok(mail.body.includes(user.username));

  const res = await login(user.username);
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal((await res.json()).user.name, "홍길동");
});

appTest("a design company registers with its documents and waits for approval", async () => {
  const fields = { ...individual({ type: "design", name: "디자인스튜디오 봄", business_no: "1234567890" }) };
  const res = await register(multipart(fields, {
    business_cert: [[PDF, "사업자등록증.pdf", "application/pdf"]],
    design_cert: [[PNG, "cert.png", "image/png"]],
    // the claimed type is wrong and the name says .txt: the bytes decide
    regional_proof: [[JPEG, "proof.txt", "text/plain"]],
  }));
  const body = await created(res);
  assert.equal(body.status, "waiting");
  assert.deepEqual(await rolesOf(body.id), [["design", false]]);

  const [user] = await db.select().from(users).where(eq(users.id, body.id));
  assert.equal(user.businessNo, "123-45-67890");
  assert.equal(user.affiliation, "", "individual-only fields are not stored for companies");
  const docs = await db.select().from(memberDocuments).where(eq(memberDocuments.userId, body.id))
    .orderBy(memberDocuments.kind);
  assert.deepEqual(docs.map((d) => [d.kind, d.mimetype, d.filename, d.size]), [
    ["business_cert", "application/pdf", "사업자등록증.pdf", PDF.byteLength],
    ["design_cert", "image/png", "cert.png", PNG.byteLength],
    ["regional_proof", "image/jpeg", "proof.txt", JPEG.byteLength],
  ]);
  assert.deepEqual(new Uint8Array(docs[0].data), PDF);

  const [change] = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, body.id));
  assert.equal(change.kind, "join");
  assert.equal(change.status, "waiting");
  assert.deepEqual(change.toRoles, ["design"]);

  const [mail] = await db.select().from(outbox).where(eq(outbox.to, user.email));
  assert.match(mail.subject, /접수/);

  const signin = await login(user.username);
  assert.equal(signin.status, 403);
  assert.equal((await signin.json()).key, "auth.awaiting_approval");
});

appTest("a company registers with a JPEG certificate and waits for approval", async () => {
  const fields = individual({ type: "company", name: "(주)한빛기계", business_no: "220-81-12345" });
  const body = await created(await register(multipart(fields, { business_cert: [[JPEG, "scan.jpg"]] })));
  assert.equal(body.status, "waiting");
  assert.deepEqual(await rolesOf(body.id), [["company", false]]);
  const [change] = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, body.id));
  assert.deepEqual([change.kind, change.status, change.toRoles], ["join", "waiting", ["company"]]);
});

const judge = (extra: Record<string, unknown> = {}) =>
  individual({
    type: "judge",
    judge_fields: ["ibda", "shoes"],
    judge_category: "제품디자인",
    degree: "doctor",
    specialty: "신발 디자인",
    careers: [
      { organization: "한빛대학교 산업디자인학과", position: "교수", from: "2010-03", to: "", role: "ibda" },
      { organization: "한빛제화", position: "디자인실장", from: "2002-01", to: "2010-02", role: "shoes" },
    ],
    educations: [{ school: "한빛대학교", major: "산업디자인", degree: "doctor" }],
    ...extra,
  });

appTest("a judge applicant (JSON, English site) is an individual member at once; judge roles wait", async () => {
  const fields = judge({ name_en: "Judge Kim" });
  const body = await created(await register(fields, { path: "/en/api/register" }));
  assert.equal(body.status, "waiting");
  assert.deepEqual(await rolesOf(body.id), [["ibda", false], ["judge", false], ["member", true], ["shoes", false]]);

  const [user] = await db.select().from(users).where(eq(users.id, body.id));
  assert.equal(user.locale, "en");
  assert.equal(user.country, "");
  // SPEC §5: recorded as computed from the careers (2002-01 to this month, the two periods touching)
  assert.equal(
    user.careerYears,
    judgeQualification({ careers: [{ from: "2002-01", to: "" }], academicPosition: "" }).years,
  );
  assert.equal(user.academicPosition, "");
  assert.equal(user.specialty, "신발 디자인");
  assert.deepEqual(user.judgeFields, ["ibda", "shoes"]);
  assert.equal(user.judgeCategory, "제품디자인");
  const careers = await db.select().from(judgeCareers).where(eq(judgeCareers.userId, body.id)).orderBy(judgeCareers.id);
  assert.deepEqual(careers.map((c) => [c.roleCode, c.organization, c.startedOn, c.endedOn]), [
    ["ibda", "한빛대학교 산업디자인학과", "2010-03", ""],
    ["shoes", "한빛제화", "2002-01", "2010-02"],
  ]);
  const educations = await db.select().from(judgeEducations).where(eq(judgeEducations.userId, body.id));
  assert.deepEqual(educations.map((e) => [e.school, e.degree]), [["한빛대학교", "doctor"]]);
  const [change] = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, body.id));
  assert.deepEqual(change.toRoles, ["judge", "ibda", "shoes"]);

  const [mail] = await db.select().from(outbox).where(eq(outbox.to, user.email));
  assert.equal(mail.locale, "en");
  assert.match(mail.subject, /received your application/);
  assert.match(mail.body, /Dear Judge Kim/);
  assert.equal((await login(user.username)).status, 200, "the individual membership counts at once");
});

appTest("a judge applicant through the form names of the no-JavaScript form (rows, spare rows)", async () => {
  const { careers: _c, educations: _e, ...rest } = judge({ judge_fields: ["dcb"] });
  const form = multipart(rest);
  form.append("careers[0][organization]", "DCB 디자인센터");
  form.append("careers[0][role]", "dcb");
  form.append("careers[0][from]", "2009-04");
  for (const k of ["organization", "position", "from", "to", "role"]) form.append(`careers[1][${k}]`, "");
  form.append("educations[0][school]", "한빛대학교");
  form.append("educations[2][school]", "누리대학교");
  const body = await created(await register(form));
  assert.equal((await db.select().from(judgeCareers).where(eq(judgeCareers.userId, body.id))).length, 1);
  assert.equal((await db.select().from(judgeEducations).where(eq(judgeEducations.userId, body.id))).length, 2);
});

// ---------- bad input ----------

appTest("422 with field error keys for each bad input", async () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["short password", { password: "a1!", password_confirmation: "a1!" }, "password", "password.too_short"],
    [
      "common password",
      { password: "Password1!", password_confirmation: "Password1!" },
      "password",
      "password.too_common",
    ],
    [
      "no special character",
      { password: "Saebom2027", password_confirmation: "Saebom2027" },
      "password",
      "password.needs_special",
    ],
    [
      "confirmation differs",
      { password_confirmation: "Saebom#2028" },
      "password_confirmation",
      "register.password_mismatch",
    ],
    ["uppercase user ID", { username: "HongGD" }, "username", "register.username_format"],
    ["user ID with a space", { username: "hong gd" }, "username", "register.username_format"],
    ["bad e-mail", { email: "hong@" }, "email", "register.email_invalid"],
    ["no name", { name: "" }, "name", "register.name_required"],
    ["terms not agreed", { agree_terms: undefined }, "agree_terms", "register.agree_terms_required"],
    ["privacy not agreed", { agree_privacy: "" }, "agree_privacy", "register.agree_privacy_required"],
    ["unknown member type", { type: "administrator" }, "type", "register.type_required"],
    ["company without business number", { type: "company" }, "business_no", "register.business_no_required"],
  ];
  for (const [label, change, field, key] of cases) {
    const body = await refused(await register(multipart(individual(change))));
    assert.equal(body.key, "error.validation", label);
    assert.ok(body.errors?.[field]?.includes(key), `${label}: ${JSON.stringify(body.errors)}`);
  }
});

appTest("judge rules: a field, careers, educations, and a career for EACH selected role (422)", async () => {
  const ibdaCareer = { organization: "한빛대학교", position: "교수", from: "2010-03", to: "", role: "ibda" };
  const noCareerForShoes = await refused(await register(judge({ careers: [ibdaCareer] })));
  assert.deepEqual(noCareerForShoes.errors?.careers, ["register.career_for_shoes"]);

  const empty = await refused(await register(judge({ judge_fields: [], careers: [], educations: [] })));
  assert.deepEqual(empty.errors?.judge_fields, ["register.judge_field_required"]);
  assert.deepEqual(empty.errors?.careers, ["register.career_required"]);
  assert.deepEqual(empty.errors?.educations, ["register.education_required"]);
});

appTest("judge qualification (SPEC §5): fewer than 10 years and no professor's position is refused", async () => {
  const recent = [
    { organization: "한빛디자인", position: "디자이너", from: "2018-01", to: "2021-12", role: "ibda" },
    // overlapping the first: counted once, so still short of 10 years
    { organization: "한빛제화", position: "디자이너", from: "2019-01", to: "2022-06", role: "shoes" },
  ];
  const fields = judge({ careers: recent });
  const refusal = await refused(await register(fields));
  assert.equal(refusal.key, "judge.not_qualified");
  assert.deepEqual(refusal.errors, { academic_position: ["judge.not_qualified"] });
  assert.match(refusal.message, /10년/);
  const none = await db.select().from(users).where(eq(users.username, String(fields.username)));
  assert.equal(none.length, 0, "nothing is created");

  // a lecturer ('other') is no professor
  const other = await refused(await register(judge({ careers: recent, academic_position: "other" })));
  assert.equal(other.key, "judge.not_qualified");
  // a career month in the future is refused on its field
  const future = await refused(
    await register(judge({ careers: [{ ...recent[0], to: "2099-12" }, recent[1]] })),
  );
  assert.deepEqual(future.errors?.["careers.0.to"], ["judge.career_future"]);
});

appTest("judge qualification: an assistant professor qualifies with few years (multipart); recorded", async () => {
  const { careers: _c, educations: _e, ...rest } = judge({ academic_position: "assistant_professor" });
  const form = multipart(rest);
  const rows = [
    { organization: "한빛대학교", position: "조교수", from: "2023-03", to: "", role: "ibda" },
    { organization: "한빛제화", position: "디자이너", from: "2021-01", to: "2023-02", role: "shoes" },
  ];
  rows.forEach((row, i) => Object.entries(row).forEach(([k, v]) => form.append(`careers[${i}][${k}]`, v)));
  form.append("educations[0][school]", "한빛대학교");
  const body = await created(await register(form));
  const [user] = await db.select().from(users).where(eq(users.id, body.id));
  assert.equal(user.academicPosition, "assistant_professor");
  assert.ok(user.careerYears !== null && user.careerYears < 10);
});

appTest("documents are checked by magic bytes, size and count (422 register.bad_file …)", async () => {
  const company = individual({ type: "company", business_no: "1234567890" });
  const fake = await refused(
    await register(multipart(company, {
      business_cert: [[new TextEncoder().encode("<html><script>alert(1)</script>"), "cert.pdf", "application/pdf"]],
    })),
  );
  assert.equal(fake.key, "register.bad_file");
  assert.deepEqual(fake.errors, { business_cert: ["register.bad_file"] });
  // Beginning with %PDF- is not enough: the document must parse.
  const posing = await refused(
    await register(multipart(company, { business_cert: [[FAKE_PDF, "cert.pdf", "application/pdf"]] })),
  );
  assert.deepEqual(posing.errors, { business_cert: ["register.bad_file"] });

  const gif = await refused(
    await register(multipart(company, {
      business_cert: [[new TextEncoder().encode("GIF89a\x01\x00"), "cert.png", "image/png"]],
    })),
  );
  assert.equal(gif.key, "register.bad_file");

  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set(PDF);
  const large = await refused(await register(multipart(company, { business_cert: [[big, "big.pdf"]] })));
  assert.deepEqual(large.errors, { business_cert: ["register.file_too_large"] });

  const many = await refused(
    await register(multipart({ ...company, type: "design" }, {
      business_cert: [[PDF, "a.pdf"]],
      design_cert: [[PDF, "b.pdf"]],
      regional_proof: [[PDF, "c.pdf"]],
      portrait: [[PNG, "d.png"]],
    })),
  );
  assert.deepEqual(many.errors, { documents: ["register.too_many_files"] });

  const missing = await refused(await register(multipart(company)));
  assert.deepEqual(missing.errors, { business_cert: ["register.business_cert_required"] });

  const before = await db.select().from(users).where(eq(users.email, String(company.email)));
  assert.equal(before.length, 0, "nothing was created");
});

appTest("a taken user ID or e-mail (whatever its case) is 422 register.username_taken / email_taken", async () => {
  const first = individual();
  await created(await register(multipart(first)));

  const sameName = await refused(await register(multipart(individual({ username: first.username }))));
  assert.equal(sameName.key, "register.username_taken");
  assert.deepEqual(sameName.errors, { username: ["register.username_taken"] });

  const sameMail = await refused(
    await register(multipart(individual({ email: String(first.email).toUpperCase() }))),
  );
  assert.equal(sameMail.key, "register.email_taken");
  assert.deepEqual(sameMail.errors, { email: ["register.email_taken"] });

  const seeded = await refused(
    await register(individual({ username: "member", email: "member@design-center.example" })),
  );
  assert.deepEqual(seeded.errors, { username: ["register.username_taken"], email: ["register.email_taken"] });
});

appTest("role escalation through the body has no effect", async () => {
  const fields = individual({
    roles: ["administrator", "support_group"],
    role: "administrator",
    approved: true,
    "roles[0][code]": "administrator",
    testable: "1",
    id: 1,
  });
  const form = await created(await register(multipart(fields)));
  assert.deepEqual(await rolesOf(form.id), [["member", true]]);
  assert.equal((await db.select().from(userRoles).where(eq(userRoles.userId, form.id)))[0].testable, false);

  const asJson = await created(
    await register(individual({
      roles: ["administrator"],
      approved: true,
      user_roles: [{ role_code: "administrator", approved: true }],
    })),
  );
  assert.deepEqual(await rolesOf(asJson.id), [["member", true]]);
  const admins = await db.select().from(userRoles)
    .where(and(eq(userRoles.roleCode, "administrator"), eq(userRoles.userId, asJson.id)));
  assert.equal(admins.length, 0);
});

// ---------- CSRF, rate limit, size ----------

appTest("403 without the CSRF token or from another origin", async () => {
  const noToken = await t.request("/api/register", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": randomAddress() },
    body: JSON.stringify(individual()),
  });
  assert.equal((await refused(noToken, 403)).key, "auth.csrf");

  const wrongToken = await t.request("/api/register", {
    method: "POST",
    headers: {
      ...csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
      "x-xsrf-token": "not-the-cookie-value-000",
    },
    body: JSON.stringify(individual()),
  });
  assert.equal((await refused(wrongToken, 403)).key, "auth.csrf");

  const elsewhere = await t.request("/api/register", {
    method: "POST",
    headers: csrfHeaders(
      { "content-type": "application/json", "x-forwarded-for": randomAddress() },
      "https://evil.example",
    ),
    body: JSON.stringify(individual()),
  });
  assert.equal((await refused(elsewhere, 403)).key, "auth.csrf");
});

appTest("429 with Retry-After after 10 registrations an hour from one address", async () => {
  const ip = randomAddress();
  for (let i = 0; i < 10; i++) {
    const res = await register({ type: "individual" }, { ip });
    assert.equal(res.status, 422, `attempt ${i + 1}`);
    await res.body?.cancel();
  }
  const res = await register(individual(), { ip });
  const body = await refused(res, 429);
  assert.equal(body.key, "error.429");
  assert.ok(Number(res.headers.get("retry-after")) > 0);
  // another address is not affected
  await created(await register(multipart(individual())));
});

appTest("413 for a body over 20 MB, declared or not", async () => {
  const declared = await register(multipart(individual()), { headers: { "content-length": String(21 * 1024 * 1024) } });
  assert.equal((await refused(declared, 413)).key, "error.413");

  // a streamed body without Content-Length is cut off once past the limit
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= 25) return controller.close();
      controller.enqueue(chunk);
    },
  });
  const streamed = await t.request("/api/register", {
    method: "POST",
    headers: csrfHeaders({
      accept: "application/json",
      "content-type": "multipart/form-data; boundary=x",
      "x-forwarded-for": randomAddress(),
    }),
    body: stream,
  });
  assert.equal((await refused(streamed, 413)).key, "error.413");
  assert.ok(sent <= 22, `stopped reading after ${sent} MB`);
});

// ---------- GET /api/validation/unique ----------

const unique = (query: string, ip = randomAddress()) =>
  t.request(`/api/validation/unique?${query}`, { headers: { "x-forwarded-for": ip } });

appTest("unique: count 0 for a free value, 1 for a taken one (e-mail whatever its case), excluding an id", async () => {
  const free = await unique("table=users&column=username&value=nobody-has-this");
  assert.equal(free.status, 200);
  assert.deepEqual(await free.json(), { count: 0 });
  assert.deepEqual(await (await unique("table=users&column=username&value=member")).json(), { count: 1 });
  assert.deepEqual(await (await unique("table=users&column=email&value=MEMBER%40Design-Center.example")).json(), {
    count: 1,
  });
  const [member] = await db.select().from(users).where(eq(users.username, "member"));
  assert.deepEqual(await (await unique(`table=users&column=username&value=member&id=${member.id}`)).json(), {
    count: 0,
  });
  assert.deepEqual(await (await unique(`table=users&column=username&value=member&id=${member.id + 1000}`)).json(), {
    count: 1,
  });
});

appTest("unique: a table or column outside the allow-list, or a bad query, is 400", async () => {
  for (
    const query of [
      "table=users&column=password_hash&value=x",
      "table=users&column=name&value=x",
      "table=sites&column=name&value=x",
      "table=pg_user&column=usename&value=postgres",
      "table=users;drop table users&column=username&value=x",
      "table=users&column=username",
      "table=users&column=username&value=x&id=abc",
      "column=username&value=x",
    ]
  ) {
    const res = await unique(query);
    const body = await refused(res, 400);
    assert.equal(body.key, "error.validation", query);
  }
});

appTest("unique: 429 after 60 checks a minute from one address", async () => {
  const ip = randomAddress();
  for (let i = 0; i < 60; i++) {
    const res = await unique(`table=users&column=username&value=probe${i}`, ip);
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  const res = await unique("table=users&column=username&value=probe", ip);
  assert.equal((await refused(res, 429)).key, "error.429");
  assert.ok(res.headers.get("retry-after"));
});

// ---------- the /register screen ----------

appTest("/register: the wizard in Korean and English, type preselected; a signed-in member goes home", async () => {
  const ko = await t.request("/register?type=design");
  assert.equal(ko.status, 200);
  const html = await ko.text();
  assert.match(html, /<h1[^>]*>회원가입<\/h1>/);
  assert.match(html, /data-island="RegisterWizard"/);
  assert.match(html, /<input[^>]*value="design"[^>]*checked|<input[^>]*checked[^>]*value="design"/);
  assert.match(html, /action="\/register"/);

  const en = await t.request("/en/register");
  const enHtml = await en.text();
  assert.match(enHtml, /<h1[^>]*>Join<\/h1>/);
  assert.match(enHtml, /action="\/en\/register"/);

  const session = await signIn(t, "member");
  for (const path of ["/register", "/en/register"]) {
    const res = await t.request(path, { headers: { cookie: session }, redirect: "manual" });
    assert.equal(res.status, 303, path);
    assert.equal(
      new URL(res.headers.get("location")!, "http://localhost").pathname,
      path.startsWith("/en") ? "/en" : "/",
    );
  }
});

appTest("/register without JavaScript: type → info (errors shown again) → completion", async () => {
  const form = (fields: Record<string, string>) =>
    t.request("/register", {
      method: "POST",
      headers: csrfHeaders({ "x-forwarded-for": randomAddress() }),
      body: new URLSearchParams({ _token: "", ...fields }),
    });
  const step2 = await form({ step: "1", type: "individual" });
  assert.equal(step2.status, 200);
  const html2 = await step2.text();
  assert.match(html2, /name="agree_terms"/);
  assert.match(html2, /<input type="hidden" name="type" value="individual"/);

  const fields = Object.fromEntries(
    Object.entries(individual({ password_confirmation: "Other#2027" })).map(([k, v]) => [k, String(v)]),
  );
  const again = await form({ ...fields, step: "2" });
  assert.equal(again.status, 422);
  const againHtml = await again.text();
  assert.ok(againHtml.includes("비밀번호 확인이 일치하지 않습니다."));
  assert.ok(againHtml.includes(`value="${fields.username}"`), "what was typed is shown again");
  assert.ok(!againHtml.includes(PASSWORD), "never the password");

  const back = await form({ ...fields, step: "2", nav: "back" });
  const backHtml = await back.text();
  assert.match(backHtml, /name="type"[^>]*value="individual"[^>]*checked|checked[^>]*value="individual"/);
  assert.ok(backHtml.includes(`name="username" value="${fields.username}"`), "step 1 carries step 2's data");

  const done = await form({ ...fields, password_confirmation: PASSWORD, step: "2" });
  assert.equal(done.status, 200);
  assert.ok((await done.text()).includes("회원가입이 완료되었습니다"));
  const [user] = await db.select().from(users).where(eq(users.username, fields.username)).orderBy(desc(users.id));
  assert.ok(user);
});
