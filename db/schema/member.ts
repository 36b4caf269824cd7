// Members (SPEC §3 User, Role entry, Device; §4 Member application): accounts, roles with the approval
// pivot, judge careers and educations, applications and conversions, reset tokens, sessions, audit log.
import { at, now } from "./columns.ts";
import { sql } from "drizzle-orm";
import { files } from "./file.ts";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  /** Lowercase user ID (SPEC §5). */
  username: text("username").notNull(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
  phone: text("phone").notNull().default(""),
  tel: text("tel").notNull().default(""),
  address1: text("address1").notNull().default(""),
  address2: text("address2").notNull().default(""),
  city: text("city").notNull().default(""),
  state: text("state").notNull().default(""),
  zip: text("zip").notNull().default(""),
  /** ISO country code; KR means a Korean member. */
  country: text("country").notNull().default("KR"),
  affiliation: text("affiliation").notNull().default(""),
  department: text("department").notNull().default(""),
  position: text("position").notNull().default(""),
  degree: text("degree").notNull().default(""),
  specialty: text("specialty").notNull().default(""),
  careerYears: integer("career_years"),
  /** Academic position (SPEC §5 judge qualification: assistant professor or above); see judge-qualification.ts. */
  academicPosition: text("academic_position").notNull().default(""),
  careerDescription: text("career_description").notNull().default(""),
  introduction: text("introduction").notNull().default(""),
  birthday: date("birthday"),
  businessNo: text("business_no").notNull().default(""),
  marketingEmail: boolean("marketing_email").notNull().default(false),
  marketingEmailAt: at("marketing_email_at"),
  marketingSms: boolean("marketing_sms").notNull().default(false),
  marketingSmsAt: at("marketing_sms_at"),
  /** The kinds of push notification the member has turned off (domain/notify/push.ts PUSH_KINDS). */
  pushOff: text("push_off").array().notNull().default(sql`'{}'::text[]`),
  /** Judge category (ibda, dcb, shoes) and fields applied for. */
  judgeCategory: text("judge_category").notNull().default(""),
  judgeFields: text("judge_fields").array().notNull().default(sql`'{}'::text[]`),
  /** The language mail is written in. */
  locale: text("locale").notNull().default("ko"),
  /** SPEC §3 User: portrait photo (public) and signature image (the member's and the administrators'). */
  portraitId: integer("portrait_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
  signatureId: integer("signature_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
  sort: integer("sort").notNull().default(0),
  termsAgreedAt: at("terms_agreed_at"),
  privacyAgreedAt: at("privacy_agreed_at"),
  passwordChangedAt: at("password_changed_at"),
  lastLoginAt: at("last_login_at"),
  /** Set on withdrawal: personal data is erased then and the row keeps only an anonymised author. */
  withdrawnAt: at("withdrawn_at"),
  /**
   * The members list's approval state (waiting, rejected, approved), kept by triggers on user_roles,
   * membership_changes and roles in the transaction of every change (migration 0016), so the state filters
   * read an index instead of deriving the state of every member (issue 22).
   */
  approvalState: text("approval_state").notNull().default("approved"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  uniqueIndex("users_username_idx").on(t.username),
  uniqueIndex("users_email_idx").on(sql`lower(${t.email})`),
  // The members list's order (newest first) over the live members (issue 22).
  index("users_live_created_idx").on(t.createdAt, t.id).where(sql`${t.withdrawnAt} is null`),
  index("users_live_state_created_idx").on(t.approvalState, t.createdAt, t.id).where(sql`${t.withdrawnAt} is null`),
]);

export const roles = pgTable("roles", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  /** A role that needs approval counts only once approved (SPEC §6). */
  needsApproval: boolean("needs_approval").notNull().default(false),
  sort: integer("sort").notNull().default(0),
});

export const userRoles = pgTable("user_roles", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  roleCode: text("role_code").notNull().references(() => roles.code),
  /** The pivot's approved flag. */
  approved: boolean("approved").notNull().default(false),
  rejected: boolean("rejected").notNull().default(false),
  /** A tester may submit at any time (SPEC §6). */
  testable: boolean("testable").notNull().default(false),
  decidedBy: integer("decided_by"),
  decidedAt: at("decided_at"),
  reason: text("reason").notNull().default(""),
  createdAt: now("created_at"),
}, (t) => [
  primaryKey({ columns: [t.userId, t.roleCode] }),
  // The members list's role filter and its waiting / rejected states (issue 22).
  index("user_roles_role_idx").on(t.roleCode, t.userId),
  index("user_roles_undecided_idx").on(t.userId).where(sql`not ${t.approved} and not ${t.rejected}`),
  index("user_roles_rejected_idx").on(t.userId).where(sql`${t.rejected}`),
]);

/**
 * How many live members hold each role in each approval flag pair, kept by triggers on user_roles and users
 * (migration 0012) so /management/user's role counts never aggregate user_roles (issue 22).
 */
export const userRoleCounts = pgTable("user_role_counts", {
  roleCode: text("role_code").notNull(),
  approved: boolean("approved").notNull(),
  rejected: boolean("rejected").notNull(),
  members: integer("members").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.roleCode, t.approved, t.rejected] })]);

export const judgeCareers = pgTable("judge_careers", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The judge role this career supports (ibda, dcb, shoes). */
  roleCode: text("role_code").notNull(),
  organization: text("organization").notNull(),
  position: text("position").notNull().default(""),
  startedOn: text("started_on").notNull().default(""),
  endedOn: text("ended_on").notNull().default(""),
  description: text("description").notNull().default(""),
}, (t) => [index("judge_careers_user_idx").on(t.userId)]);

