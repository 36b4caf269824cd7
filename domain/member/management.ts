// The management area's data (SPEC §2.2, §6): which sections each staff role may reach (management_grants),
// and the member lists of /management/user. Permission decisions stay in permissions.ts; this module only
// loads what they need and answers the lists.
import { documentsOf } from "./document-access.ts";
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  auditLog,
  judgeCareers,
  judgeEducations,
  managementGrants,
  type MembershipChange,
  membershipChanges,
  roles,
  sessions,
  userRoleCounts,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { type BoundedCount, countedPage, countOf, type Paginated, paginated } from "../common/list.ts";
import { SearchKeyword } from "../common/search.ts";
import { searchWhere } from "../common/search-sample.ts";
import { HttpError } from "../../framework/errors.ts";
import {
  canSeeManagementLink,
  effectiveRoles,
  isAdministrator,
  type ManagementAccess,
  managementAccess,
  ROLE_CODES,
  type RoleCode,
  type Viewer,
} from "./permissions.ts";

/** The first path segments under /management (SPEC §2.2), plus the dev mailbox of the mail outbox. */
export const MANAGEMENT_SECTIONS = [
  "akfw",
  "asset",
  "award",
  "bbs",
  "category",
  "content",
  "contest",
  "domain",
  "education",
  "form",
  "ibda",
  "ip",
  "job",
  "judge",
  "layout",
  "mailbox",
  "manager",
  "market",
  "menu",
  "page",
  "pool",
  "post",
  "program",
  "role",
  "schedule",
  "share",
  "site",
  "statistics",
  "support",
  "user",
] as const;
export type ManagementSection = typeof MANAGEMENT_SECTIONS[number];

const probe = (code: RoleCode): Viewer => ({
  id: 1,
  roles: [{ code, needsApproval: false, approved: true, testable: false }],
});

/**
 * Sections a role may be granted: every section a staff member could reach with that grant, so /manager
 * and /ip (never grantable, SPEC §6) drop out by the permissions module's own rule. The dev mailbox shows
 * password-reset links and stays with the administrators.
 */
export const GRANTABLE_SECTIONS: ManagementSection[] = MANAGEMENT_SECTIONS.filter((s) =>
  s !== "mailbox" && managementAccess(probe("support_group"), `/${s}`, [s]).accessible
);

/** Roles whose holders see the management link, administrators aside: the roles grants are given to. */
export const MANAGER_ROLES: RoleCode[] = ROLE_CODES.filter((c) =>
  c !== "administrator" && canSeeManagementLink(probe(c))
);

/** The sections granted to the roles that count for this viewer. */
export async function grantsOf(tx: Tx, viewer: Viewer): Promise<string[]> {
  const codes = effectiveRoles(viewer).filter((c) => c !== "anonymous");
  if (codes.length === 0) return [];
  const rows = await tx.selectDistinct({ section: managementGrants.section }).from(managementGrants)
    .where(inArray(managementGrants.roleCode, codes)).orderBy(asc(managementGrants.section));
  return rows.map((r) => r.section);
}

/**
 * A /management sub-path as managementAccess expects it: `/management/user/5?x` or `/en/management/user` →
 * `/user/5`. The one normalisation of both the guard and the access probe (GET /api/{cms}/admin/role), so
 * they never disagree: only an absolute http(s) URL has a host (`//manager` is the path /manager), percent-
 * encoding is decoded once (`%2F` is a slash), backslashes are slashes, empty and dot segments resolve.
 */
export function managementPath(url: string): string {
  let path = url.replace(/^https?:\/\/[^/?#\\]*/i, "").split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // Undecodable: its raw segments name no grantable section, so nothing more is opened by keeping them.
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll("\\", "/").toLowerCase().split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  if (segments[0] === "en") segments.shift();
  if (segments[0] === "management") segments.shift();
  return `/${segments.join("/")}`;
}

/** SPEC §6 for the viewer and a management sub-path, with the viewer's grants loaded. */
export async function accessOf(tx: Tx, viewer: Viewer, path: string): Promise<ManagementAccess> {
  const grants = isAdministrator(viewer) ? [] : await grantsOf(tx, viewer);
  return managementAccess(viewer, managementPath(path), grants);
}

/** Every staff role with its granted sections (for the editors of /management/role and /management/manager). */
export async function grantTable(tx: Tx): Promise<Record<string, string[]>> {
  const rows = await tx.select().from(managementGrants).where(inArray(managementGrants.roleCode, MANAGER_ROLES))
    .orderBy(asc(managementGrants.section));
  const table: Record<string, string[]> = Object.fromEntries(MANAGER_ROLES.map((c) => [c, []]));
  for (const row of rows) table[row.roleCode]?.push(row.section);
  return table;
}

const Sections = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().max(40)).max(MANAGEMENT_SECTIONS.length),
);
/** `grants[support_group][]=user&grants[support_group][]=bbs` from a form, or JSON `{ grants: { role: [...] } }`. */
export const GrantsInput = z.object({ role: z.enum(MANAGER_ROLES as [RoleCode, ...RoleCode[]]), sections: Sections });

/**
 * Replaces the sections a staff role may reach. Administrators only; a section that is not grantable
 * (manager, ip, mailbox, or unknown) is refused, so no grant can open what SPEC §6 keeps closed.
 */
