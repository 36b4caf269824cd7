// The member's own profile (SPEC §3 User, §7 POST /api/profile with _method PATCH). Only the signed-in
// member's row is ever written: ids in the body are ignored (ASVS 8.2.2, IDOR), and fields that need an
// administrator's approval (roles, approval flags, judge category and fields, business documents) are not
// part of the schema, so they cannot be set here (ASVS 15.3.3, mass assignment); /change converts.
// Changing the email or the password needs the current password (ASVS 6.2.3, 7.5.1); a new password
// ends the member's other sessions (ASVS 7.4.3). Marketing consents for e-mail and SMS are separate and
// each records when it was given or withdrawn (PIPA Art. 22, 정보통신망법 Art. 50).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog, sessions, type User, users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { emailChangedMail, passwordChangedMail } from "../mail/templates.ts";
import { fieldErrors } from "../validation.ts";
import { hashPassword, passwordSchema, verifyPassword } from "./passwords.ts";
import { assertUnder, clear, hit, type Limit } from "./rate-limit.ts";
import { verifySessionToken } from "./session.ts";
import type { FileService } from "../file/files.ts";
import { fileUrl } from "../file/present.ts";
import { dropReplaced, receiveProfileImages } from "./profile-images.ts";

type MailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;

const text = (max: number) => z.string().trim().max(max, "account.too_long");
const phone = text(20).regex(/^$|^\+?[0-9][0-9 -]{5,18}[0-9]$/, "account.invalid_phone");

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date <= new Date();
}

/** A checkbox or a JSON boolean. */
export const boolish = z.union([z.boolean(), z.enum(["on", "1", "true", "0", "false", ""])])
  .transform((v) => v === true || v === "on" || v === "1" || v === "true");

/** The contact and affiliation fields a member edits freely (also on the reapplication screen). */
export const ContactFields = z.object({
  name: text(50).min(1, "account.required"),
  name_en: text(100),
  phone,
  tel: phone,
  zip: text(10),
  address1: text(200),
  address2: text(200),
  city: text(100),
  state: text(100),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "account.invalid_country"),
  affiliation: text(100),
  department: text(100),
  position: text(100),
  degree: text(50),
  specialty: text(200),
  career_years: z.union([z.literal(""), z.null(), z.coerce.number().int("account.invalid_number").min(0).max(80)], {
    error: "account.invalid_number",
  }).transform((v) => (v === "" || v === null ? null : v)),
  career_description: text(2000),
  introduction: text(2000),
  birthday: z.union([z.literal(""), z.null(), z.string().trim().refine(isRealDate, "account.invalid_date")], {
    error: "account.invalid_date",
  }).transform((v) => (v ? v : null)),
}).partial();
export type ContactFields = z.infer<typeof ContactFields>;

/** Column of each contact field. */
const COLUMNS = {
  name: "name",
  name_en: "nameEn",
  phone: "phone",
  tel: "tel",
  zip: "zip",
  address1: "address1",
  address2: "address2",
  city: "city",
  state: "state",
  country: "country",
  affiliation: "affiliation",
  department: "department",
  position: "position",
  degree: "degree",
  specialty: "specialty",
  career_years: "careerYears",
  career_description: "careerDescription",
  introduction: "introduction",
  birthday: "birthday",
} as const satisfies Record<keyof ContactFields, keyof User>;

/** The columns to set for the contact fields present in the input, and which of them change. */
export function contactChanges(user: User, input: ContactFields) {
  const set: Partial<User> = {};
  const changed: string[] = [];
  for (const [field, column] of Object.entries(COLUMNS) as [keyof ContactFields, keyof User][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (user[column] !== value) changed.push(field);
    (set as Record<string, unknown>)[column] = value;
  }
  return { set, changed };
}

export const ProfileInput = ContactFields.extend({
  email: text(254).pipe(z.email("account.invalid_email")).optional(),
  locale: z.enum(["ko", "en"], { error: "account.invalid_choice" }).optional(),
  marketing_email: boolish.optional(),
  marketing_sms: boolish.optional(),
  current_password: z.string().max(128).optional(),
  /** Empty means "keep the password" (the form always sends the field). */
  password: z.string().max(128).optional(),
  password_confirmation: z.string().max(128).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** The member's profile as the API answers it (snake_case, SPEC §3 User). */
export function profileJson(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    name_en: user.nameEn,
    phone: user.phone,
    tel: user.tel,
    zip: user.zip,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    state: user.state,
    country: user.country,
    affiliation: user.affiliation,
    department: user.department,
    position: user.position,
    degree: user.degree,
    specialty: user.specialty,
    career_years: user.careerYears,
    career_description: user.careerDescription,
    introduction: user.introduction,
    birthday: user.birthday,
    marketing_email: user.marketingEmail,
    marketing_email_at: user.marketingEmailAt?.toISOString() ?? null,
    marketing_sms: user.marketingSms,
    marketing_sms_at: user.marketingSmsAt?.toISOString() ?? null,
    locale: user.locale,
    portrait: user.portraitId ? fileUrl.variant(user.portraitId, "external_thumbnail") : null,
    signature: user.signatureId ? fileUrl.download(user.signatureId) : null,
  };
}

export async function loadUser(tx: Tx, userId: number): Promise<User> {
  const [user] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.withdrawnAt))).limit(1);
  if (!user) throw new HttpError(401, "error.401");
  return user;
}

const invalid = (fields: Record<string, string[]>) =>
  new HttpError(422, "error.validation", "Validation failed", { fields });

