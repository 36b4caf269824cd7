// Business support, programmes and courses over HTTP (issue 14 §2–§4 and "Bad input and attacks"): the
// support list (latest 4 on page 1) and its calls, a company applying with a file and an address as a
// plain form and by the API, every refusal the issue names (required field skipped, a value the form
// does not have, a file of the wrong type, a group past its maximum, another form version, outside the
// dates, a role not allowed), nobody reading another applicant's answers or files, my page, and 30
// simultaneous enrolments for 10 places.
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { outbox, users } from "../../db/schema/member.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
import { hashPassword } from "../../domain/member/passwords.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { PDF, photo } from "../support/images.ts";
import { DEMO_PASSWORD, signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");

const supports = await db.select().from(programmes).where(eq(programmes.kind, "support")).orderBy(programmes.id);
const now = Date.now();
const open = supports.filter((p) => p.applyFrom! < new Date(now) && p.applyTo! > new Date(now));
const closed = supports.find((p) => p.applyTo! < new Date(now))!;
const scheduled = supports.find((p) => p.applyFrom! > new Date(now))!;
// A recruiting call nobody from the company has applied to yet.
const mine = await db.select({ p: applications.programmeId }).from(applications)
  .innerJoin(users, eq(users.id, applications.userId)).where(eq(users.username, "company"));
const target = open.find((p) => !mine.some((m) => m.p === p.id))!;

type Fields = Record<string, string | string[]>;

const GOOD: Fields = {
  company_name: "한빛디자인(주)",
  business_no: "123-45-67890",
  employees: "12",
  founded: "2015-04-01",
  email: "ceo@example.com",
  phone: "051-123-4567",
  "address.zip": "04566",
  "address.road": "서울특별시 중구 을지로 281",
  "address.building": "동대문디자인플라자",
  "address.city": "서울특별시",
  "address.district": "중구",
  "address.detail": "3층",
  track: "product",
  goals: ["sales", "export"],
  summary: "지역 특산물 포장 디자인을 새로 만들어 온라인 판매를 늘리려 합니다.",
  start: "2027-03-02",
  end: "2027-10-30",
  "staff.0.staff_name": "김대표",
  "staff.0.staff_role": "총괄",
  privacy: "on",
};

function formOf(fields: Fields, files: Record<string, [string, Uint8Array]> = { plan_file: ["plan.pdf", PDF] }) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  for (const [k, [name, bytes]] of Object.entries(files)) {
    body.append(k, new File([bytes as Uint8Array<ArrayBuffer>], name));
  }
  return body;
}

function post(path: string, session: string, body: FormData, json = false) {
  const headers = csrfHeaders({ cookie: session, ...(json ? { accept: "application/json" } : {}) });
  if (!json) delete headers["x-xsrf-token"];
  return t.request(path, { method: "POST", headers, body, redirect: "manual" });
}

async function refusal(res: Response) {
  const body = await res.json();
  return { status: res.status, key: body.key as string, fields: (body.errors ?? {}) as Record<string, string[]> };
}

appTest("the support list shows the latest 4 first, then every call 8 to a page, in both languages", async () => {
  const res = await t.request("/support");
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /최근 공고/);
  for (const p of supports.slice(-4)) assert.ok(html.includes(p.title), p.title);
  assert.doesNotMatch(html, /<script/);
  const en = await (await t.request("/en/support")).text();
  assert.match(en, /Latest calls/);
  assert.ok(en.includes(supports.at(-1)!.titleEn));

  const api = await (await t.request("/api/support?page=1&perpage=2")).json();
  assert.equal(api.per_page, 2);
  assert.equal(api.total, supports.length);
  assert.equal(api.data.length, 2);
  assert.equal(api.latest.length, 4);
  assert.equal(api.data[0].id, supports.at(-1)!.id);
  for (const key of ["current_page", "last_page", "links"]) assert.ok(key in api, key);
  const page2 = await (await t.request("/api/support?page=2&perpage=2")).json();
  assert.equal(page2.latest, undefined);
  assert.equal((await t.request("/api/support?page=0")).status, 400);
  assert.equal((await t.request("/api/support?perpage=x")).status, 400);
  const statuses = new Set(api.latest.map((p: { status: string }) => p.status));
  assert.ok(statuses.has("recruiting") || statuses.has("scheduled"));

  const one = await (await t.request(`/api/support/${closed.id}`)).json();
  assert.equal(one.status, "terminated");
  assert.equal((await (await t.request(`/api/support/${scheduled.id}`)).json()).status, "scheduled");
  assert.equal((await t.request("/api/support/999999")).status, 404);
  assert.equal((await t.request("/api/support/abc")).status, 400);
  // the intro content page under /support still answers
  assert.equal((await t.request("/support/intro")).status, 200);
});

