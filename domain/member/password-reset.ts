// Password reset by mail (SPEC §2.5 Password: forgot → reset; §7 the three calls; §8 password.invalid_token).
// The request answers the same, in about the same time, whether or not the address is registered
// (ASVS 6.3.8); limits in limitMailRequest (no per-address 429 anyone can trigger). The token is
// single-use, 60 minutes, stored hashed (tokens.ts). Setting the password revokes every session and
// tells the member by mail; it never signs them in (OWASP Forgot Password cheat sheet).
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { accountTokens, auditLog, users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { passwordChangedMail, passwordResetMail } from "../mail/templates.ts";
import { fieldErrors } from "../validation.ts";
import { hashPassword, passwordSchema } from "./passwords.ts";
import { consume, hit } from "./rate-limit.ts";
import { revokeUserSessions } from "./session.ts";
import { findAccountToken, issueAccountToken, type TokenPurpose } from "./tokens.ts";

type MailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;

export const EmailInput = z.object({
  email: z.string({ error: "account.required" }).trim().min(1, "account.required").max(254, "account.too_long")
    .pipe(z.email("account.invalid_email")),
});

/** The new password twice (SPEC §5: confirmation required). */
export const NewPassword = z.object({
  password: passwordSchema,
  password_confirmation: z.string({ error: "password.mismatch" }).max(128),
}).refine((v) => v.password === v.password_confirmation, {
  message: "password.mismatch",
  path: ["password_confirmation"],
});

/** Every answer to a reset or find-ID request takes at least this long, found or not (ASVS 6.3.8). */
export const MIN_ANSWER_MS = 250;

/** Runs `work` and answers no sooner than `ms` after the start, so the work's length does not tell. */
export async function answerAfter<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/** The member with this address (any case), not withdrawn. */
export async function userByEmail(tx: Tx, email: string) {
  const [user] = await tx.select().from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.withdrawnAt))).limit(1);
  return user ?? null;
}

/** Mails to one address an hour from the reset and find-ID requests (each kind on its own). */
export const MAILS_PER_ADDRESS = 5;

/**
 * The limits of a request that mails an address (a reset link, a user ID), the same for registered and
 * unknown addresses: 20 requests an hour per client address and 3 per address from one client address
 * answer 429. Past MAILS_PER_ADDRESS an hour to one address, from wherever, the answer stays the same but
 * no mail goes (issue 20 §2): nobody can fill a member's inbox, nor make the owner's own request a 429
 * from elsewhere; the last reset link sent stays valid, as no newer one replaces it. Answers whether a
 * mail may go.
 */
export async function limitMailRequest(db: Db, kind: "reset" | "find", address: string, clientIp: string) {
  await consume(db, [
    { bucket: `${kind}:ip:${clientIp}`, max: 20, windowSeconds: 3600 },
    { bucket: `${kind}:email:${address}:${clientIp}`, max: 3, windowSeconds: 3600 },
  ]);
  const mails = await hit(db, { bucket: `${kind}:mail:${address}`, max: MAILS_PER_ADDRESS, windowSeconds: 3600 });
  return mails.count <= MAILS_PER_ADDRESS;
}

/**
 * POST /api/password/reset?email= and /password/forgot: mails a reset link if the address belongs to a
 * member. Over a limit it answers 429 for known and unknown addresses alike.
 */
export async function requestPasswordReset(db: Db, config: MailConfig, email: string, clientIp: string) {
  const address = email.trim().toLowerCase();
  const mayMail = await limitMailRequest(db, "reset", address, clientIp);
  await answerAfter(MIN_ANSWER_MS, async () => {
    await db.transaction(async (tx) => {
      const user = await userByEmail(tx, address);
      if (!user || !mayMail) return;
      const token = await issueAccountToken(tx, user.id, "reset");
      await queueMail(tx, config, passwordResetMail(config, user, token));
    });
  });
}

/**
 * A valid token of `purpose` for the member with `email`, or 404 password.invalid_token. Missing email or
 * token is a plain 404 (SPEC §2.4).
 */
export async function checkAccountToken(tx: Tx, purpose: TokenPurpose, email: unknown, token: unknown) {
  if (typeof email !== "string" || typeof token !== "string" || !email.trim() || !token) {
    throw new HttpError(404, "error.404");
  }
  const row = await findAccountToken(tx, token.trim(), purpose);
  const user = row ? await userByEmail(tx, email) : null;
  if (!row || !user || user.id !== row.userId) throw new HttpError(404, "password.invalid_token");
  return { tokenId: row.id, user };
}

/** Uses the token up if nobody else has: two concurrent uses, one wins (the other is a 404). */
export async function claimAccountToken(tx: Tx, tokenId: number, now = new Date()) {
  const claimed = await tx.update(accountTokens).set({ usedAt: now })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  if (claimed.length === 0) throw new HttpError(404, "password.invalid_token");
}

export interface ResetPasswordInput {
  email?: unknown;
  token?: unknown;
  password?: unknown;
  password_confirmation?: unknown;
}

/** POST /api/password/reset with _method=PATCH and the /password/reset form: sets the new password. */
export async function resetPassword(db: Db, config: MailConfig, input: ResetPasswordInput, clientIp: string) {
  const { tokenId, user } = await checkAccountToken(db, "reset", input.email, input.token);
  const parsed = NewPassword.safeParse(input);
  if (!parsed.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(parsed.error) });
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await claimAccountToken(tx, tokenId, now);
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, "password_reset");
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: "password.reset",
      targetUserId: user.id,
      detail: { ip: clientIp },
    });
    await queueMail(tx, config, passwordChangedMail(config, user, now));
  });
}
