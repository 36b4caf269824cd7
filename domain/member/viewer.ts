// Who is asking: the signed-in user with their role entries, loaded per request from the session.
import { and, eq, isNull } from "drizzle-orm";
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

export async function loadViewer(tx: Tx, userId: number): Promise<{ user: SessionUser; viewer: Viewer } | null> {
  const [user] = await tx.select({
    id: users.id,
    username: users.username,
    email: users.email,
    name: users.name,
    nameEn: users.nameEn,
    locale: users.locale,
  }).from(users).where(and(eq(users.id, userId), isNull(users.withdrawnAt))).limit(1);
  if (!user) return null;
  return { user, viewer: { id: user.id, roles: await roleEntries(tx, userId) } };
}