appTest("GET /api/program/{id} and /api/form/{id}/components answer the programme and its form's tree", async () => {
  const res = await (await t.request(`/api/program/${target.id}`)).json();
  assert.equal(res.program.id, target.id);
  assert.deepEqual(res.roles, ["company"]);
  assert.equal(res.form.id, target.formId);
  assert.ok(res.form.components.length > 3);
  assert.equal(typeof res.pagination, "boolean");
  const tree = await (await t.request(`/api/form/${target.formId}/components`)).json();
  const types = new Set<string>();
  const walk = (list: { type: string; children?: unknown[] }[]) =>
    list.forEach((c) => (types.add(c.type), walk((c.children ?? []) as never)));
  walk(tree.components);
  for (
    const type of [
      "section",
      "text",
      "number",
      "email",
      "phone",
      "date",
      "choice",
      "checkboxes",
      "file",
      "agreement",
      "address",
      "group",
      "textarea",
    ]
  ) {
    assert.ok(types.has(type), type);
  }
  assert.equal((await t.request("/api/form/999999/components")).status, 404);
  assert.equal((await t.request("/api/program/999999")).status, 404);
});

appTest("a company applies by the plain form with a PDF and an address; mail goes out; my page shows it", async () => {
  const page = await t.request(`/support/${target.id}`, { headers: { cookie: company } });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /enctype="multipart\/form-data"/);
  assert.match(html, /name="address\.zip"/);
  assert.match(html, /name="staff\.0\.staff_name"/);

  const res = await post(`/support/${target.id}`, company, formOf(GOOD));
  assert.equal(res.status, 303, await res.clone().text());
  const [row] = await db.select().from(applications).innerJoin(users, eq(users.id, applications.userId))
    .where(and(eq(applications.programmeId, target.id), eq(users.username, "company")));
  assert.equal(row.applications.status, "received");
  assert.equal(row.applications.fileIds.length, 1);
  assert.equal((row.applications.answers.address as { zip: string }).zip, "04566");
  assert.deepEqual(row.applications.answers.staff, [{ staff_name: "김대표", staff_role: "총괄" }]);
  const mails = await db.select().from(outbox).where(eq(outbox.to, row.users.email));
  assert.ok(mails.some((m) => m.subject.includes(target.title)));

  const again = await post(`/api/program/${target.id}`, company, formOf(GOOD), true);
  assert.equal((await refusal(again)).key, "programme.already_applied");

  const my = await (await t.request("/api/user/supports", { headers: { cookie: company } })).json();
  assert.ok(
    my.data.some((a: { programme: { id: number }; status: string }) =>
      a.programme.id === target.id && a.status === "received"
    ),
  );
  const myPage = await (await t.request("/mypage/supports", { headers: { cookie: company } })).text();
  assert.ok(myPage.includes(target.title));
  assert.match(myPage, /접수/);

  // The applicant reads their own file; another member cannot, nor anyone anonymous.
  const fileId = row.applications.fileIds[0];
  assert.equal((await t.request(`/api/file/binary/${fileId}`, { headers: { cookie: company } })).status, 200);
  assert.equal((await t.request(`/api/file/binary/${fileId}`, { headers: { cookie: member } })).status, 403);
  assert.notEqual((await t.request(`/api/file/binary/${fileId}`)).status, 200);
  // Nor does another member see the application in a programme's list (not public: only one's own).
  const list = await (await t.request(`/api/program/${target.id}/list`, { headers: { cookie: tester } })).json();
  assert.equal(list.total, 0);
  assert.equal((await t.request(`/api/program/${target.id}/list`)).status, 401);
});

