// The management area's data (SPEC §2.2, §6): which sections each staff role may reach (management_grants),
// one member's record, managers and role counts (the members list is member-list.ts). Permission decisions
// stay in permissions.ts; this module only loads what they need.
import { documentsOf } from "./document-access.ts";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  auditLog,
  judgeCareers,
  judgeEducations,
  managementGrants,
  membershipChanges,
  roles,
  sessions,
  userRoleCounts,
  users,
} from "../../db/schema/member.ts";
import { type RoleState, roleStates } from "./member-list.ts";
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
