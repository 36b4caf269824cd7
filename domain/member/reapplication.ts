// Applying again after a rejected join (SPEC §4 Member application, §7 GET /api/user/reapplication, §8 User
// "email not a returned (rejected) member"). The rejection mail carries a single-use "reapply" token
// (7 days); with it the member sees their data and roles, fixes them and applies again: the rejected
// roles wait for approval once more and a new "join" application is filed, all in one transaction.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog, membershipChanges, roles, type User, userRoles, users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { fieldErrors } from "../validation.ts";
import { checkAccountToken, claimAccountToken } from "./password-reset.ts";
import { contactChanges, ContactFields, profileJson } from "./profile.ts";

export interface AppliedRole {
  code: string;
  name: string;
  nameEn: string;
  rejected: boolean;
  approved: boolean;
  reason: string;
}

export async function appliedRoles(tx: Tx, userId: number): Promise<AppliedRole[]> {
  return await tx.select({
    code: userRoles.roleCode,
    name: roles.name,
    nameEn: roles.nameEn,
    rejected: userRoles.rejected,
    approved: userRoles.approved,
    reason: userRoles.reason,
  }).from(userRoles).innerJoin(roles, eq(roles.code, userRoles.roleCode))
    .where(eq(userRoles.userId, userId)).orderBy(roles.sort);
}

/** The member a valid reapply token belongs to, with their roles; 404 otherwise (SPEC §2.4). */
export async function findReapplication(tx: Tx, email: unknown, token: unknown) {
  const { tokenId, user } = await checkAccountToken(tx, "reapply", email, token);
  const applied = await appliedRoles(tx, user.id);
  // SPEC §8 "email already active": the account behind the link has been approved since (nothing to re-file).
  if (applied.length > 0 && applied.every((r) => r.approved)) throw new HttpError(409, "account.already_active");
  if (!applied.some((r) => r.rejected)) throw new HttpError(404, "account.not_rejected");
  return { tokenId, user, roles: applied };
}

/** GET /api/user/reapplication's answer: the user and the codes of the roles applied for. */
export function reapplicationJson(user: User, applied: AppliedRole[]) {
  return {
    user: {
      ...profileJson(user),
      business_no: user.businessNo,
      judge_category: user.judgeCategory,
      judge_fields: user.judgeFields,
    },
    roles: applied.map((r) => r.code),
    rejected: applied.filter((r) => r.rejected).map((r) => ({ code: r.code, reason: r.reason })),
  };
}

export const ReapplyInput = ContactFields.extend({
  business_no: z.string().trim().regex(/^$|^[0-9]{3}-?[0-9]{2}-?[0-9]{5}$/, "account.invalid_number").optional(),
});

/** Re-submits a rejected join: fixes the data, sets the rejected roles back to waiting, uses the token. */
export async function reapply(db: Db, email: unknown, token: unknown, body: Record<string, unknown>, ip: string) {
  const found = await findReapplication(db, email, token);
  const parsed = ReapplyInput.safeParse(body);
  if (!parsed.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(parsed.error) });
  }
  const { set, changed } = contactChanges(found.user, parsed.data);
  if (parsed.data.business_no !== undefined && parsed.data.business_no !== found.user.businessNo) {
    set.businessNo = parsed.data.business_no;
    changed.push("business_no");
  }
  const now = new Date();
  return await db.transaction(async (tx) => {
    await claimAccountToken(tx, found.tokenId, now);
    await tx.update(users).set({ ...set, updatedAt: now }).where(eq(users.id, found.user.id));
    const again = await tx.update(userRoles)
      .set({ rejected: false, approved: false, decidedBy: null, decidedAt: null, reason: "" })
      .where(and(eq(userRoles.userId, found.user.id), eq(userRoles.rejected, true)))
      .returning({ code: userRoles.roleCode });
    const codes = again.map((r) => r.code);
    // A rejected application lost its race with another reapplication or an approval: nothing to re-file.
    if (codes.length === 0) throw new HttpError(404, "account.not_rejected");
    const [change] = await tx.insert(membershipChanges).values({
      userId: found.user.id,
      kind: "join",
      fromRoles: [],
      toRoles: codes,
    }).returning({ id: membershipChanges.id });
    await tx.insert(auditLog).values({
      actorId: found.user.id,
      action: "member.reapply",
      targetUserId: found.user.id,
      detail: { roles: codes, fields: changed, change: change.id, ip },
    });
    return { roles: codes, changeId: change.id };
  });
}