/** Wrong current passwords of one member: 5 in 15 minutes, then 429 (a stolen session cannot guess on). */
export const passwordFailures = (userId: number): Limit => ({
  bucket: `account:pw:${userId}`,
  max: 5,
  windowSeconds: 15 * 60,
});

/** Checks the member's current password, counting failures; a wrong one is a 422 on `field`. */
export async function confirmPassword(db: Db, user: User, password: string | undefined, field: string) {
  if (!password) throw invalid({ [field]: ["account.current_password_required"] });
  await assertUnder(db, passwordFailures(user.id));
  if (!(await verifyPassword(user.passwordHash, password))) {
    await hit(db, passwordFailures(user.id));
    throw invalid({
      [field]: [field === "current_password" ? "account.current_password_wrong" : "account.password_wrong"],
    });
  }
  await clear(db, passwordFailures(user.id).bucket);
}

/** PostgreSQL's unique_violation, directly or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** The session id a session token names (to keep the current session when revoking the others). */
export async function sessionIdOf(token: string | null, secret: Uint8Array): Promise<string | null> {
  if (!token) return null;
  const check = await verifySessionToken(token, secret);
  return check.ok ? check.claims.sid : null;
}

export interface UpdateProfileOptions {
  /** The session making the change: it stays signed in when the password changes. */
  currentSessionId: string | null;
  clientIp: string;
  /** The portrait and signature files a multipart form sent (profile-images.ts). */
  images?: { files: FileService; sent: Record<string, File[]> };
}

/** The errors of a new password and its confirmation; none when the password field is empty. */
function newPasswordErrors(password: unknown, confirmation: unknown): Record<string, string[]> {
  if (typeof password !== "string" || password === "") return {};
  const check = z.object({ password: passwordSchema }).safeParse({ password });
  const fields = check.success ? {} : fieldErrors(check.error);
  if (password !== confirmation) fields.password_confirmation = ["password.mismatch"];
  return fields;
}

/** Updates the signed-in member's own profile; answers the saved profile. */
export async function updateProfile(
  db: Db,
  config: MailConfig,
  userId: number,
  body: Record<string, unknown>,
  options: UpdateProfileOptions,
): Promise<User> {
  const parsed = ProfileInput.safeParse(body);
  // Every field's errors at once: the new password's are checked even when another field is wrong.
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  Object.assign(errors, newPasswordErrors(body.password, body.password_confirmation));
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  const input = parsed.data;
  const user = await loadUser(db, userId);

  const newEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()
    ? input.email
    : undefined;
  const newPassword = input.password ? input.password : undefined;
  if (newEmail !== undefined) {
    const [taken] = await db.select({ id: users.id }).from(users)
      .where(and(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`, ne(users.id, user.id))).limit(1);
    if (taken) throw invalid({ email: ["account.email_taken"] });
  }
  if (newEmail !== undefined || newPassword !== undefined) {
    await confirmPassword(db, user, input.current_password, "current_password");
  }
  const passwordHash = newPassword !== undefined ? await hashPassword(newPassword) : undefined;
  const images = options.images
    ? await receiveProfileImages(options.images.files, user, options.images.sent, body)
    : { set: {}, replaced: [], added: [] };

  const now = new Date();
  const { set, changed } = contactChanges(user, input);
  if (input.locale !== undefined && input.locale !== user.locale) {
    set.locale = input.locale;
    changed.push("locale");
  }
  const consents: Record<string, boolean> = {};
  if (input.marketing_email !== undefined && input.marketing_email !== user.marketingEmail) {
    Object.assign(set, { marketingEmail: input.marketing_email, marketingEmailAt: now });
    consents.marketing_email = input.marketing_email;
  }
  if (input.marketing_sms !== undefined && input.marketing_sms !== user.marketingSms) {
    Object.assign(set, { marketingSms: input.marketing_sms, marketingSmsAt: now });
    consents.marketing_sms = input.marketing_sms;
  }
  if (newEmail !== undefined) {
    set.email = newEmail;
    changed.push("email");
  }
  if (passwordHash !== undefined) {
    Object.assign(set, { passwordHash, passwordChangedAt: now });
    changed.push("password");
  }
  Object.assign(set, images.set);
  if ("portraitId" in images.set) changed.push("portrait");
  if ("signatureId" in images.set) changed.push("signature");

  try {
    const saved = await db.transaction(async (tx) => {
      const [saved] = await tx.update(users).set({ ...set, updatedAt: now }).where(eq(users.id, user.id))
        .returning();
      if (passwordHash !== undefined) {
        const others = options.currentSessionId ? ne(sessions.id, options.currentSessionId) : undefined;
        await tx.update(sessions).set({ revokedAt: now, revokedReason: "password_change" })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), others));
        await queueMail(tx, config, passwordChangedMail(config, saved, now));
      }
      if (newEmail !== undefined) await queueMail(tx, config, emailChangedMail(saved, user.email, now));
      if (changed.length || Object.keys(consents).length) {
        // Which fields changed, never their values (no personal data in the log).
        await tx.insert(auditLog).values({
          actorId: user.id,
          action: "profile.update",
          targetUserId: user.id,
          detail: { fields: changed, consents, ip: options.clientIp },
        });
      }
      return saved;
    });
    if (options.images) await dropReplaced(options.images.files, images.replaced);
    return saved;
  } catch (err) {
    // Nothing was saved: the images stored for this request go again.
    for (const file of images.added) await options.images?.files.remove(file);
    // Two members taking the same address at once: the unique index decides.
    if (isUniqueViolation(err)) {
      throw invalid({ email: ["account.email_taken"] });
    }
    throw err;
  }
}
