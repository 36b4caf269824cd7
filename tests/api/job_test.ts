// The job portal over HTTP (issue 19 §2, §4): SPEC §7's calls /api/job/recruit, /recruit/{id}, /search,
// /search/{id} and /api/user/job/{type}; the employer and job seeker wizards over plain forms with server
// drafts; applying and deciding; and every item of the "bad input and attacks" list that is the job
// portal's: an individual posting a job, a company applying, applying twice, applying to a done posting, a
// company reading the resume of someone who neither applied nor is looking, moving a done posting back to
// recruiting, a salary type of 'X', a region code that does not exist, a portfolio URL of `javascript:`.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { jobApplications, jobPostings, resumes } from "../../db/schema/job.ts";
import { wizardDrafts } from "../../db/schema/draft.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { seoulDay } from "../../domain/job/status.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const companyId = await userId("company");
const memberId = await userId("member");
const posting = async (titleEn: string) =>
  (await db.select().from(jobPostings).where(eq(jobPostings.titleEn, titleEn)))[0];

async function json(path: string, status = 200, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  const body = await res.json();
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

function form(path: string, cookie: string, fields: Record<string, string | string[]>, accept = "text/html") {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return t.request(path, {
    method: "POST",
    headers: csrfHeaders({ cookie, "content-type": "application/x-www-form-urlencoded", accept }),
    body: body.toString(),
  });
}

/** A call as a script makes it: JSON answer with the refusal's status and key. */
async function call(path: string, cookie: string, fields: Record<string, string | string[]>, status: number) {
  const res = await form(path, cookie, fields, "application/json");
  const body = await res.json();
  assert.equal(res.status, status, `${path} ${JSON.stringify(fields)}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

const COMPANY_STEP = {
  _step: "1",
  company: "(주)테스트디자인",
  company_en: "Test Design Inc.",
  company_type: "design",
  worker_num: "5",
  contact: "hr@example.com",
};
const POSITION_STEP = {
  _step: "2",
  title: "테스트 제품 디자이너",
  title_en: "Test product designer",
  occupation: "product",
  duties: "제품 디자인",
  region: "29",
  education: "bachelor",
  career: "E",
  salary: "36000000",
  salary_type: "Y",
  employ_type: "regular",
  holiday_type: "five_days",
  work_hour: "day",
  severance: "on",
  insurance: ["pension", "health"],
  apply_method: "online",
  hire_count: "2",
  close_on: seoulDay(new Date(), 20),
};

appTest(
  "GET /api/job/recruit: recruiting postings only (never cancelled, past-close ones are done), paginated by 8",
  async () => {
    const list = await json("/api/job/recruit?perpage=100");
    for (const key of ["current_page", "last_page", "total", "per_page", "data", "links"]) assert.ok(key in list, key);
    const titles = list.data.map((p: { title: string }) => p.title);
    assert.ok(titles.includes("제품 디자이너 (경력 3년 이상)"));
    assert.ok(!titles.some((t: string) => t.includes("취소") || t.includes("기한 지남") || t.includes("(마감)")));
    assert.ok(
      list.data.every((p: { status: string; status_code: number }) => p.status === "recruiting" && p.status_code === 1),
    );
    const done = await json("/api/job/recruit?status=done&perpage=100");
    const doneTitles = done.data.map((p: { title: string }) => p.title);
    assert.ok(doneTitles.includes("영상 디자이너 (기한 지남)"), "done by itself after its close date");
    assert.ok(doneTitles.includes("시각 디자이너 (마감)"));
    assert.equal((await json("/api/job/recruit")).per_page, 8);
    const en = await json("/api/job/recruit?lang=en&perpage=1");
    assert.doesNotMatch(en.data[0].title, /[가-힣]/);
  },
);

appTest(
  "GET /api/job/recruit: filters by region, occupation, career, type and keyword; bad values are 400",
  async () => {
    const seoul = await json("/api/job/recruit?region=11");
    assert.ok(seoul.total >= 1 && seoul.data.every((p: { region: string }) => p.region === "11"));
    const juniors = await json("/api/job/recruit?career=N&employ_type=regular");
    assert.ok(
      juniors.data.every((p: { career: string; employ_type: string }) =>
        p.career === "N" && p.employ_type === "regular"
      ),
    );
    const uiux = await json("/api/job/recruit?occupation=uiux&keyword=" + encodeURIComponent("UI·UX"));
    assert.equal(uiux.total, 1);
    // A region code that does not exist, a salary-type-like junk, a one-letter keyword: 400, never 500.
    for (
      const q of [
        "region=99",
        "region=seoul",
        "career=X",
        "occupation=chef",
        "employ_type=slave",
        "keyword=a",
        "page=0",
      ]
    ) {
      const body = await json(`/api/job/recruit?${q}`, 400);
      assert.equal(body.status, 400, q);
    }
  },
);

appTest("GET /api/job/recruit/{id}: every field; a cancelled posting is 404 but for its company", async () => {
  const p = await posting("Product designer (3+ years)");
  const detail = await json(`/api/job/recruit/${p.id}`);
  for (
    const key of [
      "company",
      "occupation",
      "company_type",
      "worker_num",
      "close_on",
      "apply_method",
      "duties",
      "papers",
      "contact",
      "region",
      "education",
      "career",
      "salary",
      "salary_type",
      "employ_type",
      "holiday_type",
      "work_hour",
      "welfare",
      "preferences",
      "severance",
      "insurance",
      "logo",
      "hire_count",
      "status",
    ]
  ) {
    assert.ok(key in detail, key);
  }
  const cancelled = await posting("A cancelled posting");
  assert.equal((await json(`/api/job/recruit/${cancelled.id}`, 404)).key, "job.not_found");
  assert.equal((await json(`/api/job/recruit/${cancelled.id}`, 200, company)).status, "cancelled");
  await json("/api/job/recruit/99999999", 404);
  await json("/api/job/recruit/abc", 400);
});

appTest(
  "GET /api/job/search: looking resumes as summaries with masked names; the whole resume for companies",
  async () => {
    const list = await json("/api/job/search?perpage=100");
    assert.ok(list.data.length >= 1);
    for (const r of list.data) {
      assert.equal(r.status, "looking");
      assert.ok(!("email" in r) && !("portfolio_url" in r), "no contact in the public list");
      assert.match(r.name, /\*/);
    }
    const [looking] = await db.select().from(resumes).where(eq(resumes.userId, memberId));
    assert.equal((await json(`/api/job/search/${looking.id}`, 401)).status, 401);
    const whole = await json(`/api/job/search/${looking.id}`, 200, company);
    assert.equal(whole.portfolio_url, "https://portfolio.example.com/member");
    assert.ok(whole.email);
    // Another individual member may not read it.
    assert.equal((await json(`/api/job/search/${looking.id}`, 403, tester)).key, "job.resume_hidden");
    assert.equal((await json(`/api/job/search/${looking.id}`, 200, member)).user_id, memberId);
  },
);

appTest("attack: a company reads the resume of someone who neither applied nor is looking → 403", async () => {
  const [completed] = await db.select().from(resumes).where(eq(resumes.userId, await userId("tester")));
  assert.equal(completed.status, "completed");
  const refused = await json(`/api/job/search/${completed.id}`, 403, company);
  assert.equal(refused.key, "job.resume_hidden");
  const page = await t.request(`/job/search/${completed.id}`, { headers: { cookie: company } });
  assert.equal(page.status, 403);
  await page.body?.cancel();
  const photo = await t.request(`/job/search/${completed.id}/photo`, { headers: { cookie: company } });
  assert.equal(photo.status, 403);
  await photo.body?.cancel();
});

appTest("employer wizard: 3 steps over plain forms with a server draft; the posting recruits", async () => {
  let res = await form("/job/recruit/register", company, COMPANY_STEP);
  assert.equal(res.status, 303);
  await res.body?.cancel();
  const [draft] = await db.select().from(wizardDrafts)
    .where(and(eq(wizardDrafts.userId, companyId), eq(wizardDrafts.kind, "job_employ")));
  assert.equal(draft.step, 2);
  assert.equal(draft.data.company, "(주)테스트디자인");
  res = await form("/job/recruit/register", company, POSITION_STEP);
  assert.equal(res.status, 303);
  await res.body?.cancel();
  const confirm = await t.request("/job/recruit/register", { headers: { cookie: company } });
  const html = await confirm.text();
  assert.match(html, /테스트 제품 디자이너/);
  res = await form("/job/recruit/register", company, { _step: "3" });
  assert.equal(res.status, 303);
  const done = res.headers.get("location")!;
  assert.match(done, /\?done=\d+$/);
  await res.body?.cancel();
  const stored = await posting("Test product designer");
  assert.equal(stored.status, "recruiting");
  assert.deepEqual(stored.insurance, ["pension", "health"]);
  assert.equal(stored.hireCount, 2);
  const page = await t.request(done, { headers: { cookie: company } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), new RegExp(`/job/recruit/${stored.id}`));
  assert.equal(
    (await db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, companyId))).filter((d) =>
      d.kind === "job_employ"
    ).length,
    0,
    "the draft is dropped",
  );
});

appTest(
  "attack: an individual posting a job → 403 job.company_only (the page says so; the JSON call too)",
  async () => {
    const page = await t.request("/job/recruit/register", { headers: { cookie: member } });
    assert.equal(page.status, 403);
    assert.match(await page.text(), /기업 회원만 채용 공고를 등록할 수 있습니다/);
    assert.equal((await call("/job/recruit/register", member, COMPANY_STEP, 403)).key, "job.company_only");
    const res = await form("/job/recruit/register", "", COMPANY_STEP);
    assert.equal(res.status, 401);
    await res.body?.cancel();
  },
);

appTest(
  "attack: a salary type of 'X' and a region code that does not exist are refused field by field (422)",
  async () => {
    await form("/job/recruit/register", company, COMPANY_STEP).then((r) => r.body?.cancel());
    const bad = await call("/job/recruit/register", company, { ...POSITION_STEP, salary_type: "X", region: "99" }, 422);
    assert.deepEqual(bad.errors.salary_type, ["job.salary_type_invalid"]);
    assert.deepEqual(bad.errors.region, ["job.region_invalid"]);
    const page = await form("/job/recruit/register", company, { ...POSITION_STEP, salary_type: "X" });
    assert.equal(page.status, 422);
    assert.match(await page.text(), /일급, 시급, 월급, 연봉/);
    const past = await call("/job/recruit/register", company, { ...POSITION_STEP, close_on: "2020-01-01" }, 200);
    assert.equal(past.step, 3, "the step is kept; the close date is checked when the posting is stored");
    assert.equal(
      (await call("/job/recruit/register", company, { _step: "3" }, 422)).errors.close_on[0],
      "job.close_past",
    );
    for (const junk of [{ hire_count: "0" }, { salary: "-1" }, { close_on: "2026-02-30" }, { insurance: "dental" }]) {
      await call("/job/recruit/register", company, { ...POSITION_STEP, ...junk }, 422);
    }
  },
);

appTest("job seeker wizard: 2 steps store the resume; a javascript: portfolio URL is refused (422)", async () => {
  const fresh = await signIn(t, "tester");
  let res = await form("/job/search/register", fresh, {
    _step: "1",
    title: "새 이력서",
    gender: "male",
    occupation: "brand",
    region: "11",
    career: "N",
    education: "college",
    employ_type: "contract",
  });
  assert.equal(res.status, 303);
  await res.body?.cancel();
  const about = {
    _step: "2",
    introduction: "소개",
    desired_pay: "",
    desired_pay_type: "Y",
    portfolio_url: "javascript:alert(1)",
  };
  const refused = await call("/job/search/register", fresh, about, 422);
  assert.deepEqual(refused.errors.portfolio_url, ["job.url_invalid"]);
  res = await form("/job/search/register", fresh, { ...about, portfolio_url: "data:text/html,hi" });
  assert.equal(res.status, 422);
  await res.body?.cancel();
  res = await form("/job/search/register", fresh, { ...about, portfolio_url: "https://me.example.com" });
  assert.equal(res.status, 303);
  assert.match(res.headers.get("location")!, /\?done=\d+/);
  await res.body?.cancel();
  const [row] = await db.select().from(resumes).where(eq(resumes.userId, await userId("tester")));
  assert.equal(row.title, "새 이력서");
  assert.equal(row.portfolioUrl, "https://me.example.com");
  assert.equal(row.status, "completed", "looking not ticked: completed");
  // A company writes no resume.
  assert.equal((await call("/job/search/register", company, { _step: "1" }, 403)).key, "job.individual_only");
});

appTest(
  "applying: an individual applies once; the company is mailed, sees the applicant and reads the resume",
  async () => {
    const p = await posting("Junior UI/UX designer");
    const before = await db.select({ id: outbox.id }).from(outbox);
    const applied = await call(`/job/recruit/${p.id}`, member, { _action: "apply", message: "안녕하세요" }, 200);
    assert.equal(applied.status, "applied");
    const mails = (await db.select().from(outbox)).slice(before.length);
    assert.ok(mails.some((m) => m.subject.includes("새 지원자") || m.subject.includes("new applicant")));
    // attack: applying twice
    assert.equal((await call(`/job/recruit/${p.id}`, member, { _action: "apply" }, 409)).key, "job.already_applied");
    const page = await t.request(`/job/recruit/${p.id}`, { headers: { cookie: company } });
    const html = await page.text();
    assert.match(html, /사용자 경험을 설계하는 제품 디자이너/, "the company sees the applicant's resume title");
    const mine = await json("/api/user/job/applicants", 200, company);
    assert.ok(mine.data.some((a: { posting_id: number }) => a.posting_id === p.id));
    const apps = await json("/api/user/job/apply", 200, member);
    type Applied = { posting_id: number; posting_status: string; posting_status_code: number };
    const listed = (apps.data as Applied[]).find((a) => a.posting_id === p.id);
    assert.deepEqual([listed?.posting_status, listed?.posting_status_code], ["recruiting", 1]);
    // SPEC §4's codes beside every posting's status name: 0 cancelled, 1 recruiting, 2 done.
    const spec: Record<string, number> = { cancelled: 0, recruiting: 1, done: 2 };
    for (const a of apps.data as Applied[]) {
      assert.equal(a.posting_status_code, spec[a.posting_status], a.posting_status);
    }
    assert.ok((apps.data as Applied[]).some((a) => a.posting_status_code === 2), "the seed's closed posting is done");
  },
);

appTest("attack: a company applying → 403 job.individual_only; applying without a resume → 409", async () => {
  const p = await posting("Brand designer, fixed-term");
  assert.equal((await call(`/job/recruit/${p.id}`, company, { _action: "apply" }, 403)).key, "job.individual_only");
  const res = await form(`/job/recruit/${p.id}`, company, { _action: "apply" });
  assert.equal(res.status, 403);
  assert.match(await res.text(), /개인 회원만/);
  const judge = await signIn(t, "judge-ibda");
  const body = await form(`/job/recruit/${p.id}`, judge, { _action: "apply" }, "application/json");
  assert.ok([403, 409].includes(body.status));
  await body.body?.cancel();
});

appTest("attack: applying to a done posting (closed, or past its close date) → 409 job.closed", async () => {
  for (const title of ["Visual designer (closed)", "Video designer (past its closing date)"]) {
    const p = await posting(title);
    assert.equal((await call(`/job/recruit/${p.id}`, tester, { _action: "apply" }, 409)).key, "job.closed");
  }
  const cancelled = await posting("A cancelled posting");
  assert.equal((await call(`/job/recruit/${cancelled.id}`, member, { _action: "apply" }, 404)).key, "job.not_found");
});

appTest(
  "attack: moving a done posting back to recruiting → 409 job.wrong_status; close and cancel are the company's",
  async () => {
    const p = await posting("Freelance interior designer");
    assert.equal((await call(`/job/recruit/${p.id}`, member, { _action: "status", status: "done" }, 403)).status, 403);
    assert.equal(
      (await call(`/job/recruit/${p.id}`, company, { _action: "status", status: "recruiting" }, 409)).key,
      "job.wrong_status",
    );
    assert.equal(
      (await call(`/job/recruit/${p.id}`, company, { _action: "status", status: "done" }, 200)).status,
      "done",
    );
    assert.equal(
      (await call(`/job/recruit/${p.id}`, company, { _action: "status", status: "recruiting" }, 409)).key,
      "job.wrong_status",
    );
    assert.equal(
      (await call(`/job/recruit/${p.id}`, company, { _action: "status", status: "cancelled" }, 409)).key,
      "job.wrong_status",
    );
    const expired = await posting("Video designer (past its closing date)");
    assert.equal(
      (await call(`/job/recruit/${expired.id}`, company, { _action: "status", status: "recruiting" }, 409)).key,
      "job.wrong_status",
    );
    assert.equal((await call(`/job/recruit/${p.id}`, company, { _action: "status", status: "open" }, 422)).status, 422);
  },
);

appTest(
  "deciding: the company accepts an applicant once and the applicant is mailed; nobody else decides",
  async () => {
    const p = await posting("Product designer (3+ years)");
    const [application] = await db.select().from(jobApplications).where(eq(jobApplications.postingId, p.id));
    assert.equal(application.status, "applied");
    await call(`/job/recruit/${p.id}`, tester, { _action: "accept", application: String(application.id) }, 403);
    const before = await db.select({ id: outbox.id }).from(outbox);
    const accepted = await call(`/job/recruit/${p.id}`, company, {
      _action: "accept",
      application: String(application.id),
    }, 200);
    assert.equal(accepted.status, "accepted");
    assert.equal((await db.select().from(outbox)).length, before.length + 1);
    await call(`/job/recruit/${p.id}`, company, { _action: "decline", application: String(application.id) }, 409);
    // While the posting recruits the company reads the resume it was sent; the member is looking anyway.
    const resume = await json(`/api/job/search/${application.resumeId}`, 200, company);
    assert.equal(resume.id, application.resumeId);
  },
);

appTest("GET /api/user/job/{type}: the default is the resume; an unknown type is 404; nobody is 401", async () => {
  const resume = await json("/api/user/job", 200, member);
  assert.equal(resume.data.user_id, memberId);
  const postings = await json("/api/user/job/recruit", 200, company);
  assert.ok(postings.total >= 8);
  await json("/api/user/job/bogus", 404, member);
  await json("/api/user/job", 401);
  await json("/api/user/job/recruit?page=0", 400, company);
});

appTest("pages: lists with filters in both languages, a bad region is 400, a short keyword is shown back", async () => {
  const ko = await t.request("/job/recruit?region=11&career=E");
  assert.equal(ko.status, 200);
  const html = await ko.text();
  assert.match(html, /제품 디자이너 \(경력 3년 이상\)/);
  assert.doesNotMatch(html, /UI·UX 디자이너 신입 채용/);
  assert.doesNotMatch(html, /<script/, "no script without a load-more");
  const en = await t.request("/en/job/recruit");
  assert.match(await en.text(), /Product designer \(3\+ years\)/);
  const bad = await t.request("/job/recruit?region=99");
  assert.equal(bad.status, 400);
  await bad.body?.cancel();
  const short = await t.request("/job/search?keyword=a");
  assert.equal(short.status, 200);
  assert.match(await short.text(), /2/);
});

appTest(
  "my page job: the resume's status switch (looking ⇄ completed), withdrawing an application, each tab",
  async () => {
    for (const type of ["", "?type=recruit", "?type=apply", "?type=applicants"]) {
      const res = await t.request(`/mypage/job${type}`, {
        headers: { cookie: type.includes("recruit") || type.includes("applicants") ? company : member },
      });
      assert.equal(res.status, 200, type);
      assert.doesNotMatch(await res.text(), /<script/);
    }
    assert.equal(
      (await call("/mypage/job", member, { _action: "resume", status: "completed" }, 200)).status,
      "completed",
    );
    assert.equal(
      (await call("/mypage/job", member, { _action: "resume", status: "completed" }, 409)).key,
      "job.wrong_status",
    );
    assert.equal((await call("/mypage/job", member, { _action: "resume", status: "looking" }, 200)).status, "looking");
    assert.equal(
      (await call("/mypage/job", company, { _action: "resume", status: "looking" }, 403)).key,
      "job.individual_only",
    );
    const p = await posting("Junior UI/UX designer");
    const [application] = await db.select().from(jobApplications)
      .where(and(eq(jobApplications.postingId, p.id), eq(jobApplications.userId, memberId)));
    await call("/mypage/job", tester, { _action: "withdraw", application: String(application.id) }, 404);
    const res = await form("/mypage/job", member, { _action: "withdraw", application: String(application.id) });
    assert.equal(res.status, 303);
    await res.body?.cancel();
    const [after] = await db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
    assert.equal(after.status, "cancelled");
    const overview = await t.request("/mypage", { headers: { cookie: member } });
    assert.match(await overview.text(), /\/mypage\/job/);
  },
);

appTest("hourly job: past-close postings become done; the company is mailed once the day before closing", async () => {
  const { runJobSchedule } = await import("../../domain/job/digest.ts");
  const now = new Date();
  const first = await runJobSchedule(db, t.config, now);
  assert.ok(first.expired >= 1, "the seeded posting past its close date");
  assert.equal((await posting("Video designer (past its closing date)")).status, "done");
  assert.equal(first.reminders, 1, "the packaging internship closes tomorrow");
  const mails = await db.select().from(outbox);
  assert.ok(mails.some((m) => m.subject.includes("내일 마감") || m.subject.includes("closes tomorrow")));
  const again = await runJobSchedule(db, t.config, now);
  assert.deepEqual(again, { expired: 0, reminders: 0 }, "once");
});

appTest(
  "management: postings, resumes, shares and statistics for administrators; bulk close through the machine",
  async () => {
    const admin = await signIn(t, "admin");
    for (
      const path of [
        "/management/job/wanted?status=recruiting&sort=close_on&dir=asc",
        "/management/job/person?status=looking",
        "/management/job/statistics",
        "/management/share/donate",
        "/management/share/request?status=requesting",
        "/management/share/statistics",
        "/en/management/job/statistics",
      ]
    ) {
      const res = await t.request(path, { headers: { cookie: admin } });
      assert.equal(res.status, 200, path);
      assert.doesNotMatch(await res.text(), /<script/, path);
    }
    const staff = await t.request("/management/job/wanted", { headers: { cookie: await signIn(t, "staff") } });
    assert.equal(staff.status, 403);
    await staff.body?.cancel();
    const brand = await posting("Brand designer, fixed-term");
    const done = await posting("Visual designer (closed)");
    const res = await form("/management/job/wanted", admin, {
      _action: "close",
      ids: [String(brand.id), String(done.id)],
    });
    assert.equal(res.status, 303);
    await res.body?.cancel();
    assert.equal((await posting("Brand designer, fixed-term")).status, "done");
    assert.equal((await posting("Visual designer (closed)")).status, "done");
    const none = await form("/management/job/wanted", admin, { _action: "close" });
    assert.equal(none.status, 422);
    await none.body?.cancel();
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
