// The contest area's timed mails (issue 12 §7): the hosts' daily digest of new entries, at most once a day
// per contest, and the closing reminder once, the day before entries close; both scheduled by main.ts.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { contestEntries, contests } from "../../db/schema/contest.ts";
import { outbox, users } from "../../db/schema/member.ts";
import { sendContestMails } from "../../domain/contest/digest.ts";
import { periodicJobs } from "../../domain/ops/jobs.ts";
import { appTest, openTestApp } from "../support/app.ts";

const t = await openTestApp();
const db = t.app.database.db;
const HOST = "company@design-center.example";
const hostMails = async () => (await db.select().from(outbox).where(eq(outbox.to, HOST))).length;
const ongoing =
  (await db.select().from(contests).where(eq(contests.titleEn, "Hanbit Works brand logo design contest")))[0];

appTest("the digest names the entries once a day; the closing reminder goes once", async () => {
  const before = await hostMails();
  const now = new Date();
  assert.deepEqual(await sendContestMails(db, t.config, now), { digests: 1, reminders: 0 });
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, HOST)).orderBy(outbox.id).offset(before);
  assert.ok(mail.subject.includes("새 응모작"));
  assert.ok(mail.body.includes("3건"));
  assert.deepEqual(await sendContestMails(db, t.config, now), { digests: 0, reminders: 0 }, "nothing new");

  // A new entry the next day: one more digest.
  const [{ id: judge }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "judge-dcb"));
  await db.insert(contestEntries).values({ contestId: ongoing.id, userId: judge, title: "새 시안" });
  const later = new Date(now.getTime() + 25 * 3_600_000);
  assert.equal((await sendContestMails(db, t.config, later)).digests, 1);
  assert.equal((await sendContestMails(db, t.config, later)).digests, 0);

  // Entries close within a day: one reminder, never two.
  await db.update(contests).set({ closeAt: new Date(later.getTime() + 12 * 3_600_000) }).where(
    eq(contests.id, ongoing.id),
  );
  assert.equal((await sendContestMails(db, t.config, later)).reminders, 1);
  assert.equal((await sendContestMails(db, t.config, later)).reminders, 0);
  assert.equal(await hostMails(), before + 3);
});

appTest("main.ts schedules the contest mails hourly, and a scheduled run sends each digest once", async () => {
  const jobs = periodicJobs(db, t.config, t.app.files, null);
  const job = jobs.find((j) => j.name === "contest mails");
  assert.ok(job, "the contest mails are among the scheduled jobs");
  assert.ok(job.everyMs <= 3_600_000, "hourly, so the closing reminder is not late by most of a day");
  // The last digest two days ago: the scheduled run (at the real now) sends one, a second run none.
  await db.update(contests).set({ digestedAt: new Date(Date.now() - 48 * 3_600_000) }).where(
    eq(contests.id, ongoing.id),
  );
  const before = await hostMails();
  assert.deepEqual(await job.run(), { digests: 1, reminders: 0 });
  assert.deepEqual(await job.run(), { digests: 0, reminders: 0 });
  assert.equal(await hostMails(), before + 1);
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
