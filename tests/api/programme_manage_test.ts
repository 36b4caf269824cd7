// The management side of issue 14 over HTTP, as the plain forms post it: the form builder (add, add into
// a section, edit, move, remove, JSON, a 10,000-deep tree refused cleanly, versions kept for answered
// forms, previews in both languages), creating a support call with its form, the review table (filter,
// sort, bulk review/accept/reject with a reason and mail, messages, CSV, documents zip, one application),
// a rejection on a full course moving the waiting list up, and who may use the screens.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { certificates } from "../../db/schema/judging.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { applications, forms, formVersions, programmes } from "../../db/schema/programme.ts";
import { appTest, csrfHeaders, openTestApp, TEST_CSRF } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");

type Fields = Record<string, string | string[]>;

function post(path: string, session: string, fields: Fields) {
  const body = new FormData();
  body.set("_token", TEST_CSRF);
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  const headers = csrfHeaders({ cookie: session });
  delete headers["x-xsrf-token"];
  return t.request(path, { method: "POST", headers, body, redirect: "manual" });
}
const get = (path: string, session: string) => t.request(path, { headers: { cookie: session }, redirect: "manual" });

const tree = async (id: number) => {
  const [f] = await db.select().from(forms).where(eq(forms.id, id));
  const [v] = await db.select().from(formVersions)
    .where(and(eq(formVersions.formId, id), eq(formVersions.version, f.version)));
  return { version: f.version, components: v.components };
};

appTest("who may use the screens: staff need the section's grant; members never", async () => {
  for (const path of ["/management/form", "/management/support", "/management/program", "/management/education"]) {
    assert.equal((await get(path, member)).status, 403, path);
    await grantStaff(db, []);
    assert.equal((await get(path, staff)).status, 403, path);
    await grantStaff(db, [path.split("/")[2]]);
    assert.equal((await get(path, staff)).status, 200, path);
    assert.equal((await get(path, admin)).status, 200, path);
  }
  await grantStaff(db, []);
  const anon = await t.request("/management/support", { redirect: "manual" });
  assert.equal(anon.status, 303);
});

