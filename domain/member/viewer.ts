// Who is asking: the signed-in user with their role entries, loaded per request from the session.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { roles, userRoles, users } from "../../db/schema/member.ts";
import type { RoleCode, RoleEntry, Viewer } from "./permissions.ts";

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  name: string;
  nameEn: string;
  locale: string;
}

export async function roleEntries(tx: Tx, userId: number): Promise<(RoleEntry & { rejected: boolean })[]> {
  const rows = await tx.select({
    code: userRoles.roleCode,
    approved: userRoles.approved,
    rejected: userRoles.rejected,
    testable: userRoles.testable,
    needsApproval: roles.needsApproval,
  }).from(userRoles).innerJoin(roles, eq(roles.code, userRoles.roleCode)).where(eq(userRoles.userId, userId))
    .orderBy(roles.sort);
  return rows.map((r) => ({ ...r, code: r.code as RoleCode }));
}

type LoadedRole = RoleEntry & { rejected: boolean };

/** The user's role entries as one JSON array, in the roles' order (a subquery of the user's row). */
const rolesJson = sql<LoadedRole[] | string>`coalesce((
  select json_agg(json_build_object('code', ur.role_code, 'approved', ur.approved, 'rejected', ur.rejected,
    'testable', ur.testable, 'needsApproval', r.needs_approval) order by r.sort, ur.role_code)
  from ${userRoles} ur join ${roles} r on r.code = ur.role_code where ur.user_id = ${users.id}), '[]'::json)`;

/**
 * The signed-in user and their roles, read on every signed-in request: one statement (the user's row with its
 * role entries as a JSON subquery) rather than one for the user and one for the roles.
 */
export async function loadViewer(tx: Tx, userId: number): Promise<{ user: SessionUser; viewer: Viewer } | null> {
  const [row] = await tx.select({
    id: users.id,
    username: users.username,
    email: users.email,
    name: users.name,
    nameEn: users.nameEn,
    locale: users.locale,
    roles: rolesJson,
  }).from(users).where(and(eq(users.id, userId), isNull(users.withdrawnAt))).limit(1);
  if (!row) return null;
  const { roles: found, ...user } = row;
  // postgres.js and PGlite both parse json; a driver that answers text is read too.
  const entries = (typeof found === "string" ? JSON.parse(found) : found) as LoadedRole[];
  return { user, viewer: { id: user.id, roles: entries.map((r) => ({ ...r, code: r.code as RoleCode })) } };
}
