// The members list of /management/user (SPEC §2.2) and its export, the counts on /management's home, and the
// roles of members with their approval state: a member's state is read from users.approval_state (kept by
// migration 0016's triggers), the list walks users_live_created_idx, and counts are bounded (issue 22).
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { type MembershipChange, membershipChanges, roles, userRoles, users } from "../../db/schema/member.ts";
import { type BoundedCount, countedPage, countOf, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import { ROLE_CODES, type RoleCode } from "./permissions.ts";

export const APPROVAL_STATES = ["waiting", "approved", "rejected"] as const;
export type ApprovalState = typeof APPROVAL_STATES[number];

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
export const UserFilter = z.object({
  // SPEC §5: search text at least 2 characters.
  q: SearchKeyword,
  role: z.preprocess(blankToUndefined, z.enum(ROLE_CODES).optional()),
  state: z.preprocess(blankToUndefined, z.enum(APPROVAL_STATES).optional()),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type UserFilter = z.infer<typeof UserFilter>;

export interface RoleState {
  code: RoleCode;
  name: string;
  nameEn: string;
  needsApproval: boolean;
  approved: boolean;
  rejected: boolean;
  testable: boolean;
  reason: string;
  decidedAt: Date | null;
}

export function roleStatus(r: Pick<RoleState, "needsApproval" | "approved" | "rejected">): ApprovalState {
  if (r.rejected) return "rejected";
  return !r.needsApproval || r.approved ? "approved" : "waiting";
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  nameEn: string;
  email: string;
  createdAt: Date;
  roles: RoleState[];
  waitingChanges: number;
  state: ApprovalState;
}

export async function roleStates(tx: Tx, userIds: number[]): Promise<Map<number, RoleState[]>> {
  const map = new Map<number, RoleState[]>();
  if (userIds.length === 0) return map;
  const rows = await tx.select({
    userId: userRoles.userId,
    code: userRoles.roleCode,
    name: roles.name,
    nameEn: roles.nameEn,
    needsApproval: roles.needsApproval,
    approved: userRoles.approved,
    rejected: userRoles.rejected,
    testable: userRoles.testable,
    reason: userRoles.reason,
    decidedAt: userRoles.decidedAt,
  }).from(userRoles).innerJoin(roles, eq(roles.code, userRoles.roleCode))
    .where(inArray(userRoles.userId, userIds)).orderBy(asc(roles.sort));
  for (const { userId, ...role } of rows) {
    const list = map.get(userId) ?? [];
    list.push({ ...role, code: role.code as RoleCode });
    map.set(userId, list);
  }
  return map;
}

/** The members the list's filter keeps (the list and its export read the same ones). */
export async function userCondition(tx: Tx, filter: Omit<UserFilter, "page">): Promise<SQL | undefined> {
  const where: SQL[] = [isNull(users.withdrawnAt)];
  if (filter.q) where.push(await searchWhere(tx, "users", filter.q));
  if (filter.role) {
    where.push(
      sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_code = ${filter.role})`,
    );
  }
  // Waiting (a role that needs approval, undecided, or a change awaiting a decision), else rejected (a
  // rejected role), else approved: kept on the member's row by migration 0016's triggers.
  if (filter.state) where.push(eq(users.approvalState, filter.state));
  return and(...where);
}

export async function searchUsers(
  tx: Tx,
  filter: UserFilter,
  perPage: number,
  urlOf: (page: number) => string,
): Promise<Paginated<UserRow>> {
  const condition = await userCondition(tx, filter);

  // The page, read through users_live_created_idx in the list's order: its ids first (the index carries the
  // search text, so a keyword is tested in the index alone), then those members; and a bounded count (exact
  // up to COUNT_EXACT_UP_TO, an estimate above) unless the first page holds the whole list (issue 22).
  const { rows, page, total, estimated } = await countedPage(
    tx,
    tx.select({ id: users.id }).from(users).where(condition).$dynamic(),
    filter.page,
    perPage,
    (page) =>
      tx.select({
        id: users.id,
        username: users.username,
        name: users.name,
        nameEn: users.nameEn,
        email: users.email,
        createdAt: users.createdAt,
      }).from(users).where(
        inArray(
          users.id,
          tx.select({ id: users.id }).from(users).where(condition).orderBy(desc(users.createdAt), desc(users.id))
            .limit(perPage).offset((page - 1) * perPage),
        ),
      ).orderBy(desc(users.createdAt), desc(users.id)),
  );
  // The page's states from its members' roles and waiting changes, read for these ids only: asked beside
  // the page's ORDER BY … OFFSET, the planner hashed every waiting role and change of the table (issue 22).
  const ids = rows.map((r) => r.id);
  const [states, changes] = await Promise.all([
    roleStates(tx, ids),
    ids.length
      ? tx.select({ userId: membershipChanges.userId, n: count() }).from(membershipChanges)
        .where(and(inArray(membershipChanges.userId, ids), eq(membershipChanges.status, "waiting")))
        .groupBy(membershipChanges.userId)
      : [],
  ]);
  const changesOf = new Map(changes.map((c) => [c.userId, Number(c.n)]));
  const data = rows.map((r) => {
    const list = states.get(r.id) ?? [];
    const waitingChanges = changesOf.get(r.id) ?? 0;
    const waiting = waitingChanges > 0 || list.some((role) => roleStatus(role) === "waiting");
    const rejected = list.some((role) => role.rejected);
    return { ...r, waitingChanges, waiting, rejected };
  }).map(({ waiting, rejected, ...r }) => ({
    ...r,
    roles: states.get(r.id) ?? [],
    state: (waiting ? "waiting" : rejected ? "rejected" : "approved") as ApprovalState,
  }));
  return paginated(data, total, page, perPage, urlOf, estimated);
}

/**
 * The numbers on /management's home, each a bounded count (exact up to COUNT_EXACT_UP_TO, PostgreSQL's
 * estimate above, shown as "about N"): counting a million members on every view is what issue 22 removed.
 */
export async function managementCounts(tx: Tx): Promise<Record<ManagementCount, BoundedCount>> {
  const live = (state?: ApprovalState) =>
    tx.select({ id: users.id }).from(users)
      .where(state ? and(isNull(users.withdrawnAt), eq(users.approvalState, state)) : isNull(users.withdrawnAt))
      .$dynamic();
  const waitingChanges = (kind: MembershipChange["kind"]) =>
    tx.select({ id: membershipChanges.id }).from(membershipChanges)
      .where(and(eq(membershipChanges.status, "waiting"), eq(membershipChanges.kind, kind))).$dynamic();
  const [members, waitingUsers, waitingConversions, waitingJudgeFields] = await Promise.all([
    countOf(tx, live()),
    countOf(tx, live("waiting")),
    countOf(tx, waitingChanges("conversion")),
    countOf(tx, waitingChanges("judge_field")),
  ]);
  return { members, waitingUsers, waitingConversions, waitingJudgeFields };
}

export type ManagementCount = "members" | "waitingUsers" | "waitingConversions" | "waitingJudgeFields";
