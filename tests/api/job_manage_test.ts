// Resume management in /management/job/person (SPEC §2.2 job person, §4 resume status, §6, §8; issue 19
// §5): administrators (and staff granted the job section) set checked resumes looking or completed through
// the resume machine and remove a resume that breaks the rules with a reason (its applications go, the
// postings' counts follow, its photo is released, the owner is mailed, the audit log keeps it). Members,
// companies, staff without the grant and nobody are refused; a status that is not looking/completed, an
// unknown action, nothing checked and a missing reason are refused with their status and message.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { jobApplications, jobPostings, resumes } from "../../db/schema/job.ts";
import { auditLog, outbox, users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { setResumesStatus } from "../../domain/job/manage-resumes.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { grantStaff } from "../support/grants.ts";

const t = await openTestApp();
const db = t.app.database.db;
const admin = await signIn(t, "admin");
const staff = await signIn(t, "staff");
const member = await signIn(t, "member");
const company = await signIn(t, "company");
const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const resumeOf = async (username: string) =>
  (await db.select().from(resumes).where(eq(resumes.userId, await userId(username))))[0];

function post(cookie: string, fields: Record<string, string | string[]>, path = "/management/job/person") {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
    body: body.toString(),
    redirect: "manual",
  });
}

async function answer(res: Response, status: number): Promise<string> {
  const text = await res.text();
  assert.equal(res.status, status, text.slice(0, 300));
  return text;
}

/** Follows the redirect with its flash cookie, as a browser would; answers the page. */
async function follow(res: Response, cookie: string): Promise<string> {
  assert.equal(res.status, 303);
  await res.body?.cancel();
  const flash = res.headers.get("set-cookie")?.match(/flash=[^;]*/)?.[0];
  const page = await t.request(res.headers.get("location")!, { headers: { cookie: [cookie, flash].join("; ") } });
  return await answer(page, 200);
}

appTest("the resume list offers the bulk status change and removal, by labelled controls, without script", async () => {
  const html = await answer(await t.request("/management/job/person", { headers: { cookie: admin } }), 200);
  assert.doesNotMatch(html, /<script/);
  assert.match(html, /<label[^>]*for="bulk-status"[^>]*>바꿀 상태/);
  assert.match(html, /<label[^>]*for="bulk-reason"[^>]*>삭제 사유/);
  assert.match(html, /name="_action" value="status"[^>]*>선택한 이력서 상태 변경/);
  assert.match(html, /name="_action" value="remove"[^>]*>선택한 이력서 삭제/);
  const en = await answer(await t.request("/en/management/job/person", { headers: { cookie: admin } }), 200);
  assert.match(en, /Change the status of the selected resumes/);
  assert.match(en, /Remove the selected resumes/);
});

appTest("an administrator sets a looking resume completed and back, through the machine; audit logged", async () => {
  const looking = await resumeOf("member");
  assert.equal(looking.status, "looking");
  const page = await follow(
    await post(admin, { _action: "status", status: "completed", ids: String(looking.id) }),
    admin,
  );
  assert.match(page, /선택한 이력서의 상태를 바꿨습니다/);
  assert.equal((await resumeOf("member")).status, "completed");
  // Companies no longer find it among the looking resumes.
  const list = await (await t.request("/api/job/search?perpage=100")).json();
  assert.ok(!list.data.some((r: { id: number }) => r.id === looking.id));
  const logged = await db.select().from(auditLog)
    .where(and(eq(auditLog.action, "resume.status"), eq(auditLog.targetUserId, looking.userId)));
  assert.deepEqual(logged.map((l) => l.detail), [{ resume: looking.id, status: "completed" }]);
  // Already completed: nothing moves, and the notice says so.
  const again = await follow(
    await post(admin, { _action: "status", status: "completed", ids: String(looking.id) }),
    admin,
  );
  assert.match(again, /지금 상태에서는 할 수 없는 일입니다/);
  await follow(await post(admin, { _action: "status", status: "looking", ids: String(looking.id) }), admin);
  assert.equal((await resumeOf("member")).status, "looking");
});