appTest(
  "the form builder: add, add into a section, edit, move, remove, preview, JSON, size limit, versions",
  async () => {
    let res = await post("/management/form", admin, { title: "시험 신청서", title_en: "Test form" });
    assert.equal(res.status, 303);
    const id = Number(res.headers.get("location")!.split("/").pop());
    const at = `/management/form/${id}`;
    const add = (fields: Fields) => post(at, admin, { op: "add", ...fields });
    assert.equal((await add({ type: "section", key: "about", label: "소개", label_en: "About" })).status, 303);
    assert.equal(
      (await add({ type: "text", key: "name", label: "이름", label_en: "Name", required: "on", max_length: "30" }))
        .status,
      303,
    );
    assert.equal(
      (await add({
        parent: "0",
        type: "choice",
        key: "track",
        label: "분야",
        label_en: "Track",
        options: "a|가 분야|Track A\nb|나 분야|Track B",
      })).status,
      303,
    );
    assert.equal(
      (await add({ type: "file", key: "plan", label: "계획서", accept: ["pdf"], max_mb: "2", max_files: "1" })).status,
      303,
    );
    let now = await tree(id);
    assert.deepEqual(now.components.map((c) => c.key), ["about", "name", "plan"]);
    assert.equal(now.components[0].children![0].key, "track");
    assert.equal(now.components[2].maxBytes, 2 * 1024 * 1024);

    // Move "plan" up, then edit it, then remove "name".
    assert.equal((await post(at, admin, { op: "up", path: "2" })).status, 303);
    assert.deepEqual((await tree(id)).components.map((c) => c.key), ["about", "plan", "name"]);
    assert.equal(
      (await post(at, admin, {
        op: "update",
        path: "1",
        type: "file",
        key: "plan",
        label: "사업계획서",
        label_en: "Plan",
        accept: ["pdf", "zip"],
        required: "on",
      })).status,
      303,
    );
    now = await tree(id);
    assert.equal(now.components[1].label, "사업계획서");
    assert.deepEqual(now.components[1].accept, ["pdf", "zip"]);
    assert.equal((await post(at, admin, { op: "remove", path: "2" })).status, 303);
    assert.deepEqual((await tree(id)).components.map((c) => c.key), ["about", "plan"]);

    // Refusals: a duplicate key, a child in a text field, a bad regular expression, a bad path.
    const dup = await add({ parent: "0", type: "email", key: "track", label: "메일" });
    assert.equal(dup.status, 422);
    assert.match(await dup.text(), /같은 이름의 항목/);
    assert.equal((await add({ type: "text", key: "p", label: "P", pattern: "(" })).status, 422);
    assert.equal((await post(at, admin, { op: "up", path: "9.9" })).status, 422);

    // The page lists the components with keyboard buttons and previews the form in both languages.
    const html = await (await get(at, admin)).text();
    assert.match(html, /위로/);
    assert.match(html, /한국어 미리보기/);
    assert.ok(html.includes("가 분야") && html.includes("Track B"));
    // Every edit is a plain form; the only island warns about unsaved changes in the component form.
    assert.deepEqual([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]), ["FormEnhancer"]);
    const en = await (await get(`/en${at}`, admin)).text();
    assert.match(en, /Move up/);

    // A tree of 10,000 nested components is refused cleanly; so is JSON that is not a tree.
    let deep: unknown = { key: "leaf", type: "text", label: "x", labelEn: "" };
    for (let i = 0; i < 10_000; i++) {
      deep = {
        key: `s${i % 100}`,
        type: "section",
        label: "s",
        labelEn: "",
        children: [deep],
      };
    }
    res = await post(at, admin, { op: "json", components: JSON.stringify([deep]) });
    assert.equal(res.status, 422);
    assert.match(await res.text(), /너무 깊게/);
    assert.equal((await post(at, admin, { op: "json", components: "{not json" })).status, 422);
    const json = JSON.stringify([{ key: "q", type: "text", label: "질문", labelEn: "Question", required: true }]);
    assert.equal((await post(at, admin, { op: "json", components: json })).status, 303);
    assert.equal((await tree(id)).version, 1, "nobody answered: the version is edited in place");

    // Once answered, a save makes version 2 and the answer keeps version 1.
    const [p] = await db.insert(programmes).values({ kind: "program", title: "버전 시험", formId: id }).returning();
    const [m] = await db.select().from(users).where(eq(users.username, "member"));
    await db.insert(applications).values({
      programmeId: p.id,
      userId: m.id,
      status: "received",
      formId: id,
      formVersion: 1,
      answers: { q: "답" },
    });
    assert.equal((await add({ type: "email", key: "mail", label: "메일" })).status, 303);
    now = await tree(id);
    assert.equal(now.version, 2);
    assert.deepEqual(now.components.map((c) => c.key), ["q", "mail"]);
    const [v1] = await db.select().from(formVersions).where(
      and(eq(formVersions.formId, id), eq(formVersions.version, 1)),
    );
    assert.deepEqual(v1.components.map((c) => c.key), ["q"]);
    const api = await (await t.request(`/api/form/${id}/components`)).json();
    assert.equal(api.version, 2);
    // A form with answers cannot be deleted.
    const del = await post(at, admin, { op: "delete" });
    assert.equal(del.status, 409);
  },
);

