// Signing in (SPEC §7 POST /api/login, §8 Auth). Rate limits: 6 attempts a minute and 30 an hour per
// client address, and after 5 failures for one account a 15-minute back-off (research/security.md §1.2).
// An unknown user costs the same time and gets the same answer as a wrong password.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { DUMMY_HASH, verifyPassword } from "./passwords.ts";
import { awaitsApproval, effectiveRoles, hasAnyRole, type Viewer } from "./permissions.ts";
import { assertUnder, clear, consume, hit, type Limit } from "./rate-limit.ts";
import { createSession, type SessionOrigin, signSessionToken } from "./session.ts";
import { roleEntries, type SessionUser } from "./viewer.ts";

export const LoginInput = z.object({
  username: z.string().trim().toLowerCase().min(1, "auth.username_required").max(64),
  password: z.string().min(1, "auth.password_required").max(128),
  remember: z.union([z.boolean(), z.enum(["on", "1", "true", "0", "false"])]).optional()
    .transform((v) => v === true || v === "on" || v === "1" || v === "true"),
  /** A client (not a browser) asks for a bearer token in the answer instead of a cookie (issue 20 §6). */
  bearer: z.union([z.boolean(), z.enum(["1", "true", "0", "false"])]).optional()
    .transform((v) => v === true || v === "1" || v === "true"),
  /** The client's name, shown in the member's list of sessions. */
  client: z.string().trim().max(80).optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

const ipLimits = (ip: string): Limit[] => [
  { bucket: `login:ip:m:${ip}`, max: 6, windowSeconds: 60 },
  { bucket: `login:ip:h:${ip}`, max: 30, windowSeconds: 3600 },
];
const accountFailures = (username: string): Limit => ({
  bucket: `login:fail:${username}`,
  max: 5,
  windowSeconds: 15 * 60,
});

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
  viewer: Viewer;
  roles: string[];
}

/** `origin`: the kind of session to start (a browser cookie unless the caller issues a bearer token). */
export async function login(
  db: Db,
  secret: Uint8Array,
  input: LoginInput,
  clientIp: string,
  origin: SessionOrigin = { kind: "browser" },
): Promise<LoginResult> {
  await consume(db, ipLimits(clientIp));
  await assertUnder(db, accountFailures(input.username));

  const [user] = await db.select().from(users)
    .where(and(sql`${users.username} = ${input.username}`, isNull(users.withdrawnAt))).limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.password);
  if (!user || !valid) {
    await hit(db, accountFailures(input.username));
    throw new HttpError(401, "auth.failed");
  }
  await clear(db, accountFailures(input.username).bucket);

  const entries = await roleEntries(db, user.id);
  const viewer: Viewer = { id: user.id, roles: entries };
  if (awaitsApproval(viewer)) {
    const rejected = entries.length > 0 && entries.every((r) => r.rejected);
    throw new HttpError(403, rejected ? "auth.join_rejected" : "auth.awaiting_approval");
  }
  if (!hasAnyRole(viewer)) throw new HttpError(403, "auth.no_access");

  const session = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return await createSession(tx, user.id, viewer, origin);
  });
  const token = await signSessionToken({ sid: session.id, uid: user.id }, session.expiresAt, secret);
  return {
    token,
    expiresAt: session.expiresAt,
    viewer,
    roles: effectiveRoles(viewer),
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      name: user.name,
      nameEn: user.nameEn,
      locale: user.locale,
    },
  };
}

/**
 * GET /api/identify's and POST /api/login's answer (SPEC §7): `{ jwt, user, roles }`, user id 0 and role
 * anonymous for nobody. `jwt` is null unless the session is a bearer token (issue 20 §6).
 */
export function identityJson(token: string | null, user: SessionUser | null, viewer: Viewer) {
  return {
    jwt: token,
    user: user
      ? { id: user.id, username: user.username, email: user.email, name: user.name, name_en: user.nameEn }
      : { id: 0 },
    roles: effectiveRoles(viewer),
  };
}
