// The periodic jobs every instance schedules (main.ts starts them). Each is safe to run on several instances
// at once: retention and the result mail take an advisory lock (runExclusive), the others claim their rows
// with FOR UPDATE SKIP LOCKED and mark them in the transaction of their work, so a row is handled once.
// Listed here rather than inline in main.ts so a test can see that a job is scheduled, not only that its
// function works.
import type { Db } from "../../db/client.ts";
import type { Config } from "../../fresh.config.ts";
import { sendContestMails } from "../contest/digest.ts";
import type { FileService } from "../file/files.ts";
import { sweepUnattachedFiles } from "../file/sweep.ts";
import { runJobSchedule } from "../job/digest.ts";
import { mailDueResults } from "../judging/manage.ts";
import { enforceRetention } from "../member/retention.ts";
import { deliverPushes, forgetSentPushes, type PushSender } from "../notify/push.ts";
import { releaseLapsedHolds } from "../programme/applications.ts";
import { schedule } from "./exclusive.ts";

const HOUR_MS = 3_600_000;

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export function periodicJobs(
  db: Db,
  config: Config,
  files: FileService,
  pushSender: PushSender | null,
): PeriodicJob[] {
  return [
    // Push notifications go out when VAPID keys are set; otherwise they wait like mail without SMTP.
    ...(pushSender ? [{ name: "push", everyMs: 5_000, run: () => deliverPushes(db, pushSender) }] : []),
    {
      name: "push cleanup",
      everyMs: HOUR_MS,
      run: () => forgetSentPushes(db, new Date(Date.now() - 30 * 24 * HOUR_MS)),
    },
    // Personal data past its retention period is destroyed hourly; every instance schedules it, one runs it.
    { name: "retention", everyMs: HOUR_MS, run: () => enforceRetention(db, config.retention) },
    // Uploads attached to nothing for a day are deleted hourly; instances sweeping at once split the rows.
    { name: "file sweep", everyMs: HOUR_MS, run: () => sweepUnattachedFiles(db, files) },
    // Job postings past their close date become done, and companies hear the day before one closes.
    { name: "jobs", everyMs: HOUR_MS, run: () => runJobSchedule(db, config, new Date()) },
    // Hosts' digest of new entries (at most once a day per contest: digestedAt) and the closing reminder
    // (once: remindedAt). Hourly so a reminder is not late by most of a day.
    { name: "contest mails", everyMs: HOUR_MS, run: () => sendContestMails(db, config, new Date()) },
    // Award results published ahead of their result date: entrants are mailed when it comes (one instance
    // under an advisory lock; mailedAt marks it done).
    { name: "result mail", everyMs: 5 * 60_000, run: () => mailDueResults(db, config, new Date()) },
    // Paid courses: unpaid places past their time go to the waiting list (domain/programme/fees.ts).
    { name: "course holds", everyMs: 60_000, run: () => releaseLapsedHolds(db, config, new Date()) },
  ];
}

/** Schedules every job; the answer stops them all. */
export function startJobs(jobs: PeriodicJob[]): () => void {
  const stops = jobs.map((job) => schedule(job.name, job.everyMs, job.run));
  return () => stops.forEach((stop) => stop());
}