appTest("bad submissions are refused with the field and key, and nothing is stored", async () => {
  const other = open.find((p) => p.id !== target.id && !mine.some((m) => m.p === p.id))!;
  const before = (await db.select().from(applications).where(eq(applications.programmeId, other.id))).length;
  const cases: [string, Fields, Record<string, [string, Uint8Array]> | undefined, string, string][] = [
    ["required skipped", { ...GOOD, company_name: "" }, undefined, "company_name", "programme.form.required"],
    ["a value the form does not have", { ...GOOD, salary: "100" }, undefined, "salary", "programme.form.unknown_field"],
    [
      "group past its maximum",
      {
        ...GOOD,
        "staff.1.staff_name": "둘",
        "staff.2.staff_name": "셋",
        "staff.3.staff_name": "넷",
      },
      undefined,
      "staff",
      "programme.form.group_max",
    ],
    ["a choice it does not offer", { ...GOOD, track: "weapons" }, undefined, "track", "programme.form.choice"],
    ["dates out of order", { ...GOOD, end: "2027-01-01" }, undefined, "end", "programme.form.date_order"],
    ["no file", GOOD, {}, "plan_file", "programme.form.required"],
  ];
  for (const [what, fields, files, field, key] of cases) {
    const res = await post(`/api/program/${other.id}`, company, formOf(fields, files), true);
    const r = await refusal(res);
    assert.equal(r.status, 422, what);
    assert.ok(r.fields[field]?.includes(key), `${what}: ${JSON.stringify(r)}`);
  }
  // A file of the wrong type (a JPEG where a PDF is asked; an HTML page named .pdf)
  const jpeg = await photo(40, 30);
  for (
    const [name, bytes] of [["plan.jpg", jpeg], ["plan.pdf", new TextEncoder().encode("<html>hi</html>")]] as const
  ) {
    const res = await post(`/api/program/${other.id}`, company, formOf(GOOD, { plan_file: [name, bytes] }), true);
    const r = await refusal(res);
    assert.equal(r.status, 422, name);
    assert.ok(r.fields.plan_file, `${name}: ${JSON.stringify(r)}`);
  }
  // A file field the form does not have
  const extra = await post(
    `/api/program/${other.id}`,
    company,
    formOf(GOOD, { plan_file: ["p.pdf", PDF], cv: ["cv.pdf", PDF] }),
    true,
  );
  assert.equal((await refusal(extra)).status, 422);
  // A field of another form version
  const old = await post(`/api/program/${other.id}`, company, formOf({ ...GOOD, form_version: "99" }), true);
  assert.deepEqual([old.status, (await refusal(old)).key], [409, "programme.form.version_changed"]);
  // The plain form shows the refusal on the page with the values kept
  const plain = await post(`/support/${other.id}`, company, formOf({ ...GOOD, email: "nope" }));
  assert.equal(plain.status, 422);
  const html = await plain.text();
  assert.match(html, /올바른 이메일 주소/);
  assert.ok(html.includes("한빛디자인(주)"));
  const after = (await db.select().from(applications).where(eq(applications.programmeId, other.id))).length;
  assert.equal(after, before);
});

appTest("applying outside the dates or with a role the programme does not allow is refused", async () => {
  for (const p of [closed, scheduled]) {
    const r = await refusal(await post(`/api/program/${p.id}`, company, formOf(GOOD), true));
    assert.deepEqual([r.status, r.key], [403, "programme.closed"]);
  }
  // A recruiting call the member has not applied to (the seed has them applying to one).
  const applied = await db.select({ p: applications.programmeId }).from(applications)
    .innerJoin(users, eq(users.id, applications.userId)).where(eq(users.username, "member"));
  const other = open.find((p) => !applied.some((a) => a.p === p.id))!;
  const r = await refusal(await post(`/api/program/${other.id}`, member, formOf(GOOD), true));
  assert.deepEqual([r.status, r.key], [403, "programme.role"]);
  const anon = await t.request(`/api/program/${other.id}`, {
    method: "POST",
    headers: csrfHeaders(),
    body: formOf(GOOD),
  });
  assert.equal(anon.status, 401);
  const page = await (await t.request(`/support/${other.id}`, { headers: { cookie: member } })).text();
  assert.match(page, /기업회원만 신청하실 수 있습니다/);
});