export const judgeEducations = pgTable("judge_educations", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  school: text("school").notNull(),
  major: text("major").notNull().default(""),
  degree: text("degree").notNull().default(""),
  graduatedOn: text("graduated_on").notNull().default(""),
}, (t) => [index("judge_educations_user_idx").on(t.userId)]);

/** Uploaded member documents (business certificate, design certificate, regional proof, portrait, signature). */
export const memberDocuments = pgTable("member_documents", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  filename: text("filename").notNull(),
  mimetype: text("mimetype").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: now("created_at"),
}, (t) => [index("member_documents_user_idx").on(t.userId, t.kind)]);

/** Join applications, membership conversions and judge-field changes awaiting a decision (SPEC §4). */
export const membershipChanges = pgTable("membership_changes", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").$type<"join" | "conversion" | "judge_field">().notNull(),
  fromRoles: text("from_roles").array().notNull().default(sql`'{}'::text[]`),
  toRoles: text("to_roles").array().notNull().default(sql`'{}'::text[]`),
  /** The fields the change sets, applied on approval. */
  fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
  status: text("status").$type<"waiting" | "approved" | "rejected">().notNull().default("waiting"),
  reason: text("reason").notNull().default(""),
  decidedBy: integer("decided_by"),
  decidedAt: at("decided_at"),
  createdAt: now("created_at"),
}, (t) => [
  index("membership_changes_user_idx").on(t.userId, t.status),
  // A member's changes newest first, and the waiting ones the members list looks for (issue 22).
  index("membership_changes_user_created_idx").on(t.userId, t.createdAt, t.id),
  index("membership_changes_waiting_idx").on(t.userId).where(sql`${t.status} = 'waiting'`),
  // The management home's counts of waiting conversions and judge-field changes, read in the index alone: by
  // the index above, none waiting of one kind still read every waiting change of the others.
  index("membership_changes_waiting_kind_idx").on(t.kind, t.id).where(sql`${t.status} = 'waiting'`),
]);

/** Single-use tokens for password reset and reapplication, stored hashed. */
export const accountTokens = pgTable("account_tokens", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose").$type<"reset" | "reapply">().notNull(),
  tokenHash: text("token_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: at("used_at"),
  createdAt: now("created_at"),
}, (t) => [uniqueIndex("account_tokens_hash_idx").on(t.tokenHash)]);

/** A signed-in session: the JWT names it, so revoking the row ends the session on its next request. */
export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: now("created_at"),
  lastSeenAt: now("last_seen_at"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: at("revoked_at"),
  revokedReason: text("revoked_reason"),
  /** `browser`: the session cookie; `bearer`: a short-lived token a client asked for (issue 20 §6). */
  kind: text("kind").notNull().default("browser"),
  /** What started it (the browser's or client's User-Agent, cut short), for the member's list. */
  label: text("label"),
}, (t) => [index("sessions_user_idx").on(t.userId)]);

export const devices = pgTable("devices", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  deviceId: text("device_id").notNull(),
  token: text("token").notNull(),
  lang: text("lang").notNull().default("ko"),
  createdAt: now("created_at"),
}, (t) => [uniqueIndex("devices_device_idx").on(t.deviceId)]);

export const auditLog = pgTable("audit_log", {
  id: serial("id").primaryKey(),
  actorId: integer("actor_id"),
  action: text("action").notNull(),
  targetUserId: integer("target_user_id"),
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: now("created_at"),
}, (t) => [index("audit_log_target_idx").on(t.targetUserId)]);

/**
 * A member's bank account (SPEC §3 Bank: name, account number, holder), one per member: contest hosts
 * receive refunds and winners their prizes here. The number is shown masked except to its owner and
 * administrators; every change and every administrator's reading of the whole number is in audit_log.
 */
export const bankAccounts = pgTable("bank_accounts", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  /** The bank's 3-digit code (domain/member/bank.ts BANKS). */
  bankCode: text("bank_code").notNull(),
  /** Digits and dashes as the member wrote them. */
  accountNumber: text("account_number").notNull(),
  holder: text("holder").notNull(),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
});

/** Fixed-window counters shared by every instance (rate limits answer 429). */
export const rateLimits = pgTable("rate_limits", {
  bucket: text("bucket").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Mail is written here in the transaction that causes it, then delivered (SMTP or the dev mailbox). */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  fromName: text("from_name").notNull(),
  fromEmail: text("from_email").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  locale: text("locale").notNull().default("ko"),
  /** SPEC §3 Notification payload type; 2 is other notification. */
  type: integer("type").notNull().default(1),
  status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  error: text("error"),
  sentAt: at("sent_at"),
  createdAt: now("created_at"),
}, (t) => [index("outbox_status_idx").on(t.status, t.id)]);

/** The management sub-paths (first segment under /management) a non-administrator role may reach. */
export const managementGrants = pgTable("management_grants", {
  roleCode: text("role_code").notNull().references(() => roles.code, { onDelete: "cascade" }),
  section: text("section").notNull(),
}, (t) => [primaryKey({ columns: [t.roleCode, t.section] })]);

export type User = typeof users.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type MembershipChange = typeof membershipChanges.$inferSelect;
export type BankAccount = typeof bankAccounts.$inferSelect;
