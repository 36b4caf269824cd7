// Member registration (SPEC §2.5 member registration, §5, §7 POST /api/register): validates the payload and
// its documents, then creates the user, roles, judge careers and educations, documents, the join
// application and the mail in ONE transaction. Roles come only from the member type (never from the body).
import type { Db, Tx } from "../../db/client.ts";
import {
  judgeCareers,
  judgeEducations,
  memberDocuments,
  membershipChanges,
  userRoles,
  users,
} from "../../db/schema/member.ts";
import type { Config, Locale } from "../../fresh.config.ts";
import { HttpError } from "../../framework/errors.ts";
import { createTranslator } from "../../i18n/mod.ts";
import { queueMail } from "../mail/outbox.ts";
import type { Body } from "../request.ts";
import { readBody } from "../request.ts";
import { type MemberDocument, readDocuments } from "./documents.ts";
import { isReadablePdf } from "../file/pdf.ts";
import { judgeQualification } from "./judge-qualification.ts";
import { hashPassword } from "./passwords.ts";
import { consume } from "./rate-limit.ts";
import {
  issuesToFields,
  MAX_REGISTER_BODY_BYTES,
  MemberTypeInput,
  RegisterFormInput,
  type RegisterInput as RegisterData,
  rolesFor,
  unflatten,
} from "./register-schema.ts";
import { countTaken } from "./unique.ts";

/** The server validates with the same schema as the browser. */
export const RegisterInput = RegisterFormInput;
export type RegisterInput = RegisterData;

export interface Registered {
  id: number;
  username: string;
  /** "waiting" when a role needs an administrator's approval (SPEC §4 Member application). */
  status: "active" | "waiting";
}

/** 10 registration attempts an hour per client address (issue 3 §4). */
export const registerLimit = (clientIp: string) => ({
  bucket: `register:ip:${clientIp}`,
  max: 10,
  windowSeconds: 3600,
});

/**
 * Reads a registration request without ever holding more than 20 MB: a larger Content-Length is refused
 * unread, and a body without one is cut off as soon as it grows past the limit. Both are 413.
 */
export async function readRegistrationBody(req: Request): Promise<Body> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (declared > MAX_REGISTER_BODY_BYTES) throw new HttpError(413, "error.413", "Payload Too Large");
  if (!req.body || req.headers.has("content-length")) return await readBody(req);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REGISTER_BODY_BYTES) {
      await reader.cancel();
      throw new HttpError(413, "error.413", "Payload Too Large");
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return await readBody(new Request(req.url, { method: req.method, headers: req.headers, body: new Blob(chunks) }));
}

export interface RegisterContext {
  clientIp: string;
  /** The site's language: the member's mails are written in it. */
  locale: Locale;
}

const invalid = (key: string, fields: Record<string, string[]>) =>
  new HttpError(422, key, "Validation failed", { fields });

/**
 * Validates a registration (body fields, documents, free username and e-mail) and collects every problem
 * into one 422, so a form can show them all at once. The top-level key is `error.validation` for input
 * errors, otherwise the first specific one (`register.bad_file`, `register.username_taken`, …).
 */
export async function validateRegistration(
  db: Tx,
  { body, files }: Pick<Body, "body" | "files">,
): Promise<{ input: RegisterInput; documents: MemberDocument[] }> {
  const parsed = RegisterInput.safeParse(unflatten(body));
  const fields: Record<string, string[]> = parsed.success ? {} : issuesToFields(parsed.error.issues);
  const inputErrors = Object.keys(fields).length > 0;
  const add = (field: string, key: string) => (fields[field] ??= []).push(key);

  const type = parsed.success ? parsed.data.type : MemberTypeInput.safeParse(body.type).data;
  const documents: MemberDocument[] = [];
  if (type) {
    const read = await readDocuments(type, files);
    for (const [field, keys] of Object.entries(read.errors)) keys.forEach((k) => add(field, k));
    // The first bytes say "PDF"; the server also makes sure the rest is one (issue 20 §4).
    for (const doc of read.documents) {
      if (doc.mimetype === "application/pdf" && !(await isReadablePdf(doc.data))) add(doc.kind, "register.bad_file");
      else documents.push(doc);
    }
  }
  // Whether the user ID and e-mail are free is asked only of well-formed values.
  for (const [field, column] of [["username", "users.username"], ["email", "users.email"]] as const) {
    const value = typeof body[field] === "string" ? body[field].trim() : "";
    if (!value || fields[field]) continue;
    if (await countTaken(db, column, value) > 0) add(field, `register.${field}_taken`);
  }
  if (Object.keys(fields).length > 0) {
    const keys = Object.values(fields).flat();
    // A judge whose only problem is the qualification hears so by name (SPEC §5, §8).
    const onlyQualification = keys.every((k) => k === "judge.not_qualified");
    throw invalid(inputErrors && !onlyQualification ? "error.validation" : keys[0], fields);
  }
  return { input: (parsed as { data: RegisterInput }).data, documents };
}

