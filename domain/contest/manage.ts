// /management/contest (SPEC §2.2, issue 12 §7): every contest with its approval, status, host and entries,
// filtered by approval, newest first, in the pagination shape; the council's decision (approve, or reject
// with a reason) through the approval machine's guarded UPDATE with the host's mail in the same
// transaction; the counselling answers.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { contestCounsels, type ContestRow, contests } from "../../db/schema/contest.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { countedPage, type Paginated, paginated } from "../common/list.ts";
import { searchWhere } from "../common/search-sample.ts";
import { canSeeManagementLink, type Viewer } from "../member/permissions.ts";
import { mailDate, mailMember } from "./mail.ts";
import type { ContestApproval } from "./options.ts";
import { entryCounts } from "./public.ts";
import { approvalMachine } from "./rules.ts";
import type { EditInput } from "./schema.ts";

export interface ManagedContest {
  contest: ContestRow;
  host: { id: number; username: string; name: string };
  entries: number;
}

export async function listManagedContests(
  db: Tx,
  filter: { approval?: ContestApproval; q?: string; sort?: "id" | "close_at" },
  page: number,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<ManagedContest>> {
  const where: SQL[] = [];
  if (filter.approval) where.push(eq(contests.approval, filter.approval));
  if (filter.q) where.push(await searchWhere(db, "contests", filter.q));
  const condition = where.length ? and(...where) : undefined;
  const list = await countedPage(
    db,
    db.select({ id: contests.id }).from(contests).where(condition).$dynamic(),
    page,
    perPage,
    (page) =>
      db.select({ contest: contests, username: users.username, name: users.name }).from(contests)
        .innerJoin(users, eq(users.id, contests.hostId)).where(condition)
        .orderBy(...(filter.sort === "close_at" ? [desc(contests.closeAt), desc(contests.id)] : [desc(contests.id)]))
        .limit(perPage).offset((page - 1) * perPage),
  );
  const counts = await entryCounts(db, list.rows.map((r) => r.contest.id));
  const data = list.rows.map((r) => ({
    contest: r.contest,
    host: { id: r.contest.hostId, username: r.username, name: r.name },
    entries: counts.get(r.contest.id) ?? 0,
  }));
  return paginated(data, list.total, list.page, perPage, urlOf, list.estimated);
}

export async function managedContest(db: Tx, id: number): Promise<ManagedContest> {
  const [row] = await db.select({ contest: contests, username: users.username, name: users.name }).from(contests)
    .innerJoin(users, eq(users.id, contests.hostId)).where(eq(contests.id, id));
  if (!row) throw new HttpError(404, "contest.not_found");
  const counts = await entryCounts(db, [id]);
  return {
    contest: row.contest,
    host: { id: row.contest.hostId, username: row.username, name: row.name },
    entries: counts.get(id) ?? 0,
  };
}

export type Decision = { action: "approve" } | { action: "reject"; reason: string };

/**
 * The council approves a paid contest (it opens at open_at) or rejects it with a reason; the host is told
 * by mail. Only from pending (409 contest.wrong_status otherwise, also for the second of two staff acting
 * at once: the UPDATE's WHERE holds the machine's starting statuses).
 */
export async function decideContest(
  db: Db,
  config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">,
  viewer: Viewer,
  id: number,
  decision: Decision,
): Promise<ContestRow> {
  return (await decideContests(db, config, viewer, [id], decision))[0];
}

/**
 * The same decision for several contests (the list's bulk action), all or nothing in one transaction: one
 * contest that is not pending (or not there) refuses the whole action and changes nothing.
 */
export async function decideContests(
  db: Db,
  config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">,
  viewer: Viewer,
  ids: number[],
  decision: Decision,
): Promise<ContestRow[]> {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  return await db.transaction(async (tx) => {
    const decided: ContestRow[] = [];
    const now = new Date();
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const [current] = await tx.select().from(contests).where(eq(contests.id, id));
      if (!current) throw new HttpError(404, "contest.not_found");
      const to = approvalMachine.next(decision.action, current.approval);
      const [row] = await tx.update(contests).set({
        approval: to,
        rejectReason: decision.action === "reject" ? decision.reason : "",
        decidedAt: now,
        updatedAt: now,
      }).where(and(eq(contests.id, id), approvalMachine.fromCondition(contests.approval, decision.action)))
        .returning();
      if (!row) throw new HttpError(409, "contest.wrong_status");
      if (decision.action === "approve") {
        await mailMember(tx, config, row.hostId, row, "approved", (locale) => ({ open: mailDate(row.openAt, locale) }));
      } else {
        await mailMember(tx, config, row.hostId, row, "rejected", { reason: decision.reason }, "/mypage/contests");
      }
      decided.push(row);
    }
    return decided;
  });
}

/** Staff answer a host's counselling request; the host is told by mail. */
export async function answerCounsel(
  db: Db,
  config: Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">,
  viewer: Viewer,
  counselId: number,
  answer: string,
): Promise<void> {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  await db.transaction(async (tx) => {
    const [row] = await tx.update(contestCounsels).set({ answer, answeredBy: viewer.id, answeredAt: new Date() })
      .where(eq(contestCounsels.id, counselId)).returning();
    if (!row) throw new HttpError(404, "contest.not_found");
    const [contest] = await tx.select().from(contests).where(eq(contests.id, row.contestId));
    await mailMember(tx, config, row.userId, contest, "counsel", { answer }, `/contest/${contest.id}/judge`);
  });
}

/** Contests by derived status and approval, for the statistics page. */
export async function contestCountsByApproval(db: Tx): Promise<{ approval: string; n: number }[]> {
  const rows = await db.select({ approval: contests.approval, n: sql<number>`count(*)::int` }).from(contests)
    .groupBy(contests.approval);
  return rows.map((r) => ({ approval: r.approval, n: Number(r.n) }));
}

/** The council edits a contest's texts, languages, entry restriction and public flag (prizes and dates stay). */
export async function editContest(db: Db, viewer: Viewer, id: number, input: EditInput): Promise<ContestRow> {
  if (!canSeeManagementLink(viewer)) throw new HttpError(403, "error.403");
  const [row] = await db.update(contests).set({
    title: input.title,
    titleEn: input.title_en,
    company: input.company,
    companyEn: input.company_en,
    summary: input.summary,
    summaryEn: input.summary_en,
    request: input.request,
    requestEn: input.request_en,
    languages: input.languages,
    entryRestriction: input.entry_restriction,
    public: input.public,
    updatedAt: new Date(),
  }).where(eq(contests.id, id)).returning();
  if (!row) throw new HttpError(404, "contest.not_found");
  return row;
}