export async function setRoleGrants(tx: Tx, actor: Viewer, role: RoleCode, sections: string[]) {
  if (!isAdministrator(actor)) throw new HttpError(403, "error.403", "");
  if (!MANAGER_ROLES.includes(role)) throw new HttpError(422, "manage.grant_invalid");
  const wanted = [...new Set(sections)].sort();
  if (wanted.some((s) => !(GRANTABLE_SECTIONS as string[]).includes(s))) {
    throw new HttpError(422, "manage.grant_invalid");
  }
  await tx.delete(managementGrants).where(eq(managementGrants.roleCode, role));
  if (wanted.length) await tx.insert(managementGrants).values(wanted.map((section) => ({ roleCode: role, section })));
  await tx.insert(auditLog).values({ actorId: actor.id, action: "grants.set", detail: { role, sections: wanted } });
}

// The list shape lives in the list kit (domain/common/list.ts); re-exported for the lists that import it here.
export { type PageLink, PageQuery, type Paginated, paginated } from "../common/list.ts";

// ---------- Members list (/management/user) ----------

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

// ---------- One member (/management/user/{id}) ----------

export async function userDetail(tx: Tx, id: number) {
  const [user] = await tx.select({
    id: users.id,
    username: users.username,
    email: users.email,
    name: users.name,
    nameEn: users.nameEn,
    phone: users.phone,
    tel: users.tel,
    affiliation: users.affiliation,
    department: users.department,
    position: users.position,
    businessNo: users.businessNo,
    country: users.country,
    locale: users.locale,
    judgeCategory: users.judgeCategory,
    judgeFields: users.judgeFields,
    academicPosition: users.academicPosition,
    marketingEmail: users.marketingEmail,
    marketingSms: users.marketingSms,
    createdAt: users.createdAt,
    lastLoginAt: users.lastLoginAt,
  }).from(users).where(and(eq(users.id, id), isNull(users.withdrawnAt))).limit(1);
  if (!user) return null;
  const [roleList, changes, careers, educations, audit, [active], documents] = await Promise.all([
    roleStates(tx, [id]).then((m) => m.get(id) ?? []),
    tx.select().from(membershipChanges).where(eq(membershipChanges.userId, id))
      .orderBy(desc(membershipChanges.createdAt), desc(membershipChanges.id)).limit(50),
    tx.select().from(judgeCareers).where(eq(judgeCareers.userId, id)).orderBy(asc(judgeCareers.id)),
    tx.select().from(judgeEducations).where(eq(judgeEducations.userId, id)).orderBy(asc(judgeEducations.id)),
    tx.select({
      id: auditLog.id,
      action: auditLog.action,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      actor: users.username,
    }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(eq(auditLog.targetUserId, id))
      .orderBy(desc(auditLog.id)).limit(20),
    tx.select({ n: count() }).from(sessions).where(and(
      eq(sessions.userId, id),
      isNull(sessions.revokedAt),
      sql`${sessions.expiresAt} > now()`,
    )),
    documentsOf(tx, id),
  ]);
  return { user, roles: roleList, changes, careers, educations, audit, activeSessions: active.n, documents };
}
export type UserDetail = NonNullable<Awaited<ReturnType<typeof userDetail>>>;

/** The administrators and support staff, with the sections each reaches (for /management/manager). */
export async function managerList(tx: Tx) {
  const staff = ["administrator", ...MANAGER_ROLES];
  const rows = await tx.select({ id: users.id, username: users.username, name: users.name, nameEn: users.nameEn })
    .from(users).where(and(
      isNull(users.withdrawnAt),
      sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_code in ${staff})`,
    )).orderBy(asc(users.username));
  const states = await roleStates(tx, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, roles: (states.get(r.id) ?? []).filter((role) => staff.includes(role.code)) }));
}

/**
 * The role catalogue (codes of SPEC §3 with their names) and how many live members hold each, by state:
 * read from user_role_counts, which triggers keep (migration 0012), never by aggregating user_roles.
 */
export async function roleSummary(tx: Tx) {
  const [list, counts] = await Promise.all([
    tx.select().from(roles).orderBy(asc(roles.sort)),
    tx.select().from(userRoleCounts),
  ]);
  return list.map((r) => {
    const mine = counts.filter((c) => c.roleCode === r.code);
    const sum = (keep: (c: (typeof mine)[number]) => boolean) => mine.filter(keep).reduce((n, c) => n + c.members, 0);
    return {
      ...r,
      code: r.code as RoleCode,
      approved: sum((c) => c.approved || !r.needsApproval),
      waiting: sum((c) => r.needsApproval && !c.approved && !c.rejected),
      rejected: sum((c) => c.rejected),
    };
  });
}
export type RoleSummary = Awaited<ReturnType<typeof roleSummary>>[number];

/** Role names by code, for showing the codes kept in change requests. */
export async function roleNames(tx: Tx): Promise<Record<string, { name: string; nameEn: string }>> {
  const rows = await tx.select({ code: roles.code, name: roles.name, nameEn: roles.nameEn }).from(roles);
  return Object.fromEntries(rows.map((r) => [r.code, { name: r.name, nameEn: r.nameEn }]));
}

/** The grants editor's post: `{ role, sections[] }` → setRoleGrants in one transaction. */
export async function saveGrants(db: Db, actor: Viewer, body: Record<string, unknown>) {
  const input = GrantsInput.safeParse(body);
  if (!input.success) throw new HttpError(422, "manage.grant_invalid");
  await db.transaction((tx) => setRoleGrants(tx, actor, input.data.role, input.data.sections));
}

/** One member's roles with their names and approval state. */
export async function rolesOf(tx: Tx, userId: number): Promise<RoleState[]> {
  return (await roleStates(tx, [userId])).get(userId) ?? [];
}
