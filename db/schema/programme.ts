// Forms, programmes, business support and education (SPEC §1, §3 Support programme, Programme, Form,
// Education; §4 support programme statuses). A form is a versioned tree of components (domain/form/):
// answers keep the version they were given in, so editing a form never changes what was answered. One
// `programmes` table holds the three things people apply to with a form — programmes, business-support
// calls and education courses — told apart by `kind`; their statuses come from the dates
// (domain/programme/status.ts), never stored. Applications carry the review status of
// domain/programme/review.ts; a course's waiting list is its applications in `waiting`, oldest first.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import type { AddressAnswer, FormComponent } from "../../domain/form/model.ts";
import type { ApplicationStatus, ProgrammeKind } from "../../domain/programme/kinds.ts";

export const forms = pgTable("forms", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  /** The version new answers are given in (the newest). */
  version: integer("version").notNull().default(1),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [index("forms_updated_idx").on(t.updatedAt, t.id)]);

/** Each version's tree; a version that has answers is never changed again (a new one is made). */
export const formVersions = pgTable("form_versions", {
  id: serial("id").primaryKey(),
  formId: integer("form_id").notNull().references(() => forms.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  components: jsonb("components").$type<FormComponent[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: now("created_at"),
}, (t) => [uniqueIndex("form_versions_form_version_idx").on(t.formId, t.version)]);

export const programmes = pgTable("programmes", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<ProgrammeKind>().notNull(),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  summary: label("summary"),
  summaryEn: label("summary_en"),
  /** The notice: plain text shown on the programme's page. */
  notice: label("notice"),
  noticeEn: label("notice_en"),
  /** A category label (education categories, programme categories). */
  category: label("category"),
  categoryEn: label("category_en"),
  contact: label("contact"),
  /** A course's teacher and their profile. */
  teacher: label("teacher"),
  teacherEn: label("teacher_en"),
  teacherProfile: label("teacher_profile"),
  teacherProfileEn: label("teacher_profile_en"),
  /** A course's sessions, one line each ("2026-12-01 14:00 Typography basics"). */
  sessions: label("sessions"),
  formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
  /** Role codes that may apply; empty means any signed-in member (domain/programme/apply.ts). */
  roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
  applyFrom: at("apply_from"),
  applyTo: at("apply_to"),
  businessFrom: at("business_from"),
  businessTo: at("business_to"),
  /** Places of a course (0: no limit); enrolments beyond it wait. */
  capacity: integer("capacity").notNull().default(0),
  /** Integer KRW; 0 is free. */
  fee: integer("fee").notNull().default(0),
  /** SPEC §3 Programme "pagination flag": whether the list of entries is public (else each sees their own). */
  publicList: boolean("public_list").notNull().default(false),
  /** Notice files (files.id, public). */
  fileIds: integer("file_ids").array().notNull().default(sql`'{}'::integer[]`),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // Public lists: one kind, newest first.
  index("programmes_kind_idx").on(t.kind, t.id),
  index("programmes_kind_apply_idx").on(t.kind, t.applyTo, t.id),
  // The education list's category filter.
  index("programmes_kind_category_idx").on(t.kind, t.category, t.id),
]);

export const applications = pgTable("applications", {
  id: serial("id").primaryKey(),
  programmeId: integer("programme_id").notNull().references(() => programmes.id, { onDelete: "restrict" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  status: text("status").$type<ApplicationStatus>().notNull(),
  formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
  /** The form version the answers were given in. */
  formVersion: integer("form_version"),
  answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Every file the answers name (files.id), for access checks and the documents zip. */
  fileIds: integer("file_ids").array().notNull().default(sql`'{}'::integer[]`),
  /** The reason given with a rejection. */
  reason: label("reason"),
  /** A course: sessions attended (recorded by staff), and when the course was completed. */
  attended: integer("attended").notNull().default(0),
  completedAt: at("completed_at"),
  /**
   * A paid course (domain/programme/fees.ts): the fee decided at enrolment (integer KRW, 0 free), until when
   * an unpaid enrolment holds its place (null while waiting or when nothing is due), when it was paid
   * through the payment module and when an administrator refunded it.
   */
  fee: integer("fee").notNull().default(0),
  payDue: at("pay_due"),
  paidAt: at("paid_at"),
  refundedAt: at("refunded_at"),
  decidedAt: at("decided_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // The review table's order under each filter (all, one status).
  index("applications_programme_idx").on(t.programmeId, t.id),
  index("applications_programme_status_idx").on(t.programmeId, t.status, t.id),
  // My page: one's own applications, newest first.
  index("applications_user_idx").on(t.userId, t.id),
  // One live application per person and programme (a cancelled one may be made again).
  // The sweep of unpaid holds past their time (domain/programme/fees.ts releaseLapsedHolds).
  index("applications_pay_due_idx").on(t.payDue).where(sql`${t.paidAt} is null and ${t.payDue} is not null`),
  uniqueIndex("applications_one_live_idx").on(t.programmeId, t.userId).where(sql`${t.status} <> 'cancelled'`),
]);

/**
 * The local postal-address provider's rows (domain/form/postal.ts): real Korean road-name addresses
 * searched when no juso.go.kr key is configured.
 */
export const postalAddresses = pgTable("postal_addresses", {
  id: serial("id").primaryKey(),
  zip: text("zip").notNull(),
  road: text("road").notNull(),
  roadEn: label("road_en"),
  building: label("building"),
  city: text("city").notNull(),
  district: text("district").notNull(),
}, (t) => [index("postal_addresses_zip_idx").on(t.zip)]);

export type FormRow = typeof forms.$inferSelect;
export type FormVersionRow = typeof formVersions.$inferSelect;
export type ProgrammeRow = typeof programmes.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type PostalAddressRow = typeof postalAddresses.$inferSelect;
export type { AddressAnswer };
