// The job portal and talent sharing (SPEC §1, §3 Job employ, Resume / job seeker, Share; §4 statuses):
// company postings, one resume per individual member, applications of a resume to a posting (one per
// resume and posting), shares (talent donated or requested) and the applications to them, and the opt-in
// settings of a member's public designer profile. Codes are the lists of domain/job/options.ts.
import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, label, now } from "./columns.ts";
import { users } from "./member.ts";
import { files } from "./file.ts";
import type {
  ApplicationStatus,
  ApplyMethod,
  Career,
  CompanyType,
  Education,
  EmployType,
  Gender,
  HolidayType,
  Insurance,
  Occupation,
  PostingStatus,
  Region,
  ResumeStatus,
  SalaryType,
  ShareStatus,
  ShareType,
  WorkerNum,
  WorkHour,
} from "../../domain/job/options.ts";

const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: "set null" });

export const jobPostings = pgTable("job_postings", {
  id: serial("id").primaryKey(),
  companyId: integer("company_id").notNull().references(() => users.id, { onDelete: "restrict" }),
  // Step 1, the company
  company: text("company").notNull(),
  companyEn: label("company_en"),
  companyType: text("company_type").$type<CompanyType>().notNull(),
  workerNum: text("worker_num").$type<WorkerNum>().notNull(),
  logoId: fileRef("logo_id"),
  contact: label("contact"),
  // Step 2, the position
  title: text("title").notNull(),
  titleEn: label("title_en"),
  occupation: text("occupation").$type<Occupation>().notNull(),
  duties: label("duties"),
  dutiesEn: label("duties_en"),
  region: text("region").$type<Region>().notNull(),
  education: text("education").$type<Education>().notNull(),
  career: text("career").$type<Career>().notNull(),
  /** Integer KRW per `salaryType` (D, H, M, Y); 0 means by agreement. */
  salary: bigint("salary", { mode: "number" }).notNull().default(0),
  salaryType: text("salary_type").$type<SalaryType>().notNull(),
  employType: text("employ_type").$type<EmployType>().notNull(),
  holidayType: text("holiday_type").$type<HolidayType>().notNull(),
  workHour: text("work_hour").$type<WorkHour>().notNull(),
  welfare: label("welfare"),
  preferences: label("preferences"),
  severance: boolean("severance").notNull().default(true),
  insurance: text("insurance").array().$type<Insurance[]>().notNull().default(sql`'{}'::text[]`),
  applyMethod: text("apply_method").$type<ApplyMethod>().notNull(),
  papers: label("papers"),
  hireCount: integer("hire_count").notNull().default(1),
  /** The last day (Asia/Seoul) applications are taken; the posting is done after it. */
  closeOn: date("close_on", { mode: "string" }).notNull(),
  status: text("status").$type<PostingStatus>().notNull().default("recruiting"),
  applicationCount: integer("application_count").notNull().default(0),
  /** The "closes tomorrow" mail went out. */
  remindedAt: at("reminded_at"),
  closedAt: at("closed_at"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  // The public list: recruiting postings newest first, optionally by region, occupation, career, type.
  index("job_postings_list_idx").on(t.status, t.id),
  index("job_postings_region_idx").on(t.status, t.region, t.id),
  index("job_postings_occupation_idx").on(t.status, t.occupation, t.id),
  index("job_postings_career_idx").on(t.status, t.career, t.id),
  index("job_postings_type_idx").on(t.status, t.employType, t.id),
  // Every filter at once: the matches in id order from the index alone, instead of the heap rows of one
  // filter's matches read and checked one by one (at 100,000 postings 2,700 blocks for 26 rows).
  index("job_postings_filters_idx").on(t.status, t.region, t.occupation, t.career, t.employType, t.id),
  index("job_postings_close_idx").on(t.status, t.closeOn),
  index("job_postings_company_idx").on(t.companyId, t.id),
]);

export const resumes = pgTable("resumes", {
  id: serial("id").primaryKey(),
  /** One resume per individual member. */
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  titleEn: label("title_en"),
  gender: text("gender").$type<Gender>().notNull(),
  occupation: text("occupation").$type<Occupation>().notNull(),
  region: text("region").$type<Region>().notNull(),
  career: text("career").$type<Career>().notNull(),
  education: text("education").$type<Education>().notNull(),
  employType: text("employ_type").$type<EmployType>().notNull(),
  /** http(s) only (SPEC §5 URL). */
  portfolioUrl: label("portfolio_url"),
  introduction: label("introduction"),
  introductionEn: label("introduction_en"),
  /** Integer KRW per `desiredPayType`; 0 means by agreement. */
  desiredPay: bigint("desired_pay", { mode: "number" }).notNull().default(0),
  desiredPayType: text("desired_pay_type").$type<SalaryType>().notNull().default("Y"),
  photoId: fileRef("photo_id"),
  /** SPEC §4 resume status: true (looking) or false (completed). */
  status: text("status").$type<ResumeStatus>().notNull().default("looking"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  uniqueIndex("resumes_user_idx").on(t.userId),
  index("resumes_list_idx").on(t.status, t.id),
  index("resumes_region_idx").on(t.status, t.region, t.id),
  index("resumes_occupation_idx").on(t.status, t.occupation, t.id),
  index("resumes_career_idx").on(t.status, t.career, t.id),
  index("resumes_type_idx").on(t.status, t.employType, t.id),
  index("resumes_filters_idx").on(t.status, t.region, t.occupation, t.career, t.employType, t.id),
]);

export const jobApplications = pgTable("job_applications", {
  id: serial("id").primaryKey(),
  postingId: integer("posting_id").notNull().references(() => jobPostings.id, { onDelete: "cascade" }),
  resumeId: integer("resume_id").notNull().references(() => resumes.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  message: label("message"),
  status: text("status").$type<ApplicationStatus>().notNull().default("applied"),
  decidedAt: at("decided_at"),
  createdAt: now("created_at"),
}, (t) => [
  // One application per resume and posting (SPEC: applying twice is refused; the second of two at once fails here).
  uniqueIndex("job_applications_once_idx").on(t.postingId, t.resumeId),
  index("job_applications_posting_idx").on(t.postingId, t.id),
  index("job_applications_user_idx").on(t.userId, t.id),
  index("job_applications_resume_idx").on(t.resumeId),
]);

export const shares = pgTable("shares", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").$type<ShareType>().notNull(),
  /** What talent is given or asked for. */
  talent: text("talent").notNull(),
  talentEn: label("talent_en"),
  field: text("field").$type<Occupation>().notNull(),
  periodFrom: date("period_from", { mode: "string" }).notNull(),
  periodTo: date("period_to", { mode: "string" }).notNull(),
  /** How often ("every Saturday", "3 sessions"). */
  times: label("times"),
  /** For whom (a donation) or who is helped (a request). */
  target: label("target"),
  description: label("description"),
  descriptionEn: label("description_en"),
  imageIds: integer("image_ids").array().notNull().default(sql`'{}'::integer[]`),
  institution: label("institution"),
  region: text("region").$type<Region>().notNull(),
  /** Applications the owner accepts at most (SPEC §3 approved number). */
  approvedNumber: integer("approved_number").notNull(),
  acceptedCount: integer("accepted_count").notNull().default(0),
  applicationCount: integer("application_count").notNull().default(0),
  status: text("status").$type<ShareStatus>().notNull().default("inactive"),
  createdAt: now("created_at"),
  updatedAt: now("updated_at"),
}, (t) => [
  index("shares_list_idx").on(t.type, t.status, t.id),
  index("shares_region_idx").on(t.type, t.region, t.id),
  index("shares_field_idx").on(t.type, t.field, t.id),
  index("shares_user_idx").on(t.userId, t.id),
]);

export const shareApplications = pgTable("share_applications", {
  id: serial("id").primaryKey(),
  shareId: integer("share_id").notNull().references(() => shares.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  message: label("message"),
  contact: label("contact"),
  status: text("status").$type<ApplicationStatus>().notNull().default("applied"),
  decidedAt: at("decided_at"),
  createdAt: now("created_at"),
}, (t) => [
  // One live application per member and share.
  uniqueIndex("share_applications_once_idx").on(t.shareId, t.userId).where(sql`${t.status} <> 'cancelled'`),
  index("share_applications_share_idx").on(t.shareId, t.id),
  index("share_applications_user_idx").on(t.userId, t.id),
]);

/** The member's public designer profile: off until they turn it on, each part shown only by their choice. */
export const designerProfiles = pgTable("designer_profiles", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  showPrizes: boolean("show_prizes").notNull().default(false),
  showProducts: boolean("show_products").notNull().default(false),
  showResume: boolean("show_resume").notNull().default(false),
  showDonations: boolean("show_donations").notNull().default(false),
  updatedAt: now("updated_at"),
});

export type JobPostingRow = typeof jobPostings.$inferSelect;
export type ResumeRow = typeof resumes.$inferSelect;
export type JobApplicationRow = typeof jobApplications.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
export type ShareApplicationRow = typeof shareApplications.$inferSelect;
export type DesignerProfileRow = typeof designerProfiles.$inferSelect;