appTest(
  "30 simultaneous enrolments for 10 places: exactly 10 enrolled, 20 waiting, in order; a cancellation moves the list",
  async () => {
    const [course] = await db.insert(programmes).values({
      kind: "course",
      title: "동시 신청 시험 과정",
      capacity: 10,
      formId: (await db.select().from(programmes).where(eq(programmes.kind, "course")))[0].formId,
      applyFrom: new Date(now - 86_400_000),
      applyTo: new Date(now + 86_400_000),
    }).returning();
    const hash = await hashPassword("Hanbit#2026");
    const people = await db.insert(users).values(Array.from({ length: 30 }, (_, i) => ({
      username: `enrol${i}`,
      email: `enrol${i}@example.com`,
      name: `수강생${i}`,
      passwordHash: hash,
    }))).returning({ id: users.id, username: users.username });
    const { userRoles } = await import("../../db/schema/member.ts");
    await db.insert(userRoles).values(people.map((p) => ({ userId: p.id, roleCode: "member", approved: true })));
    const sessions = await Promise.all(people.map((p) => signIn(t, p.username)));
    const fields = { name: "수강생", phone: "010-1111-2222", level: "none", privacy: "on" };
    const answers = await Promise.all(
      sessions.map((s) => post(`/api/program/${course.id}`, s, formOf(fields, {}), true).then((r) => r.json())),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === "received").length, 10, JSON.stringify(answers.slice(0, 3)));
    assert.equal(statuses.filter((s) => s === "waiting").length, 20);
    const rows = await db.select().from(applications).where(eq(applications.programmeId, course.id)).orderBy(
      applications.id,
    );
    assert.equal(rows.length, 30);
    // Places went to the first ten rows written; everyone after waits.
    assert.deepEqual(rows.map((r) => r.status), [...Array(10).fill("received"), ...Array(20).fill("waiting")]);

    // One enrolled member cancels from my page: the oldest waiting moves up and is mailed.
    const leaver = rows[0];
    const leaverSession = sessions[people.findIndex((p) => p.id === leaver.userId)];
    const cancel = new FormData();
    cancel.set("_token", TEST_CSRF);
    cancel.set("id", String(leaver.id));
    const res = await post("/mypage/supports", leaverSession, cancel);
    assert.equal(res.status, 303);
    const after = await db.select().from(applications).where(
      inArray(applications.id, [leaver.id, rows[10].id, rows[11].id]),
    )
      .orderBy(applications.id);
    assert.deepEqual(after.map((r) => r.status), ["cancelled", "received", "waiting"]);
    const [promoted] = await db.select().from(users).where(eq(users.id, rows[10].userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, promoted.email));
    assert.ok(mails.some((m) => m.subject.includes("배정")));
    // Someone else's application cannot be cancelled.
    const foreign = new FormData();
    foreign.set("_token", TEST_CSRF);
    foreign.set("id", String(rows[5].id));
    assert.equal((await post("/mypage/supports", leaverSession, foreign)).status, 403);
  },
);

