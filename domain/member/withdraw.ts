// Withdrawal (SPEC §2.1 /withdraw, §5 confirmation required). Korean privacy law (PIPA Art. 21) wants
// personal data destroyed without delay once it is no longer needed (research/security.md §2.1, G24), so
// in one transaction: every personal field is cleared or replaced (name "탈퇴회원", username and email by
// unique placeholders), documents, judge careers and educations, applications, the public designer
// profile, devices, tokens and roles are deleted, mail still addressed to the member is dropped, every
// session is revoked (ASVS 7.4.2). The user row itself stays, so entries and posts keep an anonymised author.
import type { Config } from "../../fresh.config.ts";
import type { FileService } from "../file/files.ts";
import { withdrawFromProgrammes } from "../programme/withdraw.ts";
import { removeDesignerProfile } from "../job/profile.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  accountTokens,
  auditLog,
  bankAccounts,
  devices,
  judgeCareers,
  judgeEducations,
  memberDocuments,
  membershipChanges,
  outbox,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { fieldErrors } from "../validation.ts";
import { confirmPassword, loadUser } from "./profile.ts";
import { revokeUserSessions } from "./session.ts";

export const WITHDRAWN_NAME = "탈퇴회원";
export const WITHDRAWN_NAME_EN = "Withdrawn member";

export const WithdrawInput = z.object({
  password: z.string({ error: "auth.password_required" }).min(1, "auth.password_required").max(128),
  password_confirmation: z.string({ error: "password.mismatch" }).max(128),
  confirm: z.union([z.literal(true), z.enum(["on", "1", "true"])], { error: "account.confirm_required" }),
}).refine((v) => v.password === v.password_confirmation, {
  message: "password.mismatch",
  path: ["password_confirmation"],
});

/**
 * The placeholder that replaces the user ID and (at the reserved .invalid domain) the email: unique, never
 * mailable, and with a random part so nobody can take it first by registering `withdrawn-<id>`.
 */
export function withdrawnPlaceholder(id: number): { username: string; email: string } {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0")).join("");
  const username = `withdrawn-${id}-${random}`;
  return { username, email: `${username}@withdrawn.invalid` };
}

/**
 * The last administrator may not withdraw: nobody could approve members or run the site afterwards. The
 * administrators' role rows are locked so two of them withdrawing at once cannot both pass.
 */
async function refuseLastAdministrator(tx: Tx, userId: number) {
  const admins = await tx.select({ userId: userRoles.userId }).from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleCode, "administrator"), eq(userRoles.approved, true), isNull(users.withdrawnAt)))
    .for("update", { of: userRoles });
  if (admins.some((a) => a.userId === userId) && admins.length === 1) {
    throw new HttpError(409, "account.withdraw.last_administrator");
  }
}

/** What withdrawal needs besides the database: mail for the people a freed course place moves up, and the
 * file store that the member's application files leave after the transaction. */
export interface WithdrawEffects {
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">;
  files?: FileService;
}

export async function withdrawMember(
  db: Db,
  userId: number,
  body: Record<string, unknown>,
  clientIp: string,
  effects: WithdrawEffects,
) {
  const parsed = WithdrawInput.safeParse(body);
  if (!parsed.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(parsed.error) });
  }
  const user = await loadUser(db, userId);
  await confirmPassword(db, user, parsed.data.password, "password");
  const now = new Date();
  const placeholder = withdrawnPlaceholder(user.id);
  const left = await db.transaction(async (tx) => {
    await refuseLastAdministrator(tx, user.id);
    // Undecided applications are cancelled (their places go to the waiting list) and answers erased.
    const programmes = await withdrawFromProgrammes(tx, effects.config, user.id, now);
    await tx.update(users).set({
      ...placeholder,
      // not a hash at all: verifyPassword answers false for it
      passwordHash: "!withdrawn",
      name: WITHDRAWN_NAME,
      nameEn: WITHDRAWN_NAME_EN,
      phone: "",
      tel: "",
      address1: "",
      address2: "",
      city: "",
      state: "",
      zip: "",
      country: "",
      affiliation: "",
      department: "",
      position: "",
      degree: "",
      specialty: "",
      careerYears: null,
      academicPosition: "",
      careerDescription: "",
      introduction: "",
      birthday: null,
      businessNo: "",
      marketingEmail: false,
      marketingEmailAt: null,
      marketingSms: false,
      marketingSmsAt: null,
      judgeCategory: "",
      judgeFields: [],
      lastLoginAt: null,
      withdrawnAt: now,
      updatedAt: now,
    }).where(eq(users.id, user.id));
    await tx.delete(memberDocuments).where(eq(memberDocuments.userId, user.id));
    await tx.delete(judgeCareers).where(eq(judgeCareers.userId, user.id));
    await tx.delete(judgeEducations).where(eq(judgeEducations.userId, user.id));
    await tx.delete(bankAccounts).where(eq(bankAccounts.userId, user.id));
    // The public designer profile goes at once (issue 19 part 6).
    await removeDesignerProfile(tx, user.id);
    await tx.delete(membershipChanges).where(eq(membershipChanges.userId, user.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    await tx.delete(devices).where(eq(devices.userId, user.id));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await tx.delete(outbox).where(sql`lower(${outbox.to}) = ${user.email.toLowerCase()}`);
    await revokeUserSessions(tx, user.id, "withdrawn");
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: "member.withdraw",
      targetUserId: user.id,
      detail: { ip: clientIp },
    });
    return programmes.fileIds;
  });
  if (effects.files) { for (const file of await effects.files.findMany(left)) await effects.files.remove(file); }
}
