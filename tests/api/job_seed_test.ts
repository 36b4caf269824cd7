// The demo seed of the job portal and talent sharing (issue 19 §7 "postings, resumes, applications and
// shares in every status, across regions"; DESIGN §6 "a demo seed with rows in every status"): every status
// of every machine of the area has a row, so every list, tab and filter has something to show, and the
// counters the lists show agree with the rows they count.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { jobApplications, jobPostings, resumes, shareApplications, shares } from "../../db/schema/job.ts";
import {
  APPLICATION_STATUSES,
  DONATE_STATUSES,
  POSTING_STATUSES,
  REQUEST_STATUSES,
  RESUME_STATUSES,
  SHARE_TYPES,
} from "../../domain/job/options.ts";
import { effectivePostingStatus, seoulDay } from "../../domain/job/status.ts";
import { appTest, openTestApp } from "../support/app.ts";

const t = await openTestApp();
const db = t.app.database.db;

const missing = (wanted: readonly string[], present: Iterable<string>) => {
  const have = new Set(present);
  return wanted.filter((s) => !have.has(s));
};

appTest("seed: postings in every status (also done by its close date) and across regions", async () => {
  const today = seoulDay(new Date());
  const rows = await db.select().from(jobPostings);
  assert.deepEqual(missing(POSTING_STATUSES, rows.map((p) => p.status)), []);
  const effective = rows.map((p) => effectivePostingStatus(p.status, p.closeOn, today));
  assert.deepEqual(missing(POSTING_STATUSES, effective), [], "as visitors see them");
  assert.ok(rows.some((p) => p.status === "recruiting" && p.closeOn < today), "one is done by its close date");
  assert.ok(rows.some((p) => p.status === "recruiting" && p.closeOn === seoulDay(new Date(), 1)), "closing tomorrow");
  assert.ok(new Set(rows.map((p) => p.region)).size >= 5, "across regions");
});

appTest("seed: resumes and job applications in every status; posting counters agree", async () => {
  assert.deepEqual(missing(RESUME_STATUSES, (await db.select().from(resumes)).map((r) => r.status)), []);
  const applications = await db.select().from(jobApplications);
  assert.deepEqual(missing(APPLICATION_STATUSES, applications.map((a) => a.status)), []);
  // A company reads a completed resume only through an application to a recruiting posting: the seed's
  // declined applicant (completed resume) applied to a done one, so the resume stays hidden.
  const completed = (await db.select().from(resumes).where(eq(resumes.status, "completed")))[0];
  const declined = applications.find((a) => a.status === "declined")!;
  assert.equal(declined.resumeId, completed.id);
  const [posting] = await db.select().from(jobPostings).where(eq(jobPostings.id, declined.postingId));
  assert.notEqual(posting.status, "recruiting");
  // application_count counts the applications that are not withdrawn.
  for (const p of await db.select().from(jobPostings)) {
    const live = applications.filter((a) => a.postingId === p.id && a.status !== "cancelled").length;
    assert.equal(p.applicationCount, live, `posting ${p.titleEn}`);
  }
});

appTest(
  "seed: donations and requests in every status; share applications in every status; counters agree",
  async () => {
    const rows = await db.select().from(shares);
    for (const type of SHARE_TYPES) {
      const of = rows.filter((s) => s.type === type);
      assert.deepEqual(
        missing(type === "donate" ? DONATE_STATUSES : REQUEST_STATUSES, of.map((s) => s.status)),
        [],
        type,
      );
      assert.ok(new Set(of.map((s) => s.region)).size >= 3, `${type}: across regions`);
    }
    const applications = await db.select().from(shareApplications);
    assert.deepEqual(missing(APPLICATION_STATUSES, applications.map((a) => a.status)), []);
    for (const s of rows) {
      const of = applications.filter((a) => a.shareId === s.id);
      assert.equal(s.applicationCount, of.filter((a) => a.status !== "cancelled").length, `share ${s.talentEn}`);
      assert.equal(s.acceptedCount, of.filter((a) => a.status === "accepted").length, `share ${s.talentEn}`);
      assert.ok(s.acceptedCount <= s.approvedNumber, `share ${s.talentEn}`);
    }
  },
);

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