appTest(
  "the postal lookup: the local provider searches real rows; a failing provider is 503 and the form is typed",
  async () => {
    const found =
      await (await t.request(`/api/address?q=${encodeURIComponent("세종대로")}`, { headers: { cookie: member } }))
        .json();
    assert.ok(
      found.data.some((a: { zip: string; building: string }) => a.zip === "04524" && a.building === "서울특별시청"),
    );
    const byZip = await (await t.request("/api/address?q=48060", { headers: { cookie: member } })).json();
    assert.equal(byZip.data[0].road, "부산광역시 해운대구 APEC로 55");
    const none =
      await (await t.request(`/api/address?q=${encodeURIComponent("없는길 999")}`, { headers: { cookie: member } }))
        .json();
    assert.deepEqual(none.data, []);
    assert.equal((await t.request("/api/address?q=a", { headers: { cookie: member } })).status, 400);
    // Anonymous too: registration asks it before anyone signs in.
    const anonymous = await t.request("/api/address?q=%EC%84%B8%EC%A2%85");
    assert.equal(anonymous.status, 200);
    assert.ok((await anonymous.json()).data.length > 0);
    // With a key but no reachable provider (no network here), the lookup answers 503 and nothing breaks.
    Deno.env.set("JUSO_API_KEY", "not-a-real-key");
    try {
      const res = await t.request(`/api/address?q=${encodeURIComponent("세종대로")}`, { headers: { cookie: member } });
      assert.equal(res.status, 503);
      assert.equal((await res.json()).key, "programme.form.addr.failed");
    } finally {
      Deno.env.delete("JUSO_API_KEY");
    }
    // Without JavaScript the address is plain inputs (no lookup control is rendered on the server).
    const admin = await signIn(t, "admin");
    const page = await (await t.request(`/support/${target.id}`, { headers: { cookie: admin } })).text();
    assert.match(page, /name="address\.zip"/);
    assert.match(page, /name="address\.road"/);
    assert.doesNotMatch(page, /type="search"/);
    // A client asking more than 30 times a minute is told to wait (429), keeping the provider's quota.
    let status = 200;
    for (let i = 0; i < 31 && status !== 429; i++) {
      const res = await t.request("/api/address?q=48060");
      status = res.status;
      await res.body?.cancel();
    }
    assert.equal(status, 429);
  },
);

appTest("the education page: courses with places left, their categories as a filter, the teachers", async () => {
  const html = await (await t.request("/education")).text();
  assert.match(html, /디자인 기초/);
  assert.match(html, /디지털 디자인/);
  assert.match(html, /강사진/);
  assert.match(html, /박서연/);
  const filtered = await (await t.request(`/education?category=${encodeURIComponent("디지털 디자인")}`)).text();
  assert.ok(filtered.includes("실무자를 위한 UX 디자인"));
  assert.ok(!filtered.includes("청소년 디자인 교실"));
  assert.match(filtered, /aria-current="page"[^>]*>디지털 디자인|디지털 디자인<\/a>/);
  // The full course shows no place left.
  const full = (await db.select().from(programmes).where(eq(programmes.capacity, 3)))[0];
  const detail = await (await t.request(`/education/${full.id}`)).text();
  assert.match(detail, /남은 자리<\/dt><dd>0</);
  const en = await (await t.request("/en/education")).text();
  assert.match(en, /Our teachers/);
  assert.match(en, /Digital design/);
  assert.equal((await t.request(`/education?category=${"x".repeat(500)}`)).status, 200);
});

appTest(
  "a withdrawal cancels the member's undecided applications, frees their course places and erases their answers",
  async () => {
    const { withdrawFromProgrammes } = await import("../../domain/programme/withdraw.ts");
    const { withdrawMember } = await import("../../domain/member/withdraw.ts");
    const [full] = await db.select().from(programmes).where(eq(programmes.capacity, 3));
    const before = await db.select().from(applications).where(eq(applications.programmeId, full.id)).orderBy(
      applications.id,
    );
    const [judge] = await db.select().from(users).where(eq(users.username, "judge-ibda"));
    const holding = before.find((a) => a.userId === judge.id)!;
    assert.equal(holding.status, "received");
    const firstWaiting = before.find((a) => a.status === "waiting")!;
    // The member withdraws from the site (the judge's last test in this file): the programmes follow.
    await withdrawMember(
      db,
      judge.id,
      { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, confirm: "on" },
      "10.2.2.2",
      { config: t.config, files: t.app.files },
    );
    const after = await db.select().from(applications).where(eq(applications.userId, judge.id));
    assert.ok(after.every((a) => Object.keys(a.answers).length === 0 && a.fileIds.length === 0));
    assert.equal(after.find((a) => a.id === holding.id)!.status, "cancelled");
    const [promoted] = await db.select().from(applications).where(eq(applications.id, firstWaiting.id));
    assert.equal(promoted.status, "received");
    // A decided application stays decided (its answers erased all the same).
    const [company] = await db.select().from(users).where(eq(users.username, "design"));
    await db.transaction((tx) => withdrawFromProgrammes(tx, t.config, company.id));
    const rejected = await db.select().from(applications).where(eq(applications.userId, company.id));
    assert.ok(rejected.some((a) => a.status === "rejected" && Object.keys(a.answers).length === 0));
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