/** POST /api/register and the /register page's last step. */
export async function registerMember(
  db: Db,
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">,
  request: Pick<Body, "body" | "files">,
  ctx: RegisterContext,
): Promise<Registered> {
  // Counted before validation, so neither accounts nor user IDs can be probed in bulk.
  await consume(db, [registerLimit(ctx.clientIp)]);
  const { input, documents } = await validateRegistration(db, request);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction((tx) => createMember(tx, config, input, documents, passwordHash, ctx.locale));
  } catch (err) {
    // Two registrations raced past the check above: the unique index decides.
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    const field = constraint.includes("email") ? "email" : "username";
    throw invalid(`register.${field}_taken`, { [field]: [`register.${field}_taken`] });
  }
}

async function createMember(
  tx: Tx,
  config: Pick<Config, "mailFrom" | "mailFromName" | "publicUrl">,
  input: RegisterInput,
  documents: MemberDocument[],
  passwordHash: string,
  locale: Locale,
): Promise<Registered> {
  const now = new Date();
  const judge = input.type === "judge";
  const company = input.type === "design" || input.type === "company";
  const [user] = await tx.insert(users).values({
    username: input.username,
    email: input.email,
    passwordHash,
    name: input.name,
    nameEn: input.name_en,
    phone: input.phone,
    zip: input.zip,
    address1: input.address1,
    address2: input.address2,
    // SPEC §3 User: the country is taken from the language (KR means Korean)
    country: locale === "ko" ? "KR" : "",
    affiliation: company ? "" : input.affiliation,
    department: company ? "" : input.department,
    position: company ? "" : input.position,
    businessNo: company ? formatBusinessNo(input.business_no) : "",
    degree: judge ? input.degree : "",
    specialty: judge ? input.specialty : "",
    // SPEC §5 judge qualification, recorded as computed from the careers when the application was made
    careerYears: judge ? judgeQualification({ careers: input.careers, academicPosition: "" }).years : null,
    academicPosition: judge ? input.academic_position : "",
    judgeFields: judge ? input.judge_fields : [],
    judgeCategory: judge ? input.judge_category : "",
    marketingEmail: input.marketing_email,
    marketingEmailAt: input.marketing_email ? now : null,
    marketingSms: input.marketing_sms,
    marketingSmsAt: input.marketing_sms ? now : null,
    locale,
    termsAgreedAt: now,
    privacyAgreedAt: now,
    passwordChangedAt: now,
  }).returning({ id: users.id, username: users.username });

  const roles = rolesFor(input.type, input.judge_fields);
  await tx.insert(userRoles).values(roles.map((r) => ({
    userId: user.id,
    roleCode: r.code,
    approved: r.approved,
    decidedAt: r.approved ? now : null,
  })));
  if (judge) {
    await tx.insert(judgeCareers).values(input.careers.map((c) => ({
      userId: user.id,
      roleCode: c.role,
      organization: c.organization,
      position: c.position,
      startedOn: c.from,
      endedOn: c.to,
    })));
    await tx.insert(judgeEducations).values(input.educations.map((e) => ({
      userId: user.id,
      school: e.school,
      major: e.major,
      degree: e.degree,
    })));
  }
  if (documents.length > 0) {
    await tx.insert(memberDocuments).values(documents.map((d) => ({ userId: user.id, ...d })));
  }
  const waiting = roles.filter((r) => !r.approved).map((r) => r.code);
  if (waiting.length > 0) {
    await tx.insert(membershipChanges).values({
      userId: user.id,
      kind: "join",
      toRoles: waiting,
      fields: { type: input.type },
      status: "waiting",
    });
  }
  await queueMail(tx, config, joinMail(config, input, locale, waiting.length > 0));
  return { id: user.id, username: user.username, status: waiting.length > 0 ? "waiting" : "active" };
}

/** Welcome for individuals; "application received, awaiting approval" otherwise; in the member's language. */
export function joinMail(config: Pick<Config, "publicUrl">, input: RegisterInput, locale: Locale, waiting: boolean) {
  const t = createTranslator(locale);
  const params = {
    name: locale === "en" && input.name_en ? input.name_en : input.name,
    username: input.username,
    link: `${config.publicUrl}${locale === "en" ? "/en" : ""}/login`,
    type: t(`register.types.${input.type}`),
  };
  const body = !waiting
    ? "register.mail.welcomeBody"
    : input.type === "judge"
    ? "register.mail.judgeBody"
    : "register.mail.waitingBody";
  return {
    to: input.email,
    subject: t(waiting ? "register.mail.waitingSubject" : "register.mail.welcomeSubject"),
    body: t(body, params),
    locale,
  };
}

/** 1234567890 → 123-45-67890, the way Korean business registration numbers are written. */
export function formatBusinessNo(value: string): string {
  const d = value.replace(/\D/g, "");
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : value;
}

/** The constraint a unique_violation broke (postgres.js and PGlite name it differently), or null. */
function uniqueViolation(err: unknown): string | null {
  type PgError = { code?: string; constraint_name?: string; constraint?: string };
  const e = err as (PgError & { cause?: PgError }) | null;
  const pg = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : null;
  return pg ? (pg.constraint_name ?? pg.constraint ?? "") : null;
}