appTest("staff create a support call with its form, review applications with mail, export them", async () => {
  const supportForm = (await db.select().from(forms).orderBy(forms.id))[0];
  let res = await post("/management/support/new", admin, {
    title: "시험 지원사업",
    title_en: "Test call",
    summary: "요약",
    form_id: String(supportForm.id),
    roles: "company",
    apply_from: "2020-01-01T09:00",
    apply_to: "2099-12-31T18:00",
  });
  assert.equal(res.status, 303, await res.clone().text());
  const id = Number(res.headers.get("location")!.split("/").pop());
  const [call] = await db.select().from(programmes).where(eq(programmes.id, id));
  assert.equal(call.kind, "support");
  assert.deepEqual(call.roles, ["company"]);
  assert.equal(call.applyFrom!.toISOString(), "2020-01-01T00:00:00.000Z");
  // A bad date order is refused on the form.
  res = await post(`/management/support/${id}/edit`, admin, {
    title: "x",
    apply_from: "2030-01-01T00:00",
    apply_to: "2029-01-01T00:00",
  });
  assert.equal(res.status, 422);

  // Three applications to review.
  const people = await db.select().from(users).where(eq(users.username, "company"));
  const others = await db.select().from(users).where(eq(users.username, "design"));
  const tester = await db.select().from(users).where(eq(users.username, "tester"));
  const rows = await db.insert(applications).values([people[0], others[0], tester[0]].map((u) => ({
    programmeId: id,
    userId: u.id,
    status: "received" as const,
    formId: supportForm.id,
    formVersion: 1,
    answers: { company_name: `${u.username} 회사` },
  }))).returning();

  const page = await (await get(`/management/support/${id}`, admin)).text();
  assert.match(page, /name="ids"/);
  assert.ok(page.includes("company"));
  const sorted = await (await get(`/management/support/${id}?sort=name&dir=asc`, admin)).text();
  assert.match(sorted, /aria-sort="ascending"/);
  assert.equal((await get(`/management/support/${id}?q=x`, admin)).status, 400);
  assert.equal((await get(`/management/support/${id}?status=bogus`, admin)).status, 400);

  // Reject without a reason: refused, nothing moves.
  res = await post(`/management/support/${id}`, admin, { ids: [String(rows[0].id)], action: "reject" });
  assert.equal(res.status, 422);
  assert.equal((await db.select().from(applications).where(eq(applications.id, rows[0].id)))[0].status, "received");
  // Review two, accept one, reject one with a reason.
  await grantStaff(db, ["support"]);
  res = await post(`/management/support/${id}`, staff, {
    ids: [String(rows[0].id), String(rows[1].id)],
    action: "review",
  });
  assert.equal(res.status, 303);
  res = await post(`/management/support/${id}`, staff, { ids: [String(rows[0].id)], action: "accept" });
  assert.equal(res.status, 303);
  res = await post(`/management/support/${id}`, staff, {
    ids: [String(rows[1].id)],
    action: "reject",
    reason: "요건 미충족",
  });
  assert.equal(res.status, 303);
  // Accepting again is no move at all (the machine refuses accepted → accepted).
  res = await post(`/management/support/${id}`, staff, { ids: [String(rows[0].id)], action: "review" });
  assert.equal(res.status, 303);
  const after = await db.select().from(applications).where(eq(applications.programmeId, id)).orderBy(applications.id);
  assert.deepEqual(after.map((a) => a.status), ["accepted", "rejected", "received"]);
  assert.equal(after[1].reason, "요건 미충족");
  const mails = await db.select().from(outbox).where(eq(outbox.to, people[0].email));
  assert.ok(mails.some((m) => m.subject.includes("선정")));
  const rejected = await db.select().from(outbox).where(eq(outbox.to, others[0].email));
  assert.ok(rejected.some((m) => m.body.includes("요건 미충족")));
  // The company sees 'accepted' in my page.
  const company = await signIn(t, "company");
  const my = await (await t.request("/api/user/supports", { headers: { cookie: company } })).json();
  assert.ok(my.data.some((a: { id: number; status: string }) => a.id === rows[0].id && a.status === "accepted"));

  // Write to the applicants.
  res = await post(`/management/support/${id}`, staff, {
    ids: [String(rows[2].id)],
    action: "message",
    subject: "서류 보완",
    message: "사업자등록증을 다시 보내 주십시오.",
  });
  assert.equal(res.status, 303);
  assert.ok(
    (await db.select().from(outbox).where(eq(outbox.to, tester[0].email))).some((m) => m.body.includes("사업자등록증")),
  );

  // The CSV of the filter, streamed with a BOM; the one application's page; an empty documents zip is 404.
  const csv = await get(`/management/support/${id}/applications.csv?status=accepted`, staff);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  const bytes = new Uint8Array(await csv.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
  const text = new TextDecoder().decode(bytes);
  assert.equal(text.trim().split("\n").length, 2);
  assert.ok(text.includes("company"));
  const one = await get(`/management/support/${id}/applications/${rows[0].id}`, staff);
  assert.equal(one.status, 200);
  assert.ok((await one.text()).includes("company 회사"));
  assert.equal((await get(`/management/support/${id}/applications/999999`, staff)).status, 404);
  assert.equal((await get(`/management/support/${id}/documents.zip`, staff)).status, 404);
  // An application of another call is not reachable through this one.
  const other =
    (await db.select().from(applications).where(eq(applications.status, "accepted")).orderBy(applications.id))[0];
  if (other.programmeId !== id) {
    assert.equal((await get(`/management/support/${id}/applications/${other.id}`, staff)).status, 404);
  }
  await grantStaff(db, []);
});

appTest("a rejection on a full course moves the waiting list up and mails the one promoted", async () => {
  const [full] = await db.select().from(programmes).where(
    and(eq(programmes.kind, "course"), eq(programmes.capacity, 3)),
  );
  const list = await db.select().from(applications).where(eq(applications.programmeId, full.id)).orderBy(
    applications.id,
  );
  const holding = list.find((a) => a.status === "received")!;
  const firstWaiting = list.find((a) => a.status === "waiting")!;
  const res = await post(`/management/education/${full.id}`, admin, {
    ids: [String(holding.id)],
    action: "reject",
    reason: "중복 신청",
  });
  assert.equal(res.status, 303);
  const [promoted] = await db.select().from(applications).where(eq(applications.id, firstWaiting.id));
  assert.equal(promoted.status, "received");
  const [u] = await db.select().from(users).where(eq(users.id, promoted.userId));
  assert.ok((await db.select().from(outbox).where(eq(outbox.to, u.email))).some((m) => m.subject.includes("배정")));
  const stillWaiting = await db.select().from(applications)
    .where(and(eq(applications.programmeId, full.id), eq(applications.status, "waiting")));
  assert.equal(stillWaiting.length, 1);
});

appTest(
  "a course's attendance and completion: 80 % of the sessions, accepted enrolments only; a verifiable certificate",
  async () => {
    const [course] = await db.insert(programmes).values({
      kind: "course",
      title: "출석 시험 과정",
      capacity: 5,
      sessions: "1회차\n2회차\n3회차\n4회차\n5회차",
      applyFrom: new Date(Date.now() - 86_400_000),
      applyTo: new Date(Date.now() + 86_400_000),
    }).returning();
    const people = await db.select().from(users).where(eq(users.username, "member"));
    const others = await db.select().from(users).where(eq(users.username, "tester"));
    const [done, short] = await db.insert(applications).values([
      { programmeId: course.id, userId: people[0].id, status: "accepted" as const, answers: {} },
      { programmeId: course.id, userId: others[0].id, status: "received" as const, answers: {} },
    ]).returning();
    const act = (action: string, ids: number[]) =>
      post(`/management/education/${course.id}`, admin, { ids: ids.map(String), action });
    for (let i = 0; i < 4; i++) assert.equal((await act("attend", [done.id])).status, 303);
    assert.equal((await act("attend", [short.id])).status, 303);
    // 4 of 5 sessions is 80 %: completed; the received one (1 session, not accepted) is not.
    assert.equal((await act("complete", [done.id, short.id])).status, 303);
    const rows = await db.select().from(applications).where(eq(applications.programmeId, course.id)).orderBy(
      applications.id,
    );
    assert.deepEqual(rows.map((r) => [r.attended, r.completedAt !== null]), [[4, true], [1, false]]);
    // No attendance past the sessions, none after completion.
    await act("attend", [done.id]);
    assert.equal((await db.select().from(applications).where(eq(applications.id, done.id)))[0].attended, 4);
    assert.ok(
      (await db.select().from(outbox).where(eq(outbox.to, people[0].email))).some((m) => m.subject.includes("수료")),
    );
    // Attendance is a course's alone.
    const support = (await db.select().from(programmes).where(eq(programmes.kind, "support")))[0];
    assert.equal(
      (await post(`/management/support/${support.id}`, admin, { ids: ["1"], action: "attend" })).status,
      409,
    );

    // The member sees the certificate; nobody else sees the application.
    const page = await (await get(`/mypage/supports/${done.id}`, member)).text();
    assert.match(page, /수료증/);
    assert.match(page, /출석 시험 과정/);
    // The certificate is the judging area's: a signed serial, its QR code and verification address.
    const [cert] = await db.select().from(certificates).where(eq(certificates.applicationId, done.id));
    assert.equal(cert.kind, "completion");
    assert.equal(cert.holderId, people[0].id);
    assert.equal(cert.awardId, null);
    assert.match(cert.serial, /^EDU-\d{4}-C-[A-Z2-9]{10}$/);
    assert.ok(page.includes(cert.serial));
    assert.match(page, /class="completion-qr"/);
    const verifyPath = /href="https?:\/\/[^"]*(\/certificate\/[^"]+)"/.exec(page)?.[1];
    assert.ok(verifyPath, "the verification address");
    assert.ok(verifyPath.startsWith(`/certificate/${cert.serial}.`));
    // Anyone verifies it: valid, with the holder and the course, in both languages.
    const verified = await t.request(verifyPath);
    const verifiedHtml = await verified.text();
    assert.equal(verified.status, 200);
    assert.match(verifiedHtml, /data-verify="valid"/);
    assert.match(verifiedHtml, /출석 시험 과정/);
    assert.match(verifiedHtml, /과정명/);
    assert.ok(verifiedHtml.includes(people[0].name));
    // A forged signature, another serial with this signature, or a made-up serial: not valid.
    const signature = verifyPath.split(".").pop()!;
    const forged = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    for (
      const code of [
        `${cert.serial}.${forged}`,
        `EDU-2026-C-ABCDEFGHJK.${signature}`,
        `${cert.serial.replace(/-C-/, "-P-")}.${signature}`,
      ]
    ) {
      const res = await t.request(`/certificate/${code}`);
      assert.equal(res.status, 404, code);
      assert.match(await res.text(), /data-verify="invalid"/);
    }
    // Its facts altered (another holder): the signature no longer matches.
    await db.update(certificates).set({ holderId: others[0].id }).where(eq(certificates.id, cert.id));
    assert.equal((await t.request(verifyPath)).status, 404);
    await db.update(certificates).set({ holderId: people[0].id }).where(eq(certificates.id, cert.id));
    assert.equal((await t.request(verifyPath)).status, 200);
    // Its print page is the award certificates' A4 sheet, with the QR code; the holder's and administrators'.
    const print = await get(`/print?certificate=${cert.id}`, member);
    const printHtml = await print.text();
    assert.equal(print.status, 200);
    assert.match(printHtml, /class="cert-qr"/);
    assert.ok(printHtml.includes(cert.serial));
    assert.match(printHtml, /Certificate of Completion/);
    assert.equal((await get(`/print?certificate=${cert.id}`, admin)).status, 200);
    const testerSession = await signIn(t, "tester");
    assert.equal((await get(`/print?certificate=${cert.id}`, testerSession)).status, 403);
    // My page's certificates list it with the others, named by its course, with its print and verification.
    const mine = await (await get("/mypage/certificates", member)).text();
    assert.ok(mine.includes(cert.serial));
    assert.match(mine, /수료증/);
    assert.match(mine, /출석 시험 과정/);
    assert.ok(mine.includes(`/certificate/${cert.serial}.`));
    // Asking again issues no second certificate.
    await get(`/mypage/supports/${done.id}`, member);
    assert.equal((await db.select().from(certificates).where(eq(certificates.applicationId, done.id))).length, 1);
    // The enrolment not completed has none.
    assert.equal((await db.select().from(certificates).where(eq(certificates.applicationId, short.id))).length, 0);
    const list = await (await get("/mypage/supports", member)).text();
    assert.ok(list.includes(`/mypage/supports/${done.id}`));
    const tester = await signIn(t, "tester");
    assert.equal((await get(`/mypage/supports/${done.id}`, tester)).status, 404);
    assert.equal((await get(`/mypage/supports/${done.id}`, admin)).status, 404);
    assert.equal((await get(`/mypage/supports/${short.id}`, tester)).status, 200);
    assert.doesNotMatch(await (await get(`/mypage/supports/${short.id}`, tester)).text(), /수료증/);
    assert.equal((await db.select().from(certificates).where(eq(certificates.applicationId, short.id))).length, 0);
  },
);

appTest(
  "notice files: uploaded with the edit form, public on the page, removed again; bad and too many refused",
  async () => {
    const { PDF } = await import("../support/images.ts");
    const [call] = await db.select().from(programmes).where(eq(programmes.kind, "support")).orderBy(programmes.id);
    const at = `/management/support/${call.id}/edit`;
    const send = (fields: Fields, files: [string, Uint8Array][]) => {
      const body = new FormData();
      body.set("_token", TEST_CSRF);
      for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
      for (const [name, bytes] of files) body.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name));
      const headers = csrfHeaders({ cookie: admin });
      delete headers["x-xsrf-token"];
      return t.request(at, { method: "POST", headers, body, redirect: "manual" });
    };
    const base = { title: call.title, title_en: call.titleEn, form_id: String(call.formId), roles: call.roles };
    let res = await send(base, [["공고문.pdf", PDF]]);
    assert.equal(res.status, 303, await res.clone().text());
    let [row] = await db.select().from(programmes).where(eq(programmes.id, call.id));
    assert.equal(row.fileIds.length, 1);
    const fileId = row.fileIds[0];
    const page = await (await t.request(`/support/${call.id}`)).text();
    assert.ok(page.includes(`/api/file/binary/${fileId}`));
    assert.ok(page.includes("공고문.pdf"));
    assert.equal((await t.request(`/api/file/binary/${fileId}`)).status, 200);
    assert.deepEqual((await (await t.request(`/api/support/${call.id}`)).json()).files, [fileId]);
    // Refused: an HTML page named .pdf, and more than 5 files in all.
    res = await send(base, [["fake.pdf", new TextEncoder().encode("<html>x</html>")]]);
    assert.equal(res.status, 422);
    res = await send(base, Array.from({ length: 5 }, (_, i) => [`p${i}.pdf`, PDF] as [string, Uint8Array]));
    assert.equal(res.status, 422);
    [row] = await db.select().from(programmes).where(eq(programmes.id, call.id));
    assert.deepEqual(row.fileIds, [fileId]);
    // Removed: gone from the programme and from the store.
    res = await send({ ...base, remove_files: String(fileId) }, []);
    assert.equal(res.status, 303);
    [row] = await db.select().from(programmes).where(eq(programmes.id, call.id));
    assert.deepEqual(row.fileIds, []);
    assert.equal((await t.request(`/api/file/binary/${fileId}`)).status, 404);
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