appTest("wrong roles: a member, a company and staff without the job section are 403; nobody is 401", async () => {
  const before = (await resumeOf("member")).status;
  const fields = { _action: "status", status: "completed", ids: String((await resumeOf("member")).id) };
  await grantStaff(db, []);
  for (const cookie of [member, company, staff]) await answer(await post(cookie, fields), 403);
  await answer(await post("", fields), 401);
  assert.equal((await resumeOf("member")).status, before, "nothing moved");
  // The domain checks too, not only the area's guard: staff without the grant are refused there.
  const staffViewer = {
    id: await userId("staff"),
    roles: [{ code: "support_group" as const, approved: true, needsApproval: false, testable: false }],
  };
  await assert.rejects(
    setResumesStatus(db, staffViewer, [(await resumeOf("member")).id], "completed", new Date()),
    (e: unknown) => e instanceof HttpError && e.status === 403,
  );
  // Staff granted the job section may.
  await grantStaff(db, ["job"]);
  try {
    await follow(await post(staff, fields), staff);
    assert.equal((await resumeOf("member")).status, "completed");
    await follow(await post(staff, { ...fields, status: "looking" }), staff);
  } finally {
    await grantStaff(db, []);
  }
});

appTest(
  "bad input: a status that is not looking/completed 422, an unknown action 400, nothing checked 422",
  async () => {
    const id = String((await resumeOf("member")).id);
    const bogus = await answer(await post(admin, { _action: "status", status: "hidden", ids: id }), 422);
    assert.match(bogus, /구직 중 또는 구직 완료 중에서 골라 주십시오/);
    assert.match(bogus, /id="bulk-status-error"/, "beside the control");
    await answer(await post(admin, { _action: "status", status: "true", ids: id }), 422);
    await answer(await post(admin, { _action: "publish", status: "completed", ids: id }), 400);
    await answer(await post(admin, { _action: "status", status: "completed" }), 422);
    await answer(await post(admin, { _action: "status", status: "completed", ids: "abc" }), 422);
    const en = await answer(
      await post(admin, { _action: "status", status: "hidden", ids: id }, "/en/management/job/person"),
      422,
    );
    assert.match(en, /Choose looking or completed/);
    assert.equal((await resumeOf("member")).status, "looking");
  },
);

appTest(
  "removal: needs a reason; the resume, its applications and the posting's count go; the owner is mailed",
  async () => {
    const resume = await resumeOf("tester");
    // The seed's declined application (to the closed visual posting) counts on that posting.
    const [application] = await db.select().from(jobApplications).where(eq(jobApplications.resumeId, resume.id));
    const [posting] = await db.select().from(jobPostings).where(eq(jobPostings.id, application.postingId));
    // A photo attached to the resume.
    const [photo] = await db.insert(files).values({
      savename: `test-${crypto.randomUUID()}`,
      originalName: "me.png",
      mimetype: "image/png",
      size: 10,
      ownerId: resume.userId,
      purpose: "resume_photo",
      access: "owner",
      attachedAt: new Date(),
    }).returning();
    await db.update(resumes).set({ photoId: photo.id }).where(eq(resumes.id, resume.id));

    const noReason = await answer(await post(admin, { _action: "remove", ids: String(resume.id), reason: " " }), 422);
    assert.match(noReason, /id="bulk-reason-error"[^>]*>삭제 사유를 5자 이상 적어 주십시오/);
    const long = await answer(
      await post(admin, { _action: "remove", ids: String(resume.id), reason: "가".repeat(501) }),
      422,
    );
    assert.match(long, /삭제 사유는 500자까지/);
    await answer(
      await post(member, { _action: "remove", ids: String(resume.id), reason: "연락처가 거짓입니다." }),
      403,
    );
    assert.ok(await resumeOf("tester"), "still there");

    const reason = "다른 사람의 작품을 자기 것으로 올렸습니다.";
    const page = await follow(await post(admin, { _action: "remove", ids: String(resume.id), reason }), admin);
    assert.match(page, /선택한 이력서를 삭제하고 회원에게 알렸습니다/);
    assert.equal(await resumeOf("tester"), undefined);
    assert.equal((await db.select().from(jobApplications).where(eq(jobApplications.resumeId, resume.id))).length, 0);
    const [after] = await db.select().from(jobPostings).where(eq(jobPostings.id, posting.id));
    assert.equal(after.applicationCount, posting.applicationCount - 1);
    const [released] = await db.select().from(files).where(eq(files.id, photo.id));
    assert.equal(released.attachedAt, null, "the photo is left to the sweep");
    const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, resume.userId));
    const mails = await db.select().from(outbox).where(eq(outbox.to, email));
    const mail = mails.find((m) => m.subject.includes("이력서가 삭제되었습니다"));
    assert.ok(mail, "the owner is mailed");
    assert.match(mail.body, new RegExp(reason));
    const logged = await db.select().from(auditLog).where(eq(auditLog.action, "resume.remove"));
    assert.equal(logged.length, 1);
    assert.equal(logged[0].detail.reason, reason);
    // The member may write a new resume.
    const wizard = await t.request("/job/search/register", { headers: { cookie: await signIn(t, "tester") } });
    assert.equal(wizard.status, 200);
    await wizard.body?.cancel();
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
